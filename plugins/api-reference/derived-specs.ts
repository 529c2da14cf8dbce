/**
 * The payments spec is one file, but the reference shows charges, customers,
 * sources and events as separate products: each gets a spec derived from it
 * (the operations of one tag) in .generated/openapi/, which the OpenAPI plugin
 * then reads like any other spec.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {dirname} from 'node:path';
import yaml from 'js-yaml';
import type {DerivedSpec} from '@zip/model/apiReference';

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

/** Writes the derived spec: the source spec's operations of one tag. */
export function writeDerivedSpec(derived: DerivedSpec): void {
  const source = yaml.load(readFileSync(derived.sourceSpec, 'utf8')) as OpenApiDocument;
  const filtered = filterSpecByTag(source, derived.tag);
  mkdirSync(dirname(derived.specPath), {recursive: true});
  writeFileSync(derived.specPath, yaml.dump(filtered, {lineWidth: -1, noRefs: true}));
}
