/**
 * The first paint uses only the CSS inlined in each page (plugins/critical-css);
 * the style sheets, linked disabled at the end of the body, are fetched once the
 * page has hydrated. If the inlined rules missed one the page's markup needs,
 * the page would change when the sheets arrive: a shift, a border appearing, an
 * icon. So each page type is laid out twice, as the server sends it with no
 * script, once with its sheets refused and once with them (a `<noscript>` links
 * them), and every element must have the same box and the same look in both, on
 * a phone and on a desktop; and again with scripts, hydrated, with its sheets
 * held back and once they have arrived, which also covers what hydration draws.
 * (Boxes and computed styles, not screenshots: the browser lays out the same way
 * every time, while its full-page pictures of long pages differed now and then
 * on a busy machine.)
 */
import assert from 'node:assert/strict';
import {expect, type Page} from '@playwright/test';
import {benchPages} from '../../scripts/perf/budgets';
import {openSession, styleSheetsArrived, test, type BrowserSession} from '../support/browser';
import {site} from '../support/site';

const viewports = [
  {label: 'phone', width: 412, height: 823},
  {label: 'desktop', width: 1280, height: 900},
] as const;

const isStyleSheet = (url: URL): boolean => url.pathname.startsWith('/assets/css/');

/** What is drawn of an element: where, and how. */
interface Drawn {
  readonly element: string;
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

/** Every element of the body as laid out: its box and the computed styles that show. */
function drawnElements(page: Page): Promise<Drawn[]> {
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
    return Array.from(document.body.querySelectorAll('*'), (element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const before = getComputedStyle(element, '::before').content;
      const after = getComputedStyle(element, '::after').content;
      const classes = element.getAttribute('class') ?? '';
      return {
        element: `${element.tagName.toLowerCase()}${classes ? `.${classes.trim().split(/\s+/).join('.')}` : ''}`,
        visible: element.checkVisibility({opacityProperty: true, visibilityProperty: true}),
        inExplorer: element.closest('.openapi-right-panel__container, .ReactModalPortal') !== null,
        box: [box.x, box.y, box.width, box.height].map((value) => Math.round(value)).join(','),
        look: {
          ...Object.fromEntries(shown.map((property) => [property, style.getPropertyValue(property)])),
          '::before': before,
          '::after': after,
        },
      };
    });
  });
}

for (const viewport of viewports) {
  test.describe(`first paint (${viewport.label})`, () => {
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
          assertDrawnAlike(inlinedOnly, withSheets, `${benchPage.path} (${viewport.width} px)`, refused);
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
          const held = holdStyleSheets(session);
          // Not waiting for `load`: a sheet asked for before it would hold it back.
          await page.goto(`${site.origin}${benchPage.path}`, {waitUntil: 'domcontentloaded'});
          await page.waitForSelector('html[data-has-hydrated="true"]');
          await expect
            .poll(() => held.paths.length, {message: `${benchPage.path}: no style sheet was asked for once hydrated`})
            .toBeGreaterThan(0);
          // The explorer is left out: near the reader (a desktop's first view) it starts loading once the
          // page has hydrated, and fills in its column (and adds its portal) whenever its code comes.
          const outsideExplorer = (drawn: Drawn[]): Drawn[] => drawn.filter((element) => !element.inExplorer);
          const hydrated = outsideExplorer(await drawnElements(page));
          held.release();
          await page.waitForFunction(styleSheetsArrived);
          const arrived = outsideExplorer(await drawnElements(page));
          assertDrawnAlike(hydrated, arrived, `${benchPage.path} (${viewport.width} px, hydrated)`, held.paths, true);
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

/**
 * Every element drawn the same in both: its box and look, and whether it can be seen. With
 * `seenOnly`, box and look count only where the element can be seen once the sheets are there: a
 * menu React renders hidden on hydration must stay hidden, not be drawn the same while hidden.
 */
function assertDrawnAlike(
  early: readonly Drawn[],
  late: readonly Drawn[],
  where: string,
  sheets: readonly string[],
  seenOnly = false,
): void {
  if (early.length !== late.length) {
    const first = late.findIndex((drawn, index) => early[index]?.element !== drawn.element);
    const at = first === -1 ? Math.min(early.length, late.length) : first;
    assert.fail(
      `${where}: ${early.length} elements before its style sheets, ${late.length} after; the first that differs, element ${at}: ` +
        `${early[at]?.element ?? 'none'} before, ${late[at]?.element ?? 'none'} after (the one before it: ${late[at - 1]?.element ?? 'none'})`,
    );
  }
  for (const [index, drawn] of late.entries()) {
    const before = early[index];
    const element = `${where}, element ${index} ${drawn.element}`;
    const cause = `the critical CSS inlined by plugins/critical-css misses a rule its markup needs (sheets: ${sheets.join(', ')})`;
    assert.equal(
      before?.visible,
      drawn.visible,
      `${element} ${drawn.visible ? 'appears' : 'disappears'} once its style sheets arrive: ${cause}`,
    );
    if (seenOnly && !drawn.visible) continue;
    assert.equal(before?.box, drawn.box, `${element} moves (x,y,width,height) once its style sheets arrive: ${cause}`);
    assert.deepEqual(before?.look, drawn.look, `${element} changes look once its style sheets arrive: ${cause}`);
  }
}
