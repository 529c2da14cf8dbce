/**
 * The collection and environment files are made again only when what makes them changed: the
 * specs' text, the plugin's options, this folder's code, the lockfile (the converter's version),
 * the patches (two are the converter's packages) and Node's version. Their fingerprint is kept in
 * `node_modules/.cache/zip-api-client-collection/` (which `npm run clear` and the bench's cold
 * builds empty), written after both files; with it the same and both files there, the converter
 * is not even loaded.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {CollectionSettings, CollectionSpec} from './collection';

/** Where the two files go and where their fingerprint is kept. */
export interface CollectionPlaces {
  readonly collectionFile: string;
  readonly environmentFile: string;
  readonly fingerprintFile: string;
}

export const fingerprintFileOf = (siteDir: string): string =>
  path.join(siteDir, 'node_modules/.cache/zip-api-client-collection/fingerprint.txt');

/** Files, relative to the site, whose content the collection depends on besides the specs and options. */
function codeFiles(siteDir: string): string[] {
  const under = (folder: string) =>
    readdirSync(path.join(siteDir, folder), {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)));
  return [...under('plugins/api-client-collection'), ...under('patches'), 'package-lock.json'].sort();
}

function fingerprint(siteDir: string, specs: readonly CollectionSpec[], settings: CollectionSettings): string {
  const hash = createHash('sha256').update(process.version).update(JSON.stringify(settings));
  for (const spec of specs) hash.update(`\0${spec.file}\0`).update(spec.text);
  for (const file of codeFiles(siteDir)) hash.update(`\0${file}\0`).update(readFileSync(path.join(siteDir, file)));
  return hash.digest('hex');
}

async function keptFingerprint(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Writes the collection of `specs` and its environment, unless the files there were made from the same. */
export async function writeCollection(
  siteDir: string,
  specs: readonly CollectionSpec[],
  settings: CollectionSettings,
  places: CollectionPlaces,
): Promise<void> {
  const key = fingerprint(siteDir, specs, settings);
  const made = [places.collectionFile, places.environmentFile].every((file) => existsSync(file));
  if (made && (await keptFingerprint(places.fingerprintFile)) === key) return;
  // Removed first: a run stopped between the two files and the fingerprint leaves none to trust.
  await rm(places.fingerprintFile, {force: true});
  const {apiClientCollection} = await import('./collection');
  const {collection, environment} = await apiClientCollection(specs, settings);
  for (const file of [places.collectionFile, places.environmentFile, places.fingerprintFile]) {
    await mkdir(path.dirname(file), {recursive: true});
  }
  await writeFile(places.collectionFile, `${JSON.stringify(collection, null, 2)}\n`);
  await writeFile(places.environmentFile, `${JSON.stringify(environment, null, 2)}\n`);
  await writeFile(places.fingerprintFile, key);
}
