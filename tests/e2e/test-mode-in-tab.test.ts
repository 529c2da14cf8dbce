/**
 * The explorer's **Send** answered by the test mode in the browser tab (src/components/TabTestMode,
 * `@zip/test-mode/in-tab`): on a 390-px phone, by keyboard where a reader would use it, a charge made
 * on *Create a charge* is captured and partly refunded from its own pages, offered there by the path
 * parameter's picker, and the log beside Send lists each request and the events it caused. Nothing
 * goes to the network and the Content-Security-Policy holds (the validators are generated code).
 */
import assert from 'node:assert/strict';
import {expect, type Page} from '@playwright/test';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {explorerSendOrigin} from '../support/explorer';
import {site} from '../support/site';

/** Picks the tab's test mode with the keyboard, as a reader without a mouse would. */
async function chooseTabTestMode(page: Page): Promise<void> {
  // On a phone the explorer is below the reference; it loads as the reader comes near.
  await page.locator('.openapi-right-panel__container').evaluate((panel) => panel.scrollIntoView());
  const radio = page.getByRole('radio', {name: /Test mode in this tab/});
  await radio.waitFor({timeout: 15_000});
  if (!(await radio.isChecked())) {
    await radio.focus();
    await page.keyboard.press('Space');
  }
  await expect(radio).toBeChecked();
}

/** Writes the request body, presses Send and returns the answer's body once the log has its line. */
async function send(page: Page, body: unknown, logged: RegExp): Promise<string> {
  if (body !== undefined) {
    // Typed as a reader types: the editor keeps its own text and ignores a value set from outside.
    await page.getByRole('textbox', {name: 'Request body'}).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(JSON.stringify(body));
  }
  const log = page.getByRole('list', {name: 'Requests and the events they caused'});
  const before = (await log.count()) > 0 ? await log.locator(':scope > li').count() : 0;
  await page.getByRole('button', {name: 'Send API Request'}).click();
  await expect(log.locator(':scope > li')).toHaveCount(before + 1, {timeout: 15_000});
  await expect(log.locator(':scope > li').last()).toContainText(logged);
  return (await page.locator('div[aria-busy="false"]').first().textContent()) ?? '';
}

const idIn = (text: string, prefix: string): string => {
  const id = new RegExp(`${prefix}[A-Za-z0-9]{24}`).exec(text)?.[0];
  assert.ok(id, `the answer names a ${prefix} id: ${text.slice(0, 300)}`);
  return id;
};

test.describe('the test mode in this tab', () => {
  let session: BrowserSession;
  test.beforeEach(async ({browser}) => {
    session = await openSession(browser, {viewport: {width: 390, height: 844}});
  });
  test.afterEach(() => session.close());

  test('creates, captures and partly refunds a charge across its pages, with the events in the log beside Send', async () => {
    // Four pages and nine requests on a phone's viewport: more than one page's worth of time.
    test.setTimeout(180_000);
    const {page} = session;
    const hosted: string[] = [];
    session.intercept(
      (url) => url.origin === explorerSendOrigin,
      (route) => {
        hosted.push(route.request().url());
        return route.abort();
      },
    );

    await gotoHydrated(page, `${site.origin}/api/core/sources/create-source`);
    await chooseTabTestMode(page);
    // The page's example body is a card source, chargeable at once; each Send has a fresh Idempotency-Key.
    const held = idIn(await send(page, undefined, /POST \/v2\/sources\s*201 Created/), 'src_');
    const charged = idIn(await send(page, undefined, /POST \/v2\/sources\s*201 Created/), 'src_');
    assert.notEqual(held, charged);

    await gotoHydrated(page, `${site.origin}/api/core/charges/create-charge`);
    await chooseTabTestMode(page);
    const authorised = await send(
      page,
      {amount: 10000, source: held, capture: false},
      /POST \/v2\/charges\s*201 Created[\s\S]*charge\.authorised/,
    );
    const chargeId = idIn(authorised, 'ch_');
    await send(page, {amount: 10000, source: charged}, /charge\.succeeded/);
    // The API's own check, in the tab: a charge of a source already used is refused as the API refuses it.
    await send(page, {amount: 10000, source: charged}, /POST \/v2\/charges\s*(4\d\d)/);

    await gotoHydrated(page, `${site.origin}/api/core/charges/capture-charge`);
    await chooseTabTestMode(page);
    const picker = page.getByRole('combobox', {name: 'ch_id from this tab'});
    await picker.selectOption(chargeId);
    await send(page, {}, new RegExp(`POST /v2/charges/${chargeId}/capture\\s*200 OK[\\s\\S]*charge\\.captured`));

    await gotoHydrated(page, `${site.origin}/api/core/charges/refund-charge`);
    await chooseTabTestMode(page);
    await page.getByRole('combobox', {name: 'ch_id from this tab'}).selectOption(chargeId);
    await send(page, {amount: 4000}, new RegExp(`POST /v2/charges/${chargeId}/refund\\s*20\\d`));
    await page.getByRole('button', {name: 'Settle refunds'}).click();

    const log = page.getByRole('list', {name: 'Requests and the events they caused'});
    await expect(log.getByText('charge.refunded', {exact: true})).toHaveCount(1);
    await expect(log.getByText('charge.succeeded', {exact: true})).toHaveCount(1);
    await expect(log.getByText('charge.captured', {exact: true})).toHaveCount(1);
    // The tab's controls fit the phone: the choice, the picker and the log wrap rather than overflow.
    for (const control of [
      page.getByRole('group', {name: 'Send to'}),
      page.getByRole('combobox', {name: 'ch_id from this tab'}),
      page.getByRole('region', {name: 'Test mode in this tab'}),
    ]) {
      const box = await control.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${String(control)} fits in 390 px: ${JSON.stringify(box)}`);
    }

    await page.getByRole('button', {name: 'Reset'}).click();
    await expect(log).toHaveCount(0);
    await expect(page.getByRole('combobox', {name: 'ch_id from this tab'})).toHaveCount(0);
    assert.deepEqual(hosted, [], 'nothing was sent to the hosted API');
    assert.deepEqual(session.cspViolations, []);
    assert.deepEqual(session.pageErrors, []);
  });
});
