/**
 * Where the OpenAPI theme's styles go in the client bundle, so that pages without an API
 * reference do not load them.
 *
 * Styles: Docusaurus puts every style sheet of the site into one file that every page waits for
 * before its first paint (its `styles` cache group); the theme's are 94 KB of it (27 KB gzip),
 * used by the API reference alone. A patch of the theme (patches/README.md) stops loading them on
 * every page and splits off the explorer's; the components that show a reference import the
 * reference's (src/theme/ParamsDetails and the others), the explorer's loader imports the
 * explorer's (src/theme/ApiItem/ExplorerPanel.tsx). Two cache groups, above Docusaurus's, give
 * each its own file: the reference's is linked from the head of the pages whose route chunks
 * import it (the server render names each page's chunks and their style sheets, with the patch
 * of @docusaurus/core: patches/README.md), the explorer's is fetched with the explorer.
 *
 * The theme's code stays in Docusaurus's `common` chunk: keeping it out (6.4 KiB gzip less script
 * on every article) moved no page's hydration beyond the bench's run-to-run spread.
 */
import type {Configuration} from 'webpack';

const themeStyles = String.raw`docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]`;

/** Test of the reference's styles: the theme's `styles.scss`. */
export const referenceStylesTest = new RegExp(`${themeStyles}styles\\.scss$`);
/**
 * Test of the explorer's styles: `ApiExplorer/styles.scss`, the patch's file, and those of the site's
 * parts only the explorer shows (src/components/TabTestMode), which would otherwise join the sheet
 * every page waits for.
 */
export const explorerStylesTest = new RegExp(
  `${themeStyles}ApiExplorer[\\\\/]styles\\.scss$|[\\\\/]src[\\\\/]components[\\\\/]TabTestMode[\\\\/]styles\\.module\\.css$`,
);

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

/** The client bundle's split-chunk groups, merged into Docusaurus's configuration. */
export function apiReferenceChunks(isServer: boolean): Configuration {
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
