/**
 * The fault matrix: every page type under each fault the site must survive
 * (the faults listed below), as a reader sees it in Chromium. Each cell asserts what
 * is on the screen (the page's heading, the warning, the error text and its
 * Retry button, the search message), not only that nothing threw.
 *
 * Faults: browser storage throwing (localStorage, sessionStorage, both); a
 * route's chunks failing once (one reload, the page arrives) and every time
 * (the error text and Retry, no reload loop); the search index failing (a
 * message in the navbar box and on /search, and a retry that works once the
 * network is back); the API host unreachable from Send; data saving on.
 */
import assert from 'node:assert/strict';
import type {Page, Request, Route} from '@playwright/test';
import {gotoHydrated, isDocumentRequest, openSession, test, type BrowserSession} from '../support/browser';
import {site} from '../support/site';
import {explorerSendOrigin} from '../support/explorer';

interface PageType {
  readonly name: string;
  readonly path: string;
  /** The heading the reader sees once the page has arrived. */
  readonly heading: string | RegExp;
  /** Endpoint pages carry the request explorer and its Send button. */
  readonly hasExplorer?: boolean;
  readonly status?: number;
}

const pageTypes: readonly PageType[] = [
  {name: 'home', path: '/', heading: 'Zip documentation'},
  {name: 'help article', path: '/help/security', heading: 'Security'},
  {name: 'guide', path: '/guides/developer-guide/api-keys', heading: 'Manage your API keys'},
  {name: 'API intro', path: '/api/intro', heading: 'Zip API reference'},
  {name: 'endpoint page', path: '/api/core/charges/create-charge', heading: 'Create a charge', hasExplorer: true},
  {name: 'v2 reference page', path: '/api/payments/refund-charge', heading: 'Refund a charge', hasExplorer: true},
  {name: 'search page', path: '/search?q=refund', heading: 'Search results for "refund"'},
  {name: '404 page', path: '/no-such-page', heading: 'We couldn’t find that page', status: 404},
];

/** The page's own heading (not one of a result list's). */
function pageHeading(page: Page, pageType: PageType) {
  return page.locator('h1').filter({hasText: pageType.heading}).first();
}

async function assertArrived(page: Page, pageType: PageType): Promise<void> {
  const heading = pageHeading(page, pageType);
  const crash = page.getByText('This page crashed.');
  await heading.or(crash).first().waitFor({state: 'visible', timeout: 15_000});
  if ((await crash.count()) > 0) {
    const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 400);
    assert.fail(`${pageType.name} crashed; the reader sees: ${shown}`);
  }
}

/** A client-side navigation, as the router performs on back and forward: the route's chunks load in this document. */
async function navigateClientSide(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
  }, path);
}

/**
 * A page to navigate from whose route's code is not the page type's. (An
 * unknown path is rendered by the help section's route, whose base is `/`,
 * so the 404 page starts from the search page.)
 */
function startPathFor(pageType: PageType): string {
  if (pageType.path === '/') return '/guides/intro';
  return pageType.status === 404 ? '/search' : '/';
}

/** Whether a request is one of the site's scripts other than the entry (main and its runtime). */
function isRouteChunk(request: Request): boolean {
  const url = new URL(request.url());
  return url.origin === site.origin && /^\/assets\/js\/(?!(main|runtime~main)\.)[^/]+\.js$/.test(url.pathname);
}

function pathnameOf(pageType: PageType): string {
  return new URL(pageType.path, site.origin).pathname;
}

const throwingStorage = (names: readonly string[]): string => `
  for (const name of ${JSON.stringify(names)}) {
    Object.defineProperty(window, name, {
      configurable: true,
      get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
    });
  }`;

