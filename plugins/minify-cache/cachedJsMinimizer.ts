/**
 * The client build's script minifier, with a cache on disk (index.ts says
 * why). It does what Rspack's `SwcJsMinimizerRspackPlugin` does for this
 * site, at the same stage of the build: every script not yet minified is
 * minified by Rspack's SWC with the same options. A script whose text and
 * options (and the minifier's version) were minified before is taken from
 * the cache instead. Entries no build used last time are removed, so the
 * cache holds one build's scripts.
 */
import {createHash} from 'node:crypto';
import {mkdir, readdir, readFile, rename, rm, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {Compiler} from 'webpack';

/** SWC's minify options (swc.rs "Minification"), as Docusaurus sets them. */
export type SwcMinifyOptions = Readonly<Record<string, unknown>>;

type SwcMinify = (code: string, options: SwcMinifyOptions) => Promise<{code: string}>;

/** Where the minified scripts are kept: with the bundler's own cache, which `npm run bench` clears for a cold build. */
export function minifyCacheDirectory(siteDir: string): string {
  return join(siteDir, 'node_modules/.cache/zip-minified-scripts');
}

/** The scripts the native minimizer handles by default. */
const script = /\.[cm]?js(\?.*)?$/i;

export interface CachedJsMinimizerSettings {
  readonly pluginName: string;
  readonly swcOptions: SwcMinifyOptions;
  readonly directory: string;
  /** Part of every entry's key: another minifier may minify otherwise. */
  readonly minifierVersion: string;
}

export class CachedJsMinimizer {
  constructor(private readonly settings: CachedJsMinimizerSettings) {}

  apply(compiler: Compiler): void {
    const {pluginName, swcOptions, directory, minifierVersion} = this.settings;
    const {Compilation, sources} = compiler.webpack;
    const swcMinify = (compiler.webpack as unknown as {experiments: {swc: {minify: SwcMinify}}}).experiments.swc.minify;
    const fingerprint = JSON.stringify([minifierVersion, swcOptions]);

    compiler.hooks.thisCompilation.tap(pluginName, (compilation) => {
      compilation.hooks.processAssets.tapPromise({name: pluginName, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE}, async () => {
        await mkdir(directory, {recursive: true});
        const used = new Set<string>();
        const scripts = compilation.getAssets().filter((asset) => script.test(asset.name) && !asset.info.minimized);
        await Promise.all(
          scripts.map(async (asset) => {
            const text = asset.source.source().toString();
            const entry = `${createHash('sha256').update(fingerprint).update('\0').update(text).digest('hex')}.js`;
            used.add(entry);
            const file = join(directory, entry);
            let minified: string;
            try {
              minified = await readFile(file, 'utf8');
            } catch {
              try {
                minified = (await swcMinify(text, swcOptions)).code;
              } catch (error) {
                throw new Error(`${pluginName}: minifying ${asset.name} failed: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
              }
              // Written whole, then renamed: a build stopped half-way never leaves half a script to be taken later.
              const partial = `${file}.${process.pid}.partial`;
              await writeFile(partial, minified);
              await rename(partial, file);
            }
            compilation.updateAsset(asset.name, new sources.RawSource(minified), {minimized: true});
          }),
        );
        await Promise.all(
          (await readdir(directory)).filter((name) => !used.has(name)).map((name) => rm(join(directory, name), {force: true})),
        );
      });
    });
  }
}
