/**
 * The delivery policy as production applies it, asked of both hosts the build
 * is served by (one Playwright project each, playwright.config.ts): nginx,
 * with the configuration production's self-hosting uses, and Wrangler's local
 * Cloudflare Pages server, the CDN's own asset server. Each answers exactly
 * what the CDN's `_headers` and `_redirects` in the build promise, caches only
 * hashed files for long, serves every page at its one clean address and
 * redirects every other form of it once, and sends a Content-Security-Policy
 * that allows the build's own inline scripts and refuses any other. Where the
 * hosts differ, policy.ts says how, and the test holds each to its own answer.
 */
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync} from 'node:fs';
import {get as httpGet, type IncomingHttpHeaders} from 'node:http';
import {join, resolve} from 'node:path';
import {headersFor, isHostRule, pagesRouteRedirects, parseHeaders, parseRedirects, redirectFor} from '../../plugins/delivery/cloudflare';
import {inlineScriptHashes} from '../../plugins/delivery/index';
import {renderNginxConfig} from '../../plugins/delivery/nginx';
import {cacheControl, cleanPathRedirects, cleanPathRedirectStatus, contentSignals} from '../../plugins/delivery/policy';
import {agentSkillsIndexPath, apiCatalogPath, integrationSkillPath, mcpCatalogPath, mcpServerCardPath} from '@zip/model/agentDiscovery';
import {pageRoutesIn} from '../../plugins/delivery/routes';
import {expiryProblem, parseSecurityTxt, securityPolicyPath, securityTxtPath} from '../../plugins/delivery/security-txt';
import {gotoHydrated, openSession, test as browserTest, type BrowserSession} from '../support/browser';
import {buildDir, deliveryServers, type DeliveryOptions} from '../support/site';

/** The runner's test, told by its project which host to ask (`deliveryServer`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no test-scoped fixtures of its own
const test = browserTest.extend<{}, DeliveryOptions & {origin: string}>({
  deliveryServer: ['nginx', {option: true, scope: 'worker'}],
  origin: [async ({deliveryServer}, use) => use(deliveryServers[deliveryServer].origin), {scope: 'worker'}],
});

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
/** Every redirect the policy promises, for the build's pages, and those Pages' route matching makes itself (the rest are `_redirects`). */
const pageRoutes = pageRoutesIn(buildDir);
const promisedRedirects = cleanPathRedirects({pageRoutes});
const madeByPagesItself = new Set(pagesRouteRedirects(pageRoutes).map((rule) => rule.from));

/**
 * Runs `work` on every item, a few requests at a time, results in the items'
 * order: the suites ask each server a thousand questions, and the local Pages
 * server, a JavaScript worker, answers each far more slowly than nginx.
 */
async function inLanes<T, R>(items: readonly T[], work: (item: T) => Promise<R>, lanes = 6): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({length: lanes}, async () => {
      for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index] as T);
    }),
  );
  return results;
}

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

