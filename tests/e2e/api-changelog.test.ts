/**
 * The API changelog and the Postman collection in the test build: the
 * changelog page lists every entry of packages/model/src/apiChangelog.ts under its
 * date, is in the API sidebar, and every page names its Atom feed, which
 * serves each published entry; every API intro page links the collection and
 * its environment, which download as Postman v2.1 JSON with the test key.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {site} from '../support/site';
import {apiChangelog, changelogAnchors, formatChangelogDate, unreleased} from '@zip/model/apiChangelog';
import {apiClient, apiProducts} from '@zip/model/apiReference';
import {sampleSecretKey} from '@zip/model/testValues';

const introRoutes = ['/api/intro', ...apiProducts.flatMap((product) => (product.introDocId ? [`/api/${product.introDocId}`] : []))];

test.describe('API changelog and collection', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser, {viewport: {width: 1400, height: 900}, httpCache: true});
  });
  test.afterAll(async () => {
    await session.close();
  });

  test('the changelog page shows each entry under its date, and the API sidebar links it', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/api/changelog`);
    const anchors = changelogAnchors(apiChangelog);
    for (const [index, entry] of apiChangelog.entries()) {
      const heading = page.locator(`article h3[id="${anchors[index] ?? ''}"]`);
      assert.equal((await heading.textContent())?.replace(/\u200b/g, '').trim(), formatChangelogDate(entry.date));
    }
    const sidebarLink = page.locator('nav.menu a.menu__link[href="/api/changelog"]');
    assert.equal(await sidebarLink.getAttribute('aria-current'), 'page');
  });

  test('every page names the Atom feed, which serves each published entry', async () => {
    const {page} = session;
    await gotoHydrated(page, `${site.origin}/help/security`);
    const href = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute('href');
    assert.equal(href, '/api/changelog/atom.xml');
    const response = await fetch(`${site.origin}${href}`);
    assert.equal(response.status, 200);
    const atom = await response.text();
    assert.match(atom, /^<\?xml[^>]*>\s*<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/);
    const anchors = changelogAnchors(apiChangelog);
    const published = apiChangelog.flatMap((entry, index) => (entry.date === unreleased ? [] : [anchors[index] ?? '']));
    assert.deepEqual(
      [...atom.matchAll(/<entry>\s*<title[^>]*>[\s\S]*?<id>[^<#]*#([^<]+)<\/id>/g)].map((match) => match[1]),
      published,
    );
  });

  for (const route of introRoutes) {
    test(`${route}: links the Postman collection and its environment`, async () => {
      const {page} = session;
      await gotoHydrated(page, `${site.origin}${route}`);
      const collection = page.locator(`article a[href="/openapi/${apiClient.files.collection}"]`);
      const environment = page.locator(`article a[href="/openapi/${apiClient.files.environment}"]`);
      assert.equal(await collection.count(), 1, 'one collection link');
      assert.equal(await environment.count(), 1, 'one environment link');
      if (route !== '/api/links/links-intro') return;
      const [download] = await Promise.all([page.waitForEvent('download'), collection.click()]);
      assert.equal(download.suggestedFilename(), apiClient.files.collection);
      const downloaded = JSON.parse(readFileSync(await download.path(), 'utf8')) as {info: {name: string; schema: string}; item: unknown[]};
      assert.equal(downloaded.info.name, apiClient.collectionName);
      assert.equal(downloaded.info.schema, 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
      assert.equal(downloaded.item.length, 4, 'one folder per API');
      const [environmentDownload] = await Promise.all([page.waitForEvent('download'), environment.click()]);
      const variables = (JSON.parse(readFileSync(await environmentDownload.path(), 'utf8')) as {values: {key: string; value: string}[]})
        .values;
      assert.equal(variables.find((variable) => variable.key === 'testKey')?.value, sampleSecretKey);
    });
  }
});
