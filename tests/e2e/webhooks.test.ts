/**
 * Webhook events in the test build: every event type of the specs has its
 * generated page (payload and example, no Send button), a Markdown twin
 * without code samples, an entry in llms.txt, a link in the API sidebar and
 * a row in the catalogue on /api/webhooks; the testing page shows every test
 * value of src/data/testMode.ts with its anchor.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {buildDir, site} from '../support/site';
import {formatCardNumber, testCards} from '../../src/data/testMode';

interface EventCatalogueEntry {
  readonly type: string;
  readonly route: string;
}

const catalogue = JSON.parse(readFileSync('.generated/event-catalogue.json', 'utf8')) as EventCatalogueEntry[];
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
      assert.match(twin.text, new RegExp(`"type": "${entry.type.replace('.', '\\.')}"`), 'the twin has the payload example');
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
    const [pages = []] = (
      JSON.parse(readFileSync(join(buildDir, 'search-index.json'), 'utf8')) as {documents: {u: string; t: string}[]}[]
    ).map((part) => part.documents);
    const indexed = new Map(pages.map((page) => [page.u, page.t]));
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
