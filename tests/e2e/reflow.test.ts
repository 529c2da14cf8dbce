/**
 * What low-vision readers need of each page type: reflow at 320 CSS px (400 %
 * zoom of a 1280 px window) without scrolling sideways (WCAG 1.4.10), the
 * selected tab told apart under forced colours (Windows' contrast themes), and
 * targets of at least 24 × 24 px (WCAG 2.5.8).
 */
import assert from 'node:assert/strict';
import {expect, type Page} from '@playwright/test';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {site} from '../support/site';

/** One page of each type, with what makes it wide: nested badges, tables, code, diagrams, the explorer. */
const pageTypes = {
  home: '/',
  'help article': '/help/payments/intro',
  guide: '/guides/developer-guide/taking-payments',
  tutorial: '/guides/tutorials/refund-payment',
  'API intro': '/api/intro',
  'endpoint page': '/api/core/charges/create-charge',
  'event page': '/api/core/charges/charge-captured-event',
  'webhooks page': '/api/webhooks',
  search: '/search?q=refund',
  'not-found page': '/no-such-page',
} as const;

/** The elements that stick out past the right edge of the window, outside any scroll region, for the message. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (element: Element): boolean => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const {overflowX} = getComputedStyle(node);
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return true;
      }
      return false;
    };
    return (
      Array.from(document.body.querySelectorAll('*'))
        // Fixed elements (the skip link waiting off screen) do not widen the page.
        .filter((element) => getComputedStyle(element).position !== 'fixed')
        .filter((element) => element.getBoundingClientRect().right > width + 1 && !scrolls(element))
        .slice(0, 5)
        .map(
          (element) =>
            `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ends at ${Math.round(element.getBoundingClientRect().right)} px`,
        )
    );
  });
}

test.describe('reflow at 320 CSS px', () => {
  let narrow: BrowserSession;
  test.beforeAll(async ({browser}) => {
    narrow = await openSession(browser, {viewport: {width: 320, height: 640}, httpCache: true});
  });
  test.afterAll(async () => {
    await narrow.close();
  });

  for (const [type, path] of Object.entries(pageTypes)) {
    test(`${type} (${path}) does not scroll sideways`, async () => {
      const {page} = narrow;
      await gotoHydrated(page, `${site.origin}${path}`);
      await page.waitForLoadState('networkidle');
      const {scrollWidth, clientWidth} = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      assert.ok(
        scrollWidth <= clientWidth,
        `${path} is ${scrollWidth} px wide in a ${clientWidth} px window; sticking out: ${(await overflowing(page)).join('; ')}`,
      );
    });
  }

  test('the webhooks page’s event table scrolls in a named, focusable region of its own', async () => {
    const {page} = narrow;
    await gotoHydrated(page, `${site.origin}/api/webhooks`);
    await expect(page.locator('main table').first()).toBeVisible();
    const outside = await page
      .locator('main table')
      .evaluateAll((tables) => tables.filter((table) => !table.closest('[role="region"][tabindex="0"][aria-label]')).length);
    assert.equal(outside, 0, '/api/webhooks: tables outside a named, focusable region');
    const scrolling = await page
      .locator('main [role="region"][tabindex="0"]')
      .evaluateAll((regions) => regions.filter((region) => region.scrollWidth > region.clientWidth).length);
    assert.ok(scrolling > 0, '/api/webhooks: the event table scrolls inside its region at 320 px');
  });
});

test.describe('forced colours', () => {
  for (const [type, path] of [
    ['guide', '/guides/developer-guide/taking-payments'],
    ['endpoint page', '/api/core/charges/create-charge'],
  ] as const) {
    test(`${type} (${path}): the selected tab of each tab set differs from an unselected one`, async ({session}) => {
      const {page} = session;
      await page.emulateMedia({forcedColors: 'active'});
      await gotoHydrated(page, `${site.origin}${path}`);
      assert.ok(await page.evaluate(() => matchMedia('(forced-colors: active)').matches), 'forced colours are on');
      const tabLists = page.locator('[role="tablist"]').filter({has: page.locator('[role="tab"][aria-selected="false"]')});
      const count = await tabLists.count();
      assert.ok(count > 0, `${path} has tab sets`);
      for (let index = 0; index < count; index += 1) {
        const list = tabLists.nth(index);
        if (!(await list.isVisible())) continue;
        const look = (selected: boolean) =>
          list
            .locator(`[role="tab"][aria-selected="${selected}"]`)
            .first()
            .evaluate((tab) => {
              const style = getComputedStyle(tab);
              return `${style.backgroundColor} ${style.color} ${style.borderBottomColor} ${style.borderBottomWidth}`;
            });
        assert.notEqual(await look(true), await look(false), `${path}: tab set ${index + 1}'s selected tab looks like the others`);
      }
    });
  }
});

test.describe('target sizes and landmarks', () => {
  test('the explorer is a named region, its tab-scroll arrows are 24 × 24 px, and the test-key button matches its neighbours', async ({
    browser,
  }) => {
    const phone = await openSession(browser, {viewport: {width: 390, height: 844}});
    try {
      const {page} = phone;
      await gotoHydrated(page, `${site.origin}/api/core/charges/create-charge`);
      const explorer = page.getByRole('region', {name: 'API explorer'});
      await expect(explorer, 'a region landmark named "API explorer"').toHaveCount(1);
      await explorer.scrollIntoViewIfNeeded();
      await expect(explorer.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 20_000});
      const arrows = page.locator('.openapi-tabs__arrow');
      await expect(arrows.first(), 'the code-sample tabs scroll with arrows at 390 px').toBeVisible();
      for (const arrow of await arrows.all()) {
        if (!(await arrow.isVisible())) continue;
        const box = await arrow.boundingBox();
        assert.ok(box && box.width >= 24 && box.height >= 24, `a tab-scroll arrow is ${box?.width} × ${box?.height} px`);
      }
      const testKey = page.getByRole('button', {name: 'Use my test key in samples'});
      const copy = page.getByRole('button', {name: /Copy page/});
      const [keyBox, copyBox] = [await testKey.boundingBox(), await copy.first().boundingBox()];
      assert.ok(keyBox && copyBox, 'both buttons are shown');
      assert.ok(
        Math.abs(keyBox.height - copyBox.height) <= 1,
        `the test-key button is ${keyBox.height} px high, the copy button ${copyBox.height} px`,
      );
      const fontSize = (locator: typeof copy) => locator.evaluate((element) => getComputedStyle(element).fontSize);
      assert.equal(await fontSize(testKey), await fontSize(copy.first()), 'the two buttons are set in the same size');
    } finally {
      await phone.close();
    }
  });
});
