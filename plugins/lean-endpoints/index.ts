/**
 * Keeps endpoint pages light (src/theme/README.md and plugins/README.md say why
 * for each):
 * - the OpenAPI theme's parameter, request-schema and response-schema sections
 *   get a `BrowserOnly` that renders on the server too, so they are static HTML;
 * - postman-collection's fake-data library is replaced by a small generator;
 * - postman-code-generators ships only the nine generators `languageTabs` uses;
 * - `react-hook-form` is one module for the theme and the site: the theme
 *   `require`s its CommonJS build, a site component `import`s its ES build, and
 *   two copies mean two form contexts, so the site's request-body editor
 *   (src/theme/ApiExplorer/LiveEditor) found no form and the page crashed.
 *
 * Every substitution goes through the guard (plugins/substitutions.ts): the
 * build fails, naming it, when an upgrade makes it stop applying.
 */
import {createRequire} from 'node:module';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {cacheBuildDependencies, substitutionGuard, type Substitution} from '../substitutions';

const pluginName = 'zip-lean-endpoints';

/** The theme's sections of an endpoint page that render on the server with the stand-in. */
const serverRenderedSections = ['ParamsDetails', 'RequestSchema', 'ResponseSchema'] as const;

export function leanEndpointsSubstitutions(siteDir: string) {
  const sitePath = (path: string): string => join(siteDir, path);
  const theme = (path: string): RegExp =>
    new RegExp(`docusaurus-theme-openapi-docs[\\\\/]lib[\\\\/]theme[\\\\/]${path.replaceAll('/', '[\\\\/]')}$`);
  return {
    renderOnServer: {
      name: "@docusaurus/BrowserOnly in the OpenAPI theme's ParamsDetails, RequestSchema and ResponseSchema",
      packageName: 'docusaurus-theme-openapi-docs',
      checkedWith: '5.2.0',
      standIn: sitePath('plugins/lean-endpoints/RenderOnServer.tsx'),
      importers: serverRenderedSections.map((section) => theme(`${section}/index.js`)),
    },
    exampleData: {
      name: "postman-collection's fake-data library (@faker-js/faker/locale/en)",
      packageName: 'postman-collection',
      checkedWith: '5.3.1',
      standIn: sitePath('plugins/lean-endpoints/exampleData.ts'),
      importers: [/postman-collection[\\/]lib[\\/]superstring[\\/]dynamic-variables\.js$/],
    },
    codegenLanguages: {
      name: "postman-code-generators' list of generators (lib/assets/languages.js)",
      packageName: 'postman-code-generators',
      checkedWith: '2.1.1',
      standIn: sitePath('plugins/lean-endpoints/codegenLanguages.cjs'),
      importers: [/postman-code-generators[\\/]lib[\\/]index\.js$/],
    },
    reactHookForm: {
      name: "react-hook-form's ES build, in favour of the CommonJS build the OpenAPI theme requires",
      packageName: 'react-hook-form',
      checkedWith: '7.92.0',
      standIn: createRequire(sitePath('package.json')).resolve('react-hook-form'),
      importers: [/src[\\/]theme[\\/]ApiExplorer[\\/]LiveEditor[\\/]index\.tsx$/, theme('ApiExplorer/Request/index.js')],
    },
  } satisfies Record<string, Substitution>;
}

export default function leanEndpointsPlugin(context: LoadContext): Plugin {
  const substitutions = leanEndpointsSubstitutions(context.siteDir);
  return {
    name: pluginName,
    configureWebpack(config, isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        ...cacheBuildDependencies(config, context.siteDir, 'plugins/lean-endpoints/index.ts', 'plugins/lean-endpoints/metadataWithoutOperation.cjs'),
        module: {
          rules: [
            {
              test: new RegExp(
                `docusaurus-theme-openapi-docs[\\\\/]lib[\\\\/]theme[\\\\/](${serverRenderedSections.join('|')})[\\\\/]index\\.js$`,
              ),
              resolve: {alias: {'@docusaurus/BrowserOnly': substitutions.renderOnServer.standIn}},
            },
            {
              // The docs pages' metadata, without the endpoint pages' encoded operation (metadataWithoutOperation.cjs says why).
              test: /\.json$/,
              include: [join(context.generatedFilesDir, 'docusaurus-plugin-content-docs')],
              use: [join(context.siteDir, 'plugins/lean-endpoints/metadataWithoutOperation.cjs')],
            },
          ],
        },
        resolve: {
          alias: {
            '@faker-js/faker/locale/en$': substitutions.exampleData.standIn,
            'react-hook-form$': substitutions.reactHookForm.standIn,
          },
        },
        plugins: [
          new NormalModuleReplacementPlugin(
            /postman-code-generators[\\/]lib[\\/]assets[\\/]languages\.js$/,
            substitutions.codegenLanguages.standIn,
          ),
          ...(isServer ? [] : [substitutionGuard(pluginName, context.siteDir, Object.values(substitutions))]),
        ],
      };
    },
  };
}
