/**
 * A cache on disk of what the client build's script minimizer made (index.ts
 * says why). It works on both sides of Docusaurus's minimizer, which stays
 * in place:
 *
 * - just before it, each script whose text (and the minimizer's options and
 *   version) was minified in an earlier build is replaced by what the
 *   minimizer made then, and marked as minimized, which the minimizer skips;
 * - just after it, what it made of the other scripts is kept.
 *
 * So every script is the minimizer's own output, byte for byte. Entries this
 * build did not use are removed: the cache holds one build's scripts.
 */
import {createHash} from 'node:crypto';
import {mkdir, readdir, readFile, rm} from 'node:fs/promises';
import {join} from 'node:path';
import type {Compiler} from 'webpack';
import {writeWhole} from '../kept-between-builds';

/** The scripts Rspack's SwcJsMinimizerRspackPlugin minifies by default. */
const script = /\.[cm]?js(\?.*)?$/i;

export interface MinifiedScriptsCacheSettings {
  readonly pluginName: string;
  readonly directory: string;
  /** Everything besides a script's text that decides what the minimizer makes of it: its options and version. */
  readonly minimizerFingerprint: string;
}

export class MinifiedScriptsCache {
  constructor(private readonly settings: MinifiedScriptsCacheSettings) {}

  apply(compiler: Compiler): void {
    const {pluginName, directory, minimizerFingerprint} = this.settings;
    const {Compilation, sources} = compiler.webpack;
    const minimizerStage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE;
    const entryFor = (text: string): string => `${createHash('sha256').update(minimizerFingerprint).update('\0').update(text).digest('hex')}.js`;

    compiler.hooks.thisCompilation.tap(pluginName, (compilation) => {
      /** This build's cache entries, by the script they are for. */
      const entries = new Map<string, string>();
      /** The scripts the minimizer minifies in this build. */
      const toKeep = new Set<string>();

      compilation.hooks.processAssets.tapPromise({name: pluginName, stage: minimizerStage - 1}, async () => {
        await mkdir(directory, {recursive: true});
        const scripts = compilation.getAssets().filter((asset) => script.test(asset.name) && !asset.info.minimized);
        await Promise.all(
          scripts.map(async (asset) => {
            const entry = entryFor(asset.source.source().toString());
            entries.set(asset.name, entry);
            let minified: string;
            try {
              minified = await readFile(join(directory, entry), 'utf8');
            } catch {
              toKeep.add(asset.name);
              return;
            }
            compilation.updateAsset(asset.name, new sources.RawSource(minified), {minimized: true});
          }),
        );
      });

      compilation.hooks.processAssets.tapPromise({name: pluginName, stage: minimizerStage + 1}, async () => {
        const notMinified: string[] = [];
        await Promise.all(
          [...toKeep].map(async (name) => {
            const asset = compilation.getAsset(name);
            const entry = entries.get(name);
            if (!asset || !entry) return;
            if (!asset.info.minimized) {
              notMinified.push(name);
              return;
            }
            await writeWhole(join(directory, entry), asset.source.source().toString());
          }),
        );
        if (notMinified.length > 0) {
          throw new Error(
            `${pluginName}: the minimizer left ${notMinified.length} script${notMinified.length === 1 ? '' : 's'} unmarked (${notMinified.slice(0, 3).join(', ')}), so this cache cannot tell what it made. Check plugins/minify-cache against Docusaurus's minimizers.`,
          );
        }
        const used = new Set(entries.values());
        await Promise.all((await readdir(directory)).filter((name) => !used.has(name)).map((name) => rm(join(directory, name), {force: true})));
      });
    });
  }
}
