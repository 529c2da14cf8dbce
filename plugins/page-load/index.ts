/**
 * Start-up work that waits for when it is needed (the modules beside this file): route
 * prefetching runs in idle time. The entry chunk carries V8's compile hint
 * (compile-hints.ts).
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {compileHintsPlugin} from './compile-hints';
import {cacheBuildDependencies} from '../substitutions';

const pluginName = 'zip-page-load';

export default function pageLoadPlugin(context: LoadContext): Plugin {
  return {
    name: pluginName,
    getClientModules() {
      return [join(context.siteDir, 'plugins/page-load/prefetchWhenIdle.ts')];
    },
    configureWebpack(config, isServer, utils) {
      const bundler = utils.currentBundler.instance;
      return {
        ...cacheBuildDependencies(config, context.siteDir, 'plugins/page-load/index.ts'),
        plugins: isServer ? [] : [compileHintsPlugin(bundler, ['main'])],
      };
    },
  };
}
