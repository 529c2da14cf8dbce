/**
 * A reader's browser session in Debian's Chromium (the worker's browser that
 * @playwright/test launches, playwright.config.ts): a fresh context, so a
 * fresh profile, per session, and a network that never leaves the machine:
 * requests to the local static server go through, the analytics tag is
 * answered by a local stub, and anything else is stopped and recorded so a
 * test can fail on it (by the session's route, or, in a session that keeps
 * the HTTP cache, by the browser, which resolves no other host). Contexts
 * made here are traced like the runner's own.
 */
import {
  test as base,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Locator,
  type Page,
  type Request,
  type Route,
} from '@playwright/test';
import {deliveryServers} from './site';

/**
 * Stands in for gtag.js: like the real library it reads the data layer and
 * sends a hit to the collect endpoint for each tracker on every page view and
 * every other event (its parameters as ep.<name>, as GA4 sends them), so
 * tests observe what would leave the browser.
 */
const gtagStub = `
(() => {
  const trackers = [];
  let pagePath = location.pathname + location.search + location.hash;
  const send = (id, eventName = 'page_view', params = {}) => {
    const query = new URLSearchParams({v: '2', en: eventName, tid: id, dp: pagePath});
    for (const [key, value] of Object.entries(params)) query.set('ep.' + key, String(value));
    const url = 'https://www.google-analytics.com/g/collect?' + query.toString();
    fetch(url, {method: 'POST', mode: 'no-cors', keepalive: true}).catch(() => {});
  };
  const handle = (args) => {
    const [command, name, params] = args;
    if (command === 'config') { trackers.push(name); send(name); }
    if (command === 'set' && name === 'page_path') { pagePath = params; }
    if (command === 'event') { trackers.forEach((id) => send(id, name, params)); }
  };
  const layer = (window.dataLayer = window.dataLayer || []);
  layer.forEach(handle);
  const push = layer.push.bind(layer);
  layer.push = (...items) => { items.forEach(handle); return push(...items); };
})();
`;

/** Where the page loads gtag.js from (answered with gtagStub). */
const tagManagerHost = 'www.googletagmanager.com';
/** Where gtag.js sends its hits: each request there is one, recorded in `analyticsHits`. */
const analyticsCollectHost = 'www.google-analytics.com';

/** What the session answers for Google's analytics hosts, or undefined for any other URL. */
function analyticsAnswer(url: URL): {status: number; contentType: string; body: string} | undefined {
  if (url.hostname === tagManagerHost) return {status: 200, contentType: 'text/javascript', body: gtagStub};
  if (url.hostname === analyticsCollectHost) return {status: 204, contentType: 'text/plain', body: ''};
  return undefined;
}

const localOrigins = new Set<string>(Object.values(deliveryServers).map((server) => server.origin));

/** Whether a request stays on the machine: a local static server (nginx, or the Pages server), or data the page already holds. */
function staysOnMachine(url: URL): boolean {
  return localOrigins.has(url.origin) || url.protocol === 'data:' || url.protocol === 'blob:';
}

/**
 * Answers the analytics hosts in one page through the DevTools protocol's
 * Fetch domain, which pauses only the requests its patterns name; the rest
 * of the page's requests, and the HTTP cache, are left alone.
 */
async function answerAnalyticsInPage(context: BrowserContext, page: Page, analyticsHits: URL[]): Promise<void> {
  const devtools: CDPSession = await context.newCDPSession(page);
  devtools.on('Fetch.requestPaused', (event) => {
    const url = new URL(event.request.url);
    const answer = analyticsAnswer(url);
    if (url.hostname === analyticsCollectHost) analyticsHits.push(url);
    void devtools
      .send('Fetch.fulfillRequest', {
        requestId: event.requestId,
        responseCode: answer?.status ?? 404,
        responseHeaders: [{name: 'Content-Type', value: answer?.contentType ?? 'text/plain'}],
        body: Buffer.from(answer?.body ?? '').toString('base64'),
      })
      // The page may be gone (closed or navigated away) before the answer.
      .catch(() => {});
  });
  await devtools.send('Fetch.enable', {
    patterns: [tagManagerHost, analyticsCollectHost].map((host) => ({urlPattern: `*://${host}/*`})),
  });
}

/** Which requests an interception answers. */
export type RequestMatcher = (url: URL, request: Request) => boolean;
/** Answers an intercepted request: continue, fulfill or abort it (or hold it). */
export type RequestAnswer = (route: Route) => Promise<void> | void;

export interface BrowserSession {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console messages of type error, with their page URL. */
  readonly consoleErrors: string[];
  /** Console messages of type warning. */
  readonly consoleWarnings: string[];
  /** Uncaught exceptions thrown in the page. */
  readonly pageErrors: string[];
  /** Analytics hits the page tried to send (intercepted, never sent). */
  readonly analyticsHits: URL[];
  /** Requests to anywhere but the local server and analytics (aborted). */
  readonly blockedRequests: string[];
  /** Content-Security-Policy violations: page, directive and what was blocked. */
  readonly cspViolations: string[];
  /**
   * Answers the requests `matches` picks with `answer` instead of the network
   * fence, for every page and worker of the session, until the returned
   * function is called; the latest interception wins. Tests use this, not
   * page.route/unroute: removing Playwright's last page route while a request
   * is on its way to the test hands that request on to the context's route
   * as well, and the two answers collide ("Route is already handled!").
   * Here one context route answers everything and is never removed, so
   * ending an interception only changes what later requests get.
   */
  intercept(matches: RequestMatcher, answer: RequestAnswer): () => void;
  close(): Promise<void>;
}

