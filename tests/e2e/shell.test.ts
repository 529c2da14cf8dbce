/**
 * The site shell on every page, as a reader sees it in Chromium, against the
 * production build served like a CDN serves it.
 */
import assert from 'node:assert/strict';
import {existsSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {expect} from '@playwright/test';
import {benchPages} from '@zip/perf/budgets';
import {gotoHydrated, isDocumentRequest, openSession, test, type BrowserSession} from '../support/browser';
import {repaintingProperties} from '../support/animations';
import {buildDir, site} from '../support/site';

test.describe('navbar', () => {
  test('has the brand, the three sections, locale, version, search and the dashboard buttons', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/guides/intro`);
    assert.equal(await page.locator('a.navbar__brand').getAttribute('href'), '/');

    const left = page.locator('.navbar__items:not(.navbar__items--right) > a.navbar__link');
    const leftItems = await left.evaluateAll((links) => links.map((link) => [link.textContent?.trim(), link.getAttribute('href')]));
    assert.deepEqual(leftItems, [
      ['Docs', '/'],
      ['Guides', '/guides/intro'],
      ['API Reference', '/api/intro'],
    ]);

    const right = page.locator('.navbar__items--right');
    assert.equal((await right.locator('.dropdown > .navbar__link').first().textContent())?.trim(), 'English');
    assert.ok(await right.getByRole('link', {name: 'Next', exact: true}).isVisible(), 'version item "Next"');
    assert.ok(await right.getByRole('combobox', {name: 'Search'}).isVisible(), 'search box');

    const signIn = right.getByRole('link', {name: 'Sign in'});
    const createAccount = right.getByRole('link', {name: 'Create account'});
    assert.equal(await signIn.getAttribute('href'), 'https://dashboard.example.com/login');
    assert.equal(await createAccount.getAttribute('href'), 'https://dashboard.example.com/register');
    // They read as buttons: a visible border, and a filled primary button.
    const signInBorder = await signIn.evaluate((link) => getComputedStyle(link).borderTopWidth);
    assert.notEqual(signInBorder, '0px', 'Sign in has a button border');
    const createBackground = await createAccount.evaluate((link) => getComputedStyle(link).backgroundColor);
    assert.notEqual(createBackground, 'rgba(0, 0, 0, 0)', 'Create account is a filled button');
  });

  test('hides on scroll down and comes back on scroll up', async ({browser}) => {
    const session = await openSession(browser, {viewport: {width: 1280, height: 600}});
    try {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}/api/intro`);
      const navbarBottom = () => page.evaluate(() => document.querySelector('nav.navbar')?.getBoundingClientRect().bottom ?? 0);
      await page.mouse.move(600, 300);
      for (let step = 0; step < 5; step += 1) {
        const scrolledBefore = await page.evaluate(() => window.scrollY);
        await page.mouse.wheel(0, 200);
        await page.waitForFunction((before) => window.scrollY > before, scrolledBefore);
      }
      await page.waitForFunction(() => (document.querySelector('nav.navbar')?.getBoundingClientRect().bottom ?? 1) <= 0);
      await page.mouse.wheel(0, -100);
      await page.waitForFunction(() => (document.querySelector('nav.navbar')?.getBoundingClientRect().top ?? -1) >= 0);
      assert.ok((await navbarBottom()) > 0, 'navbar back in view');
    } finally {
      await session.close();
    }
  });
});

