/**
 * Recovery from the faults SITE-SPEC's "Behaviour and errors" names, where
 * the third-party code has no failure path (the modules beside this file say why
 * for each):
 *
 * - `@docusaurus/core`'s client entry gets a `preload` that lets the page
 *   render when its route chunks cannot be loaded, so the theme's `Loading`
 *   shows the error text and Retry instead of a dead page.
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
      name: "@docusaurus/core's client entry importing ./preload",
      packageName: '@docusaurus/core',
      checkedWith: '3.10.2',
      importers: [/@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry\.js$/],
      request: './preload',
      standIn: sitePath('plugins/fault-recovery/preloadForFirstRender.ts'),
      clientOnly: true,
    },
  ];
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
          importReplacementPlugin(pluginName, targets),
          ...(isServer ? [] : [substitutionGuard(pluginName, context.siteDir, substitutions)]),
        ],
      };
    },
  };
}