export interface SessionOptions {
  readonly viewport?: {width: number; height: number};
  readonly colorScheme?: 'light' | 'dark';
  /** Script run in every page before the site's own scripts. */
  readonly initScript?: string;
  /** False to read the server's HTML as it is, with no script run. */
  readonly javaScriptEnabled?: boolean;
  /**
   * True to keep the browser's HTTP cache, as a reader's browser does, for a
   * session that loads many pages and never intercepts (the crawl, and the
   * sessions groups of tests share). Any
   * Playwright route turns the cache off and hands every request to the test
   * runner, which made each page load fetch and compile the site's scripts
   * again. Such a session answers the analytics hosts through the DevTools
   * protocol instead (in the session's one page), records every other
   * request that would leave the machine from the browser's request events
   * (the browser resolves no host but the local server's:
   * playwright.config.ts), and has no `intercept`.
   */
  readonly httpCache?: boolean;
}

export async function openSession(browser: Browser, options: SessionOptions = {}): Promise<BrowserSession> {
  const context = await browser.newContext({
    viewport: options.viewport ?? {width: 1280, height: 900},
    colorScheme: options.colorScheme ?? 'light',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const consoleErrors: string[] = [];
  const consoleWarnings: string[] = [];
  const pageErrors: string[] = [];
  const analyticsHits: URL[] = [];
  const blockedRequests: string[] = [];
  const cspViolations: string[] = [];

  // The server sends the production Content-Security-Policy: every violation
  // is reported with the page, the directive and what it blocked.
  await context.exposeFunction('__zipReportCspViolation', (violation: string) => {
    cspViolations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as {__zipReportCspViolation: (violation: string) => void}).__zipReportCspViolation;
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      const blocked = event.blockedURI === 'inline' || event.blockedURI === '' ? 'inline code' : event.blockedURI;
      void report(`${location.pathname}: ${event.effectiveDirective} blocked ${blocked}${where}`);
    });
  });
  const interceptions: {readonly matches: RequestMatcher; readonly answer: RequestAnswer}[] = [];
  if (options.httpCache) {
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (!staysOnMachine(url) && analyticsAnswer(url) === undefined) blockedRequests.push(url.href);
    });
  } else {
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      const interception = [...interceptions].reverse().find(({matches}) => matches(url, route.request()));
      const analytics = analyticsAnswer(url);
      if (interception) {
        await interception.answer(route);
      } else if (staysOnMachine(url)) {
        await route.continue();
      } else if (analytics) {
        if (url.hostname === analyticsCollectHost) analyticsHits.push(url);
        await route.fulfill(analytics);
      } else {
        blockedRequests.push(url.href);
        await route.abort('blockedbyclient');
      }
    });
  }
  if (options.initScript) {
    await context.addInitScript({content: options.initScript});
  }
  context.on('console', (message) => {
    const where = message.page()?.url() ?? '';
    if (message.type() === 'error') consoleErrors.push(`${where}: ${message.text()}`);
    if (message.type() === 'warning') consoleWarnings.push(`${where}: ${message.text()}`);
  });
  context.on('weberror', (webError) => {
    pageErrors.push(`${webError.page()?.url() ?? ''}: ${webError.error().message}`);
  });

  const page = await context.newPage();
  if (options.httpCache) await answerAnalyticsInPage(context, page, analyticsHits);
  return {
    context,
    page,
    consoleErrors,
    consoleWarnings,
    pageErrors,
    analyticsHits,
    blockedRequests,
    cspViolations,
    intercept(matches, answer) {
      if (options.httpCache) {
        throw new Error('This session keeps the HTTP cache and has no Playwright route: open one without httpCache to intercept.');
      }
      const interception = {matches, answer};
      interceptions.push(interception);
      return () => {
        const index = interceptions.indexOf(interception);
        if (index !== -1) interceptions.splice(index, 1);
      };
    },
    async close() {
      await context.close();
    },
  };
}

/**
 * Navigates and waits until React has hydrated the server-rendered page and the style sheets it
 * enables then have arrived (plugins/critical-css): the page as its reader has it a moment later.
 * tests/e2e/first-paint.test.ts holds what the page draws before they arrive.
 */
export async function gotoHydrated(page: Page, url: string): Promise<number | undefined> {
  const response = await page.goto(url, {waitUntil: 'load'});
  await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 15_000});
  await page.waitForFunction(styleSheetsArrived, undefined, {timeout: 15_000});
  return response?.status();
}

/** Whether every style sheet the page links is enabled and loaded (run in the page, with `page.waitForFunction`). */
export function styleSheetsArrived(): boolean {
  return Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every(
    (link) => !link.disabled && link.sheet !== null,
  );
}

export function isDocumentRequest(request: Request, pathname: string): boolean {
  return request.resourceType() === 'document' && new URL(request.url()).pathname === pathname;
}

/** Whether React renders the first element the selector matches (it hydrated or created it): the element carries React's fiber. */
function reactRenders(selector: string): boolean {
  const element = document.querySelector(selector);
  return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
}

/** Whether React renders the element (rather than it being server markup React has not hydrated). */
export function isReactRendered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));
}

/** Waits until React renders the first element the selector matches. */
export async function waitUntilReactRendered(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(reactRenders, selector);
}

/**
 * The runner's `test` with a `session`: a reader's desktop session opened for
 * the test and closed after it. Tests that need another window size, several
 * windows or a session shared by a group open their own with openSession.
 */
export const test = base.extend<{session: BrowserSession}>({
  session: async ({browser}, use) => {
    const session = await openSession(browser);
    await use(session);
    await session.close();
  },
});
