/**
 * Page weight, the part of performance that does not depend on machine noise:
 * the JavaScript each page type loads on first view (no interaction, a phone's
 * viewport, as Lighthouse sees it), the style sheets its first paint waits for,
 * everything that first view transfers
 * (prefetches included), what hovering a link fetches, and the largest chunk in
 * the build, against the budgets in packages/perf/src/budgets.ts. Timings live in
 * `npm run bench`.
 */
import assert from 'node:assert/strict';
import {readdir, readFile} from 'node:fs/promises';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {expect, type Page, type Request, type Response} from '@playwright/test';
import {
  apiThemeMarkers,
  benchPages,
  inflaterMarker,
  largestChunkBudgetGzip,
  firstViewTransferBudget,
  htmlBudgetsGzip,
  phoneBudgets,
  scriptBudgetFor,
} from '@zip/perf/budgets';
import {pageBytes} from '@zip/perf/phone';
import {COMPILE_HINT} from '../../plugins/navigation/compile-hints';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {builtScriptsContaining, recordScripts, scriptsContaining} from '../support/scripts';
import {buildDir, site} from '../support/site';

const gzipSizes = new Map<string, number>();

/** Gzip size of a built file, as a CDN would send it. */
async function gzipSize(pathname: string): Promise<number> {
  const known = gzipSizes.get(pathname);
  if (known !== undefined) return known;
  const size = gzipSync(await readFile(join(buildDir, pathname)), {level: 6}).length;
  gzipSizes.set(pathname, size);
  return size;
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

/** Resolves once the browser has had idle time to spare, twice over: when work left to idle time would have started. */
const afterIdle = (page: Page): Promise<unknown> =>
  page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));

/** Requests the page has started and not yet finished or failed, from now on. */
function trackInFlight(page: Page): {readonly count: () => number} {
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return {count: () => inFlight.size};
}

/** The entry script (`/assets/js/main.<hash>.js`) the home page loads, as every page does. */
async function homeEntryScript(): Promise<string> {
  const html = await readFile(join(buildDir, 'index.html'), 'utf8');
  const entry = /(?:src|href)="?(\/assets\/js\/main\.[0-9a-f]+\.js)"?/.exec(html)?.[1];
  assert.ok(entry, 'the home page loads main.js');
  return entry;
}

