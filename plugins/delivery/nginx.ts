/**
 * nginx configuration for a build, rendered from the same compiled rules the
 * CDN reads (`_headers`, `_redirects` in the build), the redirects Pages'
 * route matching makes by itself for the build's pages, and the policy's
 * constants, so nginx and Cloudflare Pages cannot say different things.
 *
 * Used by `npm run serve`, the browser tests, the benchmark and the
 * Dockerfile. nginx from Debian's packages (`nginx-light` with
 * `libnginx-mod-http-brotli-static`): it serves the gzip and Brotli files the
 * build wrote beside each text file, and only needs a configuration file.
 */
import {readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {headersFor, isHostRule, pagesRouteRedirects, parseHeaders, parseRedirects, type HeaderRule} from './cloudflare';
import {docsMcpPath, mcpRequestBodyLimit} from '@zip/model/docsMcp';
import {hashedAssetPrefixes, hostConfigurationFiles, markdownMediaType, mcpEndpointHeaders, mcpRateLimit, notFoundPage} from './policy';
import {pageRoutesIn} from './routes';

export interface NginxOptions {
  /** The build folder, where `_headers` and `_redirects` are read. */
  readonly buildDir: string;
  /** Where nginx finds that build when it runs (the same folder, unless it is copied, as in the Dockerfile). */
  readonly root?: string;
  /** Loopback port, e.g. 3000 (`npm run serve`) or 0-free ports the tests pick. */
  readonly port: number;
  /** Address to listen on: 127.0.0.1 on a workstation, 0.0.0.0 in a container. */
  readonly host?: string;
  /** Folder for nginx's pid file and temporary files. */
  readonly runtimeDir: string;
  /** `user` directive; only meaningful when nginx starts as root. */
  readonly user?: string;
  /** Where Debian's dynamic modules live. */
  readonly modulesDir?: string;
  /** Where Debian's `mime.types` lives. */
  readonly mimeTypes?: string;
  /**
   * True for a staging or preview server that search engines must not index:
   * every answer gets the headers `_headers` gives the CDN's unindexed hosts
   * (`X-Robots-Tag: noindex`). nginx serves whatever host it is asked for, so
   * it cannot tell those hosts apart by name as the CDN does.
   */
  readonly noindex?: boolean;
  /**
   * `host:port` of the docs MCP server's Node.js process (packages/docs-mcp/src/node-server.ts),
   * which nginx proxies the MCP path to. Unset: no MCP endpoint.
   */
  readonly mcpUpstream?: string;
}

/**
 * Open connections one worker can hold: keep-alive readers, each browser
 * opening several. Each takes a socket and, while a file is sent, that file,
 * so the worker's open-file limit is twice as high.
 */
const workerConnections = 4096;

/** nginx string literal. */
const quoted = (value: string): string => `"${value.replace(/(["\\$])/g, '\\$1')}"`;

/**
 * The nginx variable holding a location's Cache-Control: its own value for a
 * successful answer (2xx, or 304 revalidating one), the site-wide value for an
 * error. A year-long `immutable` on a 405 or 412 of a hashed file would keep
 * that error in caches for the file's whole life.
 */
interface CacheControlByStatus {
  readonly variable: string;
  readonly success: string;
  readonly error: string;
}

/**
 * `Accept: text/markdown` (policy.ts): a page path asked for Markdown is
 * rewritten to its twin when the build has one, and pages and twins say
 * `Vary: Accept`. Maps at http level; the lines below in each block.
 */
const varyAcceptHeader = 'add_header Vary $vary_accept always;';

function markdownNegotiationMaps(): string[] {
  const assetPrefixes = hashedAssetPrefixes.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const mediaType = markdownMediaType.replace('/', '\\/');
  return [
    // The first matching regex wins: text/markdown with q=0 is a refusal.
    '  map $http_accept $accepts_markdown {',
    '    default 0;',
    String.raw`    "~*(^|,)\s*${mediaType}\s*;\s*q=0(\.0*)?\s*(,|$)" 0;`,
    String.raw`    "~*(^|,)\s*${mediaType}\s*(;|,|$)" 1;`,
    '  }',
    '  map $uri $negotiable_page {',
    '    default 1;',
    `    ${quoted(docsMcpPath)} 0;`,
    `    "~^(${assetPrefixes})" 0;`,
    String.raw`    "~\.[^/]*$" 0;`,
    '  }',
    '  map "$accepts_markdown$negotiable_page:$uri" $markdown_twin {',
    '    default "";',
    '    "11:/" /index.md;',
    '    "~^11:(?<page>.+?)/*$" $page.md;',
    '  }',
    // The path asked for, before try_files or the rewrite above turn it into a file's.
    '  map $request_uri $vary_accept {',
    '    default "";',
    String.raw`    "~^[^?]*\.md(\?|$)" Accept;`,
    String.raw`    "~^[^.?]*(\?|$)" Accept;`,
    '  }',
  ];
}

function addHeaderLines(headers: Map<string, string>, indent: string, cache?: CacheControlByStatus): string[] {
  return [
    `${indent}${varyAcceptHeader}`,
    ...[...headers]
      .filter(([name]) => name !== 'content-type')
      .map(([name, value]) =>
        name === 'cache-control' && cache
          ? `${indent}add_header ${name} ${cache.variable} always;`
          : `${indent}add_header ${name} ${quoted(value)} always;`,
      ),
  ];
}

function cacheControlMap(cache: CacheControlByStatus): string[] {
  return [
    `  map $status ${cache.variable} {`,
    `    default ${quoted(cache.error)};`,
    `    ~^(2[0-9][0-9]|304)$ ${quoted(cache.success)};`,
    '  }',
  ];
}

/**
 * One nginx location per `_headers` rule. nginx drops inherited
 * `add_header`s in a location that has its own, so each location repeats the
 * whole set a path there gets (computed with Cloudflare's rules from a
 * sample path of the pattern). Content types become `default_type`, nginx's
 * way of setting them.
 */
/** A location block, and the `map`s (http level) its headers read. */
interface Location {
  readonly lines: string[];
  readonly maps: string[];
}

function locationFor(
  rule: HeaderRule,
  rules: readonly HeaderRule[],
  serveFiles: string[],
  index: number,
  errorCacheControl: string | undefined,
): Location {
  const prefix = /^(\/[^*]+\/)\*$/.exec(rule.pattern);
  const extension = /^\/\*(\.[a-z0-9]+)$/.exec(rule.pattern);
  let head: string;
  let samplePath: string;
  if (prefix?.[1]) {
    head = `location ^~ ${prefix[1]}`;
    samplePath = `${prefix[1]}sample`;
  } else if (extension?.[1]) {
    head = `location ~ \\.${extension[1].slice(1)}$`;
    samplePath = `/sample${extension[1]}`;
  } else if (/^\/[^*:]*$/.test(rule.pattern)) {
    // One file: an exact location, which nginx picks before any prefix or extension.
    head = `location = ${rule.pattern}`;
    samplePath = rule.pattern;
  } else {
    throw new Error(
      `plugins/delivery/nginx.ts cannot express the _headers pattern "${rule.pattern}": use "/*", "/folder/*", "/*.ext" or one file's path in the policy.`,
    );
  }
  const headers = headersFor(rules, samplePath);
  const contentType = headers.get('content-type');
  const cacheControl = headers.get('cache-control');
  const cache =
    cacheControl !== undefined && errorCacheControl !== undefined && cacheControl !== errorCacheControl
      ? {variable: `$cache_control_${index}`, success: cacheControl, error: errorCacheControl}
      : undefined;
  return {
    lines: [
      `    ${head} {`,
      ...(contentType ? [`      types { }`, `      default_type ${quoted(contentType)};`] : []),
      ...addHeaderLines(headers, '      ', cache),
      ...serveFiles.map((line) => `      ${line}`),
      '    }',
    ],
    maps: cache ? cacheControlMap(cache) : [],
  };
}

/**
 * The MCP endpoint's answers carry the policy's endpoint headers (the
 * Node.js process sends none of its own), whatever the status: nginx's own
 * 413, 429 or 502 included.
 */
function mcpHeaderLines(): string[] {
  return Object.entries(mcpEndpointHeaders).map(([name, value]) => `      add_header ${name} ${quoted(value)} always;`);
}

/** Per client address: `mcpRateLimit` of the policy; a request body over the endpoint's limit never reaches the process. */
function mcpRateLimitZone(): string {
  return `  limit_req_zone $binary_remote_addr zone=mcp:1m rate=${mcpRateLimit.requestsPerSecond}r/s;`;
}

function mcpLocationLines(): string[] {
  return [
    ...mcpHeaderLines(),
    `      limit_req zone=mcp burst=${mcpRateLimit.burst} nodelay;`,
    '      limit_req_status 429;',
    '      error_page 429 = @mcp_rate_limited;',
    `      client_max_body_size ${mcpRequestBodyLimit};`,
    '      proxy_read_timeout 30s;',
  ];
}

/** The redirects nginx renders: what Pages answers for the build's pages (`/x.html`, `/x/`), then _redirects, all of one status. */
function nginxRedirects(
  buildDir: string,
  redirectRules: ReturnType<typeof parseRedirects>,
  redirectsFile: string,
): {redirects: ReturnType<typeof parseRedirects>; redirectStatus: number} {
  const staticRedirects = redirectRules.filter((rule) => !rule.from.includes('*') && !rule.from.includes(':'));
  if (staticRedirects.length !== redirectRules.length) {
    throw new Error(`${redirectsFile}: only static redirects are rendered for nginx.`);
  }
  // What Pages answers for the build's pages before reading _redirects (`/x.html`, `/x/`), then _redirects.
  const redirects = [...pagesRouteRedirects(pageRoutesIn(buildDir)), ...staticRedirects];
  const redirectStatus = redirects[0]?.status ?? 308;
  const otherStatus = redirects.find((rule) => rule.status !== redirectStatus);
  if (otherStatus) {
    throw new Error(
      `${redirectsFile}: "${otherStatus.from}" answers ${otherStatus.status}; nginx renders one status for every redirect (${redirectStatus}).`,
    );
  }
  return {redirects, redirectStatus};
}

/** The docs MCP server's location, proxied to its Node.js process, and its answer when a client goes over the rate. */
function mcpLocations(upstream: string): string[] {
  return [
    `    location = ${docsMcpPath} {`,
    ...mcpLocationLines(),
    `      proxy_pass http://${upstream};`,
    '      proxy_set_header Host $host;',
    // The docs MCP server shares its work by client address (packages/docs-mcp/src/endpoint.ts).
    '      proxy_set_header X-Real-IP $remote_addr;',
    '      proxy_http_version 1.1;',
    '    }',
    '    location @mcp_rate_limited {',
    ...mcpHeaderLines(),
    '      add_header Retry-After 1 always;',
    '      default_type application/json;',
    `      return 429 ${quoted('{"jsonrpc":"2.0","error":{"code":-32000,"message":"Too many requests: slow down."},"id":null}')};`,
    '    }',
  ];
}

export function renderNginxConfig(options: NginxOptions): string {
  const buildDir = resolve(options.buildDir);
  const root = options.root ?? buildDir;
  const headersFile = join(buildDir, '_headers');
  const redirectsFile = join(buildDir, '_redirects');
  const headerRules = parseHeaders(readFileSync(headersFile, 'utf8'), headersFile);
  const redirectRules = parseRedirects(readFileSync(redirectsFile, 'utf8'), redirectsFile);
  // Clean URLs: /help/security is help/security.html, as on Pages; no directory listings.
  const serveFiles = ['try_files $uri $uri.html =404;'];
  const pathRules = headerRules.filter((rule) => !isHostRule(rule));
  // A host rule holds for every path of its host, and a noindex server stands
  // for such a host. The CDN gives a request the rules of one host; the
  // patterns' lines are taken once each, as they say the same.
  const hostLines = [
    ...new Map(headerRules.filter(isHostRule).flatMap((rule) => rule.lines.map((line) => [line.join('\n'), line] as const))).values(),
  ];
  const appliedRules = [...pathRules, ...(options.noindex ? [{pattern: '/*', lines: hostLines}] : [])];
  const [siteWide, ...specific] = pathRules;
  if (siteWide?.pattern !== '/*') throw new Error(`${headersFile}: the first rule must be "/*" (the site-wide headers).`);
  const siteWideHeaders = headersFor(appliedRules, '/');
  // One location per pattern: a location holds every header its paths get, whichever rules give them.
  const patterns = specific.filter((rule, index) => specific.findIndex((other) => other.pattern === rule.pattern) === index);
  const locations = patterns.map((rule, index) => locationFor(rule, appliedRules, serveFiles, index, siteWideHeaders.get('cache-control')));
  const modulesDir = options.modulesDir ?? '/usr/lib/nginx/modules';
  const runtime = resolve(options.runtimeDir);
  const {redirects, redirectStatus} = nginxRedirects(buildDir, redirectRules, redirectsFile);
  return [
    "# Generated by plugins/delivery/nginx.ts from the build's _headers and _redirects: do not edit.",
    `load_module ${modulesDir}/ngx_http_brotli_static_module.so;`,
    ...(options.user ? [`user ${options.user};`] : []),
    // One worker per core, each with room for a real host's open connections.
    'worker_processes auto;',
    `worker_rlimit_nofile ${workerConnections * 2};`,
    'daemon off;',
    `pid ${join(runtime, 'nginx.pid')};`,
    'error_log stderr warn;',
    `events { worker_connections ${workerConnections}; }`,
    'http {',
    `  include ${options.mimeTypes ?? '/etc/nginx/mime.types'};`,
    '  default_type application/octet-stream;',
    '  charset utf-8;',
    '  charset_types text/css text/plain text/xml text/markdown application/javascript application/json application/yaml image/svg+xml;',
    '  access_log off;',
    '  server_tokens off;',
    '  sendfile on;',
    // No byte ranges: browsers fetch these files whole, and nginx answers an
    // unsatisfiable range (416) by running its header filters a second time,
    // which sent every add_header twice, the success's Cache-Control included.
    '  max_ranges 0;',
    `  client_body_temp_path ${join(runtime, 'client_body')};`,
    `  proxy_temp_path ${join(runtime, 'proxy')};`,
    `  fastcgi_temp_path ${join(runtime, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(runtime, 'uwsgi')};`,
    `  scgi_temp_path ${join(runtime, 'scgi')};`,
    // The build wrote .gz and .br beside each text file (plugins/delivery/precompress.ts).
    '  gzip_static on;',
    '  brotli_static on;',
    '  gzip_vary on;',
    // Redirects say where, not on which host: right behind a proxy or a port.
    '  absolute_redirect off;',
    // One entry per page and form: the map needs room for long paths.
    '  map_hash_bucket_size 256;',
    '  map_hash_max_size 16384;',
    ...locations.flatMap((location) => location.maps),
    ...(options.mcpUpstream ? [mcpRateLimitZone()] : []),
    ...markdownNegotiationMaps(),
    '  map $uri $clean_path {',
    '    default "";',
    ...redirects.map((rule) => `    ${quoted(rule.from)} ${quoted(rule.to)};`),
    '  }',
    '  server {',
    `    listen ${options.host ?? '127.0.0.1'}:${options.port};`,
    `    root ${quoted(root)};`,
    '    index index.html;',
    `    error_page 404 ${notFoundPage};`,
    ...addHeaderLines(siteWideHeaders, '    '),
    // Before any location: the request path as the client sent it.
    `    if ($clean_path) { return ${redirectStatus} $clean_path$is_args$args; }`,
    ...hostConfigurationFiles.map((file) => `    location = ${file} { return 404; }`),
    // The home page, index.html, as Pages serves it at /.
    '    location = / {',
    '      if (-f $document_root$markdown_twin) { rewrite ^ $markdown_twin last; }',
    '      try_files /index.html =404;',
    '    }',
    '    location / {',
    // A page asked for as Markdown: its twin, through the .md location's headers.
    '      if (-f $document_root$markdown_twin) { rewrite ^ $markdown_twin last; }',
    ...serveFiles.map((line) => `      ${line}`),
    '    }',
    ...(options.mcpUpstream ? mcpLocations(options.mcpUpstream) : []),
    ...locations.flatMap((location) => location.lines),
    '  }',
    '}',
    '',
  ].join('\n');
}
