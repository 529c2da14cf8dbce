/**
 * The delivery policy: how every host serves the build. This file is the one
 * place that says which responses may be cached and for how long, which
 * security headers every response carries, which paths redirect and what a
 * missing path answers. Two renderers turn it into configuration:
 *
 * - `cloudflare.ts` writes `_headers` and `_redirects` into the build, the
 *   files Cloudflare Pages (the CDN) reads;
 * - `nginx.ts` writes the configuration of nginx, the server the tests, the
 *   benchmark, `npm run serve` and the Dockerfile use.
 *
 * nginx is configured from the same compiled rules the CDN reads, and
 * `tests/e2e/delivery.test.ts` asks both nginx and Wrangler's local Pages
 * server (the CDN's own asset server, run over the build) for every kind of
 * file and holds each answer to what `_headers` and `_redirects` promise, so
 * the two cannot drift.
 *
 * Where the two hosts cannot answer alike, this file says so and the test
 * holds each host to its own documented answer:
 *
 * - Redirects that `_redirects` makes carry no `_headers` on Cloudflare
 *   ("redirects are applied before headers"); nginx sends the security
 *   headers on every redirect. The clean-path redirects are therefore left
 *   to Pages' own route matching wherever it makes them (see
 *   `cleanPathRedirects`), whose answers do get `_headers`.
 * - A 404 gets `Cache-Control: no-store` from Pages, whatever `_headers` says;
 *   nginx sends the site-wide value.
 * - Pages applies `_headers` whatever the status, so an error answer on a
 *   hashed file (a 405 to a POST) carries its year-long Cache-Control; nginx
 *   sends the site-wide value on any error (`nginx.ts`). Caches do not store
 *   an answer to a POST.
 * - nginx serves the Brotli and gzip files the build holds beside each text
 *   file (`precompress.ts`); Cloudflare compresses at its edge, which the
 *   local Pages server does not do.
 */

import {
  agentSkillsIndexPath,
  apiCatalogMediaType,
  apiCatalogPath,
  integrationSkillPath,
  mcpCatalogPath,
  mcpServerCardMediaType,
  mcpServerCardPath,
} from '@zip/model/agentDiscovery';
import {sourceSpecs} from '@zip/model/apiReference';
import {docsMcpPath} from '@zip/model/docsMcp';
import {markdownTwinPath} from '@zip/model/markdownTwin';

/** What a build contributes to its policy: known only once it is built. */
export interface BuildFacts {
  /** `sha256-…` sources of every inline script the build's HTML runs. */
  readonly inlineScriptHashes: readonly string[];
  /** True when the pages load Google's tag (an analytics id was configured). */
  readonly analytics: boolean;
  /** Origin the API explorer's Send reaches: the API host, or the local test mode in test builds. */
  readonly apiOrigin: string;
  /** Clean route of every page, `/` and `/help/security` form (no 404 page). */
  readonly pageRoutes: readonly string[];
}

/** Google's tag loads from one host and reports to a few; only with an analytics id. */
const analyticsScriptOrigins = ['https://www.googletagmanager.com'];
const analyticsConnectOrigins = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];

/**
 * The Content-Security-Policy of every response. Scripts: the site's own
 * files and the exact inline scripts the build emitted (by hash, so an inline
 * script that changes without a new build is refused, never silently
 * allowed), plus Google's tag when configured. Styles keep 'unsafe-inline':
 * React writes `style` attributes, and styles cannot run code.
 */
