/**
 * Scripts minified once: the client build's JavaScript minifier keeps what it
 * made on disk and takes it from there when a script is the same again.
 *
 * Why: Docusaurus minifies with Rspack's `SwcJsMinimizerRspackPlugin`, and
 * Rspack 1's persistent cache does not keep minified output. A warm build
 * minified all 19 MB of scripts again, about 2.3 s of every writer's build,
 * although a writer's edit changes one page's chunk. (Rspack 2 caches its
 * minimizer; Docusaurus 3.10 requires Rspack 1.)
 *
 * How: this plugin puts `CachedJsMinimizer` (cachedJsMinimizer.ts) in the
 * place of Docusaurus's `SwcJsMinimizerRspackPlugin`, with the options
 * Docusaurus gave that plugin, and the same minifier (Rspack's own SWC,
 * `rspack.experiments.swc.minify`): each script's minified text is the text
 * the plugin made, byte for byte. The build fails, naming this plugin, when
 * Docusaurus no longer configures exactly one such minimizer, or configures
 * it with options this one does not apply the same way.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import {CachedJsMinimizer, minifyCacheDirectory, type SwcMinifyOptions} from './cachedJsMinimizer';

const pluginName = 'zip-minify-cache';
const replaced = 'SwcJsMinimizerRspackPlugin';

/** What Docusaurus passes to SwcJsMinimizerRspackPlugin (its `_args`), checked with @docusaurus/bundler 3.10.2 and @rspack/core 1.7.12. */
interface NativeMinimizerArguments {
  readonly minimizerOptions?: {readonly minify?: boolean} & SwcMinifyOptions;
  readonly [option: string]: unknown;
}

function fail(problem: string): never {
  throw new Error(`${pluginName}: ${problem}. Check plugins/minify-cache against Docusaurus's minimizers (@docusaurus/bundler, minification.js).`);
}

/** The options Docusaurus gave its script minifier, as SWC's `minify` takes them. */
export function swcOptionsOf(minimizer: unknown): SwcMinifyOptions {
  const [options] = ((minimizer as {_args?: unknown[]})._args ?? []) as NativeMinimizerArguments[];
  if (!options?.minimizerOptions) fail(`${replaced} no longer holds its options where this plugin reads them`);
  const others = Object.keys(options).filter((key) => key !== 'minimizerOptions');
  if (others.length > 0) fail(`${replaced} is configured with ${others.join(', ')}, which this plugin does not apply`);
  const {minify, ...swcOptions} = options.minimizerOptions;
  if (minify !== true) fail(`${replaced} is configured with minify: ${String(minify)}`);
  return swcOptions;
}

export default function minifyCachePlugin(context: LoadContext): Plugin {
  return {
    name: pluginName,
    configureWebpack(config, isServer, utils) {
      const minimizers = config.optimization?.minimizer;
      // The server bundle and `--no-minify` builds minify nothing.
      if (isServer || !config.optimization?.minimize || !minimizers) return {};
      const native = minimizers.filter((minimizer) => (minimizer as object | undefined)?.constructor?.name === replaced);
      if (native.length !== 1) fail(`Docusaurus configures ${native.length} ${replaced} (expected one)`);
      const rspack = utils.currentBundler.instance as unknown as {version?: string; experiments?: {swc?: {minify?: unknown}}};
      if (typeof rspack.experiments?.swc?.minify !== 'function') fail('the bundler has no rspack.experiments.swc.minify');
      const cached = new CachedJsMinimizer({
        pluginName,
        swcOptions: swcOptionsOf(native[0]),
        directory: minifyCacheDirectory(context.siteDir),
        minifierVersion: `@rspack/core ${rspack.version ?? 'unknown'}`,
      });
      return {
        mergeStrategy: {'optimization.minimizer': 'replace'},
        optimization: {minimizer: minimizers.map((minimizer) => (native.includes(minimizer) ? cached : minimizer))},
      };
    },
  };
}
