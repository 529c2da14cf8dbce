/**
 * Where the OpenAPI theme's styles go in the build. Docusaurus puts every style sheet of the site
 * into one file that every page waits for before its first paint (its `styles` cache group); the
 * theme's are 94 KB of it (27 KB gzip), used by the API reference alone. A patch of the theme
 * (patches/README.md) stops loading them on every page and splits off the explorer's; the
 * components that show a reference import the reference's (src/theme/ParamsDetails and the
 * others), the explorer's loader imports the explorer's (src/theme/ApiItem/ExplorerPanel.tsx).
 * These cache groups, above Docusaurus's, give each its own file: the reference's is linked from
 * the head of the pages that show one (linkReferenceStyles, after the build), the explorer's is
 * fetched with the explorer.
 */
import {readdir, readFile, rename, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {Configuration} from 'webpack';

const themeStyles = String.raw`docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]`;

/** Test of the reference's styles: the theme's `styles.scss`. */
export const referenceStylesTest = new RegExp(`${themeStyles}styles\\.scss$`);
/** Test of the explorer's styles: `ApiExplorer/styles.scss`, the patch's file. */
export const explorerStylesTest = new RegExp(`${themeStyles}ApiExplorer[\\\\/]styles\\.scss$`);

const cssGroup = (name: string, test: RegExp) =>
  ({
    name,
    test,
    type: 'css/mini-extract',
    chunks: 'async',
    enforce: true,
    // Above Docusaurus's `styles` group (50), which takes every other style sheet.
    priority: 60,
  }) as const;

/** The client bundle's split-chunk groups for the two, merged into Docusaurus's configuration. */
export function apiStyleChunks(isServer: boolean): Configuration {
  if (isServer) return {};
  return {
    optimization: {
      splitChunks: {
        cacheGroups: {
          apiReferenceStyles: cssGroup('api-reference', referenceStylesTest),
          apiExplorerStyles: cssGroup('api-explorer', explorerStylesTest),
        },
      },
    },
  };
}

/** Marks markup the reference's styles are for: every class of the OpenAPI theme starts so. */
const referenceMarkup = /\bclass=["']?[^>]*\bopenapi-/;

/**
 * Links the reference's style sheet from the head of every built page whose markup uses the theme's
 * classes, beside the site's own style sheet: Docusaurus links only the entry's style sheets, and
 * loads a route's others with its script, after the first paint. On a later page the bundler's
 * runtime finds the link there already and does not load the file again. Run by plugins/critical-css
 * before it inlines each page's critical CSS, which reads the sheets a page links (docusaurus.config.ts).
 */
export async function linkReferenceStyles(outDir: string): Promise<number> {
  const entries = await readdir(outDir, {withFileTypes: true, recursive: true});
  const htmlFiles = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
  const cssDir = join(outDir, 'assets/css');
  const sheets = (await readdir(cssDir)).filter((name) => /^api-reference\.[0-9a-f]+\.css$/.test(name));
  if (sheets.length !== 1) {
    throw new Error(`plugins/api-reference/styles.ts: expected one api-reference.<hash>.css in ${cssDir}, found ${sheets.length}.`);
  }
  let linked = 0;
  for (const file of htmlFiles) {
    const html = await readFile(file, 'utf8');
    if (!referenceMarkup.test(html)) continue;
    const siteSheet = /<link rel=["']?stylesheet["']? href=["']?([^"' >]*\/)assets\/css\/[^"' >]+["']?\s*\/?>/.exec(html);
    if (!siteSheet) throw new Error(`plugins/api-reference/styles.ts: ${file} shows the API reference but links no style sheet.`);
    const link = `<link rel=stylesheet href=${siteSheet[1] ?? '/'}assets/css/${sheets[0] ?? ''} />`;
    const temporary = `${file}.tmp`;
    await writeFile(temporary, html.replace(siteSheet[0], `${siteSheet[0]}${link}`));
    await rename(temporary, file);
    linked += 1;
  }
  return linked;
}
