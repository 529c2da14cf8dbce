/**
 * Webhook events in the test build: every event type of the specs has its
 * generated page (payload and example, no Send button), a Markdown twin
 * without code samples, an entry in llms.txt, a link in the API sidebar and
 * a row in the catalogue on /api/webhooks; the testing page shows every test
 * value of packages/model/src/testValues.ts with its anchor.
 *
 * Checking webhooks without a dashboard: the verifier on /api/webhooks gives
 * each outcome with its reason, an event page's test delivery builds commands
 * whose signature verifies, the receiving guide's fixture download saves
 * deliveries that verify; nothing the reader types leaves the page, and axe
 * finds nothing in their UI.
 */
import assert from 'node:assert/strict';
import {createHmac} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {AxeBuilder} from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {buildDir, site} from '../support/site';
import {facts} from '@zip/model/facts';
import {operationsFilePath, type OperationsFile} from '@zip/model/apiOperation';
import type {SearchIndexFile} from '@zip/model/siteSearch';
import {formatCardNumber, testCards} from '@zip/model/testValues';
import {webhookSignatureVector as vector} from '@zip/model/webhookSignatureVector';

interface EventCatalogueEntry {
  readonly type: string;
  readonly route: string;
}

/** Every event type with its page, as the build publishes each webhook (plugins/api-reference). */
const published = JSON.parse(readFileSync(join(buildDir, operationsFilePath), 'utf8')) as OperationsFile;
const catalogue: EventCatalogueEntry[] = (JSON.parse(readFileSync('.generated/event-catalogue.json', 'utf8')) as {type: string}[]).map(
  ({type}) => {
    const webhook = published.operations.find((entry) => entry.operation.method === 'event' && entry.title === type);
    assert.ok(webhook, `${operationsFilePath} has the webhook ${type}`);
    return {type, route: webhook.permalink};
  },
);
const sitemap = readFileSync(join(buildDir, 'sitemap.xml'), 'utf8');

async function fetchText(path: string): Promise<{status: number; text: string}> {
  const response = await fetch(`${site.origin}${path}`);
  return {status: response.status, text: await response.text()};
}

