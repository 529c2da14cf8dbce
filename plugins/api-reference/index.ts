/**
 * Endpoint pages: a page's metadata leaves out the encoded operation its MDX
 * module already carries (metadataWithoutOperation.cjs, a loader, says why);
 * the OpenAPI theme's styles are files of their own, on the pages that use
 * them (styles.ts).
 * What the site changes inside the OpenAPI theme and the Postman packages is
 * in patches/ (patches/README.md).
 */
import {readdir} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {apiStyleChunks, linkReferenceStyles} from './styles';

const pluginName = 'zip-api-reference';

export default function apiReferencePlugin(context: LoadContext): Plugin {
  const pluginFile = (file: string): string => join(context.siteDir, 'plugins/api-reference', file);
  const loader = pluginFile('metadataWithoutOperation.cjs');
  const sha1Only = pluginFile('crypto-js-sha1.mjs');
  return {
    name: pluginName,
    configureWebpack(config, isServer) {
      // The bundler's persistent cache keeps each module as the loader last
      // made it: a change to the loader or its rule must start from a clean cache.
      const persistentCache = (config.experiments as {cache?: unknown} | undefined)?.cache;
      return {
        // The theme's styles in files of their own, on the pages that use them (styles.ts).
        ...apiStyleChunks(isServer),
        ...(typeof persistentCache === 'object' && persistentCache !== null
          ? {experiments: {cache: {buildDependencies: [pluginFile('index.ts'), loader, sha1Only]}}}
          : {}),
        // The explorer's storage-utils imports all of crypto-js (ciphers included) to call SHA1 alone.
        resolve: {alias: {'crypto-js$': sha1Only}},
        module: {
          rules: [
            {
              // The docs pages' metadata, without the endpoint pages' encoded operation.
              test: /\.json$/,
              include: [join(context.generatedFilesDir, 'docusaurus-plugin-content-docs')],
              use: [loader],
            },
          ],
        },
      };
    },
    async postBuild({outDir}) {
      const entries = await readdir(outDir, {withFileTypes: true, recursive: true});
      const htmlFiles = entries
        .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
        .map((entry) => join(entry.parentPath, entry.name));
      await linkReferenceStyles(outDir, htmlFiles);
    },
  };
}
