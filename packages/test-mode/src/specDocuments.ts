/**
 * The four specs as the repository holds them (`openapi/*.yaml`), parsed. The published package
 * (publish/pack.ts) bundles a module of the same shape with the parsed specs inside, so the
 * command it ships needs no file but itself.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import yaml from 'js-yaml';

export const specNames = ['payments', 'checkout', 'links', 'requests'] as const;
export type SpecName = (typeof specNames)[number];

const root = join(import.meta.dirname, '../../..');

export const specDocuments: Record<SpecName, unknown> = Object.fromEntries(
  specNames.map((name) => [name, yaml.load(readFileSync(join(root, `openapi/${name}.yaml`), 'utf8'))]),
) as Record<SpecName, unknown>;
