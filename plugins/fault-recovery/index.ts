/**
 * Recovery from the faults SITE-SPEC's "Behaviour and errors" names, where
 * the third-party code has no failure path (src/fault-recovery/ says why
 * for each):
 *
 * - `@docusaurus/core`'s client entry gets a `preload` that lets the page
 *   render when its route chunks cannot be loaded, so the theme's `Loading`
 *   shows the error text and Retry instead of a dead page;
 * - the search plugin's `SearchBar` and `SearchPage` get an index loader
 *   that reports a failed load and tries again.
 *
 * Each replacement names its target by the importing file and the request.
 * When an upgrade moves either, the build fails naming the replacement,
 * rather than the site quietly losing the recovery.
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Compiler, WebpackPluginInstance} from 'webpack';

const pluginName = 'zip-fault-recovery';

interface Replacement {
  /** What is replaced, for the build error when the target is gone. */
  readonly name: string;
  /** The importing file, by the end of its path. */
  readonly issuer: RegExp;
  /** The request the importer makes. */
  readonly request: string;
  /** The module that stands in. */
  readonly replacement: string;
  /** Only the browser's bundle imports the target. */
  readonly clientOnly?: boolean;
}

function replacements(siteDir: string): readonly Replacement[] {
  const sitePath = (path: string): string => join(siteDir, path);
  return [
    {
      name: "@docusaurus/core's client entry importing ./preload",
      issuer: /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry\.js$/,
      request: './preload',
      replacement: sitePath('src/fault-recovery/preloadForFirstRender.ts'),
      clientOnly: true,
    },
    {
      name: "@easyops-cn/docusaurus-search-local's SearchBar importing ../searchByWorker",
      issuer: /docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchBar[\\/]SearchBar\.jsx$/,
      request: '../searchByWorker',
      replacement: sitePath('src/fault-recovery/searchIndexLoading.ts'),
    },
    {
      name: "@easyops-cn/docusaurus-search-local's SearchPage importing ../searchByWorker",
      issuer: /docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchPage[\\/]SearchPage\.jsx$/,
      request: '../searchByWorker',
      replacement: sitePath('src/fault-recovery/searchIndexLoading.ts'),
    },
  ];
}

interface ResolveData {
  request: string;
  contextInfo?: {issuer?: string};
}

/**
 * Swaps each target for its stand-in, and fails the compilation when a stand-in
 * is not imported by its target's importer. That is read from the module graph
 * (which the bundler's persistent cache restores too), not from the swaps made
 * in this run: a cached build resolves nothing again.
 */
function replacementPlugin(targets: readonly Replacement[]): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      const {WebpackError} = compiler.webpack;
      compiler.hooks.thisCompilation.tap(pluginName, (compilation, {normalModuleFactory}) => {
        normalModuleFactory.hooks.beforeResolve.tap(pluginName, (resolveData: ResolveData) => {
          const issuer = resolveData.contextInfo?.issuer ?? '';
          const target = targets.find((candidate) => candidate.request === resolveData.request && candidate.issuer.test(issuer));
          if (target) resolveData.request = target.replacement;
        });
        compilation.hooks.finishModules.tap(pluginName, (modules) => {
          /** The files that import each stand-in. */
          const importers = new Map<string, string[]>();
          for (const module of modules) {
            const resource = (module as {resource?: string}).resource;
            if (!resource || !targets.some((target) => target.replacement === resource)) continue;
            const origins = [...compilation.moduleGraph.getIncomingConnections(module)].map(
              (connection) => (connection.originModule as {resource?: string} | null)?.resource ?? '',
            );
            importers.set(resource, [...(importers.get(resource) ?? []), ...origins]);
          }
          for (const target of targets) {
            if (!(importers.get(target.replacement) ?? []).some((origin) => target.issuer.test(origin))) {
              compilation.errors.push(
                new WebpackError(
                  `${pluginName}: ${target.name} was not found, so ${target.replacement} no longer stands in for it. ` +
                    'Check plugins/fault-recovery.ts against the upgraded package.',
                ),
              );
            }
          }
        });
      });
    },
  };
}

export default function faultRecoveryPlugin(context: LoadContext): Plugin {
  return {
    name: pluginName,
    configureWebpack(config, isServer) {
      const targets = replacements(context.siteDir).filter((target) => !(isServer && target.clientOnly));
      // The bundler's persistent cache keeps resolved imports across builds:
      // a change to the targets above must start from a clean cache, or the
      // imports they name stay as the last build resolved them.
      const persistentCache = (config.experiments as {cache?: unknown} | undefined)?.cache;
      const cacheDependency =
        typeof persistentCache === 'object' && persistentCache !== null
          ? {experiments: {cache: {buildDependencies: [join(context.siteDir, 'plugins/fault-recovery.ts')]}}}
          : {};
      return {...cacheDependency, plugins: [replacementPlugin(targets)]};
    },
  };
}
