/**
 * How the OpenAPI plugin writes this site's generated pages: its
 * `markdownGenerators` and `template` options for each API product, passed in
 * openapi-options.ts and run by `gen-api-docs`.
 *
 * A generator returns the page's body; the plugin then renders the front
 * matter from the same page data with the template. So the generators here
 * wrap the plugin's defaults and put the site's front-matter fields into the
 * page data's `frontMatter`, which page.mustache (the plugin's default
 * template plus those fields) writes out.
 */
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import {createApiPageMD, createInfoPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import {apiProducts, specNameOf, type ApiProduct} from '@zip/model/apiReference';
import type {ApiOperation, JsonSchema} from '@zip/model/apiOperation';
import {withChangedOn} from './changed-on';
import {operationFileOf, withPageDataOnDemand} from './page-data';

type MarkdownGenerators = NonNullable<OpenApiPlugin.Options['markdownGenerators']>;
type ApiPage = Parameters<NonNullable<MarkdownGenerators['createApiPageMD']>>[0];

/**
 * The plugin's `template` option: the front matter and body of API and information pages.
 * Relative to the site (npm scripts run there): the plugin's options are part of the site
 * config the client bundle carries, and an absolute path would publish the build machine's.
 */
export const pageTemplate = 'plugins/api-reference/page.mustache';

const specEditUrlBase = 'https://github.com/example/zip-docs/edit/main/';
/** api/authentication.mdx, whose HTTP Basic section carries the id `authentication`. */
const authenticationDocPath = 'api/authentication';

/**
 * The names a reader can send to an operation: its path, query and header
 * parameters and every property of its request body, nested ones included
 * (`line_items` and its `quantity`), each once, in the spec's order. The
 * operation is the plugin's, with its `$ref`s already resolved.
 */
export function requestFieldNames(operation: Pick<ApiOperation, 'parameters' | 'requestBody'>): string[] {
  const names = new Set<string>();
  const visited = new Set<JsonSchema>();
  const collect = (schema: JsonSchema | undefined): void => {
    if (!schema || visited.has(schema)) return;
    visited.add(schema);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      names.add(name);
      collect(property);
    }
    [schema.items, ...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].forEach(collect);
  };
  for (const parameter of operation.parameters ?? []) names.add(parameter.name);
  for (const media of Object.values(operation.requestBody?.content ?? {})) collect(media.schema);
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
function searchKeywords(page: ApiPage): string[] {
  if (page.api.method !== 'event') return requestFieldNames(page.api as unknown as ApiOperation);
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
 * - the operation goes into a JSON file beside the page, which the `api`
 *   front matter names, and the page's sections take their data as files
 *   too: the browser fetches them when it needs them (page-data.ts);
 * - a product section's page (Charges, Customers, …) ends with a link to the
 *   same operation in the complete reference of its spec, which site search
 *   leaves out so that each operation is one result (docusaurus.config.ts).
 */
export function markdownGenerators(product: ApiProduct): MarkdownGenerators {
  const editUrl = `${specEditUrlBase}${product.sourceSpec}`;
  const specName = specNameOf(product.sourceSpec);
  const complete =
    product.tag === undefined ? undefined : apiProducts.find((other) => other.sourceSpec === product.sourceSpec && other.tag === undefined);
  return {
    createApiPageMD: (page) => {
      const operationFile = operationFileOf(page.id);
      Object.assign(page.frontMatter, {
        info_path: authenticationDocPath,
        custom_edit_url: editUrl,
        // JSON is YAML: the template writes the list as it is.
        keywords: JSON.stringify(searchKeywords(page)),
        operation_file: operationFile,
        // The page knows from its front matter whether it shows a webhook, before its operation is fetched.
        api_method: page.api.method,
      });
      // Written beside the page, as the plugin writes the sections' data files (generate.ts clears them first).
      writeFileSync(join(product.outputDir, operationFile), JSON.stringify(page.api));
      const body = withChangedOn(
        withPageDataOnDemand(createApiPageMD(page), `${product.outputDir}/${page.id}`, operationFile),
        specName,
        page.api.operationId,
      );
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