test.describe('webhook events', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {viewport: {width: 1400, height: 900}, httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  test('the catalogue covers every status change the issue names', () => {
    const types = catalogue.map((entry) => entry.type);
    for (const type of [
      'charge.pending',
      'charge.authorised',
      'charge.captured',
      'charge.voided',
      'charge.refunded',
      'charge.refund_failed',
      'source.chargeable',
      'source.expired',
      'dispute.opened',
      'checkout_session.completed',
      'payment_link.paid',
      'payment_request.paid',
      'payout.sent',
    ]) {
      assert.ok(types.includes(type), `${type} is an event type`);
    }
  });

  for (const entry of catalogue) {
    test(`${entry.type}: page, twin and llms.txt entry`, async () => {
      assert.ok(sitemap.includes(`${entry.route}</loc>`), `${entry.route} is in the sitemap`);
      const twin = await fetchText(`${entry.route}.md`);
      assert.equal(twin.status, 200);
      assert.equal(twin.text.split('\n')[0], `# ${entry.type}`);
      assert.match(twin.text, /Webhook event: Zip sends `POST`/);
      assert.match(twin.text, new RegExp(`"type":\\s*"${entry.type.replace('.', '\\.')}"`), 'the twin has the payload example');
      assert.doesNotMatch(twin.text, /^## Code samples$/m, 'a webhook has no request to make');
    });
  }

  test('llms.txt lists every event page', async () => {
    const llms = (await fetchText('/llms.txt')).text;
    for (const entry of catalogue) assert.ok(llms.includes(`${entry.route}.md)`), `${entry.route} in llms.txt`);
  });

  test('an event page shows the event, its payload and example, without the Send button', async () => {
    const {page} = session;
    const entry = catalogue.find((candidate) => candidate.type === 'charge.succeeded');
    assert.ok(entry);
    assert.equal(await gotoHydrated(page, `${site.origin}${entry.route}`), 200);
    assert.equal((await page.locator('article h1').first().textContent())?.trim(), 'charge.succeeded');
    assert.match((await page.locator('.openapi__method-endpoint').first().textContent()) ?? '', /webhook/i);
    assert.ok(await page.getByText('Zip-Signature').first().isVisible(), 'the signature header is documented');
    assert.equal(await page.getByRole('button', {name: 'Send API Request'}).count(), 0);
    // Nothing to send, so no explorer: its empty scrolling panel failed axe's scrollable-region-focusable.
    // (axe at every severity, at both widths, scans every event page in the crawl.)
    assert.equal(await page.locator('.openapi-explorer__playground-container').count(), 0);
  });

  test('/api/webhooks links every event page, and the API sidebar reaches them', async () => {
    const {page} = session;
    assert.equal(await gotoHydrated(page, `${site.origin}/api/webhooks`), 200);
    for (const entry of catalogue) {
      assert.equal(
        await page.locator(`article tr[id="${entry.type}"] a[href="${entry.route}"]`).count(),
        1,
        `${entry.type} row links its page`,
      );
    }
    const sidebarLinks = await page.locator('nav.menu a.menu__link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.ok(sidebarLinks.includes('/api/webhooks'), 'the API sidebar lists Webhooks');
    const categories = await page.locator('nav.menu .menu__list-item-collapsible').allTextContents();
    assert.ok(
      categories.some((label) => label.includes('Events and webhooks')),
      `the API sidebar has Events and webhooks; it has ${categories.join(', ')}`,
    );
  });

  test("each event page is in the API sidebar, under its product's Webhook events", async () => {
    const {page} = session;
    for (const entry of catalogue.filter((candidate) =>
      ['charge.refund_failed', 'source.expired', 'checkout_session.completed', 'payout.sent'].includes(candidate.type),
    )) {
      assert.equal(await gotoHydrated(page, `${site.origin}${entry.route}`), 200);
      const active = page.locator(`nav.menu a.menu__link--active[href="${entry.route}"]`);
      assert.equal(await active.count(), 1, `${entry.route} is the active sidebar link`);
      const category = await active.evaluate(
        (link) => link.closest('ul')?.closest('li')?.querySelector(':scope > div')?.textContent?.trim() ?? '',
      );
      assert.equal(category, 'Webhook events', `${entry.type} sits under Webhook events`);
    }
  });

  test('search finds webhooks: the contract, the guide, the testing page and every event page are indexed', () => {
    const {pages} = JSON.parse(readFileSync(join(buildDir, 'search-index.json'), 'utf8')) as SearchIndexFile;
    const indexed = new Map(pages.map(([path, title]) => [path, title]));
    for (const path of [
      '/api/webhooks',
      '/guides/developer-guide/webhooks',
      '/guides/developer-guide/testing',
      '/api/core/events/events-intro',
    ]) {
      assert.ok(indexed.has(path), `${path} is indexed`);
    }
    for (const entry of catalogue) assert.equal(indexed.get(entry.route), entry.type, `${entry.route} is indexed under its event type`);
  });

  test('the testing page shows every test card with its anchor', async () => {
    const {page} = session;
    assert.equal(await gotoHydrated(page, `${site.origin}/guides/developer-guide/testing`), 200);
    for (const card of testCards) {
      const row = page.locator(`tr[id="${card.outcome}"]`);
      assert.equal(await row.count(), 1, `a row for ${card.outcome}`);
      assert.ok(((await row.textContent()) ?? '').includes(formatCardNumber(card.number)), `${card.outcome} shows ${card.number}`);
    }
    // The crawl scans this page, /api/webhooks and the webhooks guide with axe at every severity, at both widths.
  });
});

const tolerance = facts.webhooks.signatureToleranceSeconds;
const readerSecret = 'whsec_test_ReaderSecretForBrowserTests01';
const nowSeconds = (): number => Math.floor(Date.now() / 1000);
const hmac = (secret: string, timestamp: number, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/** True when `header` holds a v1 of `body` signed with `secret`, made within the tolerance of now. */
function verifies(header: string, body: string, secret: string): boolean {
  const timestamp = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1]);
  const signatures = [...header.matchAll(/v1=([0-9a-f]{64})/g)].map((match) => match[1]);
  return Math.abs(nowSeconds() - timestamp) <= tolerance && signatures.includes(hmac(secret, timestamp, body));
}

/**
 * Loads a page and waits until it has fetched everything it loads by itself; from then on every
 * request the page makes is recorded (a download's own blob: URL aside, which never leaves it).
 */
async function loadAndRecord(page: Page, path: string): Promise<{url: URL; method: string; body: string | null}[]> {
  assert.equal(await gotoHydrated(page, `${site.origin}${path}`), 200);
  await page.waitForLoadState('networkidle');
  const requests: {url: URL; method: string; body: string | null}[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('blob:'))
      requests.push({url: new URL(request.url()), method: request.method(), body: request.postData()});
  });
  return requests;
}

