/**
 * Marks the app's entry chunk (main.js) with V8's explicit compile hint,
 * `//# allFunctionsCalledOnLoad`: Chromium then compiles all of its functions
 * on a background thread while the file downloads, instead of one by one on
 * the main thread as the page starts. Nearly all of main.js runs at start-up
 * (React, the router, the layout), and its compilation was about a third of
 * the longest task a phone ran while loading a page. Browsers without the
 * feature read a comment.
 *
 * Only the entry chunk is marked: it is large enough to be compiled while it
 * streams, and almost all of it is used on every page. A route's chunks are
 * small, and a hint there would move compilation onto the main thread.
 */
import type webpack from 'webpack';
import type {Compiler, WebpackPluginInstance} from 'webpack';

/** The magic comment; V8 reads it at the very start of a script. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The bundler Docusaurus builds with (webpack, or Rspack, which has the same API here). */
type Bundler = typeof webpack;

const pluginName = 'zip-compile-hints';

/** A bundler plugin that adds the compile hint to the JavaScript files of the named chunks. */
export function compileHintsPlugin(bundler: Bundler, chunkNames: readonly string[]): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap(pluginName, (compilation) => {
        compilation.hooks.processAssets.tap(
          // After minification (which drops comments), before the content hashes are computed.
          {name: pluginName, stage: bundler.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE},
          () => {
            for (const chunk of compilation.chunks) {
              if (!chunk.name || !chunkNames.includes(chunk.name)) continue;
              for (const file of chunk.files) {
                if (!file.endsWith('.js')) continue;
                compilation.updateAsset(file, (source) => new bundler.sources.ConcatSource(COMPILE_HINT, source));
              }
            }
          },
        );
      });
    },
  };
}
