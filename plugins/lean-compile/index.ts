/**
 * The bundler's loaders skip work whose result the site never uses.
 *
 * - **A generated API page's large props go past the MDX compiler.**
 *   scripts/generate-api.ts gives each generated page its large props as one
 *   string literal, `export const generatedProps = JSON.parse("…")`: 82 % of
 *   the generated pages' characters at 20 times the operations. MDX's tokenizer
 *   walked that line character by character, acorn read it again and MDX's
 *   conversion to an HTML tree cloned it: most of the main thread's bundling.
 *   The compiler has nothing to do with the literal, which ends up in the page's
 *   module as it was written. So a loader that runs before MDX puts a short
 *   placeholder string in its place, and the same loader, run last on the
 *   compiled module, puts the literal back (heldProps.cjs, propsLoader.cjs).
 *   Each page's module is the same as without it (the bundle differs only in
 *   module ids, which include the loaders). The build fails, naming
 *   `zip-lean-compile`, when the placeholder does not come through the compiler
 *   whole or a page changed while it was compiled.
 * - **postcss-loader does not look for a PostCSS configuration file.** The site
 *   has none: Docusaurus passes the plugins in the loader's options. Without
 *   `config: false` the loader searched every folder from each style sheet up
 *   to the file system's root for a dozen file names, for every style sheet in
 *   both compilations.
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {apiProducts} from '../../src/data/apiReference';
import {cacheBuildDependencies} from '../substitutions';

const propsLoader = 'plugins/lean-compile/propsLoader.cjs';

/** The pages scripts/generate-api.ts writes, which are the ones with a props line. */
const generatedPage = /\.(api|info|tag|schema)\.mdx$/;

export default function leanCompilePlugin(context: LoadContext): Plugin {
  const loader = join(context.siteDir, propsLoader);
  const include = apiProducts.map((product) => join(context.siteDir, product.outputDir));
  return {
    name: 'zip-lean-compile',
    configureWebpack(config) {
      return {
        ...cacheBuildDependencies(config, context.siteDir, 'plugins/lean-compile/index.ts', propsLoader, 'plugins/lean-compile/heldProps.cjs'),
        module: {
          rules: [
            // `pre` runs before every other loader of the page (MDX's), `post` after every other (the JavaScript compiler's).
            {test: generatedPage, include, enforce: 'pre', use: [{loader, options: {step: 'hold'}}]},
            {test: generatedPage, include, enforce: 'post', use: [{loader, options: {step: 'restore'}}]},
          ],
        },
      };
    },
    configurePostCss(options) {
      return {...options, config: false};
    },
  };
}
