/**
 * Prism's grammars load with the first code block, not with every page
 * (prismWithLanguages.ts beside this file says why): client imports of
 * `prism-react-renderer` get the grammars registered, and the classic theme's
 * start-up client module that registered them in main.js is replaced by an
 * empty one. `@theme/CodeBlock` is wrapped to load as a chunk of its own.
 * Both substitutions go through the guard (plugins/substitutions.ts).
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {cacheBuildDependencies, substitutionGuard, type Substitution} from '../substitutions';

const pluginName = 'zip-lazy-prism';

export function lazyPrismSubstitutions(siteDir: string) {
  return {
    prismWithLanguages: {
      name: 'prism-react-renderer, for the code blocks of the classic theme and the API explorer',
      packageName: 'prism-react-renderer',
      checkedWith: '2.4.1',
      standIn: join(siteDir, 'plugins/lazy-prism/prismWithLanguages.ts'),
      importers: [
        /@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]CodeBlock[\\/]Content[\\/]index\.js$/,
        /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiExplorer[\\/]ApiCodeBlock[\\/]Content[\\/]String\.js$/,
      ],
    },
    noStartupRegistration: {
      name: "@docusaurus/theme-classic's start-up client module prism-include-languages",
      packageName: '@docusaurus/theme-classic',
      checkedWith: '3.10.2',
      standIn: join(siteDir, 'plugins/lazy-prism/noStartupRegistration.ts'),
      importers: [/[\\/]client-modules\.js$/],
    },
  } satisfies Record<string, Substitution>;
}

export default function lazyPrismPlugin(context: LoadContext): Plugin {
  const substitutions = lazyPrismSubstitutions(context.siteDir);
  const {prismWithLanguages, noStartupRegistration} = substitutions;
  return {
    name: pluginName,
    configureWebpack(config, isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        ...cacheBuildDependencies(config, context.siteDir, 'plugins/lazy-prism/index.ts'),
        module: {
          rules: [
            {
              test: /\.[cm]?[jt]sx?$/,
              exclude: prismWithLanguages.standIn,
              resolve: {alias: {'prism-react-renderer$': prismWithLanguages.standIn}},
            },
          ],
        },
        plugins: [
          new NormalModuleReplacementPlugin(
            /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
            noStartupRegistration.standIn,
          ),
          ...(isServer ? [] : [substitutionGuard(pluginName, context.siteDir, Object.values(substitutions))]),
        ],
      };
    },
  };
}
