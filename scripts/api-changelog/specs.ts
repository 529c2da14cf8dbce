/**
 * The specs the changelog is held against: each spec of `openapi/`
 * (src/data/apiReference.ts) beside its published snapshot in
 * `openapi/published/`, the specs as the last published changelog entry left
 * them. Publishing copies the first over the second.
 */
import {copyFileSync, existsSync, mkdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type {ApiName} from '../../src/data/apiChangelog';
import {sourceSpecs} from '../../src/data/apiReference';
import type {SpecVersions} from './check';

/** The folder of the published snapshot, beside the specs. */
export const publishedSpecsFolder = 'openapi/published';

function loadYaml(root: string, file: string): Record<string, unknown> {
  try {
    return (yaml.load(readFileSync(path.join(root, file), 'utf8')) ?? {}) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${file}: cannot be read as YAML: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
  }
}

const apiNameOf = (spec: string): ApiName => path.basename(spec, '.yaml') as ApiName;

/** Each spec and its snapshot; a spec never published is compared with an empty one, so all its operations are new. */
export function specVersions(root: string): SpecVersions[] {
  return sourceSpecs.map((file) => {
    const snapshot = path.posix.join(publishedSpecsFolder, path.basename(file));
    const current = loadYaml(root, file);
    const published = existsSync(path.join(root, snapshot)) ? loadYaml(root, snapshot) : {openapi: current.openapi, paths: {}};
    return {api: apiNameOf(file), file, published, current};
  });
}

/** Copies every spec over its snapshot: what `npm run changelog:publish` does. */
export function publishSpecs(root: string): string[] {
  mkdirSync(path.join(root, publishedSpecsFolder), {recursive: true});
  return sourceSpecs.map((file) => {
    const snapshot = path.posix.join(publishedSpecsFolder, path.basename(file));
    copyFileSync(path.join(root, file), path.join(root, snapshot));
    return snapshot;
  });
}