test.describe('footer', () => {
  test('links to every section of the site (help, guides, API and each product), privacy and terms, and says 2024', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/`);
    const hrefs = await page.locator('footer a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const expected of [
      '/',
      '/guides/intro',
      '/api/intro',
      '/help/checkout/intro',
      '/help/no-code/payment-request',
      '/help/no-code/payment-links',
      '/api/core/charges/charges-intro',
      '/api/core/customers/customers-intro',
      '/api/core/sources/sources-intro',
      '/api/checkout/intro',
      '/api/requests/requests-intro',
      '/api/links/links-intro',
      'https://example.com/privacy',
      'https://example.com/terms',
    ]) {
      assert.ok(hrefs.includes(expected), `footer links to ${expected}; it has ${hrefs.join(', ')}`);
    }
    assert.ok(await page.locator('footer img[alt="Zip"]').isVisible(), 'footer logo');
    assert.match((await page.locator('footer .footer__copyright').textContent()) ?? '', /Copyright © 2024 Zip/);
  });
});

test.describe('accessibility shell', () => {
  test('offers a skip link first that moves focus to the main content', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/guides/intro`);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    assert.equal(focused, 'Skip to main content');
    // Chromium drops focus from <main> once the theme removes its temporary
    // tabindex, but keeps the navigation starting point there: the next Tab
    // lands inside the main content, past the navbar and sidebar.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
    assert.ok(inMain, 'after the skip link, Tab moves into the main content');
  });
});

test.describe('colour mode', () => {
  test('is light even when the system prefers dark, with no switch', async ({browser}) => {
    const session = await openSession(browser, {colorScheme: 'dark'});
    try {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}/`);
      assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
      assert.equal(await page.locator('button[title*="dark and light mode"]').count(), 0, 'no colour-mode toggle');
      assert.equal(await page.locator('.navbar [class*="colorModeToggle"]').count(), 0, 'no colour-mode toggle');
    } finally {
      await session.close();
    }
  });
});

test.describe('not-found page', () => {
  test('answers 404 with Zip’s page: what happened, search and links into each section', async ({session}) => {
    const {page} = session;
    const status = await gotoHydrated(page, `${site.origin}/help/no-such-article`);
    assert.equal(status, 404);
    assert.equal(await page.locator('main h1').textContent(), 'We couldn’t find that page');
    assert.ok(await page.locator('main input[type="search"][name="q"]').isVisible(), 'search box');
    const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    for (const expected of ['/', '/guides/intro', '/api/intro']) {
      assert.ok(hrefs.includes(expected), `404 page links to ${expected}`);
    }
    assert.deepEqual(session.pageErrors, []);
  });
});

test.describe('.html URLs', () => {
  for (const path of ['/guides/intro.html', '/guides/intro/index.html', '/api/intro.html']) {
    test(`${path} shows the right page after hydration`, async ({session}) => {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}${path}`);
      const expected = path.startsWith('/api') ? 'Zip API reference' : 'Developer guides';
      await page.waitForFunction((title) => document.querySelector('main h1, article h1')?.textContent === title, expected);
      assert.equal(await page.locator('main h1:has-text("We couldn’t find that page")').count(), 0);
    });
  }
});

