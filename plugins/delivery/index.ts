/**
 * The delivery plugin: after the build writes its pages, it reads what the
 * policy needs to know about them (the inline scripts to allow by hash, the
 * routes to redirect `.html` paths to) and writes the CDN's `_headers` and
 * `_redirects` into the build, with `robots.txt` for the site URL. nginx is configured from those same files
 * (nginx.ts). The policy itself is policy.ts.
 */
import {createHash} from 'node:crypto';
import {readdir, readFile, writeFile} from 'node:fs/promises';
import {join, relative, sep} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {headerRules, redirectRules, renderHeaders, renderRedirects, routesJson} from './cloudflare';
import {assertNoSiteDirInBuild} from './machine-paths';
import {notFoundPage, robotsTxt, type BuildFacts} from './policy';

export interface DeliveryOptions {
  /** Origin the explorer's Send reaches in this build (API host, or the sandbox). */
  readonly apiOrigin: string;
  /** True when an analytics id is configured, so the pages load Google's tag. */
  readonly analytics: boolean;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await htmlFiles(path)));
    else if (entry.name.endsWith('.html')) found.push(path);
  }
  return found;
}

/** Script types a browser runs; JSON-LD and other data blocks are not subject to script-src. */
const executableScriptType = /^(|text\/javascript|application\/javascript|module)$/i;

/** `sha256-…` of every inline script in a page, as the browser hashes it (the raw text between the tags). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body === '') continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1] ?? '';
    if (!executableScriptType.test(type)) continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

/** `/help/security` for help/security/index.html, `/` for index.html; undefined for other files. */
function pageRoute(outDir: string, file: string): string | undefined {
  const path = `/${relative(outDir, file).split(sep).join('/')}`;
  if (path === notFoundPage) return undefined;
  if (path === '/index.html') return '/';
  return path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : undefined;
}

export async function readBuildFacts(outDir: string, options: DeliveryOptions): Promise<BuildFacts> {
  const hashes = new Set<string>();
  const pageRoutes: string[] = [];
  for (const file of await htmlFiles(outDir)) {
    for (const hash of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(hash);
    const route = pageRoute(outDir, file);
    if (route) pageRoutes.push(route);
  }
  return {
    inlineScriptHashes: [...hashes].sort(),
    analytics: options.analytics,
    apiOrigin: options.apiOrigin,
    pageRoutes: pageRoutes.sort(),
  };
}

export default function deliveryPlugin(context: LoadContext, options: DeliveryOptions): Plugin {
  return {
    name: 'zip-delivery',
    async postBuild({outDir, siteConfig}) {
      // Checks the pages, scripts and static files; other plugins' postBuild
      // hooks run alongside this one and may still be writing theirs.
      await assertNoSiteDirInBuild(outDir, context.siteDir);
      const facts = await readBuildFacts(outDir, options);
      await writeFile(join(outDir, '_headers'), renderHeaders(headerRules(facts)));
      await writeFile(join(outDir, '_redirects'), renderRedirects(redirectRules(facts)));
      await writeFile(join(outDir, '_routes.json'), `${JSON.stringify(routesJson(facts), null, 2)}\n`);
      await writeFile(join(outDir, 'robots.txt'), robotsTxt(siteConfig.url, siteConfig.baseUrl));
    },
  };
}
