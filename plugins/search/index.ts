/**
 * Site search, as @easyops-cn/docusaurus-search-local builds it once
 * patches/ has changed it (README.md beside this file says what changes).
 *
 * The bundler's persistent cache takes a package's files as unchanged for as
 * long as its version is, so after a patch changes, a warm build would keep
 * the bundle the old patch made. This plugin makes the cache depend on the
 * patches of the search plugin and of the mark.js it highlights with.
 */
import {readdirSync} from 'node:fs';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const pluginName = 'zip-search';

/** The packages whose patches change how site search works. */
const patchedPackages = ['@easyops-cn/docusaurus-search-local', 'mark.js'];

/** The patch files of those packages, as patch-package names them (`@scope+name+version.patch`). */
export function searchPatchFiles(siteDir: string): string[] {
  const prefixes = patchedPackages.map((packageName) => `${packageName.replace('/', '+')}+`);
  return readdirSync(join(siteDir, 'patches'))
    .filter((file) => file.endsWith('.patch') && prefixes.some((prefix) => file.startsWith(prefix)))
    .map((file) => join(siteDir, 'patches', file));
}

export default function searchPlugin(context: LoadContext): Plugin {
  const patchFiles = searchPatchFiles(context.siteDir);
  return {
    name: pluginName,
    configureWebpack(config) {
      const persistentCache = (config.experiments as {cache?: unknown} | undefined)?.cache;
      return typeof persistentCache === 'object' && persistentCache !== null ? {experiments: {cache: {buildDependencies: patchFiles}}} : {};
    },
  };
}