test.describe('announcement bar', () => {
  test('stays dismissed across reloads and comes back when its id changes', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/`);
    const bar = page.locator('.theme-announcement-bar');
    assert.ok(await bar.isVisible(), 'announcement visible on first visit');
    assert.match((await bar.textContent()) ?? '', /Payment requests can now be sent by SMS/);
    await bar.getByRole('button', {name: 'Close'}).click();
    await bar.waitFor({state: 'detached'});

    await gotoHydrated(page, `${site.origin}/`);
    assert.equal(await bar.count(), 0, 'dismissal survives a reload');

    // A stored dismissal of an older announcement does not hide a new one.
    // (Docusaurus namespaces its storage keys per site, hence the prefix match.)
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (key.startsWith('docusaurus.announcement.id')) localStorage.setItem(key, 'an-older-announcement');
      }
    });
    await gotoHydrated(page, `${site.origin}/`);
    await bar.waitFor({state: 'visible', timeout: 5000});
    assert.match((await bar.textContent()) ?? '', /Payment requests can now be sent by SMS/, 'a different stored id brings the bar back');
  });
});

test.describe('mobile menu (≤ 996 px)', () => {
  const viewport = {width: 996, height: 800};

  test('opens with scroll locked, shows the sidebar with a way back to the main menu, and closes', async ({browser}) => {
    const session = await openSession(browser, {viewport});
    try {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}/guides/intro`);
      assert.equal(await page.locator('.navbar__items--right .navbar-cta').first().isVisible(), false);
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      const panel = page.locator('.navbar-sidebar');
      await page.waitForSelector('nav.navbar-sidebar--show');
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden', 'page scroll locked');

      // On a doc page the panel opens on the secondary menu: the current
      // sidebar. Each menu slides in, so the checks wait until it is shown.
      const back = panel.getByRole('button', {name: /Back to main menu/});
      await expect(back, 'back-to-main-menu button').toBeVisible();
      await back.click();
      for (const label of ['Docs', 'Guides', 'API Reference', 'Sign in', 'Create account']) {
        const link = panel.getByRole('link', {name: new RegExp(`^${label}`)}).first();
        await expect(link, `${label} in the mobile menu`).toBeVisible();
      }

      await panel.getByRole('button', {name: 'Close navigation bar'}).click();
      await page.waitForSelector('nav.navbar-sidebar--show', {state: 'detached'});
      assert.notEqual(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden', 'scroll unlocked');
    } finally {
      await session.close();
    }
  });

  test('closes on back navigation', async ({browser}) => {
    const session = await openSession(browser, {viewport});
    try {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}/`);
      await page.evaluate(() => window.history.pushState(null, '', window.location.href));
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await page.waitForSelector('nav.navbar-sidebar--show');
      await page.goBack();
      await page.waitForSelector('nav.navbar-sidebar--show', {state: 'detached'});
    } finally {
      await session.close();
    }
  });

  test('closes when the window grows past 996 px', async ({browser}) => {
    const session = await openSession(browser, {viewport});
    try {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}/`);
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await page.waitForSelector('nav.navbar-sidebar--show');
      await page.setViewportSize({width: 1200, height: 800});
      await page.waitForSelector('nav.navbar-sidebar--show', {state: 'detached'});
      await expect(page.getByRole('link', {name: 'Create account'})).toBeVisible();
    } finally {
      await session.close();
    }
  });
});

test.describe('route changes', () => {
  test('shows the progress bar when the next page is slow to load', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/`);
    // From now on scripts are held back, as on a slow network, until the bar has shown.
    let releaseScripts: () => void = () => undefined;
    const scriptsReleased = new Promise<void>((release) => {
      releaseScripts = release;
    });
    session.intercept(
      (url) => url.origin === site.origin && url.pathname.endsWith('.js'),
      async (route) => {
        await scriptsReleased;
        await route.continue();
      },
    );
    await page.locator('footer').getByRole('link', {name: 'API reference'}).click();
    await page.waitForSelector('#nprogress .bar', {timeout: 1400});
    releaseScripts();
    await page.waitForURL('**/api/intro');
    await page.waitForSelector('#nprogress', {state: 'detached'});
  });

  test('reloads the page when a page chunk fails to load', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/`);
    // Simulate a deploy that removed the old chunks: every script fails
    // until the page reloads (a hover prefetch may try the chunk first).
    let reloaded = false;
    let failed = 0;
    page.on('request', (request) => {
      if (isDocumentRequest(request, '/api/intro')) reloaded = true;
    });
    session.intercept(
      (url) => url.origin === site.origin && url.pathname.endsWith('.js'),
      async (route) => {
        if (reloaded) {
          await route.continue();
        } else {
          failed += 1;
          await route.abort('failed');
        }
      },
    );
    const reload = page.waitForRequest((request) => isDocumentRequest(request, '/api/intro'));
    await page.locator('footer').getByRole('link', {name: 'API reference'}).click();
    await reload;
    await page.waitForSelector('html[data-has-hydrated="true"]');
    assert.ok(failed >= 1, 'a chunk load failed before the reload');
    assert.equal(await page.locator('article h1').textContent(), 'Zip API reference');
  });
});

