/**
 * Site search as a reader uses it in Chromium, against the test build: the
 * navbar box and its keyboard shortcut, the first results for each kind of
 * query (help topic, guide, operation name, HTTP path, field name, error
 * code), each result's section label and highlighted match, the full results
 * page, and a search that never leaves the browser.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import type {Locator, Page} from '@playwright/test';
import {AxeBuilder} from '@axe-core/playwright';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {buildDir, site} from '../support/site';
import {expectedEndpoints} from '../support/specs';
import {searchIndexBudgetGzip} from '../../scripts/perf/budgets';

type SectionLabel = 'Help' | 'Guides' | 'API';

const endpoints = expectedEndpoints();

/** Where each search starts: a page of no particular relevance to the queries. */
const startPath = '/guides/intro';
/** How many results the dropdown lists (searchResultLimits in docusaurus.config.ts). */
const searchResultLimit = 8;

/** The section a reader should see on a result that opens this page. */
function sectionOf(path: string): SectionLabel {
  if (path.startsWith('/api/')) return 'API';
  if (path.startsWith('/guides/')) return 'Guides';
  return 'Help';
}

function endpointRoutes(predicate: (endpoint: (typeof endpoints)[number]) => boolean): string[] {
  const routes = endpoints.filter(predicate).map((endpoint) => endpoint.route);
  assert.ok(routes.length > 0, 'the specs define the endpoint this query looks for');
  return routes;
}

interface QueryCase {
  /** What kind of query this is, for the test name. */
  readonly kind: string;
  readonly query: string;
  /** Any of these pages among the first three results passes. */
  readonly expectedPages: readonly string[];
  readonly expectedSection: SectionLabel;
}

const queryCases: readonly QueryCase[] = [
  {kind: 'a help topic', query: 'chargeback', expectedPages: ['/help/payments/refunds-chargebacks'], expectedSection: 'Help'},
  {kind: 'a tax rule', query: 'withholding tax', expectedPages: ['/help/getting-started/taxes'], expectedSection: 'Help'},
  {kind: 'a BIR form number', query: '2307', expectedPages: ['/help/getting-started/taxes'], expectedSection: 'Help'},
  {
    kind: 'a guide',
    query: 'declined payment',
    expectedPages: ['/guides/tutorials/payment-decline'],
    expectedSection: 'Guides',
  },
  {
    kind: 'an operation name',
    query: 'refund a charge',
    // The Charges product's page: the complete reference's copy is not indexed.
    expectedPages: endpointRoutes((endpoint) => endpoint.summary === 'Refund a charge' && endpoint.product === 'charges'),
    expectedSection: 'API',
  },
  {
    kind: 'an operation path',
    query: '/v2/charges',
    // Create a charge (POST) and List charges (GET) both live at /v2/charges.
    expectedPages: endpointRoutes((endpoint) => endpoint.path === '/v2/charges'),
    expectedSection: 'API',
  },
  {
    kind: 'a field name',
    query: 'statement_descriptor',
    // A field of Create a charge's request body, mentioned in many guides.
    expectedPages: endpointRoutes((endpoint) => endpoint.summary === 'Create a charge'),
    expectedSection: 'API',
  },
  {
    kind: 'a response field name',
    query: 'last_sent_at',
    // A field of the payment request object that only its responses and
    // events list (no request takes it), so only their schemas find it.
    expectedPages: endpointRoutes((endpoint) => endpoint.route.startsWith('/api/requests/')),
    expectedSection: 'API',
  },
  {kind: 'an error code', query: 'card_declined', expectedPages: ['/api/errors'], expectedSection: 'API'},
  {
    kind: 'an operation in other words',
    query: 'retrieve customer by email',
    expectedPages: ['/api/core/customers/retrieve-customer-by-email'],
    expectedSection: 'API',
  },
  {
    kind: 'an operation in the other spelling',
    query: 'retrieve customer by e-mail',
    expectedPages: ['/api/core/customers/retrieve-customer-by-email'],
    expectedSection: 'API',
  },
];

