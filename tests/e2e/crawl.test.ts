/**
 * Visits every page of the sitemap in Chromium, after hydration, and fails on
 * a console error, an uncaught page error, an internal link or anchor that
 * leads nowhere, a Content-Security-Policy violation, or a serious or critical
 * axe-core violation.
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {after, before, describe, it} from 'node:test';
import {AxeBuilder} from '@axe-core/playwright';
import {gotoHydrated, openSession, type BrowserSession} from '../support/browser';
import {buildDir, useSite} from '../support/site';

const sitemapFile = join(buildDir, 'sitemap.xml');
if (!existsSync(sitemapFile)) {
  throw new Error(`${sitemapFile} is missing: build the site first (npm run build:test).`);
}
const pagePaths = [...readFileSync(sitemapFile, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (match) => new URL(match[1] ?? '/').pathname,
);
const knownPages = new Set(pagePaths);

const site = useSite();
let session: BrowserSession;
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

describe(`crawl of the ${pagePaths.length} pages in the sitemap`, () => {
  before(async () => {
    session = await openSession({origin: site.origin});
  });
  after(async () => {
    await session.close();
  });

  it('lists the pages every section must have', () => {
    for (const path of ['/', '/guides/intro', '/api/intro']) {
      assert.ok(knownPages.has(path), `sitemap lists ${path}`);
    }
    assert.ok(!pagePaths.some((path) => path.startsWith('/tests/')), 'test-only pages stay out of the sitemap');
  });

  for (const path of pagePaths) {
    it(path, async () => {
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

      const axe = await new AxeBuilder({page}).analyze();
      const seriousViolations = axe.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
              .slice(0, 3)
              .map((node) => node.target.join(' '))
              .join(', ')}`,
        );

      const problems = [
        ...session.consoleErrors.slice(errorsBefore).map((error) => `console error: ${error}`),
        ...session.pageErrors.slice(pageErrorsBefore).map((error) => `page error: ${error}`),
        ...session.cspViolations.slice(cspViolationsBefore).map((violation) => `CSP violation: ${violation}`),
        ...[...new Set(brokenLinks)].map((target) => `broken internal link: ${target}`),
        ...seriousViolations.map((violation) => `axe: ${violation}`),
      ];
      assert.deepEqual(problems, [], `${path} has ${problems.length} problem(s)`);
    });
  }

  it('every internal anchor link points at an element on its target page', () => {
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

  it('nothing tried to leave the machine', () => {
    assert.deepEqual(session.blockedRequests, []);
  });
});