for (const storages of [['localStorage'], ['sessionStorage'], ['localStorage', 'sessionStorage']] as const) {
  test.describe(`${storages.join(' and ')} throwing`, () => {
    let session: BrowserSession;
    test.beforeAll(async ({browser}) => {
      session = await openSession(browser, {initScript: throwingStorage(storages)});
    });
    test.afterAll(async () => {
      await session.close();
    });

    for (const pageType of pageTypes) {
      test(`${pageType.name}: renders as if nothing is stored, no crash`, async () => {
        const {page} = session;
        const pageErrorsBefore = session.pageErrors.length;
        const warningsBefore = session.consoleWarnings.length;
        const status = await gotoHydrated(page, `${site.origin}${pageType.path}`);
        assert.equal(status, pageType.status ?? 200);
        await assertArrived(page, pageType);
        // Nothing stored: the announcement shows, the colour mode is the default.
        assert.ok(await page.locator('.theme-announcement-bar').isVisible(), 'the announcement bar shows');
        assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
        if (pageType.hasExplorer) {
          // The explorer, which keeps the reader's key in sessionStorage, still comes up.
          await page.getByRole('button', {name: 'Send API Request'}).waitFor({state: 'visible', timeout: 15_000});
          await page.getByPlaceholder('Username').fill('sk_test_storage_off');
        }
        if ((storages as readonly string[]).includes('localStorage') || pageType.hasExplorer) {
          const warnings = session.consoleWarnings.slice(warningsBefore);
          assert.ok(
            warnings.some((warning) => /storage is not available/i.test(warning)),
            `a storage warning is logged; warnings were: ${warnings.join(' | ')}`,
          );
        }
        assert.deepEqual(session.pageErrors.slice(pageErrorsBefore), []);
      });
    }
  });
}

test.describe('a route’s chunks failing', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser);
  });
  test.afterAll(async () => {
    await session.close();
  });

  for (const pageType of pageTypes) {
    test(`${pageType.name}: failing once, the page reloads once and arrives`, async () => {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}${startPathFor(pageType)}`);
      let reloads = 0;
      let failed = 0;
      const countReloads = (request: Request): void => {
        if (isDocumentRequest(request, pathnameOf(pageType))) reloads += 1;
      };
      const failUntilReload = async (route: Route): Promise<void> => {
        if (reloads === 0) {
          failed += 1;
          await route.abort('failed');
        } else {
          await route.continue();
        }
      };
      page.on('request', countReloads);
      const endFault = session.intercept((_url, request) => isRouteChunk(request), failUntilReload);
      try {
        await navigateClientSide(page, pageType.path);
        await page.waitForRequest((request) => isDocumentRequest(request, pathnameOf(pageType)));
        await page.waitForSelector('html[data-has-hydrated="true"]');
        await assertArrived(page, pageType);
        assert.ok(failed >= 1, 'a chunk load failed before the reload');
        assert.equal(reloads, 1, 'one reload');
      } finally {
        page.off('request', countReloads);
        endFault();
      }
    });

    test(`${pageType.name}: failing every time, the error text and Retry, no reload loop`, async () => {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}${startPathFor(pageType)}`);
      let reloads = 0;
      let onFailure: (() => void) | undefined;
      const countReloads = (request: Request): void => {
        if (isDocumentRequest(request, pathnameOf(pageType))) reloads += 1;
      };
      const failAlways = async (route: Route): Promise<void> => {
        await route.abort('failed');
        onFailure?.();
      };
      page.on('request', countReloads);
      const endFault = session.intercept((_url, request) => isRouteChunk(request), failAlways);
      try {
        await navigateClientSide(page, pageType.path);
        const notice = page.getByRole('alert').filter({hasText: 'This page could not be loaded.'});
        await notice.waitFor({timeout: 15_000});
        assert.match((await notice.textContent()) ?? '', /Loading chunk .+ failed/, 'the error text is shown');
        assert.equal(reloads, 1, 'the one automatic reload, and no more');

        // Retry while the chunks still fail: the page is loaded again, and says so again.
        const failedAgain = new Promise<void>((resolve) => {
          onFailure = resolve;
        });
        await notice.getByRole('button', {name: 'Retry'}).click();
        await failedAgain;
        await notice.getByRole('button', {name: 'Retry'}).waitFor();
        assert.equal(reloads, 2, 'only the reload the reader asked for: no reload loop');

        // The network is back: Retry brings the page.
        endFault();
        await notice.getByRole('button', {name: 'Retry'}).click();
        await page.waitForSelector('html[data-has-hydrated="true"]');
        await assertArrived(page, pageType);
        assert.equal(reloads, 3);
      } finally {
        page.off('request', countReloads);
        endFault();
      }
    });
  }
});

