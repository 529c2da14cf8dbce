/**
 * The site by keyboard and screen reader: each part is driven with the
 * keyboard only (page.keyboard), and what a screen reader is given is read
 * from the accessibility tree (aria snapshots, and Chromium's own tree through
 * the DevTools protocol), beside axe. The search box has tests of its own
 * (tests/e2e/search.test.ts).
 */
import assert from 'node:assert/strict';
import {AxeBuilder} from '@axe-core/playwright';
import {expect, type Page, type Route} from '@playwright/test';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {explorerSendOrigin} from '../support/explorer';
import {site} from '../support/site';

/** A phone (390 × 844 CSS px), where the navbar's links move into the mobile menu. */
const phoneViewport = {width: 390, height: 844};

/** What has focus, for messages: its tag, role, name or text, and classes. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '<body>';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()}${element.getAttribute('role') ? ` role=${element.getAttribute('role')}` : ''}> "${name}" .${element.className}`;
  });
}

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`, failing after `most` presses. */
async function tabTo(page: Page, selector: string, most = 15, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let press = 0; press < most; press += 1) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press(key);
  }
  assert.fail(`${page.url()}: ${most} presses of ${key} did not reach ${selector}; focus is on ${await describeFocus(page)}`);
}

/** The explorer's Send button, where the explorer tests start moving by keyboard (a Tab stop near the end of a long page). */
const sendButton = 'button.openapi-explorer__request-btn';

/** The serious and critical axe violations on the page, one line each. */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({page})
    .setLegacyMode(true)
    .options({resultTypes: ['violations']})
    .analyze();
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

interface AXNode {
  readonly nodeId: string;
  readonly ignored: boolean;
  readonly role?: {readonly value?: string};
  readonly name?: {readonly value?: string};
  readonly properties?: readonly {readonly name: string; readonly value: {readonly value?: unknown}}[];
  readonly childIds?: readonly string[];
}

/** Chromium's accessibility tree of the page (what a screen reader is given). */
async function accessibilityTree(session: BrowserSession): Promise<AXNode[]> {
  const devtools = await session.context.newCDPSession(session.page);
  try {
    const {nodes} = (await devtools.send('Accessibility.getFullAXTree')) as unknown as {nodes: AXNode[]};
    return nodes;
  } finally {
    await devtools.detach();
  }
}

function property(node: AXNode, name: string): unknown {
  return node.properties?.find((each) => each.name === name)?.value.value;
}

