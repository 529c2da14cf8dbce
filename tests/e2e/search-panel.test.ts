/**
 * The navbar's search results as a panel that fits any screen, in Chromium
 * against the test build: on a phone (390 px) and at 200 % and 400 % zoom
 * (a 640×450 and a 320×256 CSS px window) the panel stays within the window
 * and scrolls, the highlighted option is always in view and "See all
 * results" always reachable; on a touch screen the box shows its
 * placeholder and no keyboard hint; each result is named in a few words
 * with its passage as the description; the status waits for typing to stop;
 * and a pasted page is cut to what is searched before the box takes it.
 */
import assert from 'node:assert/strict';
import {expect, type Locator, type Page} from '@playwright/test';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {site} from '../support/site';

const startPath = '/guides/intro';

function searchBox(page: Page): Locator {
  return page.locator('.navbar').getByRole('combobox', {name: 'Search'});
}

function options(page: Page): Locator {
  return page.locator('.navbar').getByRole('listbox', {name: 'Search results'}).getByRole('option');
}

/** Types the query and waits for its list, "See all results" included. */
async function search(page: Page, query: string): Promise<Locator> {
  const box = searchBox(page);
  await box.click();
  await box.fill(query);
  await page.locator(`.navbar [data-search-see-all][data-href="/search?${new URLSearchParams({q: query}).toString()}"]`).waitFor({
    timeout: 20_000,
  });
  return options(page);
}

/**
 * Whether the element is wholly in view: inside the window, inside the
 * results panel's visible box, and not covered (the point at its middle is
 * it or inside it). Run in the page.
 */
function whollyInView(element: Element | null): boolean {
  if (!element) return false;
  const panel = element.closest('[data-search-panel]');
  const rect = element.getBoundingClientRect();
  const frame = panel?.getBoundingClientRect() ?? new DOMRect(0, 0, innerWidth, innerHeight);
  const top = Math.max(0, frame.top);
  const bottom = Math.min(innerHeight, frame.bottom);
  if (rect.top < top - 0.5 || rect.bottom > bottom + 0.5 || rect.left < -0.5 || rect.right > innerWidth + 0.5) return false;
  const middle = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
  return middle !== null && element.contains(middle);
}

const windows = [
  {name: 'a phone (390 px)', viewport: {width: 390, height: 844}},
  {name: '200 % zoom (640×450 CSS px)', viewport: {width: 640, height: 450}},
  {name: '400 % zoom (320×256 CSS px)', viewport: {width: 320, height: 256}},
] as const;

for (const {name, viewport} of windows) {
  test.describe(`the results panel on ${name}`, () => {
    let session: BrowserSession;
    test.beforeAll(async ({browser}) => {
      session = await openSession(browser, {viewport, httpCache: true});
    });
    test.afterAll(async () => {
      await session.close();
    });

    test('stays within the window, keeps "See all results" in view, and scrolls the highlighted option into view', async () => {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}${startPath}`);
      const listed = await search(page, 'refund');
      const count = await listed.count();
      assert.ok(count >= 9, `eight results and "See all results": ${count}`);
      const panel = await page.locator('.navbar [data-search-panel]').evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return {top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right};
      });
      assert.ok(
        panel.top >= 0 && panel.left >= 0 && panel.bottom <= viewport.height + 0.5 && panel.right <= viewport.width + 0.5,
        `the panel (${JSON.stringify(panel)}) is within the ${viewport.width}×${viewport.height} window`,
      );
      const seeAll = page.locator('.navbar [data-search-see-all]');
      assert.ok(await seeAll.evaluate(whollyInView), '"See all results" is in view before any scrolling');
      for (let index = 0; index < count; index += 1) {
        await page.keyboard.press('ArrowDown');
        await page.waitForFunction((expected) => {
          const box = document.querySelector('.navbar [role="combobox"]');
          const active = document.getElementById(box?.getAttribute('aria-activedescendant') ?? '');
          const all = Array.from(document.querySelectorAll('.navbar [role="option"]'));
          return active !== null && all.indexOf(active) === expected && active.getAttribute('aria-selected') === 'true';
        }, index);
        const active = page.locator('.navbar [role="option"][aria-selected="true"]');
        assert.ok(await active.evaluate(whollyInView), `option ${index + 1} of ${count}, when highlighted, is wholly in view`);
        assert.ok(await seeAll.evaluate(whollyInView), `"See all results" stays in view at option ${index + 1}`);
      }
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'refund');
    });
  });
}

test.describe('the search box on a touch screen (390 px)', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {viewport: {width: 390, height: 844}});
    const devtools = await session.context.newCDPSession(session.page);
    await devtools.send('Emulation.setTouchEmulationEnabled', {enabled: true, maxTouchPoints: 5});
  });
  test.afterAll(async () => {
    await session.close();
  });

  test('shows its whole placeholder and no Ctrl+K hint', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    assert.ok(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'the window is a touch screen');
    assert.equal(await page.locator('.navbar kbd').first().isVisible(), false, 'no keyboard hint');
    const fit = await searchBox(page).evaluate((element) => {
      const input = element as HTMLInputElement;
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return {placeholder: input.placeholder, width: Infinity, room: 0};
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return {placeholder: input.placeholder, width: context.measureText(input.placeholder).width, room};
    });
    assert.match(fit.placeholder, /^Search \w+/, 'the placeholder says what is searched');
    assert.ok(fit.width <= fit.room, `“${fit.placeholder}” (${fit.width.toFixed(0)} px) fits the box's ${fit.room.toFixed(0)} px`);
  });
});

