/**
 * The guard every substitution of a third-party module goes through.
 *
 * A local plugin that puts a module of the site in place of a third-party one
 * (an alias, a `NormalModuleReplacementPlugin`, a resolver hook) targets that
 * package's internal file paths. When an upgrade renames one, the bundler
 * quietly stops substituting and nothing fails: the page just gets slow, or
 * loses its fix. So each plugin declares its substitutions here, and the
 * guard reads the client build's module graph once every module is built:
 * each stand-in must be imported by each importer it was made for. When one
 * is not, the build fails, naming the substitution, its package and the
 * version installed beside the one it was checked with.
 *
 * The module graph, not a count of the swaps made in this run, because the
 * bundler's persistent cache restores the graph without resolving anything
 * again.
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join, relative} from 'node:path';
import type {Compiler, WebpackPluginInstance} from 'webpack';

export interface Substitution {
  /** What is replaced, as the build error should name it. */
  readonly name: string;
  /** The package whose module is replaced. */
  readonly packageName: string;
  /** The version of that package the substitution was written and checked against. */
  readonly checkedWith: string;
  /** The module that stands in (an absolute path). */
  readonly standIn: string;
  /**
   * The files that must import the stand-in in the original's place, by the
   * end of their path: each one must, or the substitution stopped applying.
   */
  readonly importers: readonly RegExp[];
}

/** A substitution made at one import: the importing file and the request it makes. */
export interface ImportReplacement extends Substitution {
  /** The request the importer makes. */
  readonly request: string;
  /** Only the browser's bundle imports the target. */
  readonly clientOnly?: boolean;
}

interface ResolveData {
  request: string;
  contextInfo?: {issuer?: string};
}

/** Swaps each import the targets name for its stand-in, before the bundler resolves it. */
export function importReplacementPlugin(pluginName: string, targets: readonly ImportReplacement[]): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap(pluginName, (_compilation, {normalModuleFactory}) => {
        normalModuleFactory.hooks.beforeResolve.tap(pluginName, (resolveData: ResolveData) => {
          const issuer = resolveData.contextInfo?.issuer ?? '';
          const target = targets.find(
            (candidate) => candidate.request === resolveData.request && candidate.importers.some((importer) => importer.test(issuer)),
          );
          if (target) resolveData.request = target.standIn;
        });
      });
    },
  };
}

/** The installed version of a package, for the build error ("not installed" when it is gone). */
export function installedVersion(siteDir: string, packageName: string): string {
  try {
    const manifest = createRequire(join(siteDir, 'package.json')).resolve(`${packageName}/package.json`);
    return (JSON.parse(readFileSync(manifest, 'utf8')) as {version: string}).version;
  } catch {
    return 'not installed';
  }
}

/** The importers (resources) of each module, as the build's module graph records them. */
export type ImportersOf = (resource: string) => readonly string[];

/** One message for each substitution that no longer applies. */
export function staleSubstitutions(
  substitutions: readonly Substitution[],
  importersOf: ImportersOf,
  versionOf: (packageName: string) => string,
  displayPath: (path: string) => string = (path) => path,
): string[] {
  const problems: string[] = [];
  for (const substitution of substitutions) {
    const importers = importersOf(substitution.standIn);
    const missing = substitution.importers.filter((importer) => !importers.some((path) => importer.test(path)));
    if (missing.length === 0) continue;
    problems.push(
      `${substitution.name} no longer applies: ${displayPath(substitution.standIn)} is not imported by ` +
        `${missing.map(String).join(', ')}. ${substitution.packageName} is ${versionOf(substitution.packageName)} ` +
        `(checked with ${substitution.checkedWith}): find what the upgrade renamed and update the substitution.`,
    );
  }
  return problems;
}

/**
 * A bundler plugin that fails the compilation for each substitution that no
 * longer applies. Give it to the client build only: every substitution is
 * there, and one error is enough.
 */
export function substitutionGuard(
  pluginName: string,
  siteDir: string,
  substitutions: readonly Substitution[],
): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      const {WebpackError} = compiler.webpack;
      compiler.hooks.thisCompilation.tap(pluginName, (compilation) => {
        compilation.hooks.finishModules.tap(pluginName, (modules) => {
          const standIns = new Set(substitutions.map((substitution) => substitution.standIn));
          const importers = new Map<string, string[]>();
          for (const module of modules) {
            const resource = (module as {resource?: string}).resource;
            if (!resource || !standIns.has(resource)) continue;
            const origins = [...compilation.moduleGraph.getIncomingConnections(module)].map(
              (connection) => (connection.originModule as {resource?: string} | null)?.resource ?? '',
            );
            importers.set(resource, [...(importers.get(resource) ?? []), ...origins]);
          }
          const problems = staleSubstitutions(
            substitutions,
            (resource) => importers.get(resource) ?? [],
            (packageName) => installedVersion(siteDir, packageName),
            (path) => relative(siteDir, path),
          );
          for (const problem of problems) compilation.errors.push(new WebpackError(`${pluginName}: ${problem}`));
        });
      });
    },
  };
}

/**
 * The part of a bundler configuration that makes the persistent cache depend
 * on a plugin's files (`plugins/<name>/index.ts` and any loader it adds,
 * relative to the site) and on this guard: a changed substitution or loader
 * must start from a clean cache, or the modules it names stay as the last
 * build made them. Nothing when the cache is off.
 */
export function cacheBuildDependencies(config: {experiments?: unknown}, siteDir: string, ...pluginFiles: readonly string[]): object {
  const persistentCache = (config.experiments as {cache?: unknown} | undefined)?.cache;
  const files = [...pluginFiles, 'plugins/substitutions.ts'].map((file) => join(siteDir, file));
  return typeof persistentCache === 'object' && persistentCache !== null ? {experiments: {cache: {buildDependencies: files}}} : {};
}