test.describe('page weight', () => {
  let session: BrowserSession;

  test.beforeAll(async ({browser}) => {
    // Not httpCache: its route keeps the browser's cache off, so every page is weighed as a first visit.
    session = await openSession(browser, {viewport: {width: 412, height: 823}});
  });
  test.afterAll(async () => {
    await session.close();
  });

  for (const benchPage of benchPages()) {
    const budget = scriptBudgetFor(benchPage);
    test(`${benchPage.label} (${benchPage.path}) loads at most ${kib(budget)} of script on first view`, async () => {
      const page = await session.context.newPage();
      const scripts = recordScripts(page, site.origin);
      try {
        await gotoHydrated(page, `${site.origin}${benchPage.path}`);
        await page.waitForLoadState('networkidle');
        const sizes = await Promise.all([...scripts].map(async (script) => ({script, bytes: await gzipSize(script)})));
        const total = sizes.reduce((sum, {bytes}) => sum + bytes, 0);
        const listing = sizes
          .sort((a, b) => b.bytes - a.bytes)
          .map(({script, bytes}) => `  ${script} ${kib(bytes)}`)
          .join('\n');
        assert.ok(total <= budget, `${benchPage.path} loads ${kib(total)} of script (gzip), over its ${kib(budget)} budget:\n${listing}`);
        if (benchPage.kind === 'content') {
          for (const marker of apiThemeMarkers) {
            assert.deepEqual(
              await scriptsContaining(scripts, marker),
              [],
              `${benchPage.path} loads code only API pages use (${marker}; plugins/api-reference/chunks.ts)`,
            );
          }
        }
      } finally {
        await page.close();
      }
    });
  }

  for (const benchPage of benchPages()) {
    const budget = firstViewTransferBudget;
    test(`${benchPage.label} (${benchPage.path}) transfers at most ${kib(budget)} on first view, prefetches included`, async () => {
      const page = await session.context.newPage();
      const responses: Response[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).origin === site.origin) responses.push(response);
      });
      try {
        await gotoHydrated(page, `${site.origin}${benchPage.path}`);
        await page.waitForLoadState('networkidle');
        // Prefetching left to idle time would start now: the in-flight count catches it.
        const inFlight = trackInFlight(page);
        await afterIdle(page);
        await expect.poll(inFlight.count).toBe(0);
        // Headers and the body as sent (compressed): the bytes a reader's data plan pays for.
        const sizes = await Promise.all(
          responses.map(async (response) => {
            const {responseBodySize, responseHeadersSize} = await response.request().sizes();
            return {path: new URL(response.url()).pathname, bytes: responseBodySize + responseHeadersSize};
          }),
        );
        const total = sizes.reduce((sum, {bytes}) => sum + bytes, 0);
        const listing = sizes
          .sort((a, b) => b.bytes - a.bytes)
          .map(({path, bytes}) => `  ${path} ${kib(bytes)}`)
          .join('\n');
        assert.ok(
          total <= budget,
          `${benchPage.path} transfers ${kib(total)} in ${sizes.length} requests, over its ${kib(budget)} budget:\n${listing}`,
        );
      } finally {
        await page.close();
      }
    });
  }

  for (const benchPage of benchPages()) {
    const budget = phoneBudgets[benchPage.kind].blockingCssGzip;
    test(`${benchPage.label} (${benchPage.path}) waits for at most ${kib(budget)} of CSS (gzip) before its first paint`, async () => {
      const bytes = await pageBytes(buildDir, benchPage.path);
      const sheets = bytes.blockingCss.join(', ');
      assert.ok(
        bytes.blockingCssGzip <= budget,
        `${benchPage.path} makes its first paint wait for ${kib(bytes.blockingCssGzip)} of CSS (gzip: ${kib(bytes.inlineCssGzip)} inlined, and the sheets its head links: ${sheets || 'none'}), over its ${kib(budget)} budget`,
      );
      const referenceStyles = bytes.linkedCss.some((href) => href.includes('/api-reference.'));
      // The OpenAPI theme's styles only where its markup is (plugins/api-reference/chunks.ts).
      assert.equal(referenceStyles, benchPage.kind === 'endpoint', `${benchPage.path} links ${bytes.linkedCss.join(', ')}`);
    });
  }

  for (const benchPage of benchPages()) {
    const budget = htmlBudgetsGzip[benchPage.kind];
    test(`${benchPage.label} (${benchPage.path}) sends at most ${kib(budget)} of HTML (gzip)`, async () => {
      const {htmlGzip, inlineCssGzip} = await pageBytes(buildDir, benchPage.path);
      assert.ok(
        htmlGzip <= budget,
        `${benchPage.path} sends ${kib(htmlGzip)} of HTML (gzip, ${kib(inlineCssGzip)} of it inlined CSS), over its ${kib(budget)} budget`,
      );
    });
  }

  test("hovering a link loads its page's route, and following it then fetches no more script", async () => {
    const page = await session.context.newPage();
    const scripts = recordScripts(page, site.origin);
    try {
      await gotoHydrated(page, `${site.origin}/`);
      await page.waitForLoadState('networkidle');
      await afterIdle(page);
      // A help article: its page needs its route's chunks and no component loaded later (code blocks load theirs).
      const link = page.locator('article a[href^="/help/"]').first();
      await link.scrollIntoViewIfNeeded();
      const inFlight = trackInFlight(page);
      const beforeHover = new Set(scripts);
      await link.hover();
      await expect.poll(() => [...scripts].filter((script) => !beforeHover.has(script)).length).toBeGreaterThan(0);
      await expect.poll(inFlight.count).toBe(0);
      const beforeClick = new Set(scripts);
      const target = new URL((await link.getAttribute('href')) ?? '', site.origin).pathname;
      await link.click();
      await page.waitForURL(`**${target}`);
      await expect(page.locator('article h1')).not.toHaveText('Zip documentation');
      await expect.poll(inFlight.count).toBe(0);
      assert.deepEqual(
        [...scripts].filter((script) => !beforeClick.has(script)),
        [],
        `following the link to ${target} fetched script the hover had not`,
      );
    } finally {
      await page.close();
    }
  });

  test(`no JavaScript chunk is over ${kib(largestChunkBudgetGzip)} gzip`, async () => {
    const jsDir = join(buildDir, 'assets', 'js');
    const oversized: string[] = [];
    for (const name of await readdir(jsDir)) {
      if (!name.endsWith('.js')) continue;
      const bytes = await gzipSize(`/assets/js/${name}`);
      if (bytes > largestChunkBudgetGzip) oversized.push(`${name}: ${kib(bytes)}`);
    }
    assert.deepEqual(oversized, [], `chunks over the ${kib(largestChunkBudgetGzip)} budget`);
  });

  test("no script carries an endpoint page's operation or its sections' data: they are files fetched when needed", async () => {
    const jsDir = join(buildDir, 'assets', 'js');
    // As a chunk would hold them: JSON modules (`JSON.parse('{"operationId":…`), each file as the
    // generator and the OpenAPI plugin write it (an operation opens with its operationId), or the
    // operation in the front matter again (`api:{operationId:…`), as the plugin's own template writes it.
    const pageData = /JSON\.parse\('\{"(?:operationId|responses|parameters|title)":|\bapi"?:\{"?operationId"?:/;
    const carrying: string[] = [];
    for (const name of await readdir(jsDir)) {
      if (name.endsWith('.js') && pageData.test(await readFile(join(jsDir, name), 'utf8'))) carrying.push(name);
    }
    assert.deepEqual(carrying, [], 'chunks carrying page data (plugins/api-reference/page-data.ts and bundle.ts no longer apply?)');
    const dataFiles = await readdir(join(buildDir, 'assets', 'api-data'));
    assert.ok(
      dataFiles.some((name) => /^create-charge\.operation\.[0-9a-f]{8}\.json$/.test(name)),
      'Create a charge has its operation file in assets/api-data/',
    );
  });

  test('no script carries an inflater: the endpoint pages read their operation as JSON', async () => {
    assert.deepEqual(
      await builtScriptsContaining(inflaterMarker),
      [],
      `scripts holding pako's inflate ("${inflaterMarker}"): does a page decode a compressed operation again?`,
    );
  });

  test("main.js, which every page loads, holds no route module's path: the chunk registry's client copy has none", async () => {
    const entry = await homeEntryScript();
    const paths = (await readFile(join(buildDir, entry), 'utf8')).match(/"@(?:site|generated)\/[^"]*"/g) ?? [];
    assert.deepEqual(
      paths.slice(0, 3),
      [],
      `${paths.length} module paths in ${entry} (patches/@docusaurus+core+3.10.2.patch, codegenRoutes.js, no longer applies?)`,
    );
  });

  test("main.js, which every page loads, starts with V8's compile hint", async () => {
    const entry = await homeEntryScript();
    const head = (await readFile(join(buildDir, entry), 'utf8')).slice(0, COMPILE_HINT.length);
    assert.equal(head, COMPILE_HINT, `${entry} starts with the compile hint`);
  });
});
