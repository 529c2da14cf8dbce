/**
 * The API reference in Chromium: the specs define the operations the site
 * must document (one per product, listed below), the Java sample uses Unirest, the reference is server-rendered and
 * goes live when the reader uses it, and Send reaches the local test mode
 * (packages/test-mode, with the specs' example objects). That every operation's page shows its summary,
 * method and path, Send and the nine code-sample tabs is checked by the crawl
 * (crawl.test.ts), which loads every page already.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, type Page, type Request, type Route} from '@playwright/test';
import type {ChildProcess} from 'node:child_process';
import {sampleSecretKey} from '@zip/model/testValues';
import {gotoHydrated, isReactRendered, openSession, test, waitUntilReactRendered, type BrowserSession} from '../support/browser';
import {buildDir, site} from '../support/site';
import {animatedProperties} from '../support/animations';
import {codeSampleTabLabels, codeSampleTabNames, codeSampleTabs, explorerSendOrigin, startTestMode} from '../support/explorer';
import {expectedEndpoints} from '../support/specs';

/** Where the test build's explorer sends (ZIP_API_PROXY) and the test mode listens. */
const testModeOrigin = explorerSendOrigin;

const endpoints = expectedEndpoints();
const sitemap = readFileSync(join(buildDir, 'sitemap.xml'), 'utf8');

