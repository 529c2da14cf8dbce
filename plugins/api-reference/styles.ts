/**
 * Where the OpenAPI theme's styles go in the build. Docusaurus puts every style sheet of the site
 * into one file that every page waits for before its first paint (its `styles` cache group); the
 * theme's are 94 KB of it (27 KB gzip), used by the API reference alone. A patch of the theme
 * (patches/README.md) stops loading them on every page and splits off the explorer's; the
 * components that show a reference import the reference's (src/theme/ParamsDetails and the
 * others), the explorer's loader imports the explorer's (src/theme/ApiItem/ExplorerPanel.tsx).
 * These cache groups, above Docusaurus's, give each its own file: the reference's is linked from
 * the head of the pages whose route chunks import it (the server render names each page's chunks
 * and their style sheets, with the patch of @docusaurus/core: patches/README.md), the explorer's
 * is fetched with the explorer.
 */
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
