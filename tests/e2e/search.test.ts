/**
 * Site search as a reader uses it in Chromium, against the test build: the
 * navbar box and its keyboard shortcut, the first results for each kind of
 * query (help topic, guide, operation name, HTTP path, field name, error
 * code), each result's section label and marked match, the answer card for a
 * question, the box as an ARIA combobox driven by the keyboard alone and read
 * from the accessibility tree, the full results page, the same order as the
 * docs MCP server's search_docs, and a search that never leaves the browser
 * and needs no network once the index is loaded.
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
import {searchIndexBudgetGzip} from '@zip/perf/budgets';
import {DocsSearch} from '@zip/docs-mcp/search';

type SectionLabel = 'Help' | 'Guides' | 'API';

const endpoints = expectedEndpoints();

/** Where each search starts: a page of no particular relevance to the queries. */
const startPath = '/guides/intro';
/** How many results the dropdown lists (src/theme/SearchBar). */
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

/** Fails unless the element's accessibility tree (Playwright's ARIA snapshot) holds each of `lines`. */
async function assertSnapshot(locator: Locator, lines: readonly string[]): Promise<void> {
  const snapshot = await locator.ariaSnapshot();
  for (const line of lines) assert.ok(snapshot.includes(line), `the accessibility tree has ${line}:\n${snapshot}`);
}

function navbarSearchBox(page: Page): Locator {
  return page.locator('.navbar').getByLabel('Search', {exact: true});
}

/** The results in the dropdown: its options but the last, "See all results". */
function suggestions(page: Page): Locator {
  return page.locator('.navbar [role="option"]:not([data-search-see-all])');
}

/** Where each result leads, as path and anchor. */
function resultTargets(results: Locator): Promise<string[]> {
  return results.evaluateAll((options) =>
    options.map((option) => new URL(option.getAttribute('data-href') ?? '', location.origin)).map((url) => `${url.pathname}${url.hash}`),
  );
}