async function ask(origin: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${origin}${path}`, {
    redirect: 'manual',
    ...init,
    headers: {'accept-encoding': 'br, gzip', ...init.headers},
  });
  return {status: response.status, headers: response.headers, body: await response.text()};
}

/** Asks with another Host header than the origin's, which fetch does not let a caller set. */
function askHost(origin: string, path: string, host: string): Promise<{status: number; headers: IncomingHttpHeaders}> {
  return new Promise((resolveAnswer, rejectAnswer) => {
    const {hostname, port} = new URL(origin);
    const request = httpGet({hostname, port, path, headers: {host}}, (response) => {
      response.resume();
      response.once('end', () => resolveAnswer({status: response.statusCode ?? 0, headers: response.headers}));
    });
    request.once('error', rejectAnswer);
  });
}

/** Every header `_headers` promises for the path that the server answered differently, as readable lines. */
function disagreements(path: string, answer: Pick<Answer, 'headers' | 'status'>, except: readonly string[] = []): string[] {
  const promised = headersFor(headerRules, path);
  return [...promised]
    .filter(([name, value]) => !except.includes(name) && answer.headers.get(name) !== value)
    .map(([name, value]) => `${path}: ${name} is "${answer.headers.get(name) ?? '(missing)'}", _headers says "${value}"`);
}

test.describe('delivery: the server applies the policy the CDN is given', () => {
  test('every page, twin, published file and asset gets the headers _headers promises', async ({origin}) => {
    const paths = [
      ...pagePaths,
      ...pagePaths.map((path) => (path === '/' ? '/index.md' : `${path}.md`)),
      '/llms.txt',
      '/llms-full.txt',
      '/robots.txt',
      securityTxtPath,
      '/sitemap.xml',
      apiCatalogPath,
      mcpCatalogPath,
      mcpServerCardPath,
      agentSkillsIndexPath,
      integrationSkillPath,
      '/search-index.json',
      '/img/logo.svg',
      ...specs.map((name) => `/openapi/${name}`),
      ...scriptAssets.map((name) => `/assets/js/${name}`),
      ...styleAssets.map((name) => `/assets/css/${name}`),
    ];
    const problems = (
      await inLanes(paths, async (path) => {
        const answer = await ask(origin, path);
        return [...(answer.status === 200 ? [] : [`${path}: status ${answer.status}`]), ...disagreements(path, answer)];
      })
    ).flat();
    assert.deepEqual(problems, [], `${problems.length} disagreement(s) over ${paths.length} paths`);
  });

  test('every other form of a page’s address answers one 308 to it, keeping the query, and the target answers 200', async ({
    origin,
    deliveryServer,
  }) => {
    assert.deepEqual(
      pagePaths.filter((path) => !pageRoutes.includes(path)),
      [],
      'every page in the sitemap is a page of the build',
    );
    assert.equal(promisedRedirects.length, pageRoutes.length * 3 - 2, 'three other forms of each page’s address, one of the home page’s');
    const problems = (
      await inLanes(promisedRedirects, async ({from, to}) => {
        const answer = await ask(origin, `${from}?from=test`);
        const location = answer.headers.get('location');
        if (answer.status !== cleanPathRedirectStatus || location !== `${to}?from=test`) {
          return [`${from}: ${answer.status} → ${location ?? '(none)'}, the policy says ${cleanPathRedirectStatus} → ${to}`];
        }
        // Cloudflare applies no _headers to an answer _redirects makes (policy.ts); the local Pages server does, production does not.
        if (deliveryServer === 'pages' && !madeByPagesItself.has(from)) return [];
        return disagreements(from, answer, ['content-type']);
      })
    ).flat();
    // One hop: every target is a page's own address, which answers 200.
    const targets = [...new Set(promisedRedirects.map(({to}) => to))];
    const targetStatuses = await inLanes(
      targets,
      async (to) => [to, (await ask(origin, `${to}?from=test`, {method: 'HEAD'})).status] as const,
    );
    problems.push(
      ...targetStatuses.filter(([, status]) => status !== 200).map(([to, status]) => `${to}: the target answers ${status}, not 200`),
    );
    assert.deepEqual(problems, []);
  });

  test('_redirects holds only what Pages does not redirect by itself: each page’s /x/index.html', () => {
    const expected = promisedRedirects.filter(({from}) => !madeByPagesItself.has(from));
    assert.deepEqual(
      redirectRules.map(({from, to, status}) => [from, to, status]),
      expected.map(({from, to}) => [from, to, cleanPathRedirectStatus]),
    );
    assert.ok(redirectRules.every(({from}) => from.endsWith('/index.html')));
  });

  test('a path no page has answers 404 with the not-found page and the security headers', async ({origin, deliveryServer}) => {
    const answer = await ask(origin, '/help/no-such-article');
    assert.equal(answer.status, 404);
    assert.ok(answer.body.includes('Error 404'), 'the body is the site’s not-found page');
    // Pages sends no-store on every 404, whatever _headers says (policy.ts).
    const pagesCacheControl = deliveryServer === 'pages' ? ['cache-control'] : [];
    assert.deepEqual(disagreements('/help/no-such-article', answer, pagesCacheControl), []);
    if (deliveryServer === 'pages') assert.equal(answer.headers.get('cache-control'), 'no-store');
  });

  test('the CDN instruction files themselves are not served', async ({origin}) => {
    for (const file of ['/_headers', '/_redirects']) {
      const answer = await ask(origin, file);
      assert.doesNotMatch(answer.body, /Generated by plugins\/delivery/, `${file} is not served`);
      assert.equal(answer.status, 404, file);
    }
  });

  test('a path through a file answers 404, and no answer names the folder the build is served from', async ({origin}) => {
    // Wrangler looked such paths up as folders and answered 502 with the error, naming the build's absolute path (patches/README.md).
    const servedFrom = resolve(buildDir);
    const problems: string[] = [];
    for (const path of [
      '/_headers',
      '/_headers/index.html',
      '/_redirects/',
      '/llms.txt/x',
      '/img/logo.svg/index.html',
      `/assets/js/${scriptAssets[0] ?? ''}/x`,
    ]) {
      const answer = await ask(origin, path, {headers: {'accept-encoding': 'identity'}});
      if (answer.body.includes(servedFrom)) problems.push(`${path}: the body names ${servedFrom}`);
      if (answer.status !== 404) problems.push(`${path}: status ${answer.status}, not 404`);
      else if (!answer.body.includes('Error 404')) problems.push(`${path}: the body is not the not-found page`);
    }
    assert.deepEqual(problems, []);
  });
});

test.describe('delivery: what the policy says', () => {
  test('a hashed asset is cached for a year and immutable; llms.txt, a twin, a spec and a page are revalidated', async ({origin}) => {
    const asset = `/assets/js/${scriptAssets[0] ?? ''}`;
    assert.match(asset, /\.[0-9a-f]{8}\.js$/, 'assets carry a content hash');
    assert.equal((await ask(origin, asset)).headers.get('cache-control'), cacheControl.immutable);
    for (const path of [
      '/llms.txt',
      '/help/security.md',
      '/openapi/payments.yaml',
      '/sitemap.xml',
      '/search-index.json',
      '/help/security',
    ]) {
      assert.equal((await ask(origin, path)).headers.get('cache-control'), cacheControl.revalidate, path);
    }
  });

  test(
    'an error answer on a hashed asset is not cached for long, and carries each security header once',
    {tag: '@nginx'},
    async ({origin}) => {
      const asset = `/assets/js/${scriptAssets[0] ?? ''}`;
      const promised = headersFor(headerRules, asset);
      const requests: readonly [string, RequestInit][] = [
        ['an unsatisfiable range', {headers: {range: 'bytes=999999999-'}}],
        ['a failed precondition', {headers: {'if-match': '"no-such-version"'}}],
        ['a POST', {method: 'POST'}],
      ];
      const problems: string[] = [];
      for (const [what, init] of requests) {
        const response = await fetch(`${origin}${asset}`, {...init, redirect: 'manual'});
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
    },
  );

  test(
    'the local Pages server answers a POST to a hashed asset 405 with the asset’s own headers, a range or a precondition with the file',
    {tag: '@pages'},
    async ({origin}) => {
      const asset = `/assets/js/${scriptAssets[0] ?? ''}`;
      const post = await ask(origin, asset, {method: 'POST'});
      assert.equal(post.status, 405);
      assert.deepEqual(disagreements(asset, post, ['content-type']), []);
      for (const headers of [{range: 'bytes=999999999-'}, {'if-match': '"no-such-version"'}] as Record<string, string>[]) {
        const answer = await ask(origin, asset, {headers});
        assert.equal(answer.status, 200, JSON.stringify(headers));
        assert.deepEqual(disagreements(asset, answer), []);
      }
    },
  );

  test('robots.txt lets every crawler read every page, on content signals, and names the sitemap at the site URL', async ({origin}) => {
    const siteOrigin = new URL(/<loc>([^<]+)<\/loc>/.exec(readFileSync(join(buildDir, 'sitemap.xml'), 'utf8'))?.[1] ?? '').origin;
    const answer = await ask(origin, '/robots.txt', {headers: {'accept-encoding': 'identity'}});
    assert.equal(answer.status, 200);
    assert.equal(answer.body, `User-agent: *\nContent-Signal: ${contentSignals}\nAllow: /\n\nSitemap: ${siteOrigin}/sitemap.xml\n`);
    assert.equal(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(answer.headers.get('x-robots-tag'), null, 'the site itself is indexed');
  });

  test('security.txt (RFC 9116) names the contact, a policy page that answers, its own address, and has not expired', async ({origin}) => {
    const siteOrigin = new URL(/<loc>([^<]+)<\/loc>/.exec(readFileSync(join(buildDir, 'sitemap.xml'), 'utf8'))?.[1] ?? '').origin;
    const answer = await ask(origin, securityTxtPath, {headers: {'accept-encoding': 'identity'}});
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
    const fields = parseSecurityTxt(answer.body);
    assert.match(fields.get('Contact')?.[0] ?? '', /^mailto:[^@\s]+@[^@\s]+$/);
    assert.deepEqual(fields.get('Canonical'), [`${siteOrigin}${securityTxtPath}`]);
    assert.deepEqual(fields.get('Preferred-Languages'), ['en']);
    assert.equal(fields.get('Expires')?.length, 1, 'one Expires field');
    // The date rule, not a timing: today must fall between a year before Expires and its renewal margin.
    assert.equal(expiryProblem(fields.get('Expires')?.[0], new Date()), undefined);
    const policy = new URL(fields.get('Policy')?.[0] ?? 'missing:');
    assert.equal(`${policy.origin}${policy.pathname}${policy.hash}`, `${siteOrigin}${securityPolicyPath}`);
    const page = await ask(origin, policy.pathname, {headers: {'accept-encoding': 'identity'}});
    assert.equal(page.status, 200, `the policy page ${policy.pathname} answers`);
    assert.match(page.body, new RegExp(`id="?${policy.hash.slice(1)}"?`), `the policy page has the section ${policy.hash}`);
  });

  test(
    'the CDN’s pages.dev hosts, production alias and previews, answer noindex; nginx does on every answer when asked to',
    {tag: '@nginx'},
    () => {
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
    },
  );

  test(
    'Pages answers noindex on the project’s pages.dev hosts, production alias and previews, and not on the site’s own domain',
    {tag: '@pages'},
    async ({origin}) => {
      const siteHost = new URL(/<loc>([^<]+)<\/loc>/.exec(readFileSync(join(buildDir, 'sitemap.xml'), 'utf8'))?.[1] ?? '').host;
      for (const [host, expected] of [
        ['zip-docs.pages.dev', 'noindex'],
        ['0be0613.zip-docs.pages.dev', 'noindex'],
        [siteHost, null],
      ] as const) {
        const answer = await askHost(origin, '/help/security', host);
        assert.equal(answer.status, 200, host);
        assert.equal(answer.headers['x-robots-tag'] ?? null, expected, host);
      }
    },
  );

  test('/help/security.html, /help/security/ and /help/security/index.html answer 308 to /help/security, /index.html to /', async ({
    origin,
  }) => {
    for (const [from, to] of [
      ['/help/security.html', '/help/security'],
      ['/help/security/', '/help/security'],
      ['/help/security/index.html', '/help/security'],
      ['/search/', '/search'],
      ['/index.html', '/'],
    ] as const) {
      const answer = await ask(origin, from);
      assert.equal(answer.status, 308, from);
      assert.equal(answer.headers.get('location'), to, from);
      assert.equal((await ask(origin, to)).status, 200, to);
      const inRedirects = redirectFor(redirectRules, from) !== undefined;
      assert.equal(
        inRedirects,
        from.endsWith('/index.html') && from !== '/index.html',
        `${from} is in _redirects only if Pages does not redirect it`,
      );
    }
  });

  test('each page’s canonical link, sitemap entry and internal links name the address both hosts serve', async ({origin}) => {
    const home = await ask(origin, '/', {headers: {'accept-encoding': 'identity'}});
    const canonical = (body: string): string => new URL(/<link[^>]*rel=canonical[^>]*href=([^ >]+)/.exec(body)?.[1] ?? 'missing:').pathname;
    assert.equal(canonical(home.body), '/');
    for (const path of ['/help/security', '/search', '/api/intro', '/guides/intro']) {
      const answer = await ask(origin, path, {headers: {'accept-encoding': 'identity'}});
      assert.equal(answer.status, 200, path);
      assert.equal(canonical(answer.body), path, `${path}: the canonical link`);
      assert.ok(pagePaths.includes(path), `${path} is in the sitemap`);
    }
    const internalLinks = [...home.body.matchAll(/href=(?:"|)(\/(?:help|guides|api)\/[^"# >]*)/g)].map((match) => match[1] ?? '');
    assert.ok(internalLinks.length > 0, 'the home page links to pages');
    assert.deepEqual(
      internalLinks.filter((link) => link.endsWith('/') || link.endsWith('.html')),
      [],
      'internal links name the clean address',
    );
  });

  test('serves the Brotli or gzip file the build wrote, as the client accepts, and says it varies', {tag: '@nginx'}, async ({origin}) => {
    const page = '/guides/developer-guide/taking-payments';
    const brotli = await ask(origin, page, {headers: {'accept-encoding': 'br, gzip'}});
    assert.equal(brotli.headers.get('content-encoding'), 'br');
    assert.match(brotli.headers.get('vary') ?? '', /Accept-Encoding/i);
    assert.equal((await ask(origin, page, {headers: {'accept-encoding': 'gzip'}})).headers.get('content-encoding'), 'gzip');
    assert.equal((await ask(origin, page, {headers: {'accept-encoding': 'identity'}})).headers.get('content-encoding'), null);
  });

  test('twins, llms.txt and specs have their content types', async ({origin}) => {
    assert.equal((await ask(origin, '/help/security.md')).headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal((await ask(origin, '/llms.txt')).headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal((await ask(origin, '/openapi/payments.yaml')).headers.get('content-type'), 'application/yaml; charset=utf-8');
  });

  test('an assistant finds the machine-readable side from any page: Link headers, the API catalog, the MCP card, the skill', async ({
    origin,
  }) => {
    const page = await ask(origin, '/help/security');
    const links = page.headers.get('link') ?? '';
    for (const expected of [
      '</llms.txt>; rel="describedby"',
      `<${apiCatalogPath}>; rel="api-catalog"`,
      '</openapi/payments.yaml>; rel="service-desc"',
    ]) {
      assert.ok(links.includes(expected), `the page links ${expected}: ${links}`);
    }
    assert.match(
      page.body,
      /<link[^>]* rel="?alternate"? type="?text\/markdown"? href="?\/help\/security\.md/,
      'the page names its Markdown twin',
    );
    const catalog = await ask(origin, apiCatalogPath, {headers: {'accept-encoding': 'identity'}});
    assert.equal(catalog.headers.get('content-type'), 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    assert.equal(catalog.headers.get('access-control-allow-origin'), '*');
    const linkset = (JSON.parse(catalog.body) as {linkset: {'service-desc'?: {href: string}[]}[]}).linkset;
    assert.equal(linkset.filter((entry) => entry['service-desc']).length, specs.length, 'one entry per API');
    const card = await ask(origin, mcpServerCardPath, {headers: {'accept-encoding': 'identity'}});
    assert.equal(card.headers.get('content-type'), 'application/mcp-server-card+json');
    assert.match((JSON.parse(card.body) as {remotes: {url: string}[]}).remotes[0]?.url ?? '', /\/mcp$/);
    const mcpCatalog = JSON.parse((await ask(origin, mcpCatalogPath, {headers: {'accept-encoding': 'identity'}})).body) as {
      entries: {url: string}[];
    };
    assert.match(mcpCatalog.entries[0]?.url ?? '', /\/mcp\/server-card$/);
    const index = JSON.parse((await ask(origin, agentSkillsIndexPath, {headers: {'accept-encoding': 'identity'}})).body) as {
      skills: {name: string; url: string; digest: string}[];
    };
    const skill = await ask(origin, integrationSkillPath, {headers: {'accept-encoding': 'identity'}});
    assert.equal(skill.headers.get('content-type'), 'text/markdown; charset=utf-8');
    const digest = `sha256:${createHash('sha256').update(skill.body).digest('hex')}`;
    assert.equal(index.skills[0]?.digest, digest, 'the index’s digest is the served file’s');
  });

  test('every response carries the security headers', async ({origin}) => {
    for (const path of [
      '/',
      '/help/security.md',
      `/assets/js/${scriptAssets[0] ?? ''}`,
      '/help/security.html',
      '/help/security/',
      '/nowhere',
    ]) {
      const {headers} = await ask(origin, path);
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
      // No other site's page embeds the site's files (policy.ts says why the machine-readable ones need no exception).
      assert.equal(headers.get('cross-origin-resource-policy'), 'same-origin', path);
    }
  });

  test('the CSP allows every inline script the build emitted, and nothing more', async ({origin}) => {
    const csp = (await ask(origin, '/')).headers.get('content-security-policy') ?? '';
    const allowed = new Set([...csp.matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1] ?? ''));
    const emitted = new Set<string>();
    for (const path of [...pagePaths, '/404']) {
      const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
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

  test('an inline script the build did not emit is refused and reported with its page and directive', async ({origin}) => {
    const {page} = session;
    const endInjection = session.intercept(
      (url) => url.href === `${origin}/help/security`,
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('</head>', '<script>window.injectedScriptRan = true</script></head>');
        await route.fulfill({response, body: html});
      },
    );
    const before = session.cspViolations.length;
    await gotoHydrated(page, `${origin}/help/security`);
    endInjection();
    assert.equal(await page.evaluate(() => (window as unknown as {injectedScriptRan?: boolean}).injectedScriptRan), undefined);
    const reported = session.cspViolations.slice(before);
    assert.equal(reported.length, 1, reported.join('\n'));
    assert.match(reported[0] ?? '', /^\/help\/security: script-src-elem blocked inline code/);
  });

  test('the site’s own pages run under the policy without a violation, analytics included', async ({origin}) => {
    const before = session.cspViolations.length;
    const hitsBefore = session.analyticsHits.length;
    for (const path of ['/', '/guides/developer-guide/taking-payments', '/api/payments/create-charge', '/search']) {
      await gotoHydrated(session.page, `${origin}${path}`);
    }
    assert.deepEqual(session.cspViolations.slice(before), []);
    assert.ok(session.analyticsHits.length > hitsBefore, 'the test analytics id reported page views through the policy');
  });
});
