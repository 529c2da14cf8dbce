/**
 * How the OpenAPI plugin writes this site's generated pages: its
 * `markdownGenerators` and `template` options for each API product, passed in
 * docusaurus.config.ts and run by `gen-api-docs`.
 *
 * A generator returns the page's body; the plugin then renders the front
 * matter from the same page data with the template. So the generators here
 * wrap the plugin's defaults and put the site's front-matter fields into the
 * page data's `frontMatter`, which page.mustache (the plugin's default
 * template plus those fields) writes out.
 */
import {readFileSync} from 'node:fs';
import {basename} from 'node:path';
import yaml from 'js-yaml';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import {createApiPageMD, createInfoPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import {apiProducts, type ApiProduct} from '../../src/data/apiReference';
import type {ApiName} from '../../src/data/apiChangelog';
import {withChangedOn} from './changed-on';

type MarkdownGenerators = NonNullable<OpenApiPlugin.Options['markdownGenerators']>;
type ApiPage = Parameters<NonNullable<MarkdownGenerators['createApiPageMD']>>[0];

/**
 * The plugin's `template` option: the front matter and body of API and information pages.
 * Relative to the site (npm scripts run there): the plugin's options are part of the site
 * config the client bundle carries, and an absolute path would publish the build machine's.
 */
export const pageTemplate = 'scripts/api-reference/page.mustache';

const specEditUrlBase = 'https://github.com/example/zip-docs/edit/main/';
/** api/authentication.mdx, whose HTTP Basic section carries the id `authentication`. */
const authenticationDocPath = 'api/authentication';

type SchemaNode = {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  schema?: SchemaNode;
  content?: Record<string, SchemaNode>;
  name?: string;
};

/**
 * The names a reader can send to an operation: its path, query and header
 * parameters and every property of its request body, nested ones included
 * (`line_items` and its `quantity`), each once, in the spec's order.
 */
export function requestFieldNames(spec: Record<string, unknown>, method: string, path: string): string[] {
  const resolve = (node: SchemaNode | undefined): SchemaNode | undefined => {
    if (!node?.$ref) return node;
    const target = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((parent, key) => (parent as Record<string, unknown> | undefined)?.[key], spec);
    if (!target) throw new Error(`Unresolved $ref ${node.$ref} in ${method.toUpperCase()} ${path}.`);
    return resolve(target as SchemaNode);
  };
  const names = new Set<string>();
  const visited = new Set<SchemaNode>();
  const collect = (reference: SchemaNode | undefined): void => {
    const node = resolve(reference);
    if (!node || visited.has(node)) return;
    visited.add(node);
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      names.add(name);
      collect(property);
    }
    [node.items, node.schema, ...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])].forEach(collect);
    Object.values(node.content ?? {}).forEach(collect);
  };
  type Operation = {parameters?: SchemaNode[]; requestBody?: SchemaNode};
  const pathItem = (spec.paths as Record<string, Record<string, unknown> | undefined>)[path];
  const operation = pathItem?.[method] as Operation | undefined;
  if (!pathItem || !operation) throw new Error(`No operation ${method.toUpperCase()} ${path} in the spec.`);
  const sharedParameters = (pathItem.parameters as SchemaNode[] | undefined) ?? [];
  const parameters = [...sharedParameters, ...(operation.parameters ?? [])];
  for (const parameter of parameters) {
    const name = resolve(parameter)?.name;
    if (name) names.add(name);
  }
  collect(operation.requestBody);
  return [...names];
}

/**
 * Search keywords for an endpoint page: the fields of its request. The site
 * search ranks keyword matches above body text, so a reader who types a
 * field name (`statement_descriptor`) finds the operation that takes it
 * before the guides that merely mention it. A webhook page's title is its
 * event type; readers search for that, "webhook" and "event". Docusaurus
 * renders `keywords` as `<meta name="keywords">`, which the search index reads.
 */
function searchKeywords(spec: Record<string, unknown>, page: ApiPage): string[] {
  const {method, path} = page.api;
  if (method !== 'event') return requestFieldNames(spec, method, path);
  if (!/^[a-z_]+\.[a-z_]+$/.test(page.title)) {
    throw new Error(`Webhook page ${page.id}: its title "${page.title}" is not an event type (<resource>.<what happened>).`);
  }
  return [page.title, 'webhook', 'event'];
}

/**
 * The generators for one product's pages:
 * - "Edit this page" opens the spec the page comes from, where edits belong
 *   (the plugin's own template writes `custom_edit_url: null`);
 * - the explorer links "Authorization" to `info_path#authentication`; the
 *   plugin points it at the spec's information page, which only the complete
 *   payments reference has, so every endpoint page links to the hand-written
 *   authentication page instead;
 * - endpoint pages get their request fields as search keywords;
 * - a page whose operation the API changelog names says when it last changed
 *   (changed-on.ts);
 * - a product section's page (Charges, Customers, …) ends with a link to the
 *   same operation in the complete reference of its spec, which site search
 *   leaves out so that each operation is one result (docusaurus.config.ts).
 */
export function markdownGenerators(product: ApiProduct): MarkdownGenerators {
  const editUrl = `${specEditUrlBase}${product.sourceSpec}`;
  const specName = basename(product.sourceSpec, '.yaml') as ApiName;
  const complete =
    product.tag === undefined ? undefined : apiProducts.find((other) => other.sourceSpec === product.sourceSpec && other.tag === undefined);
  // Read on the first page: the derived specs are written just before `gen-api-docs` runs.
  let spec: Record<string, unknown> | undefined;
  return {
    createApiPageMD: (page) => {
      spec ??= yaml.load(readFileSync(product.specPath, 'utf8')) as Record<string, unknown>;
      Object.assign(page.frontMatter, {
        info_path: authenticationDocPath,
        custom_edit_url: editUrl,
        // JSON is YAML: the template writes the list as it is.
        keywords: JSON.stringify(searchKeywords(spec, page)),
      });
      const body = withChangedOn(createApiPageMD(page), specName, page.api.operationId);
      if (!complete) return body;
      const kind = page.api.method === 'event' ? 'event' : 'operation';
      const reference = complete.label.replace(/ \(complete\)$/, '');
      return `${body.trimEnd()}\n\nThis ${kind} is also in the [${reference} reference](/${complete.outputDir}/${page.id}), with the rest of the API.`;
    },
    createInfoPageMD: (page) => {
      Object.assign(page.frontMatter, {custom_edit_url: editUrl});
      return createInfoPageMD(page);
    },
  };
}
