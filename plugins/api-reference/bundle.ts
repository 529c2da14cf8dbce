/**
 * What the API reference changes in the client bundle: a page's metadata
 * leaves out the operation its MDX module already carries
 * (metadataWithoutOperation.cjs, a loader, says why), the explorer gets
 * crypto-js as SHA-1 alone (crypto-js-sha1.mjs), and the theme's styles and
 * code stay off the pages without a reference (chunks.ts). What the site
 * changes inside the OpenAPI theme and the Postman packages is in patches/
 * (patches/README.md).
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {apiReferenceChunks} from './chunks';

type ConfigureWebpack = NonNullable<Plugin['configureWebpack']>;

export function bundleConfig(
  context: LoadContext,
  config: Parameters<ConfigureWebpack>[0],
  isServer: boolean,
): ReturnType<ConfigureWebpack> {
  const pluginFile = (file: string): string => join(context.siteDir, 'plugins/api-reference', file);
  const loader = pluginFile('metadataWithoutOperation.cjs');
  const sha1Only = pluginFile('crypto-js-sha1.mjs');
  // The bundler's persistent cache keeps each module as the loader last
  // made it: a change to the loader or its rule must start from a clean cache.
  const persistentCache = (config.experiments as {cache?: unknown} | undefined)?.cache;
  return {
    // The theme's styles and code only on the pages that use them (chunks.ts).
    ...apiReferenceChunks(isServer),
    ...(typeof persistentCache === 'object' && persistentCache !== null
      ? {experiments: {cache: {buildDependencies: [pluginFile('bundle.ts'), pluginFile('chunks.ts'), loader, sha1Only]}}}
      : {}),
    // The explorer's storage-utils imports all of crypto-js (ciphers included) to call SHA1 alone.
    resolve: {alias: {'crypto-js$': sha1Only}},
    module: {
      rules: [
        {
          // The docs pages' metadata, without the endpoint pages' operation.
          test: /\.json$/,
          include: [join(context.generatedFilesDir, 'docusaurus-plugin-content-docs')],
          use: [loader],
        },
      ],
    },
  };
}