test.describe('the mobile menu is a modal dialog', () => {
  let phone: BrowserSession;
  test.beforeEach(async ({browser}) => {
    phone = await openSession(browser, {viewport: phoneViewport});
  });
  test.afterEach(async () => {
    await phone.close();
  });

  const menuButton = 'button.navbar__toggle';
  const inDialog = (page: Page): Promise<boolean> =>
    page.evaluate(() => document.activeElement?.closest('[role="dialog"][aria-modal="true"]') != null);

  /** Opens the menu from the keyboard: Tab to the menu button, then Enter. */
  async function openMenu(page: Page): Promise<void> {
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('dialog', {name: 'Main menu'}),
      `${page.url()}: the menu opens as a dialog named "Main menu"`,
    ).toBeVisible();
  }

  test('opening moves focus in; Tab and Shift+Tab stay in it; the page behind is inert', async () => {
    const {page} = phone;
    await gotoHydrated(page, `${site.origin}/guides/intro`);
    await openMenu(page);
    assert.ok(await inDialog(page), `opening the menu left focus on ${await describeFocus(page)}`);

    // What a screen reader is given: a modal dialog with a name, and nothing focusable outside it.
    const tree = await accessibilityTree(phone);
    const dialog = tree.find((node) => !node.ignored && node.role?.value === 'dialog' && node.name?.value === 'Main menu');
    assert.ok(dialog, 'the accessibility tree has a dialog named "Main menu"');
    assert.equal(property(dialog, 'modal'), true, 'the dialog is modal');
    const byId = new Map(tree.map((node) => [node.nodeId, node]));
    const insideDialog = new Set<string>();
    const walk = (id: string): void => {
      insideDialog.add(id);
      for (const child of byId.get(id)?.childIds ?? []) walk(child);
    };
    walk(dialog.nodeId);
    const focusableBehind = tree
      .filter((node) => !node.ignored && property(node, 'focusable') === true && !insideDialog.has(node.nodeId))
      .filter((node) => node.role?.value !== 'RootWebArea')
      .map((node) => `${node.role?.value ?? '?'} "${node.name?.value ?? ''}"`);
    assert.deepEqual(focusableBehind, [], 'controls behind the backdrop a screen reader could still reach');

    for (let press = 0; press < 60; press += 1) {
      await page.keyboard.press('Tab');
      assert.ok(await inDialog(page), `Tab press ${press + 1} left the menu for ${await describeFocus(page)}`);
    }
    for (let press = 0; press < 20; press += 1) {
      await page.keyboard.press('Shift+Tab');
      assert.ok(await inDialog(page), `Shift+Tab press ${press + 1} left the menu for ${await describeFocus(page)}`);
    }
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe, with the menu open');
  });

  test('Escape closes it and focus returns to the menu button', async () => {
    const {page} = phone;
    await gotoHydrated(page, `${site.origin}/guides/intro`);
    await openMenu(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog'), 'Escape closes the menu').toHaveCount(0);
    await expect(page.locator(menuButton), 'focus is back on the menu button').toBeFocused();
    await expect(page.locator(menuButton)).toHaveAttribute('aria-expanded', 'false');
    // The page is live again.
    await page.keyboard.press('Tab');
    assert.ok(!(await inDialog(page)), 'Tab after closing moves on in the page');
  });

  test('the close button also returns focus to the menu button', async () => {
    const {page} = phone;
    await gotoHydrated(page, `${site.origin}/`);
    await openMenu(page);
    await tabTo(page, 'button.navbar-sidebar__close');
    await page.keyboard.press('Enter');
    await expect(page.locator(menuButton)).toBeFocused();
  });

  test('"Back to main menu" keeps focus in the panel it shows', async () => {
    const {page} = phone;
    await gotoHydrated(page, `${site.origin}/guides/intro`);
    await openMenu(page);
    await tabTo(page, 'button.navbar-sidebar__back');
    await page.keyboard.press('Enter');
    await page
      .waitForFunction(() => document.activeElement?.closest('.navbar-sidebar__item:not([inert])') != null, undefined, {
        timeout: 5_000,
      })
      .catch(async () => assert.fail(`after "Back to main menu", focus is on ${await describeFocus(page)}, not in the main menu`));
    await expect(page.getByRole('dialog', {name: 'Main menu'}).getByRole('link', {name: 'Guides', exact: true})).toBeVisible();
  });

  test('the back control is named "Back to main menu": its arrow is shown, not read', async () => {
    const {page} = phone;
    await gotoHydrated(page, `${site.origin}/guides/intro`);
    await openMenu(page);
    const back = page.locator('button.navbar-sidebar__back');
    await expect(back, 'the accessible name has no arrow in front').toHaveAccessibleName('Back to main menu');
    const arrow = await back.evaluate((button) => getComputedStyle(button, '::before').content);
    assert.match(arrow, /^"←/, `the arrow is still drawn before the words (content ${arrow})`);
  });

  test('choosing "Guides" moves focus to the new page’s heading and says its name', async () => {
    const {page} = phone;
    await gotoHydrated(page, `${site.origin}/`);
    await openMenu(page);
    // On a help page the menu opens on the help sidebar: back to the main menu first.
    await tabTo(page, 'button.navbar-sidebar__back');
    await page.keyboard.press('Enter');
    await tabTo(page, '[role="dialog"] a.menu__link[href="/guides/intro"]', 30);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/guides/intro');
    await expect(page.getByRole('dialog'), 'the menu closes').toHaveCount(0);
    await expect(page.locator('[data-route-announcer]'), 'the live region says the page').toHaveText('Developer guides');
    await expect(page.locator('main h1'), `focus is on the page's heading, not ${await describeFocus(page)}`).toBeFocused();
  });
});

test.describe('the API explorer', () => {
  const route = '/api/core/charges/create-charge';

  test('the request body editor is a named, multi-line text box that shows focus, and Tab comes back to it', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${route}`);
    const editor = page.getByRole('textbox', {name: 'Request body'});
    await expect(editor, `${route}: the request body editor is a text box named "Request body"`).toBeVisible({timeout: 15_000});
    // A text area is a multi-line text box to screen readers, with no role to add.
    expect(await editor.evaluate((element) => element.tagName)).toBe('TEXTAREA');
    await page.locator(sendButton).focus();
    await tabTo(page, '.openapi-explorer__playground-editor textarea', 40, 'Shift+Tab');
    await expect(editor).toBeFocused();
    const outline = await editor.evaluate((element) => getComputedStyle(element).outlineStyle);
    assert.notEqual(outline, 'none', `${route}: the focused body editor shows no outline`);
    // Tab moves on, and Shift+Tab comes back to the editor, which still takes typing.
    await page.keyboard.press('Tab');
    await expect(editor).not.toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(editor, `${route}: Shift+Tab does not come back to the body editor`).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('{}');
    await expect(editor).toHaveValue('{}');
  });

  test('the request body keeps every key typed as fast as a keyboard sends them, on a CPU six times slower', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${route}`);
    const editor = page.getByRole('textbox', {name: 'Request body'});
    await editor.waitFor({timeout: 15_000});
    // The theme's editable <pre> dropped a key pressed before React had drawn the one before it.
    const devtools = await session.context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', {rate: 6});
    const body = JSON.stringify({
      amount: 10000,
      source: 'src_abcdefghijklmnopqrstuvwx',
      capture: false,
      description: 'Order 1042, two items',
    });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(body);
    await devtools.send('Emulation.setCPUThrottlingRate', {rate: 1});
    await expect(editor).toHaveValue(body);
    // The highlighted copy the reader sees is the same text.
    await expect(page.locator('.openapi-explorer__playground-editor pre')).toHaveText(body);
  });

  test("Send's outcome is announced, busy while it runs", async ({session}) => {
    const {page} = session;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answer = {status: 201, body: '{"id": "ch_1", "object": "charge"}'};
    session.intercept(
      (url) => url.origin === explorerSendOrigin,
      async (route: Route) => {
        await held;
        await route.fulfill({status: answer.status, contentType: 'application/json', body: answer.body});
      },
    );
    await gotoHydrated(page, `${site.origin}${route}`);
    const send = page.getByRole('button', {name: 'Send API Request'});
    await send.waitFor({timeout: 15_000});
    await send.focus();
    await page.keyboard.press('Enter');
    await expect(
      page.locator('[aria-busy="true"]').filter({has: page.locator('.openapi-explorer__response-container')}),
      'busy while the request runs',
    ).toHaveCount(1);
    release();
    const status = page.getByRole('status').filter({hasText: /^Response /});
    await expect(status, 'the answer is announced with its status').toHaveText('Response 201 Created: 1 line in the response body.');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // The response's tab reads its status line, without the dot.
    await expect(page.getByRole('tab', {name: '201 Created', exact: true})).toBeVisible();

    answer = {status: 422, body: '{"error": {"type": "invalid_request", "message": "amount must be at least 2000"}}'};
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Response 422 Unprocessable Content: amount must be at least 2000.');
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe, with an answer shown');
  });

  test('the code-sample tabs have readable names and follow the ARIA tabs pattern', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${route}`);
    const languages = page.locator('ul[role="tablist"].openapi-tabs__code-list-container').first();
    await languages.waitFor({timeout: 15_000});
    await expect(languages).toMatchAriaSnapshot(`
      - tablist:
        - tab "Python" [selected]
        - tab "cURL"
        - tab "C#"
        - tab "Go"
        - tab "Node.js"
        - tab "Ruby"
        - tab "PHP"
        - tab "Java"
        - tab "PowerShell"
    `);
    const tab = (name: string) => languages.getByRole('tab', {name, exact: true});
    // One Tab stop: only the selected tab is in the tab order (roving tabindex).
    await expect(languages.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
    await page.locator(sendButton).focus();
    // Past the selected language's client-library tabs, to the languages' own selected tab.
    await tabTo(
      page,
      'ul.openapi-tabs__code-list-container:not(.openapi-tabs__code-container-inner) > [role="tab"][aria-selected="true"]',
      80,
      'Shift+Tab',
    );
    await page.keyboard.press('End');
    await expect(tab('PowerShell'), 'End moves to the last tab').toBeFocused();
    await page.keyboard.press('Space');
    await expect(tab('PowerShell'), 'Space selects the focused tab').toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tab('Python'), 'Home moves to the first tab').toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tab('cURL')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tab('cURL'), 'Enter selects the focused tab').toHaveAttribute('aria-selected', 'true');
    await expect(languages.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
    // The selected language's client library reads as it is written.
    await expect(page.getByRole('tab', {name: 'curl', exact: true})).toBeVisible();
  });

  test('the reference response tabs answer Home, End and Space', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/api/core/charges/refund-charge`);
    const responses = page
      .locator('.openapi-left-panel__container [role="tablist"]')
      .filter({has: page.locator('.openapi-tabs__response-code-item')});
    await responses.first().waitFor({timeout: 15_000});
    await tabTo(page, '.openapi-tabs__response-code-item[aria-selected="true"]', 150);
    await page.keyboard.press('End');
    const last = responses.first().locator('[role="tab"]').last();
    await expect(last, 'End moves to the last status').toBeFocused();
    await page.keyboard.press('Space');
    await expect(last, 'Space selects it').toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(responses.first().locator('[role="tab"]').first()).toBeFocused();
  });
});

