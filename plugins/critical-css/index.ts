/**
 * Critical CSS: after the build writes its pages, each page gets the rules of
 * its style sheets that match its own markup inlined in its head, and the
 * sheets' links move to the end of the body, disabled. The first paint then
 * waits for the HTML alone, not for a second request, and the sheets do not
 * share a phone's bandwidth with the scripts the page waits for: a browser
 * does not fetch a disabled sheet, and client.ts enables them once the page
 * has hydrated. They are what later states (a menu opened, a hover) and
 * client-side navigation use; without scripts, a `<noscript>` links them.
 *
 * Beasties (`beasties/compiler` once per sheet, `beasties/runtime` per page)
 * chooses the rules. Three of its limits are handled here rather than patched
 * (tests/e2e/first-paint.test.ts fails if one comes back): rules under
 * `:where()`/`:is()` (Infima's button colours) never match its scan, so they
 * are always inlined; its exact matching missed child combinators
 * (`.markdown>h2`) on these pages, so selectors match by the presence of their
 * classes, tags and ids (`exact: false`), a few rules more; and its URL
 * rebasing breaks a quoted `data:` URL with escaped quotes (Infima's icons), so
 * sheets are compiled without a base, and a relative `url()` (which would then
 * resolve against the page) fails the build, naming the sheet. Custom properties
 * nothing on the page reads are left out of what it inlines (custom-properties.ts).
 */
import {readdir, readFile, rename, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {compileSheet, type CompiledSheet} from 'beasties/compiler';
import {createProcessor} from 'beasties/runtime';
import {pruneInlinedProperties} from './custom-properties';
import {afterHydrationAttribute} from './sheets';

const cssDir = 'assets/css';

/**
 * Always inlined, whatever the page's markup: rules Beasties' scan cannot match (`:where()`,
 * `:is()`); rules keyed on the light colour mode (the site's only one), which the theme's inline
 * script sets on `<html>` before the first paint, so the scan of the server's markup misses them
 * (the navbar's logo); and the phone menu, which React renders only once the page has hydrated
 * (Infima's `navbar-sidebar` and src/theme/Navbar/MobileSidebar/Layout's `dialog`).
 */
const alwaysInlined = [/:where\(/, /:is\(/, /\[data-theme=["']?light\b/, /\.navbar-sidebar/, /\.dialog_[\w-]+/];

/** A `url()` that does not resolve the same from a page as from the sheet: neither `data:`, absolute, nor a fragment. */
const relativeUrl = /url\(\s*(?!["']?(?:data:|[a-z][\w+.-]*:|\/|#))["']?([^"')]*)/i;

/** Compiles every sheet of the build, keyed by the href pages link it with. */
export async function compileSheets(outDir: string): Promise<CompiledSheet[]> {
  const names = (await readdir(join(outDir, cssDir))).filter((name) => name.endsWith('.css'));
  return Promise.all(
    names.map(async (name) => {
      const css = await readFile(join(outDir, cssDir, name), 'utf8');
      const relative = relativeUrl.exec(css);
      if (relative) {
        throw new Error(
          `${cssDir}/${name} has a relative url(${relative[1] ?? ''}): inlined into a page it would resolve against the page's path. Make it absolute or a data: URL (plugins/critical-css).`,
        );
      }
      const sheet = compileSheet(css, {allowRules: alwaysInlined, exact: false});
      sheet.href = `/${cssDir}/${name}`;
      return sheet;
    }),
  );
}

async function htmlFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => join(entry.parentPath, entry.name));
}

const bodyStyleSheet = /<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/g;

/**
 * The sheets Beasties moved to the end of the body, disabled and marked for client.ts, each
 * followed by a `<noscript>` linking it for a reader without scripts.
 */
export function linkSheetsAfterHydration(html: string, file: string): string {
  const bodyStart = html.search(/<body\b/);
  if (bodyStart === -1) return html;
  const body = html.slice(bodyStart).replace(bodyStyleSheet, (tag) => {
    const href = /\bhref=["']?([^"' >]+)/.exec(tag)?.[1];
    if (!href?.startsWith(`/${cssDir}/`)) throw new Error(`${file}: a style sheet linked in the body is not the build's own: ${tag}`);
    return `<link rel=stylesheet href=${href} disabled ${afterHydrationAttribute}><noscript><link rel=stylesheet href=${href}></noscript>`;
  });
  return html.slice(0, bodyStart) + body;
}

/** Inlines each page's critical CSS. Writes through a temporary file: other plugins' postBuild hooks read pages meanwhile. */
export async function inlineCriticalCss(outDir: string): Promise<number> {
  const warnings: string[] = [];
  // `body`: the sheets' links move to the end of the body, with no preload in the head.
  const processor = createProcessor(await compileSheets(outDir), {preload: 'body', logger: {warn: (message) => warnings.push(message)}});
  const files = await htmlFilesUnder(outDir);
  for (const file of files) {
    const html = await readFile(file, 'utf8');
    const processed = linkSheetsAfterHydration(pruneInlinedProperties(processor.process(html)), file);
    if (processed === html) continue;
    await writeFile(`${file}.tmp`, processed);
    await rename(`${file}.tmp`, file);
  }
  if (warnings.length > 0) throw new Error(`Critical CSS (plugins/critical-css):\n${warnings.join('\n')}`);
  return files.length;
}

export default function criticalCssPlugin(context: LoadContext): Plugin {
  return {
    name: 'zip-critical-css',
    getClientModules() {
      return [join(context.siteDir, 'plugins/critical-css/client.ts')];
    },
    async postBuild({outDir}) {
      await inlineCriticalCss(outDir);
    },
  };
}
