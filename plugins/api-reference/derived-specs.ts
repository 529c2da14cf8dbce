/**
 * The payments spec is one file, but the reference shows charges, customers,
 * sources and events as separate products: each gets a spec derived from it
 * (the operations of one tag) in .generated/openapi/, which the OpenAPI plugin
 * then reads like any other spec.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {dirname} from 'node:path';
import yaml from 'js-yaml';
import type {DerivedSpec} from '../../src/data/apiReference';

export type OpenApiDocument = {
  tags?: {name: string}[];
  paths: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
} & Record<string, unknown>;

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** The path items (or webhooks) of `items` with only the operations carrying `tag`. */
function itemsTagged(items: Record<string, Record<string, unknown>>, tag: string): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [key, pathItem] of Object.entries(items)) {
    const kept = Object.fromEntries(
      Object.entries(pathItem).filter(([method, value]) => {
        if (!httpMethods.has(method)) return true;
        const tags = (value as {tags?: string[]}).tags ?? [];
        return tags.includes(tag);
      }),
    );
    if (Object.keys(kept).some((method) => httpMethods.has(method))) {
      out[key] = kept;
    }
  }
  return out;
}

/** The spec with only the operations and webhooks carrying `tag` (and that tag). */
export function filterSpecByTag(spec: OpenApiDocument, tag: string): OpenApiDocument {
  const paths = itemsTagged(spec.paths, tag);
  if (Object.keys(paths).length === 0) {
    throw new Error(`No operation in the spec is tagged "${tag}".`);
  }
  const {webhooks: allWebhooks, ...rest} = spec;
  const webhooks = itemsTagged(allWebhooks ?? {}, tag);
  return {
    ...rest,
    tags: (spec.tags ?? []).filter((entry) => entry.name === tag),
    paths,
    ...(Object.keys(webhooks).length > 0 ? {webhooks} : {}),
  };
}

/**
 * The spec with every operation and webhook `factor` times: the original and copies at
 * `<path>-copy-<n>` with `<operationId>Copy<n>`. For `npm run bench -- --growth` only
 * (ZIP_BENCH_GROWTH), so the build's cost per page is measured on a larger API; never committed.
 */
export function multiplySpec(spec: OpenApiDocument, factor: number): OpenApiDocument {
  const copies = <T extends Record<string, Record<string, unknown>>>(
    items: T | undefined,
    rename: (key: string, copy: number) => string,
  ): T | undefined => {
    if (items === undefined) return undefined;
    const out: Record<string, Record<string, unknown>> = {...items};
    for (let copy = 2; copy <= factor; copy++) {
      for (const [key, item] of Object.entries(items)) {
        const renamed = Object.fromEntries(
          Object.entries(item).map(([method, operation]) => {
            const operationId = (operation as {operationId?: unknown} | null)?.operationId;
            return [
              method,
              typeof operationId === 'string' ? {...(operation as object), operationId: `${operationId}Copy${copy}`} : operation,
            ];
          }),
        );
        out[rename(key, copy)] = renamed;
      }
    }
    return out as T;
  };
  const webhooks = copies(spec.webhooks, (key, copy) => `${key}_copy_${copy}`);
  return {...spec, paths: copies(spec.paths, (key, copy) => `${key}-copy-${copy}`) ?? {}, ...(webhooks ? {webhooks} : {})};
}

/**
 * How many times the bench's growth mode multiplies the derived specs' operations
 * (ZIP_BENCH_GROWTH; 1: not at all). Read when called, so importing this module
 * never fails on the environment.
 */
export function growthFactor(): number {
  const factor = Number(process.env.ZIP_BENCH_GROWTH ?? 1);
  if (!Number.isInteger(factor) || factor < 1) {
    throw new Error(`ZIP_BENCH_GROWTH is "${process.env.ZIP_BENCH_GROWTH ?? ''}": it must be a whole number of 1 or more.`);
  }
  return factor;
}

/** Writes the derived spec: the source spec's operations of one tag, multiplied in the bench's growth mode. */
export function writeDerivedSpec(derived: DerivedSpec): void {
  const source = yaml.load(readFileSync(derived.sourceSpec, 'utf8')) as OpenApiDocument;
  const filtered = filterSpecByTag(source, derived.tag);
  const factor = growthFactor();
  mkdirSync(dirname(derived.specPath), {recursive: true});
  writeFileSync(derived.specPath, yaml.dump(factor > 1 ? multiplySpec(filtered, factor) : filtered, {lineWidth: -1, noRefs: true}));
}