test.describe('the results, as a screen reader hears them', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  test('each result is named by its title and section, with its passage as the description', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    const listed = await search(page, 'refund a charge');
    const results = listed.and(page.locator(':not([data-search-see-all])'));
    const count = await results.count();
    assert.ok(count > 0);
    for (let index = 0; index < count; index += 1) {
      const result = results.nth(index);
      const title = (await result.locator('[id$="-title"]').textContent()) ?? '';
      // The section label is a badge of its own: the name may have a space before its comma.
      const written = title.replace(/\s+/g, ' ').trim();
      const escaped = written.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/, section: /, ' ?, section: ');
      await expect(result).toHaveAccessibleName(new RegExp(`^${escaped}$`));
      await expect(result).toHaveAccessibleName(/, section: (Help|Guides|API)$/);
      const words = title.split(/\s+/).filter(Boolean).length;
      assert.ok(words <= 16, `result ${index + 1}'s name is a few words (${words}): ${title}`);
      const passage = (await result.locator('[id$="-passage"]').textContent()) ?? '';
      assert.ok(passage.length > 0, `result ${index + 1} has a passage`);
      await expect(result).toHaveAccessibleDescription(passage.replace(/\s+/g, ' ').trim());
    }
  });

  test('the status is said once typing stops: never “No results” for the first letter', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    // The index loaded: from now on every letter is searched as it is typed.
    await search(page, 'chargeback');
    await searchBox(page).fill('');
    const status = page.locator('.navbar').getByRole('status');
    await expect(status).toHaveText('');
    await status.evaluate((region) => {
      const said: string[] = [];
      (window as unknown as {zipSaid: string[]}).zipSaid = said;
      new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    await page.keyboard.type('refund');
    await expect(status).toHaveText(/^\d+ results?( shown)?$/);
    const said = await page.evaluate(() => (window as unknown as {zipSaid: string[]}).zipSaid.filter(Boolean));
    assert.deepEqual(
      said.filter((text) => !/^\d+ results?( shown)?$/.test(text)),
      [],
      `only a count is said while typing “refund”: ${said.join(' | ')}`,
    );
  });
});

test.describe('a long paste into the box', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  // How soon the box answers such a paste on a phone's CPU is the bench's (packages/perf/src/search-timing.ts).
  for (const length of [50_000, 100_000]) {
    test(`${length.toLocaleString('en')} pasted characters are cut to what is searched before the box takes them`, async () => {
      const {page, context} = session;
      await gotoHydrated(page, `${site.origin}${startPath}`);
      await search(page, 'chargeback');
      await searchBox(page).fill('');
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.origin});
      const pasted = 'Why was the card payment declined when the customer paid with a card from BDO? '
        .repeat(Math.ceil(length / 80))
        .slice(0, length);
      await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
      await searchBox(page).evaluate((element) => {
        const box = element as HTMLInputElement;
        const seen = {cancelled: false, longest: 0};
        Object.assign(window, {zipPasteSeen: seen});
        window.addEventListener('paste', (event) => (seen.cancelled = event.defaultPrevented));
        // The longest text the box held at any input: the whole paste, had the browser taken it.
        box.addEventListener('input', () => (seen.longest = Math.max(seen.longest, box.value.length)));
      });
      await searchBox(page).focus();
      await page.keyboard.press('ControlOrMeta+V');
      await expect(page.locator('.navbar [data-search-cut]')).toHaveText('Only the first 200 characters are searched.');
      const seen = await page.evaluate(() => (window as unknown as {zipPasteSeen: {cancelled: boolean; longest: number}}).zipPasteSeen);
      assert.equal(seen.cancelled, true, 'the box cancels the paste, so the browser never puts it in');
      assert.ok(seen.longest <= 200, `the box held ${seen.longest} characters`);
      assert.equal(await searchBox(page).inputValue(), pasted.slice(0, 200), 'the box holds the 200 characters it searches');
      await options(page).first().waitFor({timeout: 20_000});
    });
  }
});