test.describe('smaller keyboard and screen-reader fixes', () => {
  test('the skip link puts focus on the main content, and Tab goes on from there', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/guides/intro`);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', {name: 'Skip to main content'})).toBeFocused();
    await page.keyboard.press('Enter');
    assert.equal(
      await page.evaluate(() => document.activeElement?.tagName),
      'MAIN',
      `after the skip link, focus is on ${await describeFocus(page)}`,
    );
    await page.keyboard.press('Tab');
    assert.ok(
      await page.evaluate(() => document.activeElement?.closest('main') != null),
      `Tab after the skip link went to ${await describeFocus(page)}, outside the main content`,
    );
  });

  test('closing the announcement moves focus on to the navigation bar', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/`);
    await tabTo(page, '.theme-announcement-bar button[aria-label="Close"]');
    await page.keyboard.press('Enter');
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
    assert.ok(
      await page.evaluate(() => document.activeElement?.closest('nav.navbar') != null),
      `after closing the announcement, focus is on ${await describeFocus(page)}`,
    );
  });

  test('a sidebar category without a page opens and closes with Space', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/api/core/charges/create-charge`);
    const category = page.locator('.theme-doc-sidebar-container a.menu__link--sublist-caret[role="button"]').first();
    await category.waitFor();
    const name = (await category.textContent())?.trim() ?? '';
    const before = await category.getAttribute('aria-expanded');
    await category.focus();
    await page.keyboard.press('Space');
    await expect(category, `Space on the category "${name}"`).toHaveAttribute('aria-expanded', before === 'true' ? 'false' : 'true');
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'Space did not scroll the page');
  });

  test('a Markdown table is named after its section', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/help/payments/intro`);
    for (const heading of ['Ways to accept payments', 'Payment statuses']) {
      await expect(page.getByRole('table', {name: heading}), `/help/payments/intro: a table named "${heading}"`).toBeVisible();
    }
  });

  test('the table of contents is a navigation landmark, "On this page"', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/help/payments/intro`);
    const toc = page.getByRole('navigation', {name: 'On this page'});
    await expect(toc, '/help/payments/intro: a navigation landmark "On this page"').toBeVisible();
    await expect(toc.getByRole('link', {name: 'Ways to accept payments'})).toBeVisible();
    // Still sticky in its column: it stays in view when the page scrolls.
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 1000);
    await expect(toc.getByRole('link').first()).toBeInViewport();
  });

  test('links that open a new tab say so', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/`);
    const status = page.getByRole('link', {name: 'status.example.com (opens in a new tab)', exact: true});
    await expect(status, '/: the status link says it opens a new tab').toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', {name: 'Sign in (opens in a new tab)', exact: true})).toBeVisible();
    const mail = page.locator('article a[href^="mailto:"]').first();
    assert.notEqual(await mail.getAttribute('target'), '_blank', 'an e-mail link opens in place');
    for (const link of await page.locator('a[target="_blank"]').all()) {
      const name = await link.evaluate((element) => element.textContent ?? '');
      assert.match(name, /\(opens in a new tab\)$/, `${await link.getAttribute('href')}: opens a new tab without saying so`);
    }
  });

  test('the not-found page is titled "Page not found"', async ({session}) => {
    const {page} = session;
    await page.goto(`${site.origin}/no-such-page`);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect(page, '/no-such-page: the not-found page title').toHaveTitle('Page not found | Zip Docs');
  });
});