/** Serious and critical axe-core violations inside `selector`, one line each. */
async function seriousAccessibilityViolations(page: Page, selector: string, knownRules: readonly string[] = []): Promise<string[]> {
  const {violations} = await new AxeBuilder({page})
    .include(selector)
    .disableRules([...knownRules])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

function navbarSearchBox(page: Page): Locator {
  return page.locator('.navbar').getByLabel('Search', {exact: true});
}

function suggestions(page: Page): Locator {
  return page.locator('.navbar').getByRole('option');
}

/** Types the query into the navbar box and waits for the dropdown's results. */
async function searchFromNavbar(page: Page, query: string): Promise<Locator> {
  const box = navbarSearchBox(page);
  await box.click();
  // Focus loads the index; the box becomes a combobox once results can be shown.
  await page.locator('.navbar input[role="combobox"]').waitFor({timeout: 20_000});
  await box.fill('');
  await suggestions(page).first().waitFor({state: 'detached'});
  await box.fill(query);
  await suggestions(page).first().waitFor({timeout: 20_000});
  return suggestions(page);
}

/**
 * The section a result is labelled with ("API"), as its label reads: ", section: API"
 * to a screen reader, "API" on screen. Null when the result has no single label.
 */
async function sectionLabelOf(result: Locator): Promise<string | null> {
  const labels = result.locator('[data-search-section]');
  if ((await labels.count()) !== 1) return null;
  const spoken = (await labels.textContent()) ?? '';
  return /^, section: (Help|Guides|API)$/.exec(spoken)?.[1] ?? `unexpected label text "${spoken}"`;
}

/**
 * The pages the first `count` results open, found as a reader would: search,
 * choose the n-th result, note where it leads. Each choice starts afresh.
 */
async function pagesOfFirstResults(page: Page, query: string, count: number): Promise<{path: string; section: string | null}[]> {
  const opened: {path: string; section: string | null}[] = [];
  for (let index = 0; index < count; index += 1) {
    await gotoHydrated(page, `${site.origin}${startPath}`);
    const results = await searchFromNavbar(page, query);
    if ((await results.count()) <= index) break;
    const result = results.nth(index);
    const section = await sectionLabelOf(result);
    await result.click();
    // A chosen result opens its page with the matched words to highlight.
    await page.waitForURL((url) => url.searchParams.has('_highlight'));
    opened.push({path: new URL(page.url()).pathname, section});
  }
  return opened;
}

test.describe('site search', () => {
  let session: BrowserSession;
  /** Every request for a search index, to check where the index comes from. */
  const indexRequests: string[] = [];
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {httpCache: true});
    session.context.on('request', (request) => {
      if (/search-index[^/]*\.json/.test(new URL(request.url()).pathname)) indexRequests.push(request.url());
    });
  });
  test.afterAll(async () => {
    await session.close();
  });

  test('Ctrl+K focuses the search box from anywhere, and the box shows the shortcut', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/help/payments/refunds-chargebacks`);
    const box = navbarSearchBox(page);
    assert.equal(await box.evaluate((input) => input === document.activeElement), false, 'not focused to begin with');
    const hint = await page.locator('.navbar kbd').allTextContents();
    assert.deepEqual(
      hint.map((key) => key.toLowerCase()),
      ['ctrl', 'k'],
      `shortcut hint; it shows ${hint.join(' ')}`,
    );
    await page.keyboard.press('Control+k');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Search');
    assert.ok(await box.evaluate((input) => input === document.activeElement), 'the navbar search box has focus');
    await page.keyboard.type('refund a charge');
    await suggestions(page).first().waitFor();
    assert.ok((await suggestions(page).count()) > 0, 'typing after the shortcut shows results');
  });

  for (const {kind, query, expectedPages, expectedSection} of queryCases) {
    test(`finds ${kind} (“${query}”) among the first three results, labelled ${expectedSection}`, async () => {
      const opened = await pagesOfFirstResults(session.page, query, 3);
      const found = opened.find(({path}) => expectedPages.includes(path));
      const listing = opened.map(({path, section}) => `${path} [${section}]`).join(', ');
      assert.ok(found, `“${query}” lists one of ${expectedPages.join(', ')} among its first three results; it listed ${listing}`);
      assert.equal(found.section, expectedSection, `the result for ${found.path} is labelled ${expectedSection}`);
      for (const {path, section} of opened) {
        assert.ok(section, `the result that opens ${path} shows its section`);
      }
    });
  }

  test('“ewallet”, a spelling no page uses, finds the pages about e-wallets', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    const listed = (await (await searchFromNavbar(page, 'ewallet')).allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    assert.ok(listed.length >= 3, `results: ${listed.join(' | ')}`);
    const unrelated = listed.filter((text) => !/e-wallet/i.test(text));
    assert.deepEqual(unrelated, [], 'every result shows where the page writes “e-wallet”');
  });

  test('labels each result with the section of the page it opens', async () => {
    // Results for an error code come from all over: the errors page (matched by
    // its keywords), a paragraph of it listed apart from it, and guides.
    const opened = await pagesOfFirstResults(session.page, 'card_declined', searchResultLimit);
    assert.ok(opened.length >= 4, `several results: ${opened.length}`);
    for (const {path, section} of opened) {
      assert.equal(section, sectionOf(path), `the result that opens ${path} is labelled ${sectionOf(path)}`);
    }
  });

  test('labels every result with its section, readable by screen readers', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    // "refund" is in the help centre, a tutorial and the API reference.
    const results = await searchFromNavbar(page, 'refund');
    const count = await results.count();
    const labels = await Promise.all(Array.from({length: count}, (_, index) => sectionLabelOf(results.nth(index))));
    assert.ok(
      labels.every((label) => label !== null),
      `every result has one section label: ${labels.join(', ')}`,
    );
    assert.deepEqual([...new Set(labels)].sort(), ['API', 'Guides', 'Help'], 'results from all three sections');
    for (const label of ['Help', 'Guides', 'API']) {
      const named = page.locator('.navbar').getByRole('option', {name: new RegExp(`section: ${label}$`)});
      assert.ok((await named.count()) > 0, `a result's accessible name ends with "section: ${label}"`);
    }
    assert.ok(await results.first().locator('[data-search-section]').isVisible(), 'the label is visible');
    // Known, left to the plugin: its autocomplete library puts the "See all
    // results" link inside the listbox, where only options belong.
    const knownPluginFaults = ['aria-required-children'];
    const violations = await seriousAccessibilityViolations(page, '.navbar__search', knownPluginFaults);
    assert.deepEqual(violations, [], 'the open dropdown passes axe');
  });

  test('highlights the matched words in the results and on the page a result opens', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    const results = await searchFromNavbar(page, 'refund a charge');
    const marked = (await results.first().locator('mark').allTextContents()).map((text) => text.toLowerCase());
    assert.ok(marked.includes('refund') && marked.includes('charge'), `first result marks "refund" and "charge": ${marked.join(', ')}`);
    await results.first().click();
    await page.waitForURL((url) => url.searchParams.has('_highlight'));
    await page.locator('article mark').first().waitFor();
    const onPage = (await page.locator('article mark').allTextContents()).map((text) => text.toLowerCase());
    assert.ok(onPage.includes('refund'), `the opened page marks "refund": ${onPage.slice(0, 5).join(', ')}`);
  });

  test('clears the highlighted words when the reader opens the same page without them', async () => {
    const {page} = session;
    const path = '/help/payments/refunds-chargebacks';
    await gotoHydrated(page, `${site.origin}${path}?_highlight=refund`);
    await page.locator('article mark[data-markjs]').first().waitFor();
    // The sidebar's link to the page itself: same route, no highlight.
    await page.locator(`.theme-doc-sidebar-container a.menu__link[href="${path}"]`).click();
    await page.waitForURL((url) => url.pathname === path && !url.searchParams.has('_highlight'));
    await page.waitForFunction(() => document.querySelectorAll('article mark[data-markjs]').length === 0, undefined, {
      timeout: 5_000,
    });
  });

  test('lists every result on the full results page, each with its section', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    await searchFromNavbar(page, 'refund');
    await page.locator('.navbar').getByRole('link', {name: 'See all results'}).click();
    await page.waitForURL((url) => /^\/search\/?$/.test(url.pathname) && url.searchParams.get('q') === 'refund');
    await page.getByRole('heading', {level: 1, name: 'Search results for "refund"'}).waitFor();
    const results = page.locator('article:has(> h2 > a[href])');
    await results.first().waitFor({timeout: 20_000});
    assert.match((await page.getByText(/documents? found/).textContent()) ?? '', /^\d+ documents found$/);
    const listed = await results.evaluateAll((articles) =>
      articles.map((article) => ({
        path: new URL(article.querySelector('h2 > a')?.getAttribute('href') ?? '', location.origin).pathname,
        label: article.querySelector('h2 [data-search-section]')?.textContent ?? null,
      })),
    );
    assert.ok(listed.length > 8, `more results than the dropdown shows: ${listed.length}`);
    for (const {path, label} of listed) {
      assert.equal(label, `, section: ${sectionOf(path)}`, `the result for ${path} is labelled ${sectionOf(path)}`);
    }
    for (const path of ['/help/payments/refunds-chargebacks', '/guides/tutorials/refund-payment', '/api/core/charges/refund-charge']) {
      assert.ok(
        listed.some((result) => result.path === path),
        `the results page lists ${path}`,
      );
    }
    const heading = page.getByRole('heading', {level: 2, name: /^Refund a charge\s*, section: API$/}).first();
    assert.ok(await heading.isVisible(), 'a result heading names its section');
    assert.deepEqual(await seriousAccessibilityViolations(page, '.main-wrapper'), [], 'the results page passes axe');
  });

  test('opens the full results page straight from a link (/search?q=…)', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/search?q=${encodeURIComponent('card_declined')}`);
    const firstResult = page.locator('article h2 > a').first();
    await firstResult.waitFor({timeout: 20_000});
    assert.equal(new URL((await firstResult.getAttribute('href')) ?? '', site.origin).pathname, '/api/errors');
  });

  test('never leaves the browser: the index comes from this site and nothing else is requested', () => {
    assert.ok(indexRequests.length > 0, 'the search index was loaded');
    for (const url of indexRequests) {
      assert.equal(new URL(url).origin, site.origin, `the index comes from the site itself: ${url}`);
    }
    assert.deepEqual(session.blockedRequests, [], 'no request to any other host');
    assert.deepEqual(session.pageErrors, []);
  });
});

test.describe('search index in the build', () => {
  interface IndexedPage {
    readonly u: string;
    readonly t: string;
  }
  const indexFile = join(buildDir, 'search-index.json');
  // The plugin writes one list per kind of entry; the first holds one entry per page.
  const [pages = []] = (JSON.parse(readFileSync(indexFile, 'utf8')) as {documents: IndexedPage[]}[]).map((part) => part.documents);
  const indexedPaths = new Set(pages.map((page) => page.u));

  test('covers the help centre, the guides and the API reference', () => {
    for (const path of [
      '/',
      '/help/payments/refunds-chargebacks',
      '/guides/intro',
      '/guides/tutorials/refund-payment',
      '/api/intro',
      '/api/errors',
    ]) {
      assert.ok(indexedPaths.has(path), `${path} is indexed`);
    }
  });

  test('has one page per operation: its product section’s, not the complete reference’s copy', () => {
    const pagesByOperation = new Map<string, string[]>();
    for (const endpoint of endpoints) {
      const operation = `${endpoint.method} ${endpoint.path}`;
      if (indexedPaths.has(endpoint.route)) pagesByOperation.set(operation, [...(pagesByOperation.get(operation) ?? []), endpoint.route]);
    }
    const notOne = [...new Set(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`))]
      .filter((operation) => pagesByOperation.get(operation)?.length !== 1)
      .map((operation) => `${operation}: ${(pagesByOperation.get(operation) ?? []).join(', ') || 'no page'}`);
    assert.deepEqual(notOne, [], 'each operation in the specs has exactly one page in the index');
    const completeCopies = [...indexedPaths].filter(
      (path) => path.startsWith('/api/payments/') && path !== '/api/payments/zip-payments-api',
    );
    assert.deepEqual(completeCopies, [], 'the complete reference is found through its overview and the product pages');
  });

  test('the index is within its gzip budget', () => {
    const gzipBytes = gzipSync(readFileSync(indexFile)).length;
    assert.ok(
      gzipBytes <= searchIndexBudgetGzip,
      `search-index.json is ${(gzipBytes / 1024).toFixed(1)} KiB gzip; the budget is ${searchIndexBudgetGzip / 1024} KiB`,
    );
  });

  test('leaves out pages that are not content', () => {
    const notContent = [...indexedPaths].filter((path) => /^\/(?:404|search|tests)(?:[/.]|$)/.test(path));
    assert.deepEqual(notContent, [], 'no 404, search or test-only page in the index');
  });
});
