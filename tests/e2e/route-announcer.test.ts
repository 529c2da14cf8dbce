/**
 * Where the reader is after a client-side route change (src/components/RouteAnnouncer):
 * focus on the new page's main heading, not on `<body>` or the skip link's
 * zero-height region, and the page's name in a polite live region, by
 * keyboard.
 */
import assert from 'node:assert/strict';
import {expect, type Page} from '@playwright/test';
import {gotoHydrated, test} from '../support/browser';
import {site} from '../support/site';

/** What has focus: its tag and text, for the assertions' messages. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '<body>';
    return `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 60)}"`;
  });
}

/** The route announcer's live region. */
const announcer = (page: Page) => page.locator('[data-route-announcer]');

/** Waits for the client-side route change to `pathname`, then holds focus and the announcement to the new page. */
async function expectArrivalAt(page: Page, pathname: string, heading: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
  await expect(announcer(page), `${pathname}: the live region names the page`).toHaveText(heading);
  await expect(page.locator('main h1'), `${pathname}: focus is on the page's heading, not ${await focusedElement(page)}`).toBeFocused();
  assert.equal(await page.title(), `${heading} | Zip Docs`, `${pathname}: the announced name is the page's title`);
}

test.describe('a route change says where the reader is', () => {
  test('following a link by keyboard moves focus to the new page’s heading and announces its title', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/guides/intro`);
    const region = announcer(page);
    await expect(region).toHaveAttribute('role', 'status');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region, 'nothing is announced on a full page load').toHaveText('');
    const link = page.locator('main a[href="/guides/tutorials/refund-payment"]').first();
    await link.focus();
    await page.keyboard.press('Enter');
    await expectArrivalAt(page, '/guides/tutorials/refund-payment', 'Refund a payment');
    // Tab goes on from the page's content, past the navbar and sidebar.
    await page.keyboard.press('Tab');
    assert.ok(
      await page.evaluate(() => document.activeElement?.closest('main') != null),
      `Tab after arriving went to ${await focusedElement(page)}, outside the main content`,
    );
  });

  test('going back announces the earlier page too', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/guides/intro`);
    await page.locator('main a[href="/guides/tutorials/refund-payment"]').first().click();
    await expectArrivalAt(page, '/guides/tutorials/refund-payment', 'Refund a payment');
    await page.goBack();
    await expectArrivalAt(page, '/guides/intro', 'Developer guides');
  });
});
