/**
 * The URL shape of the delivery policy (plugins/delivery): every page at one
 * clean address, the other forms of it redirected once, split between what
 * Cloudflare Pages' route matching does itself and what `_redirects` must
 * say, and nginx told all of it; on a small build in a temporary folder.
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, it} from 'node:test';
import {
  headerRules,
  pagesRouteRedirects,
  pagesStaticRedirectsLimit,
  redirectRules,
  renderHeaders,
  renderRedirects,
} from '../../plugins/delivery/cloudflare';
import {renderNginxConfig} from '../../plugins/delivery/nginx';
import {cleanPathRedirects, cleanPathRedirectStatus, type BuildFacts} from '../../plugins/delivery/policy';
import {pageRoutesIn} from '../../plugins/delivery/routes';

const facts = (pageRoutes: string[]): BuildFacts => ({
  inlineScriptHashes: [],
  analytics: false,
  apiOrigin: 'https://api.example.com',
  pageRoutes,
});

describe('delivery: the URL shape', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'zip-docs-build-'));
  after(() => rmSync(outDir, {recursive: true, force: true}));
  mkdirSync(join(outDir, 'help'), {recursive: true});
  for (const file of ['index.html', '404.html', 'search.html', join('help', 'security.html')])
    writeFileSync(join(outDir, file), '<p>page</p>');

  it('reads a page route from each x.html, the home page from index.html, and leaves the 404 page out', () => {
    assert.deepEqual(pageRoutesIn(outDir), ['/', '/help/security', '/search']);
  });

  it('promises /x.html, /x/ and /x/index.html to /x, and /index.html to /, all 308', () => {
    assert.equal(cleanPathRedirectStatus, 308);
    assert.deepEqual(cleanPathRedirects(facts(['/', '/search'])), [
      {from: '/index.html', to: '/'},
      {from: '/search.html', to: '/search'},
      {from: '/search/', to: '/search'},
      {from: '/search/index.html', to: '/search'},
    ]);
  });

  it('leaves to Pages the redirects it makes itself; _redirects holds /x/index.html only', () => {
    const routes = pageRoutesIn(outDir);
    assert.deepEqual(
      pagesRouteRedirects(routes).map(({from, to}) => `${from} ${to}`),
      ['/index.html /', '/help/security.html /help/security', '/help/security/ /help/security', '/search.html /search', '/search/ /search'],
    );
    assert.deepEqual(
      redirectRules(facts(routes)).map(({from, to, status}) => `${from} ${to} ${status}`),
      ['/help/security/index.html /help/security 308', '/search/index.html /search 308'],
    );
  });

  it('fails, naming the limit, when _redirects would pass Cloudflare Pages’ static-redirect limit', () => {
    const routes = Array.from({length: pagesStaticRedirectsLimit + 1}, (_, index) => `/page-${index}`);
    assert.throws(() => redirectRules(facts(routes)), /2001 static redirects, over Cloudflare Pages' limit of 2000/);
  });

  it('tells nginx every redirect, _redirects and Pages’ own alike, with one 308', () => {
    const buildFacts = facts(pageRoutesIn(outDir));
    writeFileSync(join(outDir, '_headers'), renderHeaders(headerRules(buildFacts)));
    writeFileSync(join(outDir, '_redirects'), renderRedirects(redirectRules(buildFacts)));
    const config = renderNginxConfig({buildDir: outDir, port: 1, runtimeDir: 'run'});
    for (const {from, to} of cleanPathRedirects(buildFacts)) assert.ok(config.includes(`    "${from}" "${to}";`), `${from} → ${to}`);
    assert.match(config, /if \(\$clean_path\) \{ return 308 \$clean_path\$is_args\$args; \}/);
    assert.match(config, /try_files \$uri \$uri\.html =404;/);
  });

  it('refuses a page built as x/index.html, naming the file and the setting', () => {
    mkdirSync(join(outDir, 'guides', 'intro'), {recursive: true});
    writeFileSync(join(outDir, 'guides', 'intro', 'index.html'), '<p>page</p>');
    assert.throws(
      () => pageRoutesIn(outDir),
      (error: Error) => {
        assert.ok(error.message.startsWith(`${join(outDir, 'guides', 'intro', 'index.html')}: `), error.message);
        assert.match(error.message, /trailingSlash: false/);
        return true;
      },
    );
  });
});