test.describe("Docusaurus's base-URL banner", () => {
  /**
   * The build as a host serves it when deployed under /docs/ although it was built for /: its pages
   * answer, its scripts and style sheets (linked from /assets/) do not.
   */
  const movedOrigin = 'https://moved.example';
  const builtFileOf = (pathname: string): string | undefined => {
    if (!pathname.startsWith('/docs/')) return undefined;
    const path = pathname.slice('/docs/'.length).replace(/\/$/, '');
    // As the delivery policy serves them: / from index.html, /x from x.html, files as they are.
    const candidates = path === '' ? ['index.html'] : [`${path}.html`, path];
    return candidates.map((candidate) => join(buildDir, candidate)).find((file) => existsSync(file) && statSync(file).isFile());
  };

  for (const {label, path} of benchPages()) {
    test(`served under the wrong base path, ${label} (${path}) says it did not load and names the base path to try`, async ({session}) => {
      session.intercept(
        (url) => url.origin === movedOrigin,
        async (route) => {
          const file = builtFileOf(new URL(route.request().url()).pathname);
          await (file ? route.fulfill({path: file}) : route.fulfill({status: 404, contentType: 'text/plain', body: 'Not found'}));
        },
      );
      await session.page.goto(`${movedOrigin}/docs${path}`, {waitUntil: 'load'});
      const banner = session.page.locator('#__docusaurus-base-url-issue-banner');
      await expect(banner, `${path} served under /docs/ shows no base-URL banner`).toContainText('did not load properly');
      await expect(banner).toContainText('We suggest trying baseUrl = /docs/');
    });
  }

  for (const {label, path} of benchPages()) {
    test(`served correctly, ${label} (${path}) never shows it`, async ({session}) => {
      await gotoHydrated(session.page, `${site.origin}${path}`);
      await expect(session.page.getByText('did not load properly')).toHaveCount(0);
      await expect(session.page.locator('#__docusaurus-base-url-issue-banner-container')).toHaveCount(0);
    });
  }
});

