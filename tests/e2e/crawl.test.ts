/**
 * Visits every page of the sitemap in Chromium, after hydration, and fails on
 * a console error, an uncaught page error, an internal link that leads
 * nowhere, a Content-Security-Policy violation, a request that tried to
 * leave the machine, a Markdown twin whose title is not the page's h1 (or an
 * h1 that is not the document title), an endpoint page that does not show its
 * operation (its summary as h1, its method and path, the explorer's Send and
 * the nine code-sample tabs in order), or an axe-core violation of any
 * severity (minor included) at desktop width (1280 px) or on a phone
 * (390 px). The 404 page is scanned at both widths too.
 *
 * The pages are spread over the runner's workers. Each page's ids and anchor
 * links are recorded (tests/support/crawl-records.ts) for the anchor check
 * that runs once all are crawled (crawl-anchors.test.ts).
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {Page} from '@playwright/test';
import {AxeBuilder} from '@axe-core/playwright';
import {markdownTwinPath} from '@zip/model/markdownTwin';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {crawlRecordFile, type CrawlRecord} from '../support/crawl-records';
import {crawlSelection} from '../support/page-sources';
import {buildDir, site} from '../support/site';
import {codeSampleTabLabels, codeSampleTabNames} from '../support/explorer';
import {expectedEndpoints, type ExpectedEndpoint} from '../support/specs';

const sitemapFile = join(buildDir, 'sitemap.xml');
if (!existsSync(sitemapFile)) {
  throw new Error(`${sitemapFile} is missing: build the site first (npm run build:test).`);
}
const sitemapPaths = [...readFileSync(sitemapFile, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (match) => new URL(match[1] ?? '/').pathname,
);
const knownPages = new Set(sitemapPaths);
/** Every page, or those of the sources the pages lane names (tests/support/page-sources.ts). */
const pagePaths = crawlSelection(sitemapPaths);
/** The operations of the specs, by the route of their page. */
const endpointsByRoute = new Map(expectedEndpoints().map((endpoint) => [endpoint.route, endpoint]));

/** A desktop window, where every check runs. */
let session: BrowserSession;
/** A phone (390 × 844 CSS px, an iPhone 12 to 15), where the page is scanned by axe again. */
let phoneSession: BrowserSession;
const phoneViewport = {width: 390, height: 844};

/**
 * Every axe violation on the page, whatever its impact, one line each with up
 * to three of its elements. Every rule runs; only the violations' nodes are
 * collected (resultTypes), and axe runs in the page itself (legacy mode)
 * rather than finishing in a second blank page per scan, which halves a scan
 * of an endpoint page. Legacy mode only gives up cross-origin frames, and the
 * site's policy allows no frames at all (frame-src 'none').
 */
