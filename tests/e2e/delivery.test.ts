/**
 * The delivery policy as production applies it: nginx (started over the test
 * build by useSite, with the configuration production uses) answers exactly
 * what the CDN's `_headers` and `_redirects` in the build promise, caches only
 * hashed files for long, redirects `.html` paths, serves pre-compressed files,
 * and sends a Content-Security-Policy that allows the build's own inline
 * scripts and refuses any other.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {headersFor, isHostRule, parseHeaders, parseRedirects, redirectFor} from '../../plugins/delivery/cloudflare';
import {inlineScriptHashes} from '../../plugins/delivery/index';
import {renderNginxConfig} from '../../plugins/delivery/nginx';
import {cacheControl} from '../../plugins/delivery/policy';
import {gotoHydrated, openSession, test, type BrowserSession} from '../support/browser';
import {buildDir, site} from '../support/site';

const headersFile = join(buildDir, '_headers');
const headerRules = parseHeaders(readFileSync(headersFile, 'utf8'), headersFile);
const redirectsFile = join(buildDir, '_redirects');
const redirectRules = parseRedirects(readFileSync(redirectsFile, 'utf8'), redirectsFile);
const pagePaths = [...readFileSync(join(buildDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (match) => new URL(match[1] ?? '/').pathname,
);
const scriptAssets = readdirSync(join(buildDir, 'assets', 'js')).filter((name) => name.endsWith('.js'));
const styleAssets = readdirSync(join(buildDir, 'assets', 'css')).filter((name) => name.endsWith('.css'));
const specs = readdirSync(join(buildDir, 'openapi')).filter((name) => name.endsWith('.yaml'));

interface Answer {
  readonly status: number;
  readonly headers: Headers;
}

async function ask(path: string, acceptEncoding = 'br, gzip'): Promise<Answer> {
  const response = await fetch(`${site.origin}${path}`, {redirect: 'manual', headers: {'accept-encoding': acceptEncoding}});
  await response.arrayBuffer();
  return {status: response.status, headers: response.headers};
}

/** Every header `_headers` promises for the path that nginx answered differently, as readable lines. */
function disagreements(path: string, answer: Answer): string[] {
  const promised = headersFor(headerRules, path);
  return [...promised]
    .filter(([name, value]) => answer.headers.get(name) !== value)
    .map(([name, value]) => `${path}: ${name} is "${answer.headers.get(name) ?? '(missing)'}", _headers says "${value}"`);
}

test.describe('delivery: nginx applies the policy the CDN is given', () => {
  test('every page, twin, published file and asset gets the headers _headers promises', async () => {
    const paths = [
      ...pagePaths,
      ...pagePaths.map((path) => (path === '/' ? '/index.md' : `${path}.md`)),
      '/llms.txt',
      '/llms-full.txt',
      '/robots.txt',
      '/sitemap.xml',
      '/search-index.json',
      '/img/logo.svg',
      ...specs.map((name) => `/openapi/${name}`),
      ...scriptAssets.map((name) => `/assets/js/${name}`),
      ...styleAssets.map((name) => `/assets/css/${name}`),
    ];
    const problems: string[] = [];
    for (const path of paths) {
      const answer = await ask(path);
      if (answer.status !== 200) problems.push(`${path}: status ${answer.status}`);
      problems.push(...disagreements(path, answer));
    }
    assert.deepEqual(problems, [], `${problems.length} disagreement(s) over ${paths.length} paths`);
  });

  test('every redirect in _redirects is answered by nginx with its status and target, keeping the query', async () => {
    assert.ok(redirectRules.length >= pagePaths.length * 2 - 1, `${redirectRules.length} redirects for ${pagePaths.length} pages`);
    const problems: string[] = [];
    for (const rule of redirectRules) {
      const answer = await ask(`${rule.from}?from=test`);
      const location = answer.headers.get('location');
      if (answer.status !== rule.status || location !== `${rule.to}?from=test`) {
        problems.push(`${rule.from}: ${answer.status} → ${location ?? '(none)'}, _redirects says ${rule.status} → ${rule.to}`);
      }
      problems.push(...disagreements(rule.from, answer).filter((line) => !line.includes('content-type')));
    }
    assert.deepEqual(problems, []);
  });

  test('a path no page has answers 404 with the not-found page and the security headers', async () => {
    const response = await fetch(`${site.origin}/help/no-such-article`);
    assert.equal(response.status, 404);
    assert.ok((await response.text()).includes('Error 404'), 'the body is the site’s not-found page');
    assert.deepEqual(disagreements('/help/no-such-article', {status: 404, headers: response.headers}), []);
  });

  test('the CDN instruction files themselves are not served', async () => {
    assert.equal((await ask('/_headers')).status, 404);
    assert.equal((await ask('/_redirects')).status, 404);
  });
});