export function contentSecurityPolicy(facts: BuildFacts): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...facts.inlineScriptHashes.map((hash) => `'${hash}'`), ...(facts.analytics ? analyticsScriptOrigins : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', ...(facts.analytics ? analyticsConnectOrigins : [])],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", facts.apiOrigin, ...(facts.analytics ? analyticsConnectOrigins : [])],
    ['manifest-src', "'self'"],
    ['worker-src', "'self'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * The security headers that need no build facts. Cross-Origin-Resource-Policy
 * `same-origin`: no other site's page may embed the site's files (an image,
 * a script, a font). It binds only what a browser loads without CORS; tools
 * and assistants that fetch llms.txt, the specs, the twins or `/mcp` are not
 * browsers embedding them, and a page elsewhere reading them with `fetch`
 * would need CORS headers the site does not send either way.
 */
const factFreeSecurityHeaders = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

/** Headers every response carries, the 404 page and redirects included (on Cloudflare, not those `_redirects` makes: see above). */
export function securityHeaders(facts: BuildFacts): Record<string, string> {
  return {'Content-Security-Policy': contentSecurityPolicy(facts), ...factFreeSecurityHeaders};
}

/**
 * Headers of every answer of the docs MCP endpoint, on both hosts: nginx adds
 * them in its `/mcp` location, the Pages Function to its response (Cloudflare
 * applies no `_headers` to a Function's answer). The site's security headers,
 * with a policy for a JSON answer that loads nothing, and never cached.
 */
export const mcpEndpointHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  ...factFreeSecurityHeaders,
  'Cache-Control': 'no-store',
};

/**
 * The rate limit of `/mcp` per client address, on nginx (`limit_req`) and, as
 * a WAF rate-limiting rule, on Cloudflare (packages/docs-mcp/README.md): an assistant makes
 * a few calls a second at most, in bursts.
 */
export const mcpRateLimit = {requestsPerSecond: 20, burst: 60} as const;

/** Cache-Control values: the only two the site uses. */
export const cacheControl = {
  /** Files whose name changes with their content: kept for a year, never asked again. */
  immutable: 'public, max-age=31536000, immutable',
  /** Everything else (HTML, twins, llms.txt, specs, sitemap, search index, images): asked again every time. */
  revalidate: 'public, max-age=0, must-revalidate',
} as const;

/**
 * Folders whose files carry a content hash in their name. Docusaurus writes
 * every bundled script, stylesheet and imported image under /assets/ with
 * one; nothing else in the build is hashed (`llms.txt`, `/openapi/*.yaml`,
 * the twins and `search-index.json` keep their names between builds).
 */
export const hashedAssetPrefixes = ['/assets/'] as const;

/**
 * Paths in the build that are instructions for the CDN, not content: no host
 * serves them.
 */
export const hostConfigurationFiles = ['/_headers', '/_redirects', '/_routes.json'] as const;

/**
 * Hosts that serve the site but must stay out of search engines: Cloudflare
 * Pages' own addresses of the project, its production alias and every
 * preview deployment (`<deployment or branch>.<project>.pages.dev`). The
 * site's own domain is indexed. Patterns in `_headers`' placeholder syntax.
 */
export const unindexedHostPatterns = ['https://:project.pages.dev/*', 'https://:version.:project.pages.dev/*'] as const;

/** The header that keeps a response out of search engines' indexes. */
export const noindexHeader = ['X-Robots-Tag', 'noindex'] as const;

/**
 * What the site lets crawlers do with its content (Content Signals, in robots.txt): index it for
 * search, give it to an assistant answering a question, and train on it. The docs are public and
 * written to be followed: an assistant that learnt them writes a safer integration.
 */
export const contentSignals = 'search=yes, ai-input=yes, ai-train=yes';

/** `robots.txt`: every crawler may read every page, on the content signals above, and the sitemap is named at the site's public origin. */
export function robotsTxt(siteUrl: string, baseUrl: string): string {
  const sitemap = new URL(`${baseUrl.replace(/\/?$/, '/')}sitemap.xml`, siteUrl).href;
  return `User-agent: *\nContent-Signal: ${contentSignals}\nAllow: /\n\nSitemap: ${sitemap}\n`;
}

/**
 * The `Link` header every answer carries (RFC 8288), so an assistant that fetched any page finds
 * the site's machine-readable side: llms.txt, the API catalog (RFC 9727) and each API's spec.
 * Each page names its own Markdown twin in its HTML (`<link rel="alternate" type="text/markdown">`,
 * src/components/CopyPageMarkdown): pages are static files on both hosts, so no header differs by page.
 */
export const siteLinks = [
  '</llms.txt>; rel="describedby"; type="text/plain"',
  `<${apiCatalogPath}>; rel="api-catalog"`,
  ...sourceSpecs.map((spec) => `</openapi/${spec.split('/').at(-1) ?? spec}>; rel="service-desc"; type="application/yaml"`),
].join(', ');

/**
 * Files at fixed paths whose type no extension says: the API catalog and the MCP server card
 * (packages/model/src/agentDiscovery.ts).
 */
export const pathContentTypes: Readonly<Record<string, string>> = {
  [apiCatalogPath]: apiCatalogMediaType,
  [mcpServerCardPath]: mcpServerCardMediaType,
};

/**
 * Paths any web page may read (CORS `*`): the discovery files are public metadata, and the MCP
 * catalog's draft asks for it so browser-based clients can discover the server. Each file by its
 * path, so each keeps the type of its extension (a folder rule would hide it from nginx).
 */
export const openToEveryOrigin = [apiCatalogPath, mcpCatalogPath, mcpServerCardPath, agentSkillsIndexPath, integrationSkillPath] as const;

/** The page every unknown path gets, with status 404. */
export const notFoundPage = '/404.html';

/**
 * Content types by extension, for the published files whose type servers
 * disagree on or do not know (the twins, llms.txt, the specs). Everything else
 * keeps the server's standard table. None of these lives under a hashed
 * folder, so an extension rule never meets a folder rule.
 */
export const contentTypes: Readonly<Record<string, string>> = {
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
};

/**
 * The status of every redirect to the clean path: permanent, and the one
 * Cloudflare Pages' own route matching answers with, so both hosts and both
 * kinds of redirect say the same.
 */
export const cleanPathRedirectStatus = 308;

/**
 * The URL shape. Every page has one address, the one its canonical link, the
 * sitemap and every internal link name: `/x`, built as `x.html` (Docusaurus's
 * `trailingSlash: false`), and `/` for the home page, built as `index.html`.
 * Both hosts serve that address with 200. Every other form of it answers one
 * redirect (308, the query kept), straight to the clean path, done by the
 * server before any script runs: `/x.html`, `/x/` and `/x/index.html` go to
 * `/x`, and `/index.html` to `/`.
 */
export function cleanPathRedirects(facts: Pick<BuildFacts, 'pageRoutes'>): {from: string; to: string}[] {
  const redirects: {from: string; to: string}[] = [];
  for (const route of facts.pageRoutes) {
    if (route === '/') {
      redirects.push({from: '/index.html', to: '/'});
      continue;
    }
    redirects.push({from: `${route}.html`, to: route}, {from: `${route}/`, to: route}, {from: `${route}/index.html`, to: route});
  }
  return redirects;
}

/** File extensions worth compressing ahead of time (text), and the smallest size that gains from it. */
export const precompressedExtensions = ['.html', '.js', '.css', '.json', '.xml', '.txt', '.md', '.yaml', '.svg', '.webmanifest'] as const;
export const precompressMinBytes = 1024;

/**
 * `Accept: text/markdown` on a page's URL answers with the page's Markdown
 * twin, for assistants that ask for Markdown. A page path is one whose last
 * segment has no dot (`/help/security`, `/`); the MCP endpoint and files are
 * never negotiated. Both answers say `Vary: Accept`, so caches keep them
 * apart. nginx.ts writes the same rule as `map`s. Cloudflare Pages serves
 * pages as static files and leaves this out: it would take a function on
 * every page view (cloudflare.ts), and each page's twin is at its `.md` address.
 */
export const markdownMediaType = 'text/markdown';

/** True when an Accept header lists text/markdown with a quality above zero. */
export function acceptsMarkdown(accept: string | null | undefined): boolean {
  return (accept ?? '').split(',').some((range) => {
    const [type, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return type === markdownMediaType && (quality === undefined || Number(quality.slice(2)) > 0);
  });
}

/** Folders of files whose names have no extension, which are never pages: the discovery files and the MCP server's. */
const extensionlessFileFolders = ['/.well-known/', `${docsMcpPath}/`] as const;

/** True for a path that may be a page, whose answer depends on Accept. */
export function isNegotiablePath(pathname: string): boolean {
  return (
    pathname !== docsMcpPath &&
    !/\.[^/]*$/.test(pathname) &&
    ![...hashedAssetPrefixes, ...extensionlessFileFolders].some((prefix) => pathname.startsWith(prefix))
  );
}

/** The twin to answer a request with, or undefined when the HTML (or the file) answers. */
export function negotiatedTwinPath(pathname: string, accept: string | null | undefined): string | undefined {
  return acceptsMarkdown(accept) && isNegotiablePath(pathname) ? markdownTwinPath(pathname) : undefined;
}
