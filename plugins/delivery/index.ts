/**
 * The delivery plugin: after the build writes its pages, it reads what the
 * policy needs to know about them (the inline scripts to allow by hash, the
 * routes to redirect `.html` paths to) and writes the CDN's `_headers` and
 * `_redirects` into the build, with `robots.txt` and `/.well-known/security.txt` for the site URL. nginx is configured from those same files
 * (nginx.ts). The policy itself is policy.ts.
 */
import {createHash} from 'node:crypto';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import {dirname, join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {headerRules, redirectRules, renderHeaders, renderRedirects, routesJson} from './cloudflare';
import {assertNoSiteDirInBuild} from './machine-paths';
import {robotsTxt, type BuildFacts} from './policy';
import {buildFiles, pageRoutesIn} from './routes';
import {securityTxt, securityTxtPath} from './security-txt';

export interface DeliveryOptions {
  /** Origin the explorer's Send reaches in this build (API host, or the local test mode). */
  readonly apiOrigin: string;
  /** True when an analytics id is configured, so the pages load Google's tag. */
  readonly analytics: boolean;
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

/** What the policy needs to know of a build; `files` are its files (buildFiles). */
async function readBuildFacts(outDir: string, options: DeliveryOptions, files: readonly string[]): Promise<BuildFacts> {
  const hashes = new Set<string>();
  for (const file of files.filter((path) => path.endsWith('.html'))) {
    for (const hash of inlineScriptHashes(await readFile(join(outDir, file), 'utf8'))) hashes.add(hash);
  }
  return {
    inlineScriptHashes: [...hashes].sort(),
    analytics: options.analytics,
    apiOrigin: options.apiOrigin,
    pageRoutes: pageRoutesIn(outDir, files),
  };
}

/** Reads the build's facts and writes the CDN's `_headers` and `_redirects` into it (nginx reads them too); returns the facts. */
export async function writeDeliveryFiles(
  outDir: string,
  options: DeliveryOptions,
  files: readonly string[] = buildFiles(outDir),
): Promise<BuildFacts> {
  const facts = await readBuildFacts(outDir, options, files);
  await writeFile(join(outDir, '_headers'), renderHeaders(headerRules(facts)));
  await writeFile(join(outDir, '_redirects'), renderRedirects(redirectRules(facts)));
  return facts;
}

export default function deliveryPlugin(context: LoadContext, options: DeliveryOptions): Plugin {
  return {
    name: 'zip-delivery',
    async postBuild({outDir, siteConfig}) {
      // Checks the pages, scripts and static files; other plugins' postBuild
      // hooks run alongside this one and may still be writing theirs.
      await assertNoSiteDirInBuild(outDir, context.siteDir);
      // The build's files, less any temporary copy another postBuild step may be writing.
      const files = buildFiles(outDir).filter((path) => !path.endsWith('.tmp'));
      await writeDeliveryFiles(outDir, options, files);
      await writeFile(join(outDir, '_routes.json'), `${JSON.stringify(routesJson(files), null, 2)}\n`);
      await writeFile(join(outDir, 'robots.txt'), robotsTxt(siteConfig.url, siteConfig.baseUrl));
      const securityTxtFile = join(outDir, securityTxtPath.slice(1));
      await mkdir(dirname(securityTxtFile), {recursive: true});
      await writeFile(securityTxtFile, securityTxt(siteConfig.url, siteConfig.baseUrl));
    },
  };
}
