/**
 * The browser tests' own network fence (tests/support/browser.ts), in both of
 * its kinds: a session with a route (every test that intercepts) and a
 * session that keeps the HTTP cache (the crawl). Either must answer the
 * analytics tag locally, stop and record a request that would leave the
 * machine, and only the second may serve the site's scripts from the cache.
 */
import assert from 'node:assert/strict';
import {gotoHydrated, openSession, test} from '../support/browser';
import {site} from '../support/site';

/** The site's scripts on the current page that the browser took from its cache (no bytes transferred). */
function siteScriptsFromCache(): number {
  return performance
    .getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/js/'))
    .filter((entry) => (entry as PerformanceResourceTiming).transferSize === 0).length;
}

for (const httpCache of [false, true]) {
  test.describe(`a session ${httpCache ? 'that keeps the HTTP cache' : 'with a route'}`, () => {
    test('answers the analytics tag on the machine and stops a request that would leave it', async ({browser}) => {
      const session = await openSession(browser, {httpCache});
      try {
        await gotoHydrated(session.page, `${site.origin}/`);
        await test.expect.poll(() => session.analyticsHits.length, {message: 'the stub sends a page view'}).toBeGreaterThan(0);
        assert.deepEqual(session.blockedRequests, []);

        // A name that would resolve, to this very server, were it not fenced.
        const outside = `http://localhost:${new URL(site.origin).port}/`;
        await assert.rejects(session.page.goto(outside), /net::ERR_(BLOCKED_BY_CLIENT|NAME_NOT_RESOLVED)/);
        assert.deepEqual(session.blockedRequests, [outside]);
      } finally {
        await session.close();
      }
    });

    test(`${httpCache ? 'serves' : 'never serves'} the site's scripts from the cache on the next page`, async ({browser}) => {
      const session = await openSession(browser, {httpCache});
      try {
        await gotoHydrated(session.page, `${site.origin}/`);
        await gotoHydrated(session.page, `${site.origin}/help/security`);
        const cached = await session.page.evaluate(siteScriptsFromCache);
        if (httpCache) assert.ok(cached > 0, 'the shared scripts come from the cache');
        else assert.equal(cached, 0, 'a route turns the cache off');
      } finally {
        await session.close();
      }
    });
  });
}

test('a session that keeps the HTTP cache cannot intercept', async ({browser}) => {
  const session = await openSession(browser, {httpCache: true});
  try {
    assert.throws(
      () =>
        session.intercept(
          () => true,
          (route) => route.abort(),
        ),
      /keeps the HTTP cache/,
    );
  } finally {
    await session.close();
  }
});
