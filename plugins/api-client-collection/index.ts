/**
 * Publishes a Postman collection of every operation of the specs, and its
 * environment, beside the specs at `/openapi/` (collection.ts makes them).
 * Written into a static folder when content loads, as the machine-readable
 * plugin does with the specs, so `npm start` serves them too. The two files are
 * kept between builds (kept-collection.ts): converting the specs again is
 * for when they or the code that converts them changed.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import yaml from 'js-yaml';
import type {CollectionSettings} from './collection';
import {keptCollection} from './kept-collection';

export interface ApiClientCollectionOptions extends CollectionSettings {
  /** The spec files, relative to the site folder (e.g. `openapi/payments.yaml`), one folder each, in this order. */
  readonly specs: readonly string[];
  /** The collection's and the environment's file names. */
  readonly files: {readonly collection: string; readonly environment: string};
  /** A folder listed in the site's `staticDirectories`; the files go into its `openapi/`. */
  readonly staticDirectory: string;
}

/** Reads each spec as text and as YAML, naming the file when it does not parse. */
export async function readSpecs(siteDir: string, specs: readonly string[]) {
  return Promise.all(
    specs.map(async (file) => {
      const text = await readFile(path.join(siteDir, file), 'utf8');
      try {
        return {file, text, document: (yaml.load(text) ?? {}) as Record<string, unknown>};
      } catch (error) {
        throw new Error(`${file}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
      }
    }),
  );
}

export default function apiClientCollectionPlugin(context: LoadContext, options: ApiClientCollectionOptions): Plugin {
  return {
    name: 'zip-api-client-collection',

    getPathsToWatch() {
      return options.specs.map((spec) => path.join(context.siteDir, spec));
    },

    async loadContent() {
      const {collection, environment} = await keptCollection(context.siteDir, await readSpecs(context.siteDir, options.specs), options);
      const target = path.join(context.siteDir, options.staticDirectory, 'openapi');
      await mkdir(target, {recursive: true});
      await writeFile(path.join(target, options.files.collection), `${JSON.stringify(collection, null, 2)}\n`);
      await writeFile(path.join(target, options.files.environment), `${JSON.stringify(environment, null, 2)}\n`);
    },
  };
}
