/**
 * The specs the changelog is held against: each spec of `openapi/`
 * (packages/model/src/apiReference.ts) beside its published snapshot in
 * `openapi/published/`, the specs as the last published changelog entry left
 * them. Publishing copies the first over the second.
 */
import {copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {sourceSpecs, specNameOf} from '@zip/model/apiReference';
import type {SpecVersions} from './check';

/** The folder of the published snapshot, beside the specs. */
export const publishedSpecsFolder = 'openapi/published';

/** Beside the snapshot: how many changelog entries there were when it was published. */
const publicationRecord = path.posix.join(publishedSpecsFolder, 'publication.json');

/** How many entries the changelog had at the last publication; undefined before the first. */
export function publishedEntryCount(root: string): number | undefined {
  const file = path.join(root, publicationRecord);
  if (!existsSync(file)) return undefined;
  const {entries} = JSON.parse(readFileSync(file, 'utf8')) as {entries?: unknown};
  if (typeof entries !== 'number' || !Number.isInteger(entries) || entries < 0) {
    throw new Error(`${publicationRecord}: "entries" must be the number of changelog entries at publication.`);
  }
  return entries;
}

function loadYaml(root: string, file: string): Record<string, unknown> {
  try {
    return (yaml.load(readFileSync(path.join(root, file), 'utf8')) ?? {}) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${file}: cannot be read as YAML: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
  }
}

/** Each spec and its snapshot; a spec never published is compared with an empty one, so all its operations are new. */
export function specVersions(root: string): SpecVersions[] {
  return sourceSpecs.map((file) => {
    const snapshot = path.posix.join(publishedSpecsFolder, path.basename(file));
    const current = loadYaml(root, file);
    const published = existsSync(path.join(root, snapshot)) ? loadYaml(root, snapshot) : {openapi: current.openapi, paths: {}};
    return {api: specNameOf(file), file, published, current};
  });
}

/** Copies every spec over its snapshot and records how many entries are published: what `npm run changelog:publish` does. */
export function publishSpecs(root: string, entries: number): string[] {
  mkdirSync(path.join(root, publishedSpecsFolder), {recursive: true});
  writeFileSync(path.join(root, publicationRecord), `${JSON.stringify({entries}, null, 2)}\n`);
  return sourceSpecs.map((file) => {
    const snapshot = path.posix.join(publishedSpecsFolder, path.basename(file));
    copyFileSync(path.join(root, file), path.join(root, snapshot));
    return snapshot;
  });
}