/** Types the query into the navbar box and waits for the dropdown's results. */
async function searchFromNavbar(page: Page, query: string): Promise<Locator> {
  const box = navbarSearchBox(page);
  await box.click();
  // Focus loads the index.
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
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {httpCache: true});
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

  test('“ewallet”, a spelling no page uses, finds the sections about GCash and Maya', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    const results = await searchFromNavbar(page, 'ewallet');
    const targets = await resultTargets(results);
    assert.ok(
      targets.some((target) => target.endsWith('#gcash-and-maya')),
      `a result opens a section on GCash and Maya: ${targets.join(', ')}`,
    );
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
      const named = page.locator('.navbar').getByRole('option', {name: new RegExp(`, section: ${label}$`)});
      assert.ok((await named.count()) > 0, `a result's accessible name ends in "section: ${label}", after its title`);
    }
    assert.ok(await results.first().locator('[data-search-section]').isVisible(), 'the label is visible');
    const violations = await seriousAccessibilityViolations(page, '.navbar__search');
    assert.deepEqual(violations, [], 'the open dropdown passes axe');
  });

  test('marks the matched words in each result’s passage', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    const results = await searchFromNavbar(page, 'refund a charge');
    const marked = (await results.first().locator('mark').allTextContents()).map((text) => text.toLowerCase());
    assert.ok(
      marked.some((word) => word.startsWith('refund')),
      `first result marks "refund": ${marked.join(', ')}`,
    );
  });

  test('lists every result on the full results page, each with its section', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    await searchFromNavbar(page, 'refund');
    await page.locator('.navbar').getByRole('option', {name: 'See all results'}).click();
    await page.waitForURL((url) => /^\/search\/?$/.test(url.pathname) && url.searchParams.get('q') === 'refund');
    await page.getByRole('heading', {level: 1, name: 'Search results for "refund"'}).waitFor();
    const results = page.locator('article:has(> h2 > a[href])');
    await results.first().waitFor({timeout: 20_000});
    assert.match((await page.getByRole('status').filter({hasText: /found/}).textContent()) ?? '', /^\d+ results? found$/);
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
    const heading = page.getByRole('heading', {level: 2, name: /^Refund a charge.*, section: API$/}).first();
    assert.ok(await heading.isVisible(), 'a result heading names its section');
    assert.deepEqual(await seriousAccessibilityViolations(page, '.main-wrapper'), [], 'the results page passes axe');
  });

  test('opens the full results page straight from a link (/search?q=…)', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/search?q=${encodeURIComponent('card_declined')}`);
    const links = page.locator('article h2 > a');
    await links.first().waitFor({timeout: 20_000});
    const firstThree = (
      await links.evaluateAll((all) => all.map((link) => new URL(link.getAttribute('href') ?? '', location.origin).pathname))
    ).slice(0, 3);
    assert.ok(firstThree.includes('/api/errors'), `the errors page is among the first three: ${firstThree.join(', ')}`);
  });

  test('a result listed twice for one query (“new ba”) does not stay in the list of later ones', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    const fresh = await resultTargets(await searchFromNavbar(page, 'refund'));
    // "new ba" finds the Zip Payments API page, which has two headings with the anchor "authentication".
    const typed = await resultTargets(await searchFromNavbar(page, 'new ba'));
    assert.equal(new Set(typed).size, typed.length, `each result once: ${typed.join(', ')}`);
    await navbarSearchBox(page).fill('refund');
    await page.locator('.navbar [data-search-see-all][data-href="/search?q=refund"]').waitFor();
    const hrefs = await suggestions(page).evaluateAll((options) => options.map((option) => option.getAttribute('data-href') ?? ''));
    assert.deepEqual(
      hrefs.filter((href) => !href.includes('_highlight=refund')),
      [],
      'every result listed is one of “refund”',
    );
    assert.deepEqual(await resultTargets(suggestions(page)), fresh, '“refund” lists what it listed before “new ba”');
  });

  for (const viewport of [
    {width: 1280, height: 900},
    {width: 390, height: 844},
  ]) {
    test(`/search?q=refund hydrates without an error and passes axe at ${viewport.width} px`, async ({browser}) => {
      // A session of its own: the console's first error on this page is what is tested.
      const own = await openSession(browser, {viewport});
      try {
        await gotoHydrated(own.page, `${site.origin}/search?q=refund`);
        await own.page.getByRole('heading', {level: 1, name: 'Search results for "refund"'}).waitFor();
        await own.page.locator('article h2 > a').first().waitFor({timeout: 20_000});
        assert.deepEqual([...own.consoleErrors, ...own.pageErrors], [], 'no console error, React’s hydration errors (#418) included');
        assert.deepEqual(await seriousAccessibilityViolations(own.page, 'body'), [], 'the page passes axe');
      } finally {
        await own.close();
      }
    });
  }

  test('never leaves the browser: the index comes from this site and nothing else is requested', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    const index = page.waitForResponse((response) => /search-index[^/]*\.json$/.test(new URL(response.url()).pathname));
    await navbarSearchBox(page).focus();
    assert.equal(new URL((await index).url()).origin, site.origin, 'the index comes from the site itself');
    assert.deepEqual(session.blockedRequests, [], 'no request to any other host');
    assert.deepEqual(session.pageErrors, []);
  });
});

/** Where focus is, as a screen reader would name it: "combobox Search", "link Refunds". */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 60);
    return `${role} ${name}`;
  });
}

test.describe('search box by keyboard and screen reader', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  /** The page, with focus on the article's first link and the search box not yet used. */
  async function readerInArticle(page: Page): Promise<string> {
    await gotoHydrated(page, `${site.origin}${startPath}`);
    const link = page.locator('article .markdown a[href]').first();
    await link.focus();
    return focused(page);
  }

  test('a combobox whose list, active option and count are in the accessibility tree; Escape twice returns focus', async () => {
    const {page} = session;
    const where = await readerInArticle(page);
    await page.keyboard.press('Control+k');
    assert.equal(await focused(page), 'combobox Search', 'Ctrl+K puts focus in the box');
    await page.keyboard.type('refund');
    const box = page.getByRole('combobox', {name: 'Search'});
    await page.getByRole('listbox', {name: 'Search results'}).getByRole('option').first().waitFor({timeout: 20_000});
    assert.equal(await box.getAttribute('aria-expanded'), 'true');
    const listId = await box.getAttribute('aria-controls');
    assert.equal(await page.locator(`[id="${listId}"]`).getAttribute('role'), 'listbox', 'the box controls the listbox');
    const status = page.locator('.navbar').getByRole('status');
    await status.filter({hasText: /^\d+ results?( shown)?$/}).waitFor();
    await assertSnapshot(page.locator('.navbar__search'), ['combobox "Search"', 'listbox "Search results"', 'option "']);

    await page.keyboard.press('ArrowDown');
    const first = page.getByRole('option').first();
    assert.equal(await first.getAttribute('aria-selected'), 'true', 'ArrowDown highlights the first option');
    assert.equal(await box.getAttribute('aria-activedescendant'), await first.getAttribute('id'));
    assert.equal(await focused(page), 'combobox Search', 'focus stays in the box while the options are browsed');

    await page.keyboard.press('Escape');
    assert.equal(await box.getAttribute('aria-expanded'), 'false', 'Escape closes the list');
    assert.equal(await focused(page), 'combobox Search', 'Escape keeps focus in the box');
    await page.keyboard.type('s');
    assert.equal(await box.inputValue(), 'refunds', 'typing after Escape goes on in the box');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    assert.equal(await focused(page), where, 'a second Escape returns focus to where the reader was');
  });

  test('Tab with results open moves on, opening nothing; Enter opens the highlighted result', async () => {
    const {page} = session;
    await readerInArticle(page);
    const results = await searchFromNavbar(page, 'refund');
    assert.ok((await results.count()) > 0);
    const before = page.url();
    await page.keyboard.press('Tab');
    assert.notEqual(await focused(page), 'combobox Search', 'focus left the box');
    assert.equal(page.url(), before, 'Tab opened no result');
    assert.equal(await page.getByRole('combobox', {name: 'Search'}).getAttribute('aria-expanded'), 'false', 'the list closed');

    await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(page), 'combobox Search');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = new URL((await page.getByRole('option').nth(1).getAttribute('data-href')) ?? '', site.origin);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === second.pathname);
  });

  test('says “no results” in the live region when nothing matches', async () => {
    const {page} = session;
    await readerInArticle(page);
    const box = page.getByRole('combobox', {name: 'Search'});
    await box.focus();
    await box.fill('pterodactyl');
    await page.locator('.navbar').getByRole('status').filter({hasText: 'No results for “pterodactyl”'}).waitFor({timeout: 20_000});
    assert.equal(await page.getByRole('option').count(), 0);
  });

  test('loading the index never takes focus from where the reader is', async () => {
    const {page} = session;
    // A fresh page of its own: the index is not loaded yet.
    const fresh = await session.context.newPage();
    try {
      await gotoHydrated(fresh, `${site.origin}${startPath}`);
      const loaded = fresh.waitForResponse((response) => new URL(response.url()).pathname === '/search-index.json');
      // The pointer over the box starts the load; the reader is reading a link.
      await fresh.locator('.navbar').getByRole('combobox', {name: 'Search'}).hover();
      const link = fresh.locator('article .markdown a[href]').first();
      await link.focus();
      const where = await focused(fresh);
      await loaded;
      await fresh.waitForTimeout(0);
      assert.equal(await focused(fresh), where, 'focus stays on the link while and after the index loads');
    } finally {
      await fresh.close();
    }
    assert.ok(page);
  });

  test('the open list passes axe', async () => {
    const {page} = session;
    await readerInArticle(page);
    await searchFromNavbar(page, 'How do I refund part of a payment?');
    assert.deepEqual(await seriousAccessibilityViolations(page, '.navbar__search'), []);
  });
});

test.describe('answers to questions', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  const question = 'Which field do I use to detect a duplicate webhook delivery?';
  const answeringSections = ['/api/webhooks#duplicates', '/api/core/events/events-intro#the-event-object'];

  test('a question shows the answering section’s passage, quoted, with its heading and link, above the results', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    await searchFromNavbar(page, question);
    const card = page.locator('.navbar').getByRole('figure', {name: 'Answer from the docs'});
    await card.waitFor();
    // Both sections say a repeated delivery carries the same event id.
    assert.match((await card.locator('blockquote').textContent()) ?? '', /same (event )?id/);
    const link = card.getByRole('link');
    const href = new URL((await link.getAttribute('href')) ?? '', site.origin);
    assert.ok(
      answeringSections.includes(`${href.pathname}${href.hash}`),
      `the card links to the section it quotes: ${href.pathname}${href.hash}`,
    );
    assert.match((await link.textContent()) ?? '', /^(Webhooks › Duplicates|Events and webhooks › The event object)$/);
    const [best] = await resultTargets(suggestions(page));
    assert.equal(`${href.pathname}${href.hash}`, best, 'the card quotes the first result');
    assert.deepEqual(session.blockedRequests, [], 'the answer comes from the docs in the browser, nothing else is asked');
  });

  test('keywords show no answer card', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    await searchFromNavbar(page, 'duplicate webhook');
    assert.equal(await page.locator('[data-search-answer]').count(), 0);
  });

  test('the search page shows the answer card too, and passes axe', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/search?q=${encodeURIComponent(question)}`);
    const card = page.getByRole('main').getByRole('figure', {name: 'Answer from the docs'});
    await card.waitFor({timeout: 20_000});
    const href = new URL((await card.getByRole('link').getAttribute('href')) ?? '', site.origin);
    assert.ok(answeringSections.includes(`${href.pathname}${href.hash}`), `the card links to ${href.pathname}${href.hash}`);
    assert.deepEqual(await seriousAccessibilityViolations(page, '.main-wrapper'), []);
  });
});

