/**
 * The first paint uses only the CSS inlined in each page (plugins/critical-css);
 * the style sheets, linked disabled at the end of the body, are fetched once the
 * page has hydrated. If the inlined rules missed one the page's markup needs,
 * the page would change when the sheets arrive: a shift, a border appearing, an
 * icon. So each page type is laid out twice, as the server sends it with no
 * script, once with its sheets refused and once with them (a `<noscript>` links
 * them), and every element must have the same box and the same look in both, on
 * a phone and on a desktop; and again with scripts, hydrated, with its sheets
 * held back and once they have arrived. With scripts, only what the markup alone
 * decides is compared (drawnByTheirMarkup): what a script makes of the page (the
 * table of contents' highlight, which follows scroll and timing; a portal; an
 * opened menu) is drawn by the sheets by design, whenever it happens.
 * (Boxes and computed styles, not screenshots: the browser lays out the same way
 * every time, while its full-page pictures of long pages differed now and then
 * on a busy machine.)
 */
import assert from 'node:assert/strict';
import {expect, type Page} from '@playwright/test';
import {benchPages} from '@zip/perf/budgets';
import {openSession, styleSheetsArrived, test, type BrowserSession} from '../support/browser';
import {site} from '../support/site';

const viewports = [
  {label: 'phone', width: 412, height: 823},
  {label: 'desktop', width: 1280, height: 900},
] as const;

const isStyleSheet = (url: URL): boolean => url.pathname.startsWith('/assets/css/');

/** An element as one reading found it, with the state its markup gives it. */
interface Marked {
  /** Its number: its place in document order, kept by the element for later readings of the same page. */
  readonly id: number;
  readonly parent: number | null;
  readonly element: string;
  readonly attributes: Record<string, string>;
  /** Its attributes when the parser had built the document, before the page's deferred scripts ran; null for one a script added. */
  readonly parsed: Record<string, string> | null;
}

/** What is drawn of an element: where, and how. */
interface Drawn extends Marked {
  /** Whether the reader can see it: rendered, not hidden, not transparent. */
  readonly visible: boolean;
  /**
   * The explorer's: in its column, which loads its own code and sheet when the reader is near
   * (src/theme/ApiItem/ExplorerPanel.tsx), or the portal its code blocks' expand button (react-modal) adds to the body.
   */
  readonly inExplorer: boolean;
  readonly box: string;
  readonly look: Record<string, string>;
}

/** One reading of a page: `<html>` and `<body>`, what the body draws, and the attributes its style sheets' selectors name (`[open]`…). */
interface Reading {
  readonly roots: Marked[];
  readonly drawn: Drawn[];
  readonly selectorAttributes: string[];
}

/**
 * Run in the page before its scripts: keeps every element's attributes as the parser built the
 * document (readyState "interactive" comes before the deferred scripts run), the state the
 * server's markup gives, which is what the inlined rules are chosen for.
 */
function keepParsedAttributes(): void {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const parsed = new WeakMap<Element, Record<string, string>>();
    for (const element of Array.from(document.querySelectorAll('*')))
      parsed.set(element, Object.fromEntries(Array.from(element.attributes, ({name, value}) => [name, value])));
    Object.assign(window, {firstPaintParsed: parsed});
  });
}

