/**
 * The search plugin's server code, as the two plugins that wrap its exports
 * in the build's Node process reach it: lean-search-index (`buildIndex`) and
 * search-scan-threads (`scanDocuments` and `parse`). One version is checked,
 * one way to load its modules, one way to check that its code still calls
 * them through their exports, and one build error naming the wrapper.
 *
 * Not a plugin.
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {installedVersion} from './substitutions';

export const searchPlugin = '@easyops-cn/docusaurus-search-local';
/** The version whose server code the wrappers were written against. */
export const searchPluginCheckedWith = '0.55.3';

/** The wrapping plugin's way to fail the build: its name, the problem, both versions and what would go wrong. */
export type Fail = (problem: string) => never;

export function failWith(pluginName: string, siteDir: string, consequence: string): Fail {
  return (problem) => {
    throw new Error(
      `${pluginName}: ${problem} (${searchPlugin} is ${installedVersion(siteDir, searchPlugin)}, checked with ${searchPluginCheckedWith}). ` +
        `${consequence} See plugins/README.md.`,
    );
  };
}

/** Loads the search plugin's server modules by their path beside its main module (`./utils/buildIndex`). */
export function searchPluginRequire(siteDir: string): NodeJS.Require {
  return createRequire(createRequire(join(siteDir, 'package.json')).resolve(searchPlugin));
}

/**
 * Fails unless the search plugin's module `file` (`./utils/postBuildFactory`)
 * still holds `call`: the call through another module's exports that a
 * wrapper relies on, as TypeScript compiles it (`(0, buildIndex_1.buildIndex)(`).
 */
export function requireCallThroughExports(siteDir: string, file: string, call: string, fail: Fail): void {
  let source: string;
  try {
    source = readFileSync(searchPluginRequire(siteDir).resolve(file), 'utf8');
  } catch {
    return fail(`its ${file.replace(/^\.\//, '')}.js is gone`);
  }
  if (!source.includes(call)) fail(`its ${file.replace(/^\.\//, '')}.js no longer calls ${call.replace(/^\(0, \w+\.(\w+)\)\(.*$/, '$1')} through the module's exports`);
}