test.describe('start-up', () => {
  /**
   * Records when the app marks itself hydrated, on the page's own clock, for resource timing to compare with.
   * It watches the document: an init script runs before the parser has made <html>.
   */
  const hydrationClock = `new MutationObserver((records, observer) => {
    if (document.documentElement?.dataset.hasHydrated !== 'true') return;
    window.__hydratedAt = performance.now();
    observer.disconnect();
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-has-hydrated']});`;

  for (const {label, path} of benchPages()) {
    // A script found only once main.js runs costs a phone another round trip before the page works
    // (the patch of @docusaurus/core's ComponentCreator, patches/README.md).
    test(`${label} (${path}): every script the page runs before it is hydrated is named in its HTML`, async ({browser}) => {
      // A phone's viewport, as the bench loads it: on a desktop the explorer's column is in view and starts loading at once.
      const session = await openSession(browser, {initScript: hydrationClock, viewport: {width: 412, height: 915}});
      try {
        const {page} = session;
        const html = await (await page.request.get(`${site.origin}${path}`)).text();
        const named = new Set(
          [...html.matchAll(/<script[^>]*\ssrc=["']?([^"' >]+)/g)].map((match) => new URL(match[1] ?? '', site.origin).pathname),
        );
        await gotoHydrated(page, `${site.origin}${path}`);
        const {hydratedAt, fetchedBeforeHydration} = await page.evaluate(() => {
          const hydratedAt = (window as Window & {__hydratedAt?: number}).__hydratedAt;
          return {
            hydratedAt,
            fetchedBeforeHydration: performance
              .getEntriesByType('resource')
              .filter((entry) => entry.startTime < (hydratedAt ?? Infinity) && new URL(entry.name).pathname.endsWith('.js'))
              .map((entry) => new URL(entry.name).pathname),
          };
        });
        assert.ok(hydratedAt !== undefined, `${path}: the clock saw no <html data-has-hydrated="true">`);
        assert.ok(
          fetchedBeforeHydration.some((pathname) => /\/main\.[0-9a-f]+\.js$/.test(pathname)),
          'main.js was fetched',
        );
        assert.deepEqual(
          fetchedBeforeHydration.filter((pathname) => !named.has(pathname)),
          [],
          `${path}: scripts fetched before hydration that its HTML does not name`,
        );
        assert.ok(named.size > 2, `${path}: the HTML names the route's chunks, not only main.js and its runtime`);
      } finally {
        await session.close();
      }
    });
  }

  /**
   * Records, until the app marks itself hydrated, each call that makes the page build an ICU collator or
   * a date or number format, with the line that made it. The first of a page load builds ICU's data on the
   * main thread: 30–55 ms for a collator on the bench's phone profile (CPU 4×), while the page hydrates.
   */
  const localeServiceRecorder = `window.__localeServices = [];
  const record = (name) => {
    if (document.documentElement?.dataset.hasHydrated === 'true') return;
    // The stack's lines: the error, record, the wrapper or the proxy's trap, then the caller.
    const caller = (new Error().stack ?? '').split('\\n')[3] ?? '';
    window.__localeServices.push(name + ' ' + caller.trim());
  };
  for (const [owner, key, name] of [
    [Number.prototype, 'toLocaleString', 'Number#toLocaleString'],
    [Date.prototype, 'toLocaleString', 'Date#toLocaleString'],
    [Date.prototype, 'toLocaleDateString', 'Date#toLocaleDateString'],
    [Date.prototype, 'toLocaleTimeString', 'Date#toLocaleTimeString'],
  ]) {
    const original = owner[key];
    owner[key] = function (...args) {
      record(name);
      return original.apply(this, args);
    };
  }
  for (const key of ['Collator', 'DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat']) {
    Intl[key] = new Proxy(Intl[key], {
      construct: (target, args) => (record('Intl.' + key), Reflect.construct(target, args)),
      apply: (target, self, args) => (record('Intl.' + key), Reflect.apply(target, self, args)),
    });
  }`;

  for (const {label, path} of benchPages()) {
    for (const [device, viewport] of [
      ['phone', {width: 412, height: 915}],
      ['desktop', {width: 1280, height: 800}],
    ] as const) {
      // Not String#localeCompare: Docusaurus's docs plugin and navbar menu sort with it while a page hydrates,
      // and patching them out measured inside the bench's noise (issue #59).
      test(`${label} (${path}) on a ${device}: builds no ICU collator or date or number format before it is hydrated`, async ({
        browser,
      }) => {
        const session = await openSession(browser, {initScript: localeServiceRecorder, viewport});
        try {
          const {page} = session;
          await gotoHydrated(page, `${site.origin}${path}`);
          const calls = await page.evaluate(() => (window as Window & {__localeServices?: string[]}).__localeServices);
          assert.deepEqual([...new Set(calls)], [], `${path}: ${calls?.length ?? 0} calls before hydration, from`);
        } finally {
          await session.close();
        }
      });
    }
  }

  /**
   * Records, until the app marks itself hydrated, every meta and link tag react-helmet-async manages
   * (`data-rh`) taken out of the head, and every change to <html>'s classes, language or direction.
   * Not scripts: the base-URL banner's is the server's alone, and the client's first flush removes it.
   */
  const headChurnRecorder = `window.__headChurn = [];
  new MutationObserver((records, observer) => {
    if (document.documentElement?.dataset.hasHydrated === 'true') return observer.disconnect();
    for (const record of records) {
      if (record.type === 'childList' && record.target === document.head) {
        for (const node of record.removedNodes) {
          if (node.nodeType === 1 && node.hasAttribute('data-rh') && node.nodeName !== 'SCRIPT') window.__headChurn.push('removed ' + node.outerHTML.slice(0, 100));
        }
      } else if (record.type === 'attributes' && record.target === document.documentElement) {
        window.__headChurn.push('<html ' + record.attributeName + '> became "' + document.documentElement.getAttribute(record.attributeName) + '"');
      }
    }
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'lang', 'dir']});`;

  for (const {label, path} of benchPages()) {
    // Hydration is a transition React slices; a phone draws frames between the slices. Each frame applied the
    // head of the components rendered so far (patches/README.md, react-helmet-async): the page lost its
    // <html> classes and head tags and got them back, restyling the page each time.
    test(`${label} (${path}): hydrating takes no meta or link tag out of the head and leaves <html>'s classes as the server wrote them`, async ({
      browser,
    }) => {
      const session = await openSession(browser, {initScript: headChurnRecorder, viewport: {width: 412, height: 915}});
      try {
        const {page} = session;
        const cdp = await session.context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
        await gotoHydrated(page, `${site.origin}${path}`);
        const churn = await page.evaluate(() => (window as Window & {__headChurn?: string[]}).__headChurn);
        assert.deepEqual(churn, [], `${path}: changed while hydrating`);
      } finally {
        await session.close();
      }
    });

    test(`${label} (${path}): once hydrated, nothing animates without end but by opacity or transform`, async ({browser}) => {
      // Any other property repaints the page every frame: on a phone, the theme's pulsing skeleton (background-color)
      // held back the endpoint pages' hydration (npm run bench). Opacity and transform run on the compositor.
      // A phone's viewport, as the bench loads it: below the reference, the explorer's column is not loaded yet.
      const session = await openSession(browser, {viewport: {width: 412, height: 915}});
      try {
        const {page} = session;
        await gotoHydrated(page, `${site.origin}${path}`);
        const endless = await page.evaluate(() =>
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().iterations === Infinity)
            .map((animation) => {
              const effect = animation.effect as KeyframeEffect;
              const target = effect.target;
              return {
                name: animation instanceof CSSAnimation ? animation.animationName : animation.id,
                keys: effect.getKeyframes().flatMap((keyframe) => Object.keys(keyframe)),
                target: `<${target?.nodeName.toLowerCase() ?? '?'} class="${target?.getAttribute('class') ?? ''}">`,
              };
            }),
        );
        const repainting = endless.flatMap(({name, keys, target}) => {
          const properties = repaintingProperties(keys);
          return properties.length === 0 ? [] : [`${name} (${properties.join(', ')}) on ${target}`];
        });
        assert.deepEqual(repainting, [], `${path}: endless animations of what the compositor cannot animate`);
      } finally {
        await session.close();
      }
    });
  }
});

test.describe('prefetching', () => {
  const page = '/guides/developer-guide/taking-payments';
  /** Resolves once the browser has had idle time to spare, twice over. */
  const afterIdle = `new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve)))`;
  const prefetched = (session: BrowserSession): Promise<number> => session.page.locator('link[rel="prefetch"]').count();
  /** A link in the sidebar to another guide than this one. */
  const otherGuide = (session: BrowserSession) =>
    session.page.locator(`.theme-doc-sidebar-menu a.menu__link[href^="/guides/"]:not([href="${page}"])`).filter({visible: true}).first();

  test('prefetches nothing for the links in view', async ({session}) => {
    const scripts: string[] = [];
    await gotoHydrated(session.page, `${site.origin}${page}`);
    await session.page.waitForLoadState('networkidle');
    session.page.on('request', (request) => {
      if (request.url().endsWith('.js')) scripts.push(request.url());
    });
    await session.page.evaluate(afterIdle);
    assert.equal(await prefetched(session), 0);
    assert.deepEqual(scripts, [], 'no script fetched once the page had loaded');
    assert.deepEqual(session.pageErrors, []);
  });

  test("focusing a link prefetches its page's scripts", async ({session}) => {
    await gotoHydrated(session.page, `${site.origin}${page}`);
    await session.page.waitForLoadState('networkidle');
    await otherGuide(session).focus();
    await session.page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length > 0);
    const hrefs = await session.page
      .locator('link[rel="prefetch"]')
      .evaluateAll((links) => links.map((link) => new URL(link.getAttribute('href') ?? '', location.origin).pathname));
    assert.ok(
      hrefs.every((href) => /^\/assets\/js\/[^/]+\.js$/.test(href)),
      `script chunks only: ${hrefs.join(', ')}`,
    );
    assert.deepEqual(session.pageErrors, []);
  });

  for (const [condition, connection] of [
    ['data saving is on', '{saveData: true, effectiveType: "4g"}'],
    ['the connection is 2g', '{saveData: false, effectiveType: "2g"}'],
  ] as const) {
    test(`fetches nothing ahead when ${condition}, even for a link hovered or focused`, async ({browser}) => {
      const session = await openSession(browser, {
        initScript: `Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => (${connection})});`,
      });
      try {
        await gotoHydrated(session.page, `${site.origin}${page}`);
        await session.page.waitForLoadState('networkidle');
        const scripts: string[] = [];
        session.page.on('request', (request) => {
          if (request.url().endsWith('.js')) scripts.push(request.url());
        });
        await otherGuide(session).hover();
        await otherGuide(session).focus();
        // Hover and focus handlers act at once: two frames later, any fetch they started has been requested.
        await session.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        assert.equal(await prefetched(session), 0);
        assert.deepEqual(scripts, [], 'no script fetched ahead');
        assert.deepEqual(session.pageErrors, []);
      } finally {
        await session.close();
      }
    });
  }
});

test.describe('browser storage unavailable', () => {
  test('logs a warning, and pages still render and navigate', async ({browser}) => {
    const throwingStorage = `
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
        });
      }`;
    const session = await openSession(browser, {initScript: throwingStorage});
    try {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}/`);
      assert.ok(await page.locator('.theme-announcement-bar').isVisible(), 'announcement shows as if nothing stored');
      assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
      await page.locator('.navbar').getByRole('link', {name: 'Guides', exact: true}).click();
      await page.waitForURL('**/guides/intro');
      await page.locator('article h1', {hasText: 'Developer guides'}).waitFor();
      assert.ok(
        session.consoleWarnings.some((warning) => /browser storage is not available/i.test(warning)),
        `a storage warning is logged; warnings were: ${session.consoleWarnings.join(' | ')}`,
      );
      assert.deepEqual(session.pageErrors, []);
    } finally {
      await session.close();
    }
  });
});

test.describe('crash fallback', () => {
  test('shows "This page crashed." with the error and its cause, and Try again recovers', async ({session}) => {
    const {page} = session;
    const status = await gotoHydrated(page, `${site.origin}/tests/crash`);
    assert.equal(status, 200, 'the crash page exists in the test build (ZIP_CRASH_TEST=true)');
    await page.getByRole('button', {name: 'Crash this page'}).click();
    await page.getByText('This page crashed.').waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    assert.match(text, /Rendering the test widget failed/);
    assert.match(text, /Test fixture: the widget data could not be parsed/, 'the cause chain is shown');
    await page.getByRole('button', {name: 'Try again'}).click();
    await page.getByRole('heading', {name: 'Crash test'}).waitFor();
    assert.equal(await page.getByText('This page crashed.').count(), 0);
  });
});

test.describe('analytics', () => {
  test('sends a page view for each tracker on a route change, and nothing leaves the machine', async ({session}) => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/`);
    await page.locator('.navbar').getByRole('link', {name: 'Guides', exact: true}).click();
    await page.waitForURL('**/guides/intro');
    await page.waitForFunction(() => document.title.startsWith('Developer guides'));
    const trackers = () => {
      const pageViews = session.analyticsHits.filter((hit) => hit.searchParams.get('dp') === '/guides/intro');
      return [...new Set(pageViews.map((hit) => hit.searchParams.get('tid')))].sort();
    };
    await expect.poll(trackers).toEqual(['G-TESTANALYTICS', 'G-TESTMETRICS']);
    assert.deepEqual(session.blockedRequests, []);
  });
});