test.describe('delivery: what the policy says', () => {
  test('a hashed asset is cached for a year and immutable; llms.txt, a twin, a spec and a page are revalidated', async () => {
    const asset = `/assets/js/${scriptAssets[0] ?? ''}`;
    assert.match(asset, /\.[0-9a-f]{8}\.js$/, 'assets carry a content hash');
    assert.equal((await ask(asset)).headers.get('cache-control'), cacheControl.immutable);
    for (const path of [
      '/llms.txt',
      '/help/security.md',
      '/openapi/payments.yaml',
      '/sitemap.xml',
      '/search-index.json',
      '/help/security',
    ]) {
      assert.equal((await ask(path)).headers.get('cache-control'), cacheControl.revalidate, path);
    }
  });

  test('an error answer on a hashed asset is not cached for long, and carries each security header once', async () => {
    const asset = `/assets/js/${scriptAssets[0] ?? ''}`;
    const promised = headersFor(headerRules, asset);
    const requests: readonly [string, RequestInit][] = [
      ['an unsatisfiable range', {headers: {range: 'bytes=999999999-'}}],
      ['a failed precondition', {headers: {'if-match': '"no-such-version"'}}],
      ['a POST', {method: 'POST'}],
    ];
    const problems: string[] = [];
    for (const [what, init] of requests) {
      const response = await fetch(`${site.origin}${asset}`, {...init, redirect: 'manual'});
      await response.arrayBuffer();
      // A header sent twice reads as both values joined by a comma: never equal to the one promised.
      for (const [name, value] of promised) {
        if (name === 'content-type') continue;
        const expected = name === 'cache-control' && !response.ok ? cacheControl.revalidate : value;
        const got = response.headers.get(name);
        if (got !== expected) problems.push(`${what} (${response.status}): ${name} is "${got ?? '(missing)'}", expected "${expected}"`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('robots.txt lets every crawler read every page and names the sitemap at the site URL', async () => {
    const siteOrigin = new URL(/<loc>([^<]+)<\/loc>/.exec(readFileSync(join(buildDir, 'sitemap.xml'), 'utf8'))?.[1] ?? '').origin;
    const response = await fetch(`${site.origin}/robots.txt`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), `User-agent: *\nAllow: /\n\nSitemap: ${siteOrigin}/sitemap.xml\n`);
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(response.headers.get('x-robots-tag'), null, 'the site itself is indexed');
  });

  test('the CDN’s pages.dev hosts, production alias and previews, answer noindex; nginx does on every answer when asked to', () => {
    const hostRules = headerRules.filter(isHostRule);
    assert.deepEqual(
      hostRules.map((rule) => [rule.pattern, headersFor([{...rule, pattern: '/*'}], '/').get('x-robots-tag')]),
      [
        ['https://:project.pages.dev/*', 'noindex'],
        ['https://:version.:project.pages.dev/*', 'noindex'],
      ],
    );
    const render = (noindex: boolean): string => renderNginxConfig({buildDir, port: 1, runtimeDir: 'run', noindex});
    assert.doesNotMatch(render(false), /x-robots-tag/i);
    const withNoindex = render(true);
    const headerSets = withNoindex.match(/add_header content-security-policy /g)?.length ?? 0;
    assert.equal(withNoindex.match(/add_header x-robots-tag "noindex" always;/g)?.length, headerSets, 'with every set of headers');
  });

  test('/help/security.html and /help/security/index.html answer 301 to /help/security, /index.html to /', async () => {
    for (const [from, to] of [
      ['/help/security.html', '/help/security'],
      ['/help/security/index.html', '/help/security'],
      ['/index.html', '/'],
    ] as const) {
      const answer = await ask(from);
      assert.equal(answer.status, 301, from);
      assert.equal(answer.headers.get('location'), to, from);
      assert.equal(redirectFor(redirectRules, from)?.to, to, `${from} is in _redirects`);
    }
  });

  test('serves the Brotli or gzip file the build wrote, as the client accepts, and says it varies', async () => {
    const page = '/guides/developer-guide/taking-payments';
    const brotli = await ask(page, 'br, gzip');
    assert.equal(brotli.headers.get('content-encoding'), 'br');
    assert.match(brotli.headers.get('vary') ?? '', /Accept-Encoding/i);
    assert.equal((await ask(page, 'gzip')).headers.get('content-encoding'), 'gzip');
    assert.equal((await ask(page, 'identity')).headers.get('content-encoding'), null);
  });

  test('twins, llms.txt and specs have their content types', async () => {
    assert.equal((await ask('/help/security.md')).headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal((await ask('/llms.txt')).headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal((await ask('/openapi/payments.yaml')).headers.get('content-type'), 'application/yaml; charset=utf-8');
  });

  test('every response carries the security headers', async () => {
    for (const path of ['/', '/help/security.md', `/assets/js/${scriptAssets[0] ?? ''}`, '/help/security.html', '/nowhere']) {
      const {headers} = await ask(path);
      const csp = headers.get('content-security-policy') ?? '';
      for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
        assert.ok(csp.includes(directive), `${path}: CSP has ${directive}`);
      }
      assert.doesNotMatch(/script-src[^;]*/.exec(csp)?.[0] ?? '', /unsafe-inline/, `${path}: no unsafe-inline for scripts`);
      assert.match(headers.get('strict-transport-security') ?? '', /max-age=\d+/, path);
      assert.equal(headers.get('x-content-type-options'), 'nosniff', path);
      assert.ok(headers.get('referrer-policy'), path);
      assert.ok(headers.get('permissions-policy'), path);
      assert.equal(headers.get('cross-origin-opener-policy'), 'same-origin', path);
    }
  });

  test('the CSP allows every inline script the build emitted, and nothing more', async () => {
    const csp = (await ask('/')).headers.get('content-security-policy') ?? '';
    const allowed = new Set([...csp.matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1] ?? ''));
    const emitted = new Set<string>();
    for (const path of [...pagePaths, '/404.html']) {
      const file = path === '/404.html' ? '404.html' : join(path, 'index.html');
      for (const hash of inlineScriptHashes(readFileSync(join(buildDir, file), 'utf8'))) emitted.add(hash);
    }
    assert.ok(emitted.size > 0, 'the build emits inline scripts');
    assert.deepEqual(
      [...emitted].filter((hash) => !allowed.has(hash)),
      [],
      'inline scripts the CSP would refuse',
    );
    assert.deepEqual(
      [...allowed].filter((hash) => !emitted.has(hash)),
      [],
      'hashes no page uses',
    );
  });
});

test.describe('delivery: the Content-Security-Policy in the browser', () => {
  let session: BrowserSession;
  test.beforeAll(async ({browser}) => {
    session = await openSession(browser);
  });
  test.afterAll(async () => {
    await session.close();
  });

  test('an inline script the build did not emit is refused and reported with its page and directive', async () => {
    const {page} = session;
    const endInjection = session.intercept(
      (url) => url.href === `${site.origin}/help/security`,
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('</head>', '<script>window.injectedScriptRan = true</script></head>');
        await route.fulfill({response, body: html});
      },
    );
    const before = session.cspViolations.length;
    await gotoHydrated(page, `${site.origin}/help/security`);
    endInjection();
    assert.equal(await page.evaluate(() => (window as unknown as {injectedScriptRan?: boolean}).injectedScriptRan), undefined);
    const reported = session.cspViolations.slice(before);
    assert.equal(reported.length, 1, reported.join('\n'));
    assert.match(reported[0] ?? '', /^\/help\/security: script-src-elem blocked inline code/);
  });

  test('the site’s own pages run under the policy without a violation, analytics included', async () => {
    const before = session.cspViolations.length;
    const hitsBefore = session.analyticsHits.length;
    for (const path of ['/', '/guides/developer-guide/taking-payments', '/api/payments/create-charge', '/search']) {
      await gotoHydrated(session.page, `${site.origin}${path}`);
    }
    assert.deepEqual(session.cspViolations.slice(before), []);
    assert.ok(session.analyticsHits.length > hitsBefore, 'the test analytics id reported page views through the policy');
  });
});