async function axeViolations(page: Page, width: string): Promise<string[]> {
  const axe = await new AxeBuilder({page})
    .setLegacyMode(true)
    .options({resultTypes: ['violations']})
    .analyze();
  return axe.violations.map(
    (violation) =>
      `axe at ${width}: ${violation.impact ?? 'unknown'} ${violation.id}: ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}
/** True when a link target is a page or a file the build serves. */
function linkTargetExists(pathname: string): boolean {
  const withoutSlash = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (knownPages.has(withoutSlash) || knownPages.has(pathname)) return true;
  const file = join(buildDir, decodeURIComponent(pathname));
  return existsSync(file) && !pathname.endsWith('/');
}

/** The page's links: the internal ones that lead nowhere, and the internal ones with an anchor (`/path#anchor`). */
async function readLinks(page: Page): Promise<{broken: string[]; anchorLinks: string[]}> {
  const links = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  const broken = new Set<string>();
  const anchorLinks = new Set<string>();
  for (const href of links) {
    const url = new URL(href);
    if (url.origin !== site.origin) continue;
    if (!linkTargetExists(url.pathname)) {
      broken.add(url.pathname);
    } else if (url.hash.length > 1) {
      anchorLinks.add(`${url.pathname.replace(/\/$/, '') || '/'}${url.hash}`);
    }
  }
  return {broken: [...broken], anchorLinks: [...anchorLinks]};
}

/** Problems with the page's Markdown twin: its title must be the page's h1, and the h1 the document's title. */
async function twinProblems(page: Page, path: string): Promise<string[]> {
  const h1 = ((await page.locator('h1').first().textContent()) ?? '').replace(/\u200b/g, '').trim();
  const documentTitle = (await page.title()).replace(/ \| Zip Docs$/, '');
  const twin = await fetch(`${site.origin}${markdownTwinPath(path)}`);
  const twinTitle = (await twin.text()).split('\n')[0];
  return [
    ...(twin.status === 200 ? [] : [`Markdown twin ${markdownTwinPath(path)} answers ${twin.status}`]),
    ...(twinTitle === `# ${h1}` ? [] : [`Markdown twin's title "${twinTitle ?? ''}" is not the h1 "# ${h1}"`]),
    ...(h1 === documentTitle ? [] : [`h1 "${h1}" is not the document title "${documentTitle}"`]),
  ];
}

/**
 * Problems with an endpoint page: its h1 must be the operation's summary, it
 * must show the method and path, and the explorer (loaded as soon as it is
 * near the viewport, here at once) must offer Send and the nine code-sample
 * tabs in order. Waiting for the explorer before axe also means axe scans it.
 */
async function endpointProblems(page: Page, endpoint: ExpectedEndpoint): Promise<string[]> {
  const problems: string[] = [];
  const h1 = (await page.locator('article h1').first().textContent()) ?? '';
  if (h1 !== endpoint.summary) problems.push(`h1 "${h1}" is not the operation's summary "${endpoint.summary}"`);
  const methodAndPath = (await page.locator('.openapi__method-endpoint').first().textContent()) ?? '';
  // The explorer writes path parameters as :name.
  const shownPath = endpoint.path.replace(/\{([^}]+)\}/g, ':$1');
  if (!methodAndPath.toLowerCase().startsWith(endpoint.method.toLowerCase()) || !methodAndPath.includes(shownPath)) {
    problems.push(`shows "${methodAndPath}", not ${endpoint.method} ${shownPath}`);
  }
  try {
    await page.getByRole('button', {name: 'Send API Request'}).waitFor({state: 'visible', timeout: 15_000});
  } catch {
    problems.push('the explorer shows no Send API Request button');
  }
  const labels = await codeSampleTabLabels(page);
  if (labels.join() !== codeSampleTabNames.join()) {
    problems.push(`code-sample tabs are [${labels.join(', ')}], not [${codeSampleTabNames.join(', ')}]`);
  }
  return problems;
}

test.describe(`crawl of the ${pagePaths.length} pages in the sitemap`, () => {
  test.describe.configure({mode: 'parallel'});

  // Each worker opens its own two windows.
  test.beforeAll(async ({browser}) => {
    // Readers' browsers cache the site's scripts between pages, and so do
    // these: without a route, each page after the first is not fetched and
    // compiled again (about a third of a page load's processor time).
    session = await openSession(browser, {httpCache: true});
    phoneSession = await openSession(browser, {viewport: phoneViewport, httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
    await phoneSession.close();
  });

  test('lists the pages every section must have', () => {
    for (const path of ['/', '/guides/intro', '/api/intro']) {
      assert.ok(knownPages.has(path), `sitemap lists ${path}`);
    }
    assert.ok(!pagePaths.some((path) => path.startsWith('/tests/')), 'test-only pages stay out of the sitemap');
  });

  test('lists a page for every operation of the specs, so the crawl checks each', () => {
    const missing = [...endpointsByRoute.keys()].filter((route) => !knownPages.has(route));
    assert.deepEqual(missing, [], 'operations whose page is not in the sitemap');
  });

  for (const path of pagePaths) {
    test(path, async () => {
      const {page} = session;
      const phone = phoneSession.page;
      /** Where each session's lists of problems stood before this page. */
      const before = (current: BrowserSession) =>
        [current.consoleErrors, current.pageErrors, current.cspViolations, current.blockedRequests].map((list) => list.length);
      const [errorsBefore = 0, pageErrorsBefore = 0, cspViolationsBefore = 0, blockedBefore = 0] = before(session);
      const [phoneErrorsBefore = 0, phonePageErrorsBefore = 0, phoneCspViolationsBefore = 0, phoneBlockedBefore = 0] = before(phoneSession);
      // The desktop and phone windows load and scan the page at once: each
      // waits on the network and on axe in turn.
      const [desktop, phoneViolations] = await Promise.all([
        (async () => {
          const status = await gotoHydrated(page, `${site.origin}${path}`);
          await page.waitForLoadState('networkidle');
          const links = await readLinks(page);
          const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((element) => element.id));
          const twin = await twinProblems(page, path);
          const endpoint = endpointsByRoute.get(path);
          const endpointPage = endpoint === undefined ? [] : await endpointProblems(page, endpoint);
          return {status, links, ids, twin, endpointPage, violations: await axeViolations(page, '1280 px')};
        })(),
        (async () => {
          await gotoHydrated(phone, `${site.origin}${path}`);
          await phone.waitForLoadState('networkidle');
          return axeViolations(phone, '390 px');
        })(),
      ]);
      assert.equal(desktop.status, 200, `${path} answers 200`);
      const record: CrawlRecord = {path, ids: desktop.ids, anchorLinks: desktop.links.anchorLinks};
      await writeFile(test.info().outputPath(crawlRecordFile), JSON.stringify(record));

      const problems = [
        ...session.consoleErrors.slice(errorsBefore).map((error) => `console error: ${error}`),
        ...session.pageErrors.slice(pageErrorsBefore).map((error) => `page error: ${error}`),
        ...session.cspViolations.slice(cspViolationsBefore).map((violation) => `CSP violation: ${violation}`),
        ...session.blockedRequests.slice(blockedBefore).map((url) => `request that tried to leave the machine: ${url}`),
        ...desktop.links.broken.map((target) => `broken internal link: ${target}`),
        ...desktop.twin,
        ...desktop.endpointPage,
        ...phoneSession.consoleErrors.slice(phoneErrorsBefore).map((error) => `console error at 390 px: ${error}`),
        ...phoneSession.pageErrors.slice(phonePageErrorsBefore).map((error) => `page error at 390 px: ${error}`),
        ...phoneSession.cspViolations.slice(phoneCspViolationsBefore).map((violation) => `CSP violation at 390 px: ${violation}`),
        ...phoneSession.blockedRequests.slice(phoneBlockedBefore).map((url) => `request that tried to leave the machine at 390 px: ${url}`),
        ...desktop.violations,
        ...phoneViolations,
      ];
      assert.deepEqual(problems, [], `${path} has ${problems.length} problem(s)`);
    });
  }

  test('the 404 page passes axe at both widths', async () => {
    const problems: string[] = [];
    for (const [current, width] of [
      [session, '1280 px'],
      [phoneSession, '390 px'],
    ] as const) {
      const status = await gotoHydrated(current.page, `${site.origin}/no-such-page`);
      assert.equal(status, 404);
      await current.page.waitForLoadState('networkidle');
      problems.push(...(await axeViolations(current.page, width)));
    }
    assert.deepEqual(problems, []);
  });
});
