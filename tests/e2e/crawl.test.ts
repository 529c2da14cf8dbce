/**
 * Visits every page of the sitemap in Chromium, after hydration, and fails on
 * a console error, an uncaught page error, an internal link or anchor that
 * leads nowhere, a Content-Security-Policy violation, or an axe-core violation
 * of any severity (minor included) at desktop width (1280 px) or on a phone
 * (390 px). The 404 page is scanned at both widths too.
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Page} from '@playwright/test';
import {AxeBuilder} from '@axe-core/playwright';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {buildDir, site} from '../support/site';

const sitemapFile = join(buildDir, 'sitemap.xml');
if (!existsSync(sitemapFile)) {
  throw new Error(`${sitemapFile} is missing: build the site first (npm run build:test).`);
}
const pagePaths = [...readFileSync(sitemapFile, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (match) => new URL(match[1] ?? '/').pathname,
);
const knownPages = new Set(pagePaths);

/** A desktop window, where every check runs. */
let session: BrowserSession;
/** A phone (390 × 844 CSS px, an iPhone 12 to 15), where the page is scanned by axe again. */
let phoneSession: BrowserSession;
const phoneViewport = {width: 390, height: 844};

/** Every axe violation on the page, whatever its impact, one line each with up to three of its elements. */
async function axeViolations(page: Page, width: string): Promise<string[]> {
  const axe = await new AxeBuilder({page}).analyze();
  return axe.violations.map(
    (violation) =>
      `axe at ${width}: ${violation.impact ?? 'unknown'} ${violation.id}: ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}
/** Internal links seen so far: target path#anchor → the pages that link there. */
const anchorLinks = new Map<string, Set<string>>();
/** Element ids present on each crawled page, after hydration. */
const idsByPage = new Map<string, Set<string>>();

/** True when a link target is a page or a file the build serves. */
function linkTargetExists(pathname: string): boolean {
  const withoutSlash = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (knownPages.has(withoutSlash) || knownPages.has(pathname)) return true;
  const file = join(buildDir, decodeURIComponent(pathname));
  return existsSync(file) && !pathname.endsWith('/');
}

test.describe(`crawl of the ${pagePaths.length} pages in the sitemap`, () => {
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser);
    phoneSession = await openSession(browser, {viewport: phoneViewport});
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

  for (const path of pagePaths) {
    test(path, async () => {
      const {page} = session;
      const errorsBefore = session.consoleErrors.length;
      const pageErrorsBefore = session.pageErrors.length;
      const cspViolationsBefore = session.cspViolations.length;
      const status = await gotoHydrated(page, `${site.origin}${path}`);
      assert.equal(status, 200, `${path} answers 200`);
      await page.waitForLoadState('networkidle');

      const links = await page.locator('a[href]').evaluateAll((anchors) =>
        anchors.map((anchor) => (anchor as HTMLAnchorElement).href),
      );
      const brokenLinks: string[] = [];
      for (const href of links) {
        const url = new URL(href);
        if (url.origin !== site.origin) continue;
        if (!linkTargetExists(url.pathname)) {
          brokenLinks.push(url.pathname);
        } else if (url.hash.length > 1) {
          const key = `${url.pathname.replace(/\/$/, '') || '/'}${url.hash}`;
          const sources = anchorLinks.get(key) ?? new Set<string>();
          sources.add(path);
          anchorLinks.set(key, sources);
        }
      }
      idsByPage.set(path, new Set(await page.locator('[id]').evaluateAll((elements) => elements.map((el) => el.id))));

      const desktopViolations = await axeViolations(page, '1280 px');

      const phone = phoneSession.page;
      const phoneErrorsBefore = phoneSession.consoleErrors.length;
      const phonePageErrorsBefore = phoneSession.pageErrors.length;
      const phoneCspViolationsBefore = phoneSession.cspViolations.length;
      await gotoHydrated(phone, `${site.origin}${path}`);
      await phone.waitForLoadState('networkidle');
      const phoneViolations = await axeViolations(phone, '390 px');

      const problems = [
        ...session.consoleErrors.slice(errorsBefore).map((error) => `console error: ${error}`),
        ...session.pageErrors.slice(pageErrorsBefore).map((error) => `page error: ${error}`),
        ...session.cspViolations.slice(cspViolationsBefore).map((violation) => `CSP violation: ${violation}`),
        ...[...new Set(brokenLinks)].map((target) => `broken internal link: ${target}`),
        ...phoneSession.consoleErrors.slice(phoneErrorsBefore).map((error) => `console error at 390 px: ${error}`),
        ...phoneSession.pageErrors.slice(phonePageErrorsBefore).map((error) => `page error at 390 px: ${error}`),
        ...phoneSession.cspViolations
          .slice(phoneCspViolationsBefore)
          .map((violation) => `CSP violation at 390 px: ${violation}`),
        ...desktopViolations,
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

  test('every internal anchor link points at an element on its target page', () => {
    const broken: string[] = [];
    for (const [target, sources] of anchorLinks) {
      const hashIndex = target.indexOf('#');
      const targetPath = target.slice(0, hashIndex);
      const anchor = decodeURIComponent(target.slice(hashIndex + 1));
      const ids = idsByPage.get(targetPath);
      if (ids && !ids.has(anchor)) {
        broken.push(`${target} (linked from ${[...sources].join(', ')})`);
      }
    }
    assert.deepEqual(broken, []);
  });

  test('nothing tried to leave the machine', () => {
    assert.deepEqual([...session.blockedRequests, ...phoneSession.blockedRequests], []);
  });
});
