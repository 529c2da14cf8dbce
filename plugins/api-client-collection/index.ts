/**
 * Publishes a Postman collection of every operation of the specs, and its
 * environment, beside the specs at `/openapi/` (collection.ts makes them).
 * Written into a static folder when content loads, as the machine-readable
 * plugin does with the specs, so `npm start` serves them too; only when what
 * makes them changed (kept-collection.ts).
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import yaml from 'js-yaml';
import type {CollectionSettings} from './collection';
import {fingerprintFileOf, writeCollection} from './kept-collection';

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
      const target = path.join(context.siteDir, options.staticDirectory, 'openapi');
      await writeCollection(context.siteDir, await readSpecs(context.siteDir, options.specs), options, {
        collectionFile: path.join(target, options.files.collection),
        environmentFile: path.join(target, options.files.environment),
        fingerprintFile: fingerprintFileOf(context.siteDir),
      });
    },
  };
}
