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
import {docsMcpPath} from '@zip/model/docsMcp';

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
  const pageRoutes = ['/', '/search', '/help/security', '/guides/intro', '/guides/developer-guide/webhooks', '/api/errors'];
  const routes = routesJson(['/api/errors.html', '/api/errors.md', '/api/changelog/atom.xml', '/assets/js/main.1a2b3c.js', '/llms.txt']);
  const runsFunction = (path: string): boolean =>
    routes.include.some((rule) => patternMatches(rule, path)) && !routes.exclude.some((rule) => patternMatches(rule, path));

  it('runs a function for the MCP endpoint only: pages are static files', () => {
    assert.ok(runsFunction(docsMcpPath), docsMcpPath);
    for (const path of pageRoutes) assert.equal(runsFunction(path), false, path);
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
      '/api/errors.md',
    ]) {
      assert.equal(runsFunction(path), false, path);
    }
  });
});
