/**
 * What the API reference changes in the client bundle: an endpoint page's
 * operation and its sections' data are files the browser fetches when it
 * needs them, not part of the page's script (page-data.ts), the explorer
 * gets crypto-js as SHA-1 alone (crypto-js-sha1.mjs), react-redux comes as
 * one build, and the theme's styles and code stay off the pages without a
 * reference (chunks.ts). What the site changes inside the OpenAPI theme and
 * the Postman packages is in patches/ (patches/README.md).
 */
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {apiReferenceChunks} from './chunks';
import {pageDataFile} from './page-data';

type ConfigureWebpack = NonNullable<Plugin['configureWebpack']>;

export function bundleConfig(
  context: LoadContext,
  config: Parameters<ConfigureWebpack>[0],
  isServer: boolean,
): ReturnType<ConfigureWebpack> {
  const pluginFile = (file: string): string => join(context.siteDir, 'plugins/api-reference', file);
  const sha1Only = pluginFile('crypto-js-sha1.mjs');
  const siteRequire = createRequire(join(context.siteDir, 'package.json'));
  // The bundler's persistent cache keeps each module as its rules last
  // made it: a change to a rule must start from a clean cache.
  const persistentCache = (config.experiments as {cache?: unknown} | undefined)?.cache;
  return {
    // The theme's styles and code only on the pages that use them (chunks.ts).
    ...apiReferenceChunks(isServer),
    ...(typeof persistentCache === 'object' && persistentCache !== null
      ? {
          experiments: {
            cache: {buildDependencies: [pluginFile('bundle.ts'), pluginFile('chunks.ts'), pluginFile('page-data.ts'), sha1Only]},
          },
        }
      : {}),
    resolve: {
      alias: {
        // The explorer's storage-utils imports all of crypto-js (ciphers included) to call SHA1 alone.
        'crypto-js$': sha1Only,
        // The theme `require`s react-redux (its CommonJS build) where the site imports it (its ES
        // module build): one build, not both, in an endpoint page's scripts.
        'react-redux$': join(dirname(siteRequire.resolve('react-redux/package.json')), 'dist/react-redux.mjs'),
      },
    },
    module: {
      // In the browser, an endpoint page's data file is its URL (fetched by src/utils/apiPageData.tsx);
      // the server's render reads it as JSON, as any other.
      rules: isServer
        ? []
        : [
            {
              test: pageDataFile,
              include: [join(context.siteDir, 'api')],
              type: 'asset/resource',
              generator: {filename: 'assets/api-data/[name].[contenthash:8][ext]'},
            },
          ],
    },
  };
}
