/**
 * The Markdown twins' cache (plugins/machine-readable/twins-cache.ts): a
 * twin whose inputs are the same again is read back, one whose inputs or
 * converter changed is converted again, and the code fingerprint covers
 * every project file the conversion imports.
 */
import assert from 'node:assert/strict';
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, it} from 'node:test';
import writeTwins, {type TwinJob, type TwinSettings} from '../../plugins/machine-readable/twins';
import {twinsCode, twinsCodeFingerprint} from '../../plugins/machine-readable/twins-cache';
import {operationOfGeneratedPage} from '../../plugins/api-reference/operations';
import type {PublishedOperation} from '@zip/model/apiOperation';

const siteDir = path.join(import.meta.dirname, '../..');
const siteUrl = 'https://docs.example.com';

/** A content page as the build writes it: the scripts' hashed names in the head, the article in the body. */
function contentPage({
  scripts = 'main.1a2b3c',
  description = 'Refund a card payment.',
  paragraph = 'Refunds take five days.',
} = {}): string {
  return `<!doctype html><html><head><title>Refund a payment | Zip Docs</title><meta name="description" content="${description}">
<link rel="preload" as="script" fetchpriority="low" data-entry-script href="/assets/js/${scripts}.js"></head><body><nav class="navbar"><a href="/">Zip</a></nav>
<main><article><div class="theme-doc-markdown markdown"><header><h1>Refund a payment</h1></header><p>${paragraph}</p></div></article></main></body></html>`;
}

/** An endpoint page's operation, as the operations file publishes it (without samples: they are not the twin's concern here). */
function publishedOperation(): PublishedOperation {
  const endpoints = path.join(siteDir, 'api/payments');
  const page = readdirSync(endpoints).find((file) => file === 'create-charge.api.mdx');
  assert.ok(page, 'api/payments/create-charge.api.mdx is generated (npm run gen:api)');
  const operation = operationOfGeneratedPage(readFileSync(path.join(endpoints, page), 'utf8'), path.join(endpoints, page));
  assert.ok(operation, 'create-charge.api.mdx names its operation');
  const permalink = '/api/payments/create-charge';
  return {
    spec: 'payments',
    operationId: 'createCharge',
    title: 'Create a charge',
    permalink,
    pages: [permalink],
    operation,
    codeSamples: [],
  };
}

const endpointPage =
  '<!doctype html><html><head><script src="/assets/js/main.1a2b3c.js"></script></head><body><article><h1>Create a charge</h1></article></body></html>';

/** A build folder with the two pages, and the jobs and settings the plugin would give the worker. */
function site(cacheFile: string | undefined, fingerprint = 'code-a') {
  const outDir = mkdtempSync(path.join(tmpdir(), 'zip-twins-'));
  mkdirSync(path.join(outDir, 'guides/refund'), {recursive: true});
  mkdirSync(path.join(outDir, 'api/payments/create-charge'), {recursive: true});
  const jobs: TwinJob[] = [
    {
      pagePath: '/guides/refund',
      section: 'Guides',
      htmlFile: path.join(outDir, 'guides/refund/index.html'),
      htmlFileInBuild: 'guides/refund/index.html',
      twinFile: path.join(outDir, 'guides/refund.md'),
      twinUrl: `${siteUrl}/guides/refund.md`,
      source: '@site/guides/refund.mdx',
    },
    {
      pagePath: '/api/payments/create-charge',
      section: 'API reference',
      htmlFile: path.join(outDir, 'api/payments/create-charge/index.html'),
      htmlFileInBuild: 'api/payments/create-charge/index.html',
      twinFile: path.join(outDir, 'api/payments/create-charge.md'),
      twinUrl: `${siteUrl}/api/payments/create-charge.md`,
      source: '@site/api/payments/create-charge.api.mdx',
      operation: publishedOperation(),
    },
  ];
  const settings: TwinSettings = {
    siteUrl,
    llmsUrl: `${siteUrl}/llms.txt`,
    llmsFullUrl: `${siteUrl}/llms-full.txt`,
    eventPages: {},
    ...(cacheFile ? {cache: {file: cacheFile, fingerprint}} : {}),
  };
  const write = (page: string, html: string): void => writeFileSync(path.join(outDir, page), html);
  write('guides/refund/index.html', contentPage());
  write('api/payments/create-charge/index.html', endpointPage);
  return {jobs, settings, write};
}

/** Marks every twin in a cache file, so a twin read back from it can be told from one converted again. */
function markCachedTwins(cacheFile: string): void {
  const stored = JSON.parse(readFileSync(cacheFile, 'utf8')) as {fingerprint: string; entries: Record<string, {markdown: string}>};
  for (const twin of Object.values(stored.entries)) twin.markdown = `${twin.markdown}(from the cache)\n`;
  writeFileSync(cacheFile, JSON.stringify(stored));
}

const fromCache = (markdown: string): boolean => markdown.endsWith('(from the cache)\n');

