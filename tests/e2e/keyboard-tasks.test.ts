/**
 * The three tasks of a keyboard-only reader that the accessibility issue
 * times in keystrokes, each driven by the keyboard alone and counted: every
 * press is one, and so is every character typed. A task that takes more than
 * its budget fails, naming its count, so a change that adds Tab stops on the
 * way shows here. The budgets are the counts measured when they were set,
 * with a few presses of room for a new link on the way.
 */
import assert from 'node:assert/strict';
import {expect, type Page, type Route} from '@playwright/test';
import {gotoHydrated, openSession, test} from '../support/browser';
import {explorerSendOrigin} from '../support/explorer';
import {site} from '../support/site';

/** A page's keyboard, counting what the reader presses. */
class CountedKeyboard {
  count = 0;
  constructor(private readonly page: Page) {}

  async press(key: string): Promise<void> {
    this.count += 1;
    await this.page.keyboard.press(key);
  }

  async type(text: string): Promise<void> {
    this.count += text.length;
    await this.page.keyboard.type(text);
  }

  /** Presses `key` until the focused element matches `selector` (the reader stops there), failing after `most`. */
  async until(selector: string, key: 'Tab' | 'Shift+Tab' | 'ArrowDown', most: number): Promise<void> {
    for (let press = 0; press <= most; press += 1) {
      const there = await this.page.evaluate((wanted) => {
        const active = document.activeElement;
        const option = active?.getAttribute('aria-activedescendant');
        const current = option ? document.getElementById(option) : active;
        return current?.matches(wanted) ?? false;
      }, selector);
      if (there) return;
      if (press < most) await this.press(key);
    }
    assert.fail(`${this.page.url()}: ${most} presses of ${key} did not reach ${selector}`);
  }
}

/** Each task's budget, in keystrokes (the probe counted 68, 125 and 31 before). */
const budgets = {refundEndpoint: 26, sendWithTestKey: 70, phoneTutorial: 42} as const;

/** What a reader would paste as their key: a secret test key's shape (src/utils/readerTestKey.ts). */
const testKey = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc';

test.describe('keyboard tasks, in keystrokes', () => {
  test('find how to refund part of a charge and open its endpoint', async ({session}) => {
    const {page} = session;
    const keys = new CountedKeyboard(page);
    await gotoHydrated(page, `${site.origin}/`);
    await keys.press('Control+K');
    await keys.type('partial refund');
    // A reader hears the results before moving through them: arrows pressed while they still arrive start over.
    await expect(page.getByRole('option', {name: /^Refund a charge\b/})).toBeVisible();
    await keys.until('[href^="/api/core/charges/refund-charge"], [data-href^="/api/core/charges/refund-charge"]', 'ArrowDown', 10);
    await keys.press('Enter');
    await page.waitForURL((url) => url.pathname === '/api/core/charges/refund-charge');
    await expect(page.locator('main h1')).toBeFocused();
    console.log(`refund endpoint: ${keys.count} keystrokes`);
    assert.ok(keys.count <= budgets.refundEndpoint, `${keys.count} keystrokes, over the budget of ${budgets.refundEndpoint}`);
  });

  test('enter a test key, Send create-charge and hear the answer', async ({session}) => {
    const {page} = session;
    session.intercept(
      (url) => url.origin === explorerSendOrigin,
      (route: Route) => route.fulfill({status: 201, contentType: 'application/json', body: '{"id": "ch_1", "object": "charge"}'}),
    );
    const keys = new CountedKeyboard(page);
    await gotoHydrated(page, `${site.origin}/api/core/charges/create-charge`);
    // Past the navbar and the API sidebar's links by the skip link, then to "Use my test key in samples".
    await keys.until('a[href="#__docusaurus_skipToContent_fallback"]', 'Tab', 3);
    await keys.press('Enter');
    await keys.until('main button[aria-expanded="false"]', 'Tab', 40);
    await keys.press('Enter');
    await expect(page.getByLabel('Secret test key')).toBeFocused();
    await keys.type(testKey);
    await keys.press('Enter');
    await expect(page.getByText('Samples use your test key')).toBeVisible();
    // Past the reference by "Skip to the API explorer", then to Send.
    await keys.until('a[href="#api-explorer"]', 'Tab', 20);
    await keys.press('Enter');
    await expect(page.locator('#api-explorer')).toBeFocused();
    await keys.until('button.openapi-explorer__request-btn', 'Tab', 60);
    await keys.press('Enter');
    await expect(page.getByRole('status').filter({hasText: /^Response /})).toHaveText('Response 201 Created: 1 line in the response body.');
    console.log(`send with a test key: ${keys.count} keystrokes`);
    assert.ok(keys.count <= budgets.sendWithTestKey, `${keys.count} keystrokes, over the budget of ${budgets.sendWithTestKey}`);
  });

  test('on a phone, open the menu, go to a tutorial and come back', async ({browser}) => {
    const phone = await openSession(browser, {viewport: {width: 390, height: 844}});
    try {
      const {page} = phone;
      const keys = new CountedKeyboard(page);
      await gotoHydrated(page, `${site.origin}/`);
      await keys.until('button.navbar__toggle', 'Tab', 10);
      await keys.press('Enter');
      // Each step waits for what the reader hears next (the menu open, the panel shown), as keys
      // pressed while it still opens go elsewhere.
      const menu = page.getByRole('dialog');
      await expect(menu).toBeVisible();
      await expect(menu.locator(':focus')).toHaveCount(1);
      // The menu opens on the help sidebar: back to the main menu, then Guides.
      await keys.until('button.navbar-sidebar__back', 'Tab', 10);
      await keys.press('Enter');
      await expect(menu.locator('a.menu__link[href="/guides/intro"]')).toBeVisible();
      await keys.until('[role="dialog"] a.menu__link[href="/guides/intro"]', 'Tab', 10);
      await keys.press('Enter');
      await page.waitForURL((url) => url.pathname === '/guides/intro');
      await expect(page.locator('main h1')).toBeFocused();
      // Back up to the menu button, open the guides' sidebar, and its Tutorials category.
      await keys.until('button.navbar__toggle', 'Shift+Tab', 10);
      await keys.press('Enter');
      await expect(menu).toBeVisible();
      await expect(menu.locator(':focus')).toHaveCount(1);
      await keys.until(`[role="dialog"] button[aria-label="Expand sidebar category 'Tutorials'"]`, 'Tab', 30);
      await keys.press('Enter');
      await expect(menu.locator('a[href="/guides/tutorials/refund-payment"]')).toBeVisible();
      await keys.until('[role="dialog"] a[href="/guides/tutorials/refund-payment"]', 'Tab', 10);
      await keys.press('Enter');
      await page.waitForURL((url) => url.pathname === '/guides/tutorials/refund-payment');
      await expect(page.locator('main h1')).toBeFocused();
      // Back: Alt+Left, which the browser handles and a page's keyboard events cannot send.
      keys.count += 1;
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/guides/intro');
      await expect(page.locator('[data-route-announcer]')).toHaveText('Developer guides');
      await expect(page.locator('main h1')).toBeFocused();
      console.log(`phone tutorial and back: ${keys.count} keystrokes`);
      assert.ok(keys.count <= budgets.phoneTutorial, `${keys.count} keystrokes, over the budget of ${budgets.phoneTutorial}`);
    } finally {
      await phone.close();
    }
  });
});
