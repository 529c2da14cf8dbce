/**
 * How the reader gets from one page to the next, and how the first page
 * starts: a link's route is fetched on the reader's intent, hover, touch or focus, not when it
 * comes into view (prefetchOnIntent.ts); the entry chunk carries V8's compile hint (compile-hints.ts). The first render's
 * recovery from route chunks that fail to load is a patch of @docusaurus/core
 * (patches/README.md).
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {compileHintsPlugin} from './compile-hints';

const pluginName = 'zip-navigation';

export default function navigationPlugin(context: LoadContext): Plugin {
  return {
    name: pluginName,
    getClientModules() {
      return [join(context.siteDir, 'plugins/navigation/prefetchOnIntent.ts')];
    },
    configureWebpack(_config, isServer, utils) {
      return {plugins: isServer ? [] : [compileHintsPlugin(utils.currentBundler.instance, ['main'])]};
    },
  };
}