describe('Markdown twins cache', () => {
  it('keeps the twins it converts, and they are the twins written without a cache', async () => {
    const cacheFile = path.join(mkdtempSync(path.join(tmpdir(), 'zip-twins-cache-')), 'twins.json');
    const cached = site(cacheFile);
    const uncached = site(undefined);
    assert.deepEqual(
      (await writeTwins(cached.jobs, cached.settings)).map(({link, ...twin}) => ({
        ...twin,
        title: link.title,
        description: link.description,
      })),
      (await writeTwins(uncached.jobs, uncached.settings)).map(({link, ...twin}) => ({
        ...twin,
        title: link.title,
        description: link.description,
      })),
    );
    assert.ok(existsSync(cacheFile));
  });

  it('reads a twin back when only what it is not made from changed (the scripts’ names)', async () => {
    const cacheFile = path.join(mkdtempSync(path.join(tmpdir(), 'zip-twins-cache-')), 'twins.json');
    const {jobs, settings, write} = site(cacheFile);
    await writeTwins(jobs, settings);
    markCachedTwins(cacheFile);
    write('guides/refund/index.html', contentPage({scripts: 'main.4d5e6f'}));
    write('api/payments/create-charge/index.html', endpointPage.replace('main.1a2b3c', 'main.4d5e6f'));
    const twins = await writeTwins(jobs, settings);
    assert.deepEqual(
      twins.map((twin) => fromCache(twin.markdown)),
      [true, true],
    );
    assert.ok(fromCache(readFileSync(jobs[0]?.twinFile ?? '', 'utf8')), 'the twin file is the one read back');
  });

  for (const [change, html] of [
    ['its article', contentPage({paragraph: 'Refunds take three days.'})],
    ['its description', contentPage({description: 'Refund a payment in part.'})],
  ] as const) {
    it(`converts a content page again when ${change} changed`, async () => {
      const cacheFile = path.join(mkdtempSync(path.join(tmpdir(), 'zip-twins-cache-')), 'twins.json');
      const {jobs, settings, write} = site(cacheFile);
      await writeTwins(jobs, settings);
      markCachedTwins(cacheFile);
      write('guides/refund/index.html', html);
      const [content, endpoint] = await writeTwins(jobs, settings);
      assert.equal(fromCache(content?.markdown ?? ''), false);
      assert.equal(fromCache(endpoint?.markdown ?? ''), true);
    });
  }

  it('converts an endpoint page again when its title changed', async () => {
    const cacheFile = path.join(mkdtempSync(path.join(tmpdir(), 'zip-twins-cache-')), 'twins.json');
    const {jobs, settings, write} = site(cacheFile);
    await writeTwins(jobs, settings);
    markCachedTwins(cacheFile);
    write('api/payments/create-charge/index.html', endpointPage.replace('Create a charge', 'Charge a card'));
    const [content, endpoint] = await writeTwins(jobs, settings);
    assert.equal(fromCache(content?.markdown ?? ''), true);
    assert.equal(fromCache(endpoint?.markdown ?? ''), false);
    assert.match(endpoint?.markdown ?? '', /^# Charge a card/);
  });

  it('converts every twin again when the converter’s code changed', async () => {
    const cacheFile = path.join(mkdtempSync(path.join(tmpdir(), 'zip-twins-cache-')), 'twins.json');
    const before = site(cacheFile, 'code-a');
    await writeTwins(before.jobs, before.settings);
    markCachedTwins(cacheFile);
    const after = site(cacheFile, 'code-b');
    assert.deepEqual(
      (await writeTwins(after.jobs, after.settings)).map((twin) => fromCache(twin.markdown)),
      [false, false],
    );
  });

  it('the code fingerprint changes with any file of the converter’s code or the lockfile', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'zip-twins-code-'));
    for (const place of twinsCode) cpSync(path.join(siteDir, place), path.join(copy, place), {recursive: true});
    cpSync(path.join(siteDir, 'package-lock.json'), path.join(copy, 'package-lock.json'));
    const original = twinsCodeFingerprint(copy);
    assert.equal(twinsCodeFingerprint(copy), original);
    for (const file of [
      'packages/model/src/apiOperation.ts',
      'plugins/machine-readable/endpoint-markdown.ts',
      'plugins/machine-readable/kept-between-builds.ts',
      'package-lock.json',
    ]) {
      const text = readFileSync(path.join(copy, file), 'utf8');
      writeFileSync(path.join(copy, file), `${text}\n`);
      assert.notEqual(twinsCodeFingerprint(copy), original, file);
      writeFileSync(path.join(copy, file), text);
    }
  });

  it('the fingerprint covers every project file the twins’ conversion imports', () => {
    // The relative imports of twins.ts, followed through the project's files.
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const [, request] of source.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
        const base = path.resolve(path.dirname(file), request ?? '');
        const resolved = [`${base}.ts`, `${base}.tsx`, base, path.join(base, 'index.ts')].find(
          (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
        );
        assert.ok(resolved, `${path.relative(siteDir, file)} imports ${request}, which was not found`);
        visit(resolved);
      }
    };
    visit(path.join(siteDir, 'plugins/machine-readable/twins.ts'));
    assert.ok(seen.size > 5, `the walk found the conversion's files (${seen.size})`);
    const outside = [...seen]
      .map((file) => path.relative(siteDir, file))
      .filter((file) => !twinsCode.some((place) => file === place || file.startsWith(`${place}/`)));
    assert.deepEqual(outside, [], 'files the twins import but the fingerprint does not hash');
  });
});
