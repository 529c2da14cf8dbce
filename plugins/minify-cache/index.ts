/**
 * Scripts minified once: what the client build's script minimizer makes is
 * kept on disk, and a script that is the same again in a later build is
 * taken from there (minifiedScriptsCache.ts).
 *
 * Why: Docusaurus minifies with Rspack's `SwcJsMinimizerRspackPlugin`, and
 * Rspack 1's persistent cache does not keep minified output. A warm build
 * minified all 19 MB of scripts again, about 2 s of every writer's build,
 * although a writer's edit changes one page's chunk. (Rspack 2 caches its
 * minimizer; Docusaurus 3.10 requires Rspack 1.)
 *
 * Docusaurus's minimizer stays in place and makes every script it minifies;
 * the cache only hands back what it made before, keyed by the script's text,
 * the minimizer's options and Rspack's version. The build fails, naming this
 * plugin, when Docusaurus no longer configures exactly one such minimizer
 * or its options cannot be read, and when the minimizer no longer marks what
 * it minified (which the cache relies on, and the minimizer relies on to
 * skip what the cache handed back).
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import {keptFolder} from '../kept-between-builds';
import {MinifiedScriptsCache} from './minifiedScriptsCache';

const pluginName = 'zip-minify-cache';
const minimizerName = 'SwcJsMinimizerRspackPlugin';

function fail(problem: string): never {
  throw new Error(`${pluginName}: ${problem}. Check plugins/minify-cache against Docusaurus's minimizers (@docusaurus/bundler, minification.js).`);
}

/** What decides the minimizer's output besides a script: its options (as Rspack's builtin plugin holds them, `_args`) and Rspack's version. */
export function minimizerFingerprint(minimizer: unknown, bundlerVersion: string): string {
  const options = (minimizer as {_args?: unknown})._args;
  if (!Array.isArray(options) || options.length === 0) fail(`${minimizerName} no longer holds its options where this plugin reads them`);
  return JSON.stringify({bundlerVersion, options});
}

export default function minifyCachePlugin(context: LoadContext): Plugin {
  return {
    name: pluginName,
    configureWebpack(config, isServer, utils) {
      const minimizers = config.optimization?.minimizer ?? [];
      // The server bundle and `--no-minify` builds minify nothing.
      if (isServer || !config.optimization?.minimize) return {};
      const native = minimizers.filter((minimizer) => (minimizer as object | undefined)?.constructor?.name === minimizerName);
      if (native.length !== 1) fail(`Docusaurus configures ${native.length} ${minimizerName} (expected one)`);
      // Part of every entry's key: without it, an upgraded Rspack would be handed its predecessor's scripts.
      const bundlerVersion = (utils.currentBundler.instance as unknown as {rspackVersion?: string}).rspackVersion;
      if (!bundlerVersion) fail('the bundler does not say its version (rspack.rspackVersion)');
      return {
        plugins: [
          new MinifiedScriptsCache({
            pluginName,
            directory: keptFolder(context.siteDir, 'zip-minified-scripts'),
            minimizerFingerprint: minimizerFingerprint(native[0], bundlerVersion),
          }),
        ],
      };
    },
  };
}
