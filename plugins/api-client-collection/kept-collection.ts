/**
 * The collection and environment the last build or `npm start` made, kept for the next
 * (kept-between-builds.ts), under the fingerprint of what makes them: the specs' text, the
 * plugin's options, this folder's code, the lockfile (the converter's version), the patches
 * (two are the converter's packages) and Node's version. With the fingerprint the same, the
 * converter is not even loaded.
 */
import {createHash} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {keptFolder, readKept, writeKept} from '../machine-readable/kept-between-builds';
import type {CollectionSettings, CollectionSpec, PostmanCollection, PostmanEnvironment} from './collection';

interface Made {
  readonly collection: PostmanCollection;
  readonly environment: PostmanEnvironment;
}

/** Files, relative to the site, whose content the collection depends on besides the specs and options. */
function codeFiles(siteDir: string): string[] {
  const under = (folder: string) =>
    readdirSync(path.join(siteDir, folder), {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)));
  return [...under('plugins/api-client-collection'), ...under('patches'), 'package-lock.json'].sort();
}

function fingerprint(siteDir: string, specs: readonly CollectionSpec[], settings: unknown): string {
  const hash = createHash('sha256').update(process.version).update(JSON.stringify(settings));
  for (const spec of specs) hash.update(`\0${spec.file}\0`).update(spec.text);
  for (const file of codeFiles(siteDir)) hash.update(`\0${file}\0`).update(readFileSync(path.join(siteDir, file)));
  return hash.digest('hex');
}

/**
 * The collection of `specs` and its environment: the kept ones when nothing they come from changed.
 * `file` is where they are kept (tests give their own).
 */
export async function keptCollection(
  siteDir: string,
  specs: readonly CollectionSpec[],
  settings: CollectionSettings,
  file = path.join(keptFolder(siteDir, 'zip-api-client-collection'), 'collection.json'),
): Promise<Made> {
  const key = fingerprint(siteDir, specs, settings);
  const kept = (await readKept<Made>(file, key)).get('made');
  if (kept) return kept;
  const {apiClientCollection} = await import('./collection');
  const {collection, environment} = await apiClientCollection(specs, settings);
  await writeKept(file, key, new Map([['made', {collection, environment}]]));
  return {collection, environment};
}