test.describe('one engine', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  const mcpSearch = new DocsSearch(async (sitePath) => {
    try {
      return readFileSync(join(buildDir, sitePath), 'utf8');
    } catch {
      return undefined;
    }
  });

  for (const query of ['refund a charge', 'How do I verify a webhook signature?', 'card_declined']) {
    test(`the search box and search_docs list the same sections in the same order for “${query}”`, async () => {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}${startPath}`);
      const results = await searchFromNavbar(page, query);
      const onSite = await resultTargets(results);
      const fromMcp = (await mcpSearch.search(query, searchResultLimit)).map((hit) => hit.path);
      assert.deepEqual(onSite, fromMcp);
    });
  }

  test('searches with no network once the index is loaded', async () => {
    const {page, context} = session;
    await gotoHydrated(page, `${site.origin}${startPath}`);
    await searchFromNavbar(page, 'refund');
    await context.setOffline(true);
    try {
      const results = await searchFromNavbar(page, 'chargeback');
      assert.ok((await results.count()) > 0, 'results while offline');
    } finally {
      await context.setOffline(false);
    }
  });
});

test.describe('search index in the build', () => {
  const indexFile = join(buildDir, 'search-index.json');
  // The index lists each page once ([path, title, keywords]), then its sections.
  const {pages} = JSON.parse(readFileSync(indexFile, 'utf8')) as {pages: [string, string, string][]};
  const indexedPaths = new Set(pages.map(([path]) => path));

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
