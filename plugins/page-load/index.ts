/**
 * The search plugin's mark.js gets an `unmark()` that returns at once when
 * nothing on the page is marked (a substitution, through the guard of
 * plugins/substitutions.ts).
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {cacheBuildDependencies, substitutionGuard, type Substitution} from '../substitutions';

const pluginName = 'zip-page-load';

export function pageLoadSubstitutions(siteDir: string) {
  return {
    markOnlyWhenMarked: {
      name: "mark.js, as @easyops-cn/docusaurus-search-local's generated module imports it",
      packageName: 'mark.js',
      checkedWith: '8.11.1',
      standIn: join(siteDir, 'plugins/page-load/markOnlyWhenMarked.ts'),
      importers: [/docusaurus-search-local[\\/]default[\\/]generated\.js$/],
    },
  } satisfies Record<string, Substitution>;
}

export default function pageLoadPlugin(context: LoadContext): Plugin {
  const substitutions = pageLoadSubstitutions(context.siteDir);
  const {markOnlyWhenMarked} = substitutions;
  return {
    name: pluginName,
    configureWebpack(config, isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        ...cacheBuildDependencies(config, context.siteDir, 'plugins/page-load/index.ts'),
        plugins: [
          // The stand-in imports the original, so its own import is left alone.
          new NormalModuleReplacementPlugin(/mark\.js[\\/]dist[\\/]mark\.js$/, (resource: {request: string; contextInfo?: {issuer?: string}}) => {
            if (resource.contextInfo?.issuer !== markOnlyWhenMarked.standIn) resource.request = markOnlyWhenMarked.standIn;
          }),
          ...(isServer ? [] : [substitutionGuard(pluginName, context.siteDir, Object.values(substitutions))]),
        ],
      };
    },
  };
}
