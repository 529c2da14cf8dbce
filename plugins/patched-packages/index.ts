/**
 * Makes the bundler's persistent cache depend on the patches in patches/. The
 * cache knows a package in node_modules by its version, which a patch leaves
 * as it was: without this, a build after a patch was added or changed reuses
 * the package's modules as the cache last held them, unpatched or patched the
 * old way.
 */
import {readdirSync} from 'node:fs';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const pluginName = 'zip-patched-packages';

export default function patchedPackagesPlugin(context: LoadContext): Plugin {
  const patchesDir = join(context.siteDir, 'patches');
  return {
    name: pluginName,
    configureWebpack(config) {
      const persistentCache = (config.experiments as {cache?: unknown} | undefined)?.cache;
      if (typeof persistentCache !== 'object' || persistentCache === null) return {};
      const patches = readdirSync(patchesDir)
        .filter((file) => file.endsWith('.patch'))
        .map((file) => join(patchesDir, file));
      return {experiments: {cache: {buildDependencies: patches}}};
    },
  };
}