test.describe('API reference pages', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {viewport: {width: 1400, height: 900}, httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  test('the specs define one operation of every product the reference must show', () => {
    const routes = new Set(endpoints.map((endpoint) => endpoint.route));
    for (const route of [
      '/api/core/charges/create-charge',
      '/api/core/customers/retrieve-customer-by-email',
      '/api/core/sources/detach-source',
      '/api/checkout/endpoints/expire-session',
      '/api/links/deactivate-link',
      '/api/requests/resend-request',
      '/api/payments/refund-charge',
    ]) {
      assert.ok(routes.has(route), `an operation generates ${route}`);
    }
    assert.ok(sitemap.includes('/api/payments/zip-payments-api</loc>'), 'the payments API information page exists');
  });

  test('the Java sample uses Unirest', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/api/core/charges/create-charge`);
    await page.locator('[role="tab"].openapi-tabs__code-item--java').click();
    const variant = page.locator(
      '[role="tab"].openapi-tabs__code-item--variant.active, [role="tab"][aria-selected="true"].openapi-tabs__code-item--variant',
    );
    assert.equal((await variant.first().textContent())?.trim(), 'Unirest');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.openapi-explorer__code-block code')).some((code) => code.textContent?.includes('Unirest')),
    );
  });
});

test.describe('endpoint pages load the reference first, the explorer when the reader gets to it', () => {
  const route = '/api/core/charges/refund-charge';

  test('the method, path, parameters and response fields are in the static HTML', async () => {
    const response = await fetch(`${site.origin}${route}`);
    const html = await response.text();
    // The build minifies HTML: attribute values may be unquoted.
    assert.match(html, /class="?[^">]*\bopenapi__method-endpoint\b/, 'method and path');
    assert.ok(html.includes('/v2/charges/:ch_id/refund'), 'the path');
    assert.ok(html.includes('Path Parameters'), 'the parameters section');
    assert.ok(html.includes('ch_id'), 'a parameter name');
    assert.ok(html.includes('amount_refunded'), 'a response field name');
  });

  test('on a phone, the explorer loads only when scrolled to, then shows Send and the nine samples in order', async ({browser}) => {
    const phone = await openSession(browser, {viewport: {width: 412, height: 823}});
    try {
      const {page} = phone;
      await gotoHydrated(page, `${site.origin}${route}`);
      await page.waitForLoadState('networkidle');
      assert.equal(await page.locator('.openapi-explorer__request-form').count(), 0, 'no explorer before the reader gets there');
      await page.locator('.openapi-right-panel__container').scrollIntoViewIfNeeded();
      const send = page.getByRole('button', {name: 'Send API Request'});
      await send.waitFor({state: 'visible', timeout: 15_000});
      await codeSampleTabs(page).first().waitFor();
      assert.deepEqual(await codeSampleTabLabels(page), codeSampleTabNames);
      assert.deepEqual(phone.pageErrors, []);
    } finally {
      await phone.close();
    }
  });

  test('on a phone, the request body and responses below the first screen are drawn only as the reader comes near them', async ({
    browser,
  }) => {
    const phone = await openSession(browser, {viewport: {width: 412, height: 823}});
    try {
      const {page} = phone;
      await gotoHydrated(page, `${site.origin}/api/core/charges/create-charge`);
      // src/css/custom.css: by the theme's class names, which an upgrade could change.
      const sections = page.locator(
        '.openapi-left-panel__container > * > :is(.tabs-container, .openapi-tabs__container):has(.openapi-schema__property)',
      );
      const responses = sections.last();
      assert.equal(await sections.count(), 2, 'the request body and the responses, each a tab set');
      const statusTab = responses.getByRole('tab').first();
      const drawn = (): Promise<boolean> => statusTab.evaluate((element) => element.checkVisibility({contentVisibilityAuto: true}));
      assert.equal(await drawn(), false, "the responses' first status tab, far below the first screen, is left to be drawn later");
      await responses.evaluate((element) => element.scrollIntoView());
      await expect.poll(drawn, {message: 'the status tab once the reader has scrolled to it'}).toBe(true);
    } finally {
      await phone.close();
    }
  });

  test("while the explorer's code loads, its placeholder pulses by opacity alone, and not for a reader who asks for less motion", async ({
    browser,
  }) => {
    const phone = await openSession(browser, {viewport: {width: 412, height: 823}});
    try {
      const {page} = phone;
      await gotoHydrated(page, `${site.origin}${route}`);
      await page.waitForLoadState('networkidle');
      const held: Route[] = [];
      const stopHolding = phone.intercept(
        (url) => url.pathname.startsWith('/assets/'),
        (heldRoute) => {
          held.push(heldRoute);
        },
      );
      await page.locator('.openapi-right-panel__container').scrollIntoViewIfNeeded();
      const placeholder = page.locator('.openapi-skeleton');
      await placeholder.waitFor({state: 'visible'});
      // Opacity runs on the compositor; the theme's pulse animated background-color, repainting every frame.
      const keyframeKeys = await placeholder.evaluate((element) =>
        element
          .getAnimations()
          .flatMap((animation) => (animation.effect as KeyframeEffect).getKeyframes())
          .flatMap((keyframe) => Object.keys(keyframe)),
      );
      assert.deepEqual(animatedProperties(keyframeKeys), ['opacity']);
      await page.emulateMedia({reducedMotion: 'reduce'});
      assert.equal(await placeholder.evaluate((element) => element.getAnimations().length), 0, 'no pulse with prefers-reduced-motion');
      stopHolding();
      await Promise.all(held.map((heldRoute) => heldRoute.continue()));
      await page.getByRole('button', {name: 'Send API Request'}).waitFor({state: 'visible', timeout: 15_000});
      assert.deepEqual(phone.pageErrors, []);
    } finally {
      await phone.close();
    }
  });
});

test.describe('an endpoint page keeps its server-rendered reference until the reader uses it', () => {
  const route = '/api/core/charges/refund-charge';
  let phone: BrowserSession;
  let desktop: BrowserSession;
  test.beforeAll(async ({browser}) => {
    phone = await openSession(browser, {viewport: {width: 412, height: 823}, httpCache: true});
    desktop = await openSession(browser, {viewport: {width: 1400, height: 900}, httpCache: true});
  });
  test.afterAll(async () => {
    await Promise.all([phone.close(), desktop.close()]);
  });
  const responseTabs = '.openapi-left-panel__container [role="tab"].openapi-tabs__response-code-item';
  const responseTab = (page: Page, code: string) => page.locator(responseTabs, {hasText: code});

  /** Whether React has taken over the reference's markup (hydrated or rendered it). */
  const referenceIsLive = (page: Page): Promise<boolean> => isReactRendered(page.locator(responseTabs).first());
  const waitUntilLive = (page: Page): Promise<void> => waitUntilReactRendered(page, responseTabs);

  test('is not hydrated on load; pointing at it makes it live, and its tabs work', async () => {
    const {page} = phone;
    await gotoHydrated(page, `${site.origin}${route}`);
    await page.waitForLoadState('networkidle');
    assert.equal(await referenceIsLive(page), false, 'the reference is still the server markup');
    await responseTab(page, '400').click();
    await page.waitForFunction(() =>
      document.querySelector('.openapi-tabs__response-code-item.danger.active')?.textContent?.includes('400'),
    );
    assert.equal(await referenceIsLive(page), true);
    assert.deepEqual(phone.pageErrors, []);
    assert.deepEqual(phone.consoleErrors, []);
  });

  test("fetches its operation once hydrated and its sections' data when it goes live: the page's script carries neither", async () => {
    // plugins/api-reference/page-data.ts: the operation, then parameters, request body and responses, a file each.
    const {page} = phone;
    const dataFiles: string[] = [];
    const onRequest = (request: {url(): string}): void => {
      const {pathname} = new URL(request.url());
      if (pathname.startsWith('/assets/api-data/')) dataFiles.push(pathname.replace(/\.[0-9a-f]{8}\.json$/, ''));
    };
    page.on('request', onRequest);
    try {
      await gotoHydrated(page, `${site.origin}${route}`);
      await page.waitForLoadState('networkidle');
      assert.equal(
        dataFiles.join(),
        '/assets/api-data/refund-charge.operation',
        'only the operation, for the explorer, once the page works',
      );
      await responseTab(page, '400').click();
      await page.waitForFunction(() =>
        document.querySelector('.openapi-tabs__response-code-item.danger.active')?.textContent?.includes('400'),
      );
      assert.deepEqual(dataFiles.slice(1).sort(), [
        '/assets/api-data/refund-charge.ParamsDetails',
        '/assets/api-data/refund-charge.RequestSchema',
        '/assets/api-data/refund-charge.StatusCodes',
      ]);
    } finally {
      page.off('request', onRequest);
    }
  });

  test('by keyboard: focus moving in makes it live, and focus stays where the reader put it', async () => {
    const {page} = desktop;
    await gotoHydrated(page, `${site.origin}${route}`);
    await page.waitForLoadState('networkidle');
    assert.equal(await referenceIsLive(page), false);
    await responseTab(page, '200').focus();
    await waitUntilLive(page);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), '200', 'focus stayed on the tab it was moved to');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      document.querySelector('.openapi-tabs__response-code-item.danger.active')?.textContent?.includes('400'),
    );
  });

  test('a key press anywhere makes it live before focus gets there', async () => {
    const {page} = desktop;
    await gotoHydrated(page, `${site.origin}${route}`);
    await page.waitForLoadState('networkidle');
    assert.equal(await referenceIsLive(page), false);
    await page.keyboard.press('Tab');
    await waitUntilLive(page);
  });

  test('renders live at once when reached by client-side navigation', async () => {
    const {page} = desktop;
    await gotoHydrated(page, `${site.origin}/api/core/charges/create-charge`);
    await page.locator(`nav a[href="${route}"]`).first().click();
    await page.waitForURL(`${site.origin}${route}`);
    await responseTab(page, '200').waitFor();
    assert.equal(await referenceIsLive(page), true);
  });

  test("reached from a page without the explorer, it waits for the explorer's store and then works", async () => {
    // An API article loads none of the store's code (src/theme/ApiItem/useExplorerStore.ts): the live
    // reference reads the store, so the endpoint page renders once the store's code is there.
    const {page} = desktop;
    const errorsBefore = desktop.pageErrors.length;
    await gotoHydrated(page, `${site.origin}/api/intro`);
    await page.locator(`article a[href="${route}"]`).first().click();
    await page.waitForURL(`${site.origin}${route}`);
    await responseTab(page, '400').click();
    await page.waitForFunction(() =>
      document.querySelector('.openapi-tabs__response-code-item.danger.active')?.textContent?.includes('400'),
    );
    await page.getByRole('button', {name: 'Send API Request'}).waitFor({timeout: 15_000});
    assert.deepEqual(desktop.pageErrors.slice(errorsBefore), []);
  });
});

test.describe('path parameters in the request explorer', () => {
  const route = '/api/core/charges/refund-charge';

  test('a path parameter stays one path segment: `../`, `/`, `?` and `#` are encoded, `..` leaves the parameter unfilled', async ({
    session,
  }) => {
    const {page} = session;
    const sent: string[] = [];
    session.intercept(
      (url) => url.origin === testModeOrigin,
      async (answer) => {
        sent.push(answer.request().url());
        await answer.fulfill({status: 404, contentType: 'application/json', body: '{"error": {"type": "not_found"}}'});
      },
    );
    await gotoHydrated(page, `${site.origin}${route}`);
    const chargeId = page.locator('input[name="ch_id"]');
    await chargeId.waitFor({timeout: 15_000});
    const code = page.locator('.openapi-explorer__code-block code').first();
    for (const [value, path] of [
      ['../ch_other', '/v2/charges/..%2Fch_other/refund'],
      ['ch_1/refund?x=1#top', '/v2/charges/ch_1%2Frefund%3Fx%3D1%23top/refund'],
      ['ch 1', '/v2/charges/ch%201/refund'],
      ['..', '/v2/charges/:ch_id/refund'],
    ] as const) {
      await chargeId.fill(value);
      await expect(code, `the sample calls ${path}`).toContainText(path);
      const before = sent.length;
      await page.getByRole('button', {name: 'Send API Request'}).click();
      await expect.poll(() => sent.length, {timeout: 10_000}).toBe(before + 1);
      assert.ok(new URL(sent[before] ?? '').pathname.endsWith(`/api.example.com${path}`), `${value}: Send called ${sent[before] ?? ''}`);
    }
  });
});

