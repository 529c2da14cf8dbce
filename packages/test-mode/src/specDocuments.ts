/**
 * The four specs as the repository holds them (`openapi/*.yaml`), parsed. The package's other builds
 * put a module of the same shape in its place (package.json `imports`, `#spec-documents`): the
 * published command (publish/pack.ts) and the browser's (src/browser/specDocuments.ts) carry the
 * specs parsed at build time, so neither reads a file.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import yaml from 'js-yaml';
import {specFile, specNames, type SpecName} from '@zip/model/apiReference';

export {specNames, type SpecName};

const root = join(import.meta.dirname, '../../..');

export const specDocuments: Record<SpecName, unknown> = Object.fromEntries(
  specNames.map((name) => [name, yaml.load(readFileSync(join(root, specFile(name)), 'utf8'))]),
) as Record<SpecName, unknown>;