/** Every element of the body as laid out: its box and the computed styles that show. */
function drawnElements(page: Page): Promise<Reading> {
  return page.evaluate(() => {
    // An animation (the explorer's pulsing placeholder) is read at its start, not wherever it has got to.
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    const shown = [
      'color',
      'background-color',
      'background-image',
      'border-top-width',
      'border-top-color',
      'border-bottom-width',
      'border-left-width',
      'border-radius',
      'font-size',
      'font-weight',
      'font-family',
      'display',
      'visibility',
      'opacity',
      'text-decoration-line',
      'list-style-type',
      'box-shadow',
      'content',
    ];
    // An element keeps its number from one reading to the next (a script may add or remove others in between).
    const page = window as unknown as {
      firstPaintIds?: WeakMap<Element, number>;
      firstPaintParsed?: WeakMap<Element, Record<string, string>>;
    };
    const ids = (page.firstPaintIds ??= new WeakMap());
    let next = 0;
    for (const element of Array.from(document.querySelectorAll('*'))) next = Math.max(next, (ids.get(element) ?? -1) + 1);
    const idOf = (element: Element): number => {
      if (!ids.has(element)) ids.set(element, next++);
      return ids.get(element) ?? -1;
    };
    const attributesOf = (element: Element) => Object.fromEntries(Array.from(element.attributes, ({name, value}) => [name, value]));
    idOf(document.documentElement);
    idOf(document.body);
    const selectorAttributes = new Set<string>();
    const collect = (rules: CSSRuleList): void => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const [, name] of rule.selectorText.matchAll(/\[\s*([\w-]+)/g)) if (name) selectorAttributes.add(name.toLowerCase());
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      try {
        collect(sheet.cssRules);
      } catch {
        // A sheet that did not load (refused) has no rules to read.
      }
    }
    const drawn = Array.from(document.body.querySelectorAll('*'), (element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const before = getComputedStyle(element, '::before').content;
      const after = getComputedStyle(element, '::after').content;
      const classes = element.getAttribute('class') ?? '';
      return {
        id: idOf(element),
        parent: element.parentElement ? idOf(element.parentElement) : null,
        element: `${element.tagName.toLowerCase()}${classes ? `.${classes.trim().split(/\s+/).join('.')}` : ''}`,
        visible: element.checkVisibility({opacityProperty: true, visibilityProperty: true}),
        inExplorer: element.closest('.openapi-right-panel__container, .ReactModalPortal') !== null,
        box: [box.x, box.y, box.width, box.height].map((value) => Math.round(value)).join(','),
        look: {
          ...Object.fromEntries(shown.map((property) => [property, style.getPropertyValue(property)])),
          '::before': before,
          '::after': after,
        },
        attributes: attributesOf(element),
        parsed: page.firstPaintParsed?.get(element) ?? null,
      };
    });
    const roots = [document.documentElement, document.body].map((element) => ({
      id: idOf(element),
      parent: element.parentElement ? idOf(element.parentElement) : null,
      element: element.tagName.toLowerCase(),
      attributes: attributesOf(element),
      parsed: page.firstPaintParsed?.get(element) ?? null,
    }));
    return {roots, drawn, selectorAttributes: [...selectorAttributes]};
  });
}

