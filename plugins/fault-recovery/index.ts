/**
 * Recovery from the faults SITE-SPEC's "Behaviour and errors" names, where
 * the third-party code has no failure path (the modules beside this file say why):
 * the search plugin's `SearchBar` and `SearchPage` get an index loader
 * that reports a failed load and tries again.
 *
 * Each replacement names its target by the importing file and the request,
 * and goes through the substitution guard (plugins/substitutions.ts): when an
 * upgrade moves either, the build fails naming the replacement, rather than
 * the site quietly losing the recovery.
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {cacheBuildDependencies, importReplacementPlugin, substitutionGuard, type ImportReplacement} from '../substitutions';

const pluginName = 'zip-fault-recovery';

export function faultRecoverySubstitutions(siteDir: string): readonly ImportReplacement[] {
  const sitePath = (path: string): string => join(siteDir, path);
  return [
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

export default function faultRecoveryPlugin(context: LoadContext): Plugin {
  const substitutions = faultRecoverySubstitutions(context.siteDir);
  return {
    name: pluginName,
    configureWebpack(config, isServer) {
      return {
        // The bundler's persistent cache keeps resolved imports across builds:
        // a change to the targets above must start from a clean cache, or the
        // imports they name stay as the last build resolved them.
        ...cacheBuildDependencies(config, context.siteDir, 'plugins/fault-recovery/index.ts'),
        plugins: [
          importReplacementPlugin(pluginName, substitutions),
          ...(isServer ? [] : [substitutionGuard(pluginName, context.siteDir, substitutions)]),
        ],
      };
    },
  };
}
