/**
 * What `Accept: text/markdown` and the Pages Functions decide without a
 * build: which requests get a page's Markdown twin, and which paths run a
 * function. The servers themselves, and the docs MCP server, are tested
 * against the build in tests/e2e/docs-mcp.test.ts.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {patternMatches, routesJson} from '../../plugins/delivery/cloudflare';
import {acceptsMarkdown, negotiatedTwinPath} from '../../plugins/delivery/policy';
import {docsMcpPath} from '../../src/data/docsMcp';
import {onRequest} from '../../functions/_middleware';

describe('Accept: text/markdown', () => {
  it('wants Markdown when the Accept header lists text/markdown with a quality above zero', () => {
    assert.equal(acceptsMarkdown('text/markdown'), true);
    assert.equal(acceptsMarkdown('text/html;q=0.9, text/markdown'), true);
    assert.equal(acceptsMarkdown('TEXT/MARKDOWN; charset=utf-8'), true);
    assert.equal(acceptsMarkdown('text/markdown;q=0, text/html'), false);
    assert.equal(acceptsMarkdown('text/markdown; q=0.0'), false);
    assert.equal(acceptsMarkdown('text/html,application/xhtml+xml,*/*;q=0.8'), false);
    assert.equal(acceptsMarkdown('text/markdown-preview'), false);
    assert.equal(acceptsMarkdown(null), false);
  });

  it('answers a page path with its twin, and never a file, an asset or the MCP endpoint', () => {
    const markdown = 'text/markdown';
    assert.equal(negotiatedTwinPath('/help/security', markdown), '/help/security.md');
    assert.equal(negotiatedTwinPath('/help/security/', markdown), '/help/security.md');
    assert.equal(negotiatedTwinPath('/', markdown), '/index.md');
    assert.equal(negotiatedTwinPath('/help/security', 'text/html'), undefined);
    for (const path of ['/img/logo.svg', '/help/security.md', '/llms.txt', '/assets/js/main', docsMcpPath]) {
      assert.equal(negotiatedTwinPath(path, markdown), undefined, path);
    }
  });
});

describe('_routes.json', () => {
  const facts = {
    inlineScriptHashes: [],
    analytics: false,
    apiOrigin: 'https://api.example.com',
    pageRoutes: ['/', '/search', '/help/security', '/guides/intro', '/guides/developer-guide/webhooks', '/api/errors'],
  };
  const routes = routesJson(facts, [
    '/api/errors.html',
    '/api/errors.md',
    '/api/changelog/atom.xml',
    '/assets/js/main.1a2b3c.js',
    '/llms.txt',
  ]);
  const runsFunction = (path: string): boolean =>
    routes.include.some((rule) => patternMatches(rule, path)) && !routes.exclude.some((rule) => patternMatches(rule, path));

  it('runs the functions for every page and the MCP endpoint', () => {
    for (const path of [...facts.pageRoutes, docsMcpPath]) assert.ok(runsFunction(path), path);
  });

  it('runs no function for the site’s files', () => {
    for (const path of [
      '/assets/js/main.1a2b3c.js',
      '/img/logo.svg',
      '/openapi/payments.yaml',
      '/search-index.json',
      '/llms.txt',
      '/sitemap.xml',
      '/api/changelog/atom.xml',
    ]) {
      assert.equal(runsFunction(path), false, path);
    }
  });

  it('stays within Cloudflare’s 100 rules, and says so when it cannot', () => {
    assert.ok(routes.include.length + routes.exclude.length <= 100);
    const pageRoutes = Array.from({length: 120}, (_, index) => `/page-${index}`);
    assert.throws(() => routesJson({...facts, pageRoutes}), /_routes\.json would have 12\d rules; Cloudflare Pages allows 100/);
  });
});

describe('the page middleware on Cloudflare Pages (functions/_middleware.ts)', () => {
  const page = '<!doctype html><title>Security</title>';
  const context = (assets: () => Promise<Response>) => ({
    request: new Request('https://docs.example.com/help/security', {headers: {accept: 'text/markdown'}}),
    env: {ASSETS: {fetch: assets}},
    next: () => Promise.resolve(new Response(page, {headers: {'content-type': 'text/html'}})),
  });

  it('serves the page itself when anything in it fails, as Pages does once the Functions quota is spent', async () => {
    const errors: unknown[] = [];
    const logged = console.error;
    console.error = (error: unknown) => errors.push(error);
    try {
      const response = await onRequest(context(() => Promise.reject(new Error('the assets binding failed'))));
      assert.equal(response.status, 200);
      assert.equal(await response.text(), page);
      assert.equal(errors.length, 1, 'the failure is logged');
    } finally {
      console.error = logged;
    }
  });

  it('answers a page asked for as Markdown with its twin', async () => {
    const response = await onRequest(context(() => Promise.resolve(new Response('# Security', {status: 200}))));
    assert.equal(await response.text(), '# Security');
    assert.equal(response.headers.get('vary'), 'Accept');
  });
});
