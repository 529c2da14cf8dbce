/**
 * Critical CSS: after the build writes its pages, each page gets the rules of
 * its style sheets that match its own markup inlined in its head, and the
 * sheets' links move to the end of the body with a preload in the head. The
 * first paint then waits for the HTML alone, not for a second request; the
 * sheets still load at once, for what hydration and later navigation show.
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
 * resolve against the page) fails the build, naming the sheet.
 */
import {readdir, readFile, rename, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {compileSheet, type CompiledSheet} from 'beasties/compiler';
import {createProcessor} from 'beasties/runtime';

const cssDir = 'assets/css';

/** Rules Beasties' scan cannot match; small, so always inlined. */
const alwaysInlined = [/:where\(/, /:is\(/];

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

/** Inlines each page's critical CSS. Writes through a temporary file: other plugins' postBuild hooks read pages meanwhile. */
export async function inlineCriticalCss(outDir: string): Promise<number> {
  const warnings: string[] = [];
  const processor = createProcessor(await compileSheets(outDir), {logger: {warn: (message) => warnings.push(message)}});
  const files = await htmlFilesUnder(outDir);
  for (const file of files) {
    const html = await readFile(file, 'utf8');
    const processed = processor.process(html);
    if (processed === html) continue;
    await writeFile(`${file}.tmp`, processed);
    await rename(`${file}.tmp`, file);
  }
  if (warnings.length > 0) throw new Error(`Critical CSS (plugins/critical-css):\n${warnings.join('\n')}`);
  return files.length;
}

export default function criticalCssPlugin(): Plugin {
  return {
    name: 'zip-critical-css',
    async postBuild({outDir}) {
      await inlineCriticalCss(outDir);
    },
  };
}