test.describe('Send against the local test mode', () => {
  let testMode: ChildProcess;
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    testMode = await startTestMode(site.origin);
    session = await openSession(browser, {viewport: {width: 1400, height: 900}});
    // The test build points the explorer at the test mode (ZIP_API_PROXY); let it through.
    session.intercept(
      (url) => url.origin === testModeOrigin,
      (route) => route.continue(),
    );
  });
  // Each test starts from the example objects: the create charge's example source is unused.
  test.beforeEach(async () => {
    const reset = await fetch(`${testModeOrigin}/_test-mode/reset`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: '{}',
    });
    assert.equal(reset.status, 200);
  });
  test.afterAll(async () => {
    await session.close();
    testMode.kill();
  });

  const cases = [
    {route: '/api/core/charges/create-charge', status: '201', expect: '"object": "charge"'},
    {route: '/api/links/list-links', status: '200', expect: '"object": "list"'},
    {route: '/api/checkout/endpoints/create-session', status: '201', expect: '"object": "checkout_session"'},
  ];
  for (const testCase of cases) {
    test(`${testCase.route}: Send shows the test mode's answer`, async () => {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}${testCase.route}`);
      await page.getByPlaceholder('Username').fill(sampleSecretKey);
      await page.getByRole('button', {name: 'Send API Request'}).click();
      const response = page.locator('.openapi-explorer__response-container, [class*="response-container"]').first();
      await page.waitForFunction((expected) => document.body.innerText.includes(expected), testCase.expect.replace(/\s/g, ' '), {
        timeout: 20_000,
      });
      const text = (await response.textContent()) ?? '';
      assert.match(text, new RegExp(testCase.status), `response panel shows ${testCase.status}`);
    });
  }

  test("each Send of a new request carries an Idempotency-Key of its own, never the spec's example", async () => {
    const {page} = session;
    const specExample = '5f0c8e2a-9b7d-4c1e-a3f6-2d8b4e6c9a01';
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const sent: string[] = [];
    const collect = (request: Request) => {
      if (new URL(request.url()).origin === testModeOrigin && request.method() === 'POST')
        sent.push(request.headers()['idempotency-key'] ?? '');
    };
    /** The key the explorer's form holds now. */
    const keyInForm = () =>
      page
        .locator('input')
        .evaluateAll(
          (inputs, pattern) => inputs.map((input) => (input as HTMLInputElement).value).find((value) => new RegExp(pattern).test(value)),
          uuid.source,
        );
    await gotoHydrated(page, `${site.origin}/api/core/charges/create-charge`);
    await page.getByPlaceholder('Username').fill(sampleSecretKey);
    page.on('request', collect);
    try {
      const first = await keyInForm();
      assert.match(first ?? '', uuid, 'the form starts with a fresh key');
      assert.notEqual(first, specExample);
      await page.getByRole('button', {name: 'Send API Request'}).click();
      await expect.poll(() => sent.length, {message: 'the first request reached the test mode'}).toBe(1);
      // The test mode's 201 is stored for the key: the form takes a new one for the next request.
      await expect.poll(keyInForm, {message: 'the form holds a new key once the answer is in', timeout: 20_000}).not.toBe(first);
      await page.getByRole('button', {name: 'Send API Request'}).click();
      await expect.poll(() => sent.length, {message: 'the second request reached the test mode'}).toBe(2);
      assert.equal(sent[0], first, 'the first request carried the key the form showed');
      assert.match(sent[1] ?? '', uuid);
      assert.notEqual(sent[1], sent[0], 'the second request carried a key of its own');
    } finally {
      page.off('request', collect);
    }
  });

  test('Send without a key, or with a mistyped one, shows the test mode’s 401 and the error that says why', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/api/links/list-links`);
    const username = page.getByPlaceholder('Username');
    const response = page.locator('.openapi-explorer__response-container');
    for (const {key, code} of [
      {key: '', code: 'api_key_missing'},
      {key: 'sk_test_mistyped', code: 'api_key_invalid'},
    ]) {
      await username.fill(key);
      await page.getByRole('button', {name: 'Send API Request'}).click();
      await expect(response, `${key || 'no key'}: the error code`).toContainText(`"code": "${code}"`, {timeout: 20_000});
      await expect(response).toContainText('401');
    }
  });

  test('keeps the secret key for the browser session only, never in localStorage', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/api/links/list-links`);
    await page.getByPlaceholder('Username').fill(sampleSecretKey);
    await page.getByRole('button', {name: 'Send API Request'}).click();
    await page.waitForFunction(() => document.body.innerText.includes('"object": "list"'), undefined, {timeout: 20_000});
    const stored = await page.evaluate(() => ({
      local: Object.values(localStorage).join(' '),
      session: Object.values(sessionStorage).join(' '),
    }));
    assert.ok(!stored.local.includes('sk_test_'), 'no secret key in localStorage');
    assert.ok(stored.session.includes('sk_test_'), 'the key is kept in sessionStorage for this tab');
  });

  test('gives up on a request after 15 s with a clear message', async () => {
    const {page} = session;
    // The page's clock is Playwright's: time flows as usual until the test
    // moves it on, so the 15 s are checked to the second without waiting them.
    await page.clock.install();
    await gotoHydrated(page, `${site.origin}/api/links/list-links`);
    // A test mode that never answers: its requests are held, and dropped at the end.
    const held: Route[] = [];
    const endHang = session.intercept(
      (url) => url.origin === testModeOrigin,
      (route) => {
        held.push(route);
      },
    );
    try {
      await page.getByPlaceholder('Username').fill(sampleSecretKey);
      await page.getByRole('button', {name: 'Send API Request'}).click();
      await expect.poll(() => held.length, {message: 'the request reached the test mode'}).toBe(1);
      const timedOut = page.getByRole('alert').filter({hasText: 'The request timed out'});
      await page.clock.fastForward(14_000);
      await expect(timedOut).toHaveCount(0);
      await page.clock.fastForward(1_000);
      await expect(timedOut).toBeVisible();
    } finally {
      endHang();
      await Promise.all(held.map((route) => route.abort('failed')));
    }
  });

  test('every Send above ran under the production Content-Security-Policy without a violation', () => {
    assert.deepEqual(session.cspViolations, []);
  });
});
