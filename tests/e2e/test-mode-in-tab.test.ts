/**
 * The explorer's **Send** answered by the test mode in the browser tab (src/components/TabTestMode,
 * `@zip/test-mode/in-tab`): on a 390-px phone, by keyboard where a reader would use it, a charge made
 * on *Create a charge* is captured and partly refunded from its own pages, offered there by the path
 * parameter's picker, and the log beside Send lists each request and the events it caused. The
 * testing page's controls act from the explorer (a GCash source approved, then expired by the
 * clock), each event opens signed in the webhook verifier or copies as a signed curl delivery, and
 * "Send again with the same key" replays a POST, or is refused with another body. Nothing goes to
 * the network and the Content-Security-Policy holds (the validators are generated code).
 */
import assert from 'node:assert/strict';
import {createHmac} from 'node:crypto';
import {expect, type Page} from '@playwright/test';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {explorerSendOrigin} from '../support/explorer';
import {site} from '../support/site';
import {sampleWebhookSecret} from '@zip/model/testValues';
import {defaultEndpointUrl} from '@zip/model/webhookDelivery';

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
    // Typed as a reader types, and checked: a body that lost a key is answered 422, far from its cause.
    const editor = page.getByRole('textbox', {name: 'Request body'});
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(JSON.stringify(body));
    await expect(editor).toHaveValue(JSON.stringify(body));
  }
  const log = page.getByRole('list', {name: 'Requests and the events they caused'});
  const before = (await log.count()) > 0 ? await log.locator(':scope > li').count() : 0;
  await page.getByRole('button', {name: 'Send API Request'}).click();
  await expect(log.locator(':scope > li')).toHaveCount(before + 1, {timeout: 15_000});
  await expect(log.locator(':scope > li').last()).toContainText(logged);
  return responseText(page);
}

const responseText = async (page: Page): Promise<string> => (await page.locator('div[aria-busy="false"]').first().textContent()) ?? '';

/** The log's last line, once it says `logged`. */
async function lastLogged(page: Page, logged: RegExp): Promise<void> {
  const lines = page.getByRole('list', {name: 'Requests and the events they caused'}).locator(':scope > li');
  await expect(lines.last()).toContainText(logged, {timeout: 15_000});
}

/** The explorer's live region, once it says `said`. */
const announced = (page: Page, said: RegExp) => expect(page.getByRole('status').filter({hasText: said})).toHaveCount(1);

/** A POSIX shell's single-quoted word, unquoted. */
const unquote = (word: string): string => word.replace(/^'|'$/g, '').replace(/'\\''/g, "'");

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

  test('approves a GCash source from the explorer, signs its event for the verifier and curl, and sends again with the same key', async () => {
    test.setTimeout(150_000);
    const {page, context} = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.origin});
    await gotoHydrated(page, `${site.origin}/api/core/sources/create-source`);
    await chooseTabTestMode(page);
    const gcash = {
      type: 'gcash',
      amount: 150000,
      redirect: {success_url: 'https://shop.example.com/paid', failure_url: 'https://shop.example.com/failed'},
    };
    const sourceId = idIn(await send(page, gcash, /POST \/v2\/sources\s*201 Created/), 'src_');

    // The customer approves at GCash: a real button, pressed from the keyboard.
    const approve = page.getByRole('button', {name: 'Approve the source'});
    await approve.focus();
    await page.keyboard.press('Enter');
    await lastLogged(page, new RegExp(`POST /_test-mode/sources/${sourceId}/chargeable\\s*200 OK[\\s\\S]*source\\.chargeable`));
    await announced(page, /Approve the source: 200 OK, 1 event: source\.chargeable\./);
    await expect(approve).toHaveCount(0);
    const controls = await page.getByRole('group', {name: 'What the customer, the bank and time do'}).boundingBox();
    assert.ok(controls && controls.x >= 0 && controls.x + controls.width <= 390, `the controls fit in 390 px: ${JSON.stringify(controls)}`);

    // The curl delivery: the exact body, signed with the sample secret for the guide's local endpoint.
    await page.getByRole('button', {name: /^Copy curl source\.chargeable evt_/}).click();
    await announced(page, /Copied a curl command that delivers source\.chargeable/);
    const command = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(command.includes(`'${defaultEndpointUrl}'`), command);
    const header = /-H 'Zip-Signature: t=(\d+),v1=([0-9a-f]{64})'/.exec(command);
    const body = unquote(/--data-raw ('(?:[^']|'\\'')*')$/.exec(command)?.[1] ?? '');
    assert.ok(header, command);
    assert.equal(createHmac('sha256', sampleWebhookSecret).update(`${header[1]}.${body}`).digest('hex'), header[2]);
    assert.equal((JSON.parse(body) as {data: {object: {id: string; status: string}}}).data.object.id, sourceId);

    // An approved source not charged within the hour expires as the clock passes it.
    await page.getByRole('button', {name: 'Advance the clock 60 minutes'}).click();
    await lastLogged(page, /POST \/_test-mode\/clock\/advance\s*200 OK[\s\S]*source\.expired/);

    // The same key and body: the stored answer, the same source, nothing made again.
    await page.getByRole('button', {name: 'Send again with the same key'}).click();
    await lastLogged(page, /POST \/v2\/sources\s*201 Created\s*replayed/);
    await announced(page, /Sent again with the same key: 201 Created, replayed/);
    expect(idIn(await responseText(page), 'src_')).toBe(sourceId);
    // Another body under the same key is refused.
    await page.getByRole('textbox', {name: 'Request body'}).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(JSON.stringify({...gcash, amount: 250000}));
    await page.getByRole('button', {name: 'Send again with the same key'}).click();
    await lastLogged(page, /POST \/v2\/sources\s*409 Conflict/);
    await announced(page, /Sent again with the same key: 409 Conflict \(idempotency_key_reused\)/);

    // The event, opened in the webhook verifier with its header, body and secret: it verifies.
    await page.getByRole('button', {name: /^Open in the verifier source\.chargeable evt_/}).click();
    await page.waitForURL(/\/api\/webhooks#check-a-delivery$/);
    const verifier = page.getByRole('region', {name: 'Check a delivery'});
    await expect(verifier.getByText(/Filled in with evt_\w+ \(source\.chargeable\) from the test mode in your tab/)).toBeVisible();
    await verifier.getByRole('button', {name: 'Verify'}).click();
    await expect(verifier.getByText('Valid signature.')).toBeVisible();
    await expect(verifier.getByText(/Event type source\.chargeable: the payload matches its schema/)).toBeVisible();
    assert.deepEqual(session.cspViolations, []);
    assert.deepEqual(session.pageErrors, []);
  });
});
