/**
 * The first paint waits for no style sheet: after the build, each page gets the rules of the
 * site's style sheet that match its own markup, inlined in a `<style>` in its head (beasties), and
 * the full style sheet's `<link>` moves to the end of the body, where it no longer blocks the first
 * paint: on a phone the style sheet was the whole of the render-blocking path (the measurement is
 * in plugins/navigation/README.md). The Content-Security-Policy allows inline styles
 * already (plugins/delivery/policy.ts); no script is added, so its script hashes are unchanged.
 */
import {randomUUID} from 'node:crypto';
import {readdir, readFile, rename, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import Beasties from 'beasties';

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => join(entry.parentPath, entry.name));
}

const stylesheetLink = /<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>/;
const styleElement = /<style>([\s\S]*?)<\/style>/g;

/**
 * The page as Docusaurus wrote it, with beasties' critical CSS in place of the style sheet's
 * `<link>` and that link at the end. Only beasties' CSS is taken, never its re-serialised page:
 * its parser does not know the end tags the HTML minifier leaves out (`<th>…<tbody>`), so its
 * page would not be the markup React hydrates, and every other byte stays as built.
 */
export function withCriticalCss(html: string, processed: string): string {
  const link = stylesheetLink.exec(html)?.[0];
  const known = new Set([...html.matchAll(styleElement)].map((match) => match[1]));
  const critical = [...processed.matchAll(styleElement)].map((match) => match[1] ?? '').filter((css) => css !== '' && !known.has(css));
  if (link === undefined || critical.length === 0) return html;
  const withoutLink = html.replace(link, `<style>${critical.join('')}</style>`);
  const bodyEnd = withoutLink.lastIndexOf('</body>');
  return bodyEnd >= 0 ? `${withoutLink.slice(0, bodyEnd)}${link}${withoutLink.slice(bodyEnd)}` : `${withoutLink}${link}`;
}

/** Inlines each page's critical CSS, in every HTML file of the build. */
export async function inlineCriticalCss(outDir: string, baseUrl: string): Promise<void> {
  const beasties = new Beasties({
    path: outDir,
    publicPath: baseUrl,
    // The full sheet as a plain <link> at the end of the body: the other strategies load it with an
    // inline event handler or script, which the Content-Security-Policy refuses.
    preload: 'body',
    // Other pages and the client's route changes need the whole sheet.
    pruneSource: false,
    fonts: false,
    compress: true,
    logLevel: 'warn',
  });
  for (const file of await htmlFiles(outDir)) {
    const html = await readFile(file, 'utf8');
    let processed: string;
    try {
      processed = withCriticalCss(html, await beasties.process(html));
    } catch (error) {
      throw new Error(`Inlining the critical CSS of ${file} failed`, {cause: error});
    }
    // Other plugins' postBuild hooks read the pages meanwhile (the delivery plugin hashes their
    // inline scripts): a rename swaps the file whole, never half-written.
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, processed);
    await rename(temporary, file);
  }
}
