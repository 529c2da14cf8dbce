/**
 * Where the OpenAPI theme's styles and code go in the client bundle, so that pages without an
 * API reference load neither.
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
 * Code: Docusaurus's `common` group takes every module that half the site's route chunks use,
 * into a chunk every page loads. Endpoint pages are over half of the routes, so the theme's page
 * components and react-redux were in it, on the home page and every article too. They are left
 * out of `common`, to the chunks of the pages that use them.
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

/** The theme's code and the state library its components read, which only API pages use. */
const referenceCode = /[\\/]node_modules[\\/](docusaurus-theme-openapi-docs|react-redux|use-sync-external-store)[\\/]/;

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
          // Docusaurus's group, with its name, threshold and priority, less the reference's code.
          common: {
            test: (module: {nameForCondition?: () => string | null}) => !referenceCode.test(module.nameForCondition?.() ?? ''),
          },
        },
      },
    },
  };
}
