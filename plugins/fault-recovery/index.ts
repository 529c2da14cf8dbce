/**
 * Recovery from the faults SITE-SPEC's "Behaviour and errors" names, where
 * the third-party code has no failure path (the modules beside this file say why
 * for each):
 *
 * - `@docusaurus/core`'s client entry gets a `preload` that lets the page
 *   render when its route chunks cannot be loaded, so the theme's `Loading`
 *   shows the error text and Retry instead of a dead page;
 * - the search plugin's `SearchBar` and `SearchPage` get an index loader
 *   that reports a failed load and tries again.
 *
 * Each replacement names its target by the importing file and the request,
 * and goes through the substitution guard (plugins/substitutions.ts): when an
 * upgrade moves either, the build fails naming the replacement, rather than
 * the site quietly losing the recovery.
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Compiler, WebpackPluginInstance} from 'webpack';
import {cacheBuildDependencies, substitutionGuard, type Substitution} from '../substitutions';

const pluginName = 'zip-fault-recovery';

/** A substitution made at one import: the importing file and the request it makes. */
interface ImportReplacement extends Substitution {
  /** The request the importer makes. */
  readonly request: string;
  /** Only the browser's bundle imports the target. */
  readonly clientOnly?: boolean;
}

export function faultRecoverySubstitutions(siteDir: string): readonly ImportReplacement[] {
  const sitePath = (path: string): string => join(siteDir, path);
  return [
    {
      name: "@docusaurus/core's client entry importing ./preload",
      packageName: '@docusaurus/core',
      checkedWith: '3.10.2',
      importers: [/@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry\.js$/],
      request: './preload',
      standIn: sitePath('plugins/fault-recovery/preloadForFirstRender.ts'),
      clientOnly: true,
    },
    {
      name: "@easyops-cn/docusaurus-search-local's SearchBar importing ../searchByWorker",
      packageName: '@easyops-cn/docusaurus-search-local',
      checkedWith: '0.55.3',
      importers: [/docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchBar[\\/]SearchBar\.jsx$/],
      request: '../searchByWorker',
      standIn: sitePath('plugins/fault-recovery/searchIndexLoading.ts'),
    },
    {
      name: "@easyops-cn/docusaurus-search-local's SearchPage importing ../searchByWorker",
      packageName: '@easyops-cn/docusaurus-search-local',
      checkedWith: '0.55.3',
      importers: [/docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchPage[\\/]SearchPage\.jsx$/],
      request: '../searchByWorker',
      standIn: sitePath('plugins/fault-recovery/searchIndexLoading.ts'),
    },
  ];
}

interface ResolveData {
  request: string;
  contextInfo?: {issuer?: string};
}

/** Swaps each import the targets name for its stand-in, before the bundler resolves it. */
function importReplacementPlugin(targets: readonly ImportReplacement[]): WebpackPluginInstance {
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

export default function faultRecoveryPlugin(context: LoadContext): Plugin {
  const substitutions = faultRecoverySubstitutions(context.siteDir);
  return {
    name: pluginName,
    configureWebpack(config, isServer) {
      const targets = substitutions.filter((target) => !(isServer && target.clientOnly));
      return {
        // The bundler's persistent cache keeps resolved imports across builds:
        // a change to the targets above must start from a clean cache, or the
        // imports they name stay as the last build resolved them.
        ...cacheBuildDependencies(config, context.siteDir, 'plugins/fault-recovery/index.ts'),
        plugins: [
          importReplacementPlugin(targets),
          ...(isServer ? [] : [substitutionGuard(pluginName, context.siteDir, substitutions)]),
        ],
      };
    },
  };
}