test.describe('the search index failing', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser);
  });
  test.afterAll(async () => {
    await session.close();
  });
  // The index is fetched by the page when the reader reaches for search.
  const searchIndex = (url: URL): boolean => url.pathname.startsWith('/search-index');
  const failIndex = (route: Route): Promise<void> => route.abort('failed');

  for (const pageType of pageTypes) {
    test(`${pageType.name}: the navbar box says search is unavailable, and Retry works once the network is back`, async () => {
      const {page} = session;
      const endFault = session.intercept(searchIndex, failIndex);
      try {
        await gotoHydrated(page, `${site.origin}${pageType.path}`);
        await assertArrived(page, pageType);
        const navbar = page.locator('.navbar');
        const box = navbar.getByLabel('Search', {exact: true});
        await box.click();
        await box.fill('refund');
        const message = navbar.getByRole('alert').filter({hasText: 'Search is unavailable: the search index could not be loaded.'});
        await message.waitFor({timeout: 15_000});
        // The message, not a loading ring that spins for good.
        assert.equal(await navbar.locator('[class*="searchBarLoadingRing_"]').isVisible(), false, 'no loading ring');
        if (pageType.name === 'search page') {
          const pageMessage = page
            .getByRole('main')
            .getByRole('alert')
            .filter({hasText: 'Search is unavailable: the search index could not be loaded.'});
          await pageMessage.waitFor();
        }
        endFault();
        await message.getByRole('button', {name: 'Retry'}).click();
        await message.waitFor({state: 'detached'});
        await box.click();
        await box.fill('');
        await box.fill('refund');
        await navbar.getByRole('option').first().waitFor({timeout: 15_000});
        if (pageType.name === 'search page') {
          // The results page recovers with the same index.
          await page.getByRole('main').locator('article:has(> h2 > a[href])').first().waitFor({timeout: 15_000});
        }
        assert.equal(await page.getByText('This page crashed.').count(), 0);
      } finally {
        endFault();
      }
    });
  }
});

test.describe('the API host unreachable from Send', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {viewport: {width: 1400, height: 900}});
  });
  test.afterAll(async () => {
    await session.close();
  });

  for (const pageType of pageTypes.filter((type) => type.hasExplorer)) {
    test(`${pageType.name}: the explorer says the request failed, no crash`, async () => {
      const {page} = session;
      const pageErrorsBefore = session.pageErrors.length;
      await gotoHydrated(page, `${site.origin}${pageType.path}`);
      // The test build's explorer sends to the test mode's address; nothing listens there for this test.
      const unreachable = (route: Route): Promise<void> => route.abort('connectionrefused');
      const endFault = session.intercept((url) => url.origin === explorerSendOrigin, unreachable);
      try {
        await page.getByPlaceholder('Username').fill('sk_test_unreachable');
        await page.getByRole('button', {name: 'Send API Request'}).click();
        const alert = page.getByRole('alert').filter({hasText: /fail|network|reach/i});
        await alert.waitFor({timeout: 20_000});
        assert.ok(((await alert.textContent()) ?? '').trim().length > 10, 'the message says what went wrong');
        await assertArrived(page, pageType);
        assert.deepEqual(session.pageErrors.slice(pageErrorsBefore), []);
      } finally {
        endFault();
      }
    });
  }
});

test.describe('data saving on', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {
      initScript: `Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => ({saveData: true, effectiveType: '4g'})});`,
    });
  });
  test.afterAll(async () => {
    await session.close();
  });

  for (const pageType of pageTypes) {
    test(`${pageType.name}: the page arrives and prefetches nothing`, async () => {
      const {page} = session;
      const status = await gotoHydrated(page, `${site.origin}${pageType.path}`);
      assert.equal(status, pageType.status ?? 200);
      await assertArrived(page, pageType);
      await page.waitForLoadState('networkidle');
      // Anything the page leaves to idle time gets its turn; links prefetch on intent only (plugins/navigation/prefetchOnIntent.ts).
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
      assert.equal(await page.locator('link[rel="prefetch"]').count(), 0);
    });
  }
});