/**
 * Nothing the reader typed left the page: after load it asked only for the site's own script
 * files (Docusaurus prefetches the pages its links lead to as they come into view), with no
 * body and nothing of what was typed in their address.
 */
function assertNothingSent(requests: readonly {url: URL; method: string; body: string | null}[], typed: readonly string[]): void {
  for (const {url, method, body} of requests) {
    const request = `${method} ${url.href}`;
    assert.equal(url.origin, site.origin, `${request} leaves the site`);
    assert.ok(method === 'GET' && body === null, `${request} sends a body`);
    assert.match(url.pathname, /^\/assets\/js\/[\w.~-]+\.js$/, `${request} is not one of the site's script files`);
    assert.equal(url.search, '', `${request} carries a query`);
    for (const text of typed) assert.ok(!decodeURIComponent(url.href).includes(text), `${request} carries what the reader typed`);
  }
}

/** axe violations inside `selector`, at every severity, one line each. */
async function axeViolationsIn(page: Page, selector: string): Promise<string[]> {
  const axe = await new AxeBuilder({page})
    .include(selector)
    .setLegacyMode(true)
    .options({resultTypes: ['violations']})
    .analyze();
  return axe.violations.map(
    (violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test.describe('checking webhooks without a dashboard', () => {
  test('the contract page shows the known-answer vector, and its example header is the vector’s', async ({session}) => {
    const {page} = session;
    assert.equal(await gotoHydrated(page, `${site.origin}/api/webhooks`), 200);
    const article = (await page.locator('article').textContent()) ?? '';
    for (const part of [`Zip-Signature: ${vector.header}`, vector.secret, String(vector.timestamp), vector.body]) {
      assert.ok(article.includes(part), `the page shows ${part.slice(0, 40)}…`);
    }
    assert.ok(
      !article.includes('5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'),
      'the old, unverifiable example is gone',
    );
  });

  test('the verifier gives each outcome with its reason, and sends nothing', async ({session}) => {
    const {page} = session;
    const requests = await loadAndRecord(page, '/api/webhooks');
    const verifier = page.getByRole('region', {name: 'Check a delivery'});
    const result = verifier.getByRole('status');
    const check = async (header: string, body: string, secret: string): Promise<string> => {
      await verifier.getByLabel('Zip-Signature header').fill(header);
      await verifier.getByLabel('Raw body').fill(body);
      await verifier.getByLabel('Signing secret').fill(secret);
      await verifier.getByRole('button', {name: 'Verify'}).click();
      await expectText(result, /\S/);
      return (await result.textContent()) ?? '';
    };
    const expectText = async (locator: typeof result, pattern: RegExp) => {
      await page.waitForFunction(([element, source]) => new RegExp(source).test(element?.textContent ?? ''), [
        await locator.elementHandle(),
        pattern.source,
      ] as const);
    };

    // Valid: signed now, during a secret rotation, so the second v1 is the one that matches.
    const t = nowSeconds();
    const rotated = `t=${t},v1=${hmac('whsec_test_TheOldSecretOfTheEndpoint01', t, vector.body)},v1=${hmac(readerSecret, t, vector.body)}`;
    const valid = await check(rotated, vector.body, readerSecret);
    assert.match(valid, /Valid signature\. The 2nd v1 of 2 matches/);
    assert.match(valid, /Event type charge\.succeeded: the payload matches its schema, ChargeEvent in openapi\/payments\.yaml/);
    // The body changed by one byte: the verifier cannot tell it from a wrong secret, and says both.
    const oneByte = vector.body.replace('"amount":150000', '"amount":250000');
    const changed = await check(`t=${t},v1=${hmac(readerSecret, t, vector.body)}`, oneByte, readerSecret);
    assert.match(
      changed,
      /No signature matches\. .*Either the body is not the bytes that were signed.*or the secret is not the one that signed it/,
    );
    // Re-serialised: a pretty-printed copy of the signed compact body is named as such.
    const pretty = await check(
      `t=${t},v1=${hmac(readerSecret, t, vector.body)}`,
      JSON.stringify(JSON.parse(vector.body), null, 2),
      readerSecret,
    );
    assert.match(
      pretty,
      /Body changed\. .*the body as compact JSON does: the body is not the bytes that were signed\. Check you verify the raw body, not a re-serialised one/,
    );
    // A wrong secret.
    const wrongSecret = await check(
      `t=${t},v1=${hmac(readerSecret, t, vector.body)}`,
      vector.body,
      'whsec_test_NotTheSecretThatSignedIt001',
    );
    assert.match(wrongSecret, /No signature matches\. .*or the secret is not the one that signed it/);
    // The example: its timestamp is long past.
    await verifier.getByRole('button', {name: 'Use the example'}).click();
    assert.equal(await verifier.getByLabel('Signing secret').inputValue(), vector.secret);
    await verifier.getByRole('button', {name: 'Verify'}).click();
    await expectText(result, /Timestamp outside the tolerance/);
    assert.match(
      (await result.textContent()) ?? '',
      new RegExp(`The 1st v1 of 1 matches, but t was \\d+ days ago: more than ${tolerance / 60} minutes`),
    );
    // Malformed.
    const malformed = await check(`t=${t},v1=XYZ`, vector.body, readerSecret);
    assert.match(malformed, /Malformed header\. The 1st v1 is not 64 lower-case hex digits/);

    assert.deepEqual(await axeViolationsIn(page, 'section[aria-label="Check a delivery"]'), []);
    assertNothingSent(requests, [readerSecret, 'NotTheSecretThatSignedIt', vector.secret]);
    assert.deepEqual(session.blockedRequests, []);
    assert.deepEqual(session.cspViolations, []);
  });

  test('the verifier’s fields are never autofilled, and are emptied when the page is left, so session restore keeps none of them', async ({
    session,
  }) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/api/webhooks`);
    const verifier = page.getByRole('region', {name: 'Check a delivery'});
    const fields = [verifier.getByLabel('Zip-Signature header'), verifier.getByLabel('Raw body'), verifier.getByLabel('Signing secret')];
    for (const field of fields) {
      await field.fill(readerSecret);
      assert.equal(await field.getAttribute('autocomplete'), 'off', `${await field.getAttribute('name')}: autocomplete="off"`);
    }
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true})));
    for (const field of fields) assert.equal(await field.inputValue(), '', `${await field.getAttribute('name')} is emptied on pagehide`);
    assert.deepEqual(session.pageErrors, []);
  });

  test('an event page builds a signed test delivery whose commands verify, and sends nothing', async ({session}) => {
    const {page} = session;
    const entry = catalogue.find((candidate) => candidate.type === 'payment_link.paid');
    assert.ok(entry);
    const requests = await loadAndRecord(page, entry.route);
    const builder = page.getByRole('region', {name: 'Send a test delivery'});
    assert.equal(
      await builder.getByLabel('Endpoint URL').inputValue(),
      'http://localhost:4242/zip/webhooks',
      'the receiving guide’s endpoint',
    );
    assert.equal(await builder.getByLabel('Test signing secret').inputValue(), '', 'no secret is prefilled');
    await builder.getByRole('button', {name: 'Build the signed command'}).click();
    await page.waitForFunction((element) => /whsec_/.test(element?.textContent ?? ''), await builder.getByRole('status').elementHandle());
    await builder.getByLabel('Test signing secret').fill(readerSecret);
    await builder.getByRole('button', {name: 'Build the signed command'}).click();

    const shownCode = async (tab: string): Promise<string> => {
      await builder.getByRole('tab', {name: tab}).click();
      const code = builder.getByRole('tabpanel').locator('pre').first();
      await page.waitForFunction((element) => /Zip-Signature/.test(element?.textContent ?? ''), await code.elementHandle());
      return (await code.textContent()) ?? '';
    };
    const curl = await shownCode('curl');
    const curlHeader = /-H 'Zip-Signature: (t=\d+,v1=[0-9a-f]{64})'/.exec(curl)?.[1] ?? '';
    const curlBody = (/--data-raw '((?:[^']|'\\'')*)'/.exec(curl)?.[1] ?? '').replaceAll(`'\\''`, `'`);
    assert.match(curl, /-H 'Content-Type: application\/json'/);
    assert.equal((JSON.parse(curlBody) as {type: string}).type, 'payment_link.paid');
    assert.ok(verifies(curlHeader, curlBody, readerSecret), `the curl command's signature verifies: ${curlHeader}`);
    assert.ok(!verifies(curlHeader, curlBody, 'whsec_test_NotTheSecretThatSignedIt001'));

    const node = await shownCode('Node.js');
    const nodeBody = JSON.parse(/const body = ("(?:[^"\\]|\\.)*");/.exec(node)?.[1] ?? '""') as string;
    const nodeHeader = /"Zip-Signature":"(t=\d+,v1=[0-9a-f]{64})"/.exec(node)?.[1] ?? '';
    assert.equal(nodeBody, curlBody);
    assert.ok(verifies(nodeHeader, nodeBody, readerSecret), "the Node.js script's signature verifies");
    const python = await shownCode('Python');
    assert.ok(python.includes(`"Zip-Signature":"${nodeHeader}"`), 'the Python script carries the same signature');

    assert.deepEqual(await axeViolationsIn(page, 'section[aria-labelledby="send-a-test-delivery"]'), []);
    assertNothingSent(requests, [readerSecret]);
    assert.deepEqual(session.blockedRequests, []);
    assert.deepEqual(session.cspViolations, []);
  });

  test('the fixture download saves signed deliveries in order that verify, and sends nothing', async ({session}) => {
    const {page} = session;
    const requests = await loadAndRecord(page, '/guides/developer-guide/webhooks');
    const fixture = page.getByRole('region', {name: 'Fixture: A card payment with 3-D Secure'});
    await fixture.getByLabel('Test signing secret').fill(readerSecret);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      fixture.getByRole('button', {name: 'Download signed deliveries (JSON)'}).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'zip-webhooks-charge-pending-charge-succeeded.json');
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      deliveries: {event_type: string; headers: Record<string, string>; body: string}[];
    };
    assert.deepEqual(
      file.deliveries.map((delivery) => delivery.event_type),
      ['charge.pending', 'charge.succeeded'],
    );
    const times = file.deliveries.map((delivery) => Number(/^t=(\d+)/.exec(delivery.headers['Zip-Signature'] ?? '')?.[1]));
    assert.ok((times[0] ?? 0) < (times[1] ?? 0), `increasing timestamps: ${times.join(', ')}`);
    for (const delivery of file.deliveries) {
      assert.equal(delivery.headers['Content-Type'], 'application/json');
      assert.equal((JSON.parse(delivery.body) as {type: string}).type, delivery.event_type);
      assert.ok(verifies(delivery.headers['Zip-Signature'] ?? '', delivery.body, readerSecret), `${delivery.event_type} verifies`);
    }
    await page.waitForFunction(
      (element) => /Downloaded/.test(element?.textContent ?? ''),
      await fixture.getByRole('status').elementHandle(),
    );

    assert.deepEqual(await axeViolationsIn(page, 'section[aria-label^="Fixture: "]'), []);
    assertNothingSent(requests, [readerSecret]);
    assert.deepEqual(session.blockedRequests, []);
    assert.deepEqual(session.cspViolations, []);
  });
});