for (const viewport of viewports) {
  test.describe(`first paint (${viewport.label})`, () => {
    // Reading every element of the guide (about 5,300) twice outlasts the default timeout on a busy machine.
    test.describe.configure({timeout: 180_000});
    for (const benchPage of benchPages()) {
      test(`${benchPage.label} (${benchPage.path}) is drawn with its inlined CSS as it is with its style sheets`, async ({browser}) => {
        const session = await openSession(browser, {viewport, javaScriptEnabled: false});
        try {
          const {page} = session;
          await page.goto(`${site.origin}${benchPage.path}`);
          const withSheets = await drawnElements(page);

          const refused: string[] = [];
          session.intercept(isStyleSheet, async (route) => {
            refused.push(new URL(route.request().url()).pathname);
            await route.abort('blockedbyclient');
          });
          await page.goto(`${site.origin}${benchPage.path}`);
          const inlinedOnly = await drawnElements(page);

          assert.ok(refused.length > 0, `${benchPage.path} requested no style sheet: the comparison would prove nothing`);
          const where = `${benchPage.path} (${viewport.width} px)`;
          // Without scripts the document is the server's markup, the same in both loads: element for element.
          assertSameElements(inlinedOnly.drawn, withSheets.drawn, where);
          assertDrawnAlike(
            withSheets.drawn.map((drawn, index) => [inlinedOnly.drawn[index] ?? drawn, drawn]),
            where,
            refused,
          );
        } finally {
          await session.close();
        }
      });

      test(`${benchPage.label} (${benchPage.path}) fetches its style sheets once hydrated, and looks the same before and after they arrive`, async ({
        browser,
      }) => {
        const session = await openSession(browser, {viewport});
        try {
          const {page} = session;
          await page.addInitScript(keepParsedAttributes);
          const held = holdStyleSheets(session);
          // Not waiting for `load`: a sheet asked for before it would hold it back.
          await page.goto(`${site.origin}${benchPage.path}`, {waitUntil: 'domcontentloaded'});
          await page.waitForSelector('html[data-has-hydrated="true"]');
          await expect
            .poll(() => held.paths.length, {message: `${benchPage.path}: no style sheet was asked for once hydrated`})
            .toBeGreaterThan(0);
          const hydrated = await drawnElements(page);
          held.release();
          await page.waitForFunction(styleSheetsArrived);
          const arrived = await drawnElements(page);
          const where = `${benchPage.path} (${viewport.width} px, hydrated)`;
          assertDrawnAlike(drawnByTheirMarkup(hydrated, arrived, where), where, held.paths, true);
          // The point of linking them disabled: on a slow link they do not share its bandwidth with the scripts.
          const {entryScriptArrived, sheetsAskedFor} = await page.evaluate(() => {
            const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
            return {
              entryScriptArrived: entries.find((entry) => /\/main\.[0-9a-f]+\.js$/.test(entry.name))?.responseEnd ?? NaN,
              sheetsAskedFor: entries
                .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/css/'))
                .map((entry) => entry.startTime),
            };
          });
          assert.ok(
            sheetsAskedFor.length > 0 && sheetsAskedFor.every((start) => start >= entryScriptArrived),
            `${benchPage.path}: a style sheet was asked for before main.js had arrived (${sheetsAskedFor.join(', ')} ms, main.js at ${entryScriptArrived} ms)`,
          );
        } finally {
          await session.close();
        }
      });
    }
  });
}

/** Holds the session's style sheet requests until `release`: what a phone does while they download. */
function holdStyleSheets(session: BrowserSession): {paths: string[]; release: () => void} {
  const paths: string[] = [];
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  session.intercept(isStyleSheet, async (route) => {
    paths.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return {paths, release};
}

/** The state the style sheets can select an element by: its classes and the attributes their selectors name. */
function stateOf(attributes: Record<string, string>, selectorAttributes: readonly string[], withStyle: boolean): string {
  const named = ['class', ...selectorAttributes, ...(withStyle ? ['style'] : [])];
  return JSON.stringify(named.map((name) => attributes[name] ?? null));
}

/** At least this share of what the body draws (the explorer aside) must be its markup's, or the comparison proves little. */
const leastShareCompared = 0.6;

/**
 * The pairs (hydrated, arrived) of elements whose look their markup alone decides, so that the CSS
 * inlined for that markup must draw them as the sheets do. Left out are what a script made of the
 * page, at any time: an element a script added, or whose classes or selected attributes a script
 * changed since the parser built it (the table of contents' highlight, which follows scroll and
 * timing; an opened menu), or that changed between the two readings; each with what is inside it;
 * and the explorer. `<html>` and `<body>` carry the page-wide marks scripts set on hydration
 * (`data-has-hydrated`), so for them only the second holds: the same in both readings.
 */
function drawnByTheirMarkup(early: Reading, late: Reading, where: string): [Drawn, Drawn][] {
  const names = [...new Set([...early.selectorAttributes, ...late.selectorAttributes])];
  const before = new Map<number, Marked>([...early.roots, ...early.drawn].map((marked) => [marked.id, marked]));
  const after = new Map<number, Marked>([...late.roots, ...late.drawn].map((marked) => [marked.id, marked]));
  const roots = new Set(late.roots.map((root) => root.id));
  const verdicts = new Map<number, string | undefined>();
  /** Why the element is the scripts' (undefined: it is its markup's). */
  const scripted = (id: number | null): string | undefined => {
    if (id === null) return undefined;
    if (verdicts.has(id)) return verdicts.get(id);
    const marked = after.get(id);
    const earlier = before.get(id);
    let why: string | undefined;
    if (!marked || !earlier) why = 'added or replaced by a script between the readings';
    else if (stateOf(earlier.attributes, names, true) !== stateOf(marked.attributes, names, true)) why = 'changed between the readings';
    else if (!roots.has(id) && marked.parsed === null) why = 'added by a script';
    else if (!roots.has(id) && marked.parsed && stateOf(marked.parsed, names, false) !== stateOf(marked.attributes, names, false))
      why = 'changed by a script since it was parsed';
    else why = scripted(marked.parent) === undefined ? undefined : 'inside one of those';
    verdicts.set(id, why);
    return why;
  };
  const outsideExplorer = late.drawn.filter((drawn) => !drawn.inExplorer);
  const pairs: [Drawn, Drawn][] = [];
  const leftOut = new Map<string, string[]>();
  for (const drawn of outsideExplorer) {
    const why = scripted(drawn.id);
    const earlier = before.get(drawn.id) as Drawn | undefined;
    if (why === undefined && earlier) pairs.push([earlier, drawn]);
    else if (why !== 'inside one of those') leftOut.set(why ?? '', [...(leftOut.get(why ?? '') ?? []), drawn.element]);
  }
  assert.ok(
    pairs.length >= leastShareCompared * outsideExplorer.length,
    `${where}: only ${pairs.length} of ${outsideExplorer.length} elements are drawn as their markup alone says; the rest a script made: ` +
      [...leftOut].map(([why, elements]) => `${why}: ${elements.slice(0, 5).join(', ')}${elements.length > 5 ? '…' : ''}`).join('; '),
  );
  return pairs;
}

/** The same elements in both, in the same order; else names the first that differs. */
function assertSameElements(early: readonly Drawn[], late: readonly Drawn[], where: string): void {
  const first = late.findIndex((drawn, index) => early[index]?.element !== drawn.element);
  if (early.length === late.length && first === -1) return;
  const at = first === -1 ? Math.min(early.length, late.length) : first;
  assert.fail(
    `${where}: ${early.length} elements before its style sheets, ${late.length} after; the first that differs, element ${at}: ` +
      `${early[at]?.element ?? 'none'} before, ${late[at]?.element ?? 'none'} after (the one before it: ${late[at - 1]?.element ?? 'none'})`,
  );
}

/**
 * Each pair (before its sheets, after) drawn the same: its box and look, and whether it can be seen.
 * With `seenOnly`, box and look count only where the element can be seen once the sheets are there:
 * a menu React renders hidden on hydration must stay hidden, not be drawn the same while hidden.
 */
function assertDrawnAlike(pairs: readonly [Drawn, Drawn][], where: string, sheets: readonly string[], seenOnly = false): void {
  for (const [before, drawn] of pairs) {
    const element = `${where}, element ${drawn.id} ${drawn.element}`;
    const cause = `the critical CSS inlined by plugins/critical-css misses a rule its markup needs (sheets: ${sheets.join(', ')})`;
    assert.equal(
      before.visible,
      drawn.visible,
      `${element} ${drawn.visible ? 'appears' : 'disappears'} once its style sheets arrive: ${cause}`,
    );
    if (seenOnly && !drawn.visible) continue;
    assert.equal(before.box, drawn.box, `${element} moves (x,y,width,height) once its style sheets arrive: ${cause}`);
    assert.deepEqual(before.look, drawn.look, `${element} changes look once its style sheets arrive: ${cause}`);
  }
}
