/**
 * Regenerates the API reference pages from openapi/*.yaml, starting clean so
 * an operation removed from a spec leaves no stale page behind.
 *
 *   npx tsx scripts/generate-api.ts
 *
 * The payments spec is one file, but the reference shows charges, customers
 * and sources as separate products: each gets a spec derived from it (the
 * operations of one tag) in .generated/openapi/. Generated pages are build
 * output: they are git-ignored and never edited by hand.
 */
import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {createRequire} from 'node:module';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import yaml from 'js-yaml';
import {
  apiProducts,
  derivedSpecs,
  openApiPluginId,
  sourceSpecs,
  type ApiProduct,
  type DerivedSpec,
} from '../src/data/apiReference';

const specEditUrlBase = 'https://github.com/example/zip-docs/edit/main/';
/** api/authentication.mdx, whose HTTP Basic section carries the id `authentication`. */
const authenticationDocPath = 'api/authentication';

type OpenApiDocument = {
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
  const copies = <T extends Record<string, Record<string, unknown>>>(items: T | undefined, rename: (key: string, copy: number) => string): T | undefined => {
    if (items === undefined) return undefined;
    const out: Record<string, Record<string, unknown>> = {...items};
    for (let copy = 2; copy <= factor; copy++) {
      for (const [key, item] of Object.entries(items)) {
        const renamed = Object.fromEntries(
          Object.entries(item).map(([method, operation]) => {
            const operationId = (operation as {operationId?: unknown} | null)?.operationId;
            return [method, typeof operationId === 'string' ? {...(operation as object), operationId: `${operationId}Copy${copy}`} : operation];
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

/** How many times the bench's growth mode multiplies the derived specs' operations (1: not at all). */
const growthFactor = Number(process.env.ZIP_BENCH_GROWTH ?? 1);
if (!Number.isInteger(growthFactor) || growthFactor < 1) {
  throw new Error(`ZIP_BENCH_GROWTH is "${process.env.ZIP_BENCH_GROWTH ?? ''}": it must be a whole number of 1 or more.`);
}

function writeDerivedSpec(derived: DerivedSpec): void {
  const source = yaml.load(readFileSync(derived.sourceSpec, 'utf8')) as OpenApiDocument;
  const filtered = filterSpecByTag(source, derived.tag);
  mkdirSync(dirname(derived.specPath), {recursive: true});
  const written = growthFactor > 1 ? multiplySpec(filtered, growthFactor) : filtered;
  writeFileSync(derived.specPath, yaml.dump(written, {lineWidth: -1, noRefs: true}));
}

/** Docusaurus's CLI, started with this Node directly: through npx it took 0.3 s longer. */
const docusaurusCli = createRequire(import.meta.url).resolve('@docusaurus/core/bin/docusaurus.mjs');

function docusaurus(...args: string[]): void {
  execFileSync(process.execPath, [docusaurusCli, ...args], {stdio: 'inherit'});
}

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
 * before the guides that merely mention it. Docusaurus renders `keywords` as
 * `<meta name="keywords">`, which the search index reads.
 */
function keywordsLine(spec: Record<string, unknown>, page: string, path: string): string {
  const endpoint = /<MethodEndpoint\s+method=\{"(\w+)"\}\s+path=\{"([^"]+)"\}/.exec(page);
  if (!endpoint?.[1] || !endpoint[2]) {
    throw new Error(`${path}: expected the generator's <MethodEndpoint method={…} path={…}> element.`);
  }
  if (endpoint[1] === 'event') {
    // A webhook page: its title is the event type; readers search for that, "webhook" and "event".
    const title = /^title: "?([a-z_]+\.[a-z_]+)"?$/m.exec(page)?.[1];
    if (!title) throw new Error(`${path}: a webhook page whose title is not an event type (<resource>.<what happened>).`);
    return `keywords: ${JSON.stringify([title, 'webhook', 'event'])}`;
  }
  return `keywords: ${JSON.stringify(requestFieldNames(spec, endpoint[1], endpoint[2]))}`;
}

/**
 * Adjusts the generated pages' front matter:
 * - the plugin writes `custom_edit_url: null`; "Edit this page" should open the
 *   spec the page comes from, where edits belong;
 * - the explorer links "Authorization" to `/<info_path>#authentication`, the
 *   spec's information page, which only the complete payments reference has;
 *   every page links to the hand-written authentication page instead;
 * - endpoint pages get their request fields as search keywords (keywordsLine);
 * - a product section's page (Charges, Customers, …) ends with a link to the
 *   same operation in the complete reference of its spec, which site search
 *   leaves out so that each operation is one result (docusaurus.config.ts).
 */
function adjustFrontMatter(product: ApiProduct): void {
  const complete = product.tag === undefined ? undefined : apiProducts.find((other) => other.sourceSpec === product.sourceSpec && other.tag === undefined);
  const spec = yaml.load(readFileSync(product.specPath, 'utf8')) as Record<string, unknown>;
  for (const file of readdirSync(product.outputDir)) {
    if (!/\.(api|info|tag)\.mdx$/.test(file)) continue;
    const path = join(product.outputDir, file);
    const page = readFileSync(path, 'utf8');
    let adjusted = page
      .replace(/^custom_edit_url: null$/m, `custom_edit_url: ${specEditUrlBase}${product.sourceSpec}`)
      .replace(/^info_path: .*$/m, `info_path: ${authenticationDocPath}`);
    if (!/^custom_edit_url: https:/m.test(adjusted)) {
      throw new Error(`${path}: expected the generator's "custom_edit_url: null" line in the front matter.`);
    }
    if (file.endsWith('.api.mdx')) {
      adjusted = adjusted.replace(/^custom_edit_url: .*$/m, (line) => `${line}\n${keywordsLine(spec, page, path)}`);
      if (complete) {
        const twin = `/${complete.outputDir}/${file.replace(/\.api\.mdx$/, '')}`;
        const kind = /^title: "?[a-z_]+\.[a-z_]+"?$/m.test(page) ? 'event' : 'operation';
        adjusted = `${adjusted.trimEnd()}\n\nThis ${kind} is also in the [${complete.label.replace(/ \(complete\)$/, '')} reference](${twin}), with the rest of the API.\n`;
      }
    }
    writeFileSync(path, adjusted);
  }
}

/** Attribute values longer than this (characters of JSON) move into the page's `generatedProps`. */
const largePropLength = 500;

const declarationStart = 'export const generatedProps = JSON.parse(';
const declarationEnd = ');';

/**
 * The generator writes each section's data as one JSX attribute of JSON (`responses={{…}}`, up to
 * 170 KB on one line). MDX parses every attribute expression with acorn, token by token, which took
 * about 125 s of a 141 s cold bundling (a CPU profile of `docusaurus build`: acorn, acorn-jsx and
 * the regular expression MDX looks for comments with). So each large attribute becomes a field of
 * one `generatedProps` export, a `JSON.parse` of a single string literal, which acorn reads as one
 * token; the components get the same values. (A JSON module beside the page was as fast to build,
 * but the bundler put it between the two copies of the page's front matter, beyond gzip's 32 KB
 * window, and each endpoint page's script grew by 20 KB gzip.)
 */
export function inlineLargeProps(page: string): {page: string; props: Record<string, unknown>} {
  const props: Record<string, unknown> = {};
  const body = page.replace(/^(\s+)([A-Za-z]\w*)=\{(.+)\}$/gm, (line: string, indent: string, name: string, expression: string) => {
    if (expression.length <= largePropLength) return line;
    let value: unknown;
    try {
      value = JSON.parse(expression);
    } catch {
      return line; // not plain JSON: left for MDX
    }
    let key = name;
    for (let count = 2; key in props; count++) key = `${name}_${count}`;
    props[key] = value;
    return `${indent}${name}={generatedProps.${key}}`;
  });
  if (Object.keys(props).length === 0) return {page, props};
  const frontMatterEnd = /^---\n[\s\S]*?\n---\n/.exec(body)?.[0].length ?? 0;
  const declaration = `\n${declarationStart}${JSON.stringify(JSON.stringify(props))}${declarationEnd}\n`;
  return {page: `${body.slice(0, frontMatterEnd)}${declaration}${body.slice(frontMatterEnd)}`, props};
}

/** Every generated page of a product with its large attributes read from one string (inlineLargeProps). */
function inlineProductProps(product: ApiProduct): void {
  for (const file of readdirSync(product.outputDir)) {
    if (!/\.(api|info|tag|schema)\.mdx$/.test(file)) continue;
    const path = join(product.outputDir, file);
    const {page, props} = inlineLargeProps(readFileSync(path, 'utf8'));
    if (Object.keys(props).length > 0) writeFileSync(path, page);
  }
}

/** The line (1-based) of the first occurrence of `needle` in `text`, or 1. */
function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  return index < 0 ? 1 : text.slice(0, index).split('\n').length;
}

type WebhookOperation = {
  summary?: string;
  requestBody?: {content?: Record<string, {schema?: {$ref?: string}; examples?: Record<string, {value?: {type?: string}}>}>};
};

/**
 * One event catalogue for the four specs: every webhook is named
 * `<resource>.<what happened>`, has the webhook's name as its summary (the
 * page title), an event schema whose `type` lists it and examples of that
 * type; the payments spec's `EventType` (the filter of list events) lists
 * exactly the webhooks of all four specs. Problems name the file and line.
 */
export function checkEventCatalogue(specs: readonly {file: string; text: string}[]): string[] {
  const problems: string[] = [];
  const declared = new Map<string, string>();
  let catalogue: {file: string; text: string; types: string[]} | undefined;
  for (const {file, text} of specs) {
    const spec = yaml.load(text) as {
      webhooks?: Record<string, {post?: WebhookOperation}>;
      components?: {schemas?: Record<string, {enum?: string[]; properties?: {type?: {enum?: string[]}}}>};
    };
    const schemas = spec.components?.schemas ?? {};
    const eventTypes = schemas.EventType?.enum;
    if (eventTypes) catalogue = {file, text, types: eventTypes};
    for (const [type, item] of Object.entries(spec.webhooks ?? {})) {
      const at = `${file}:${lineOf(text, `\n  ${type}:\n`) + 1}`;
      const operation = item.post;
      if (!/^[a-z_]+\.[a-z_]+$/.test(type)) problems.push(`${at}: webhook "${type}" is not named <resource>.<what happened> in snake_case.`);
      const other = declared.get(type);
      if (other) problems.push(`${at}: webhook "${type}" is also declared in ${other}.`);
      declared.set(type, file);
      if (!operation) {
        problems.push(`${at}: webhook "${type}" has no post operation.`);
        continue;
      }
      if (operation.summary !== type) problems.push(`${at}: webhook "${type}" must have summary "${type}" (the page title).`);
      const media = operation.requestBody?.content?.['application/json'];
      const schemaName = media?.schema?.$ref?.split('/').at(-1) ?? '';
      const schemaTypes = schemas[schemaName]?.properties?.type?.enum ?? [];
      if (!schemaTypes.includes(type)) problems.push(`${at}: webhook "${type}": its schema ${schemaName || '(none)'} does not list "${type}" in type.enum.`);
      const examples = Object.values(media?.examples ?? {});
      if (examples.length === 0) problems.push(`${at}: webhook "${type}" has no payload example.`);
      for (const example of examples) {
        if (example.value?.type !== type) problems.push(`${at}: webhook "${type}" has an example of type "${String(example.value?.type)}".`);
      }
    }
  }
  if (!catalogue) {
    problems.push(`${specs[0]?.file ?? 'openapi/'}:1: no spec defines components.schemas.EventType, the catalogue of event types.`);
  } else {
    const line = lineOf(catalogue.text, '\n    EventType:\n') + 1;
    for (const type of catalogue.types) {
      if (!declared.has(type)) problems.push(`${catalogue.file}:${line}: EventType lists "${type}", but no spec declares a webhook for it.`);
    }
    for (const [type, file] of declared) {
      if (!catalogue.types.includes(type)) problems.push(`${catalogue.file}:${line}: EventType does not list "${type}" (a webhook in ${file}).`);
    }
  }
  if (problems.length > 0 && process.argv[1]?.endsWith('generate-api.ts')) {
    throw new Error(`The event catalogue is inconsistent:\n${problems.join('\n')}`);
  }
  return problems;
}

export interface EventCatalogueEntry {
  readonly type: string;
  /** The one-line meaning, from the payments spec's EventType x-enumDescriptions. */
  readonly description: string;
  /** The webhook's generated page, in the product that owns the resource. */
  readonly route: string;
  /** The spec that declares the webhook. */
  readonly spec: string;
}

/** kebab-case as the OpenAPI plugin names pages: chargeSucceededEvent → charge-succeeded-event. */
const kebab = (operationId: string): string => operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Every event type with its page, in EventType order; the webhooks page renders it. */
export function readEventCatalogue(): EventCatalogueEntry[] {
  type Spec = {
    webhooks?: Record<string, {post?: {operationId?: string; tags?: string[]}}>;
    components?: {schemas?: {EventType?: {enum?: string[]; 'x-enumDescriptions'?: Record<string, string>}}};
  };
  const pages = new Map<string, {route: string; spec: string}>();
  let eventType: {enum?: string[]; 'x-enumDescriptions'?: Record<string, string>} | undefined;
  for (const product of apiProducts.filter((candidate) => candidate.introDocId !== undefined)) {
    const spec = yaml.load(readFileSync(product.sourceSpec, 'utf8')) as Spec;
    eventType ??= spec.components?.schemas?.EventType;
    for (const [type, webhook] of Object.entries(spec.webhooks ?? {})) {
      const operation = webhook.post;
      if (!operation?.operationId || (product.tag !== undefined && !(operation.tags ?? []).includes(product.tag))) continue;
      pages.set(type, {route: `/${product.outputDir}/${kebab(operation.operationId)}`, spec: product.sourceSpec});
    }
  }
  return (eventType?.enum ?? []).map((type) => {
    const page = pages.get(type);
    if (!page) throw new Error(`EventType lists "${type}", but no API product shows its webhook page.`);
    return {type, description: eventType?.['x-enumDescriptions']?.[type] ?? '', ...page};
  });
}

export interface ErrorCodeEntry {
  readonly code: string;
  /** "Meaning — fix", from the spec's x-enumDescriptions. */
  readonly description: string;
  /** HTTP status and error type, for codes that come as an error response. */
  readonly status?: number;
  readonly type?: string;
}

export interface ErrorCatalogue {
  readonly types: readonly {type: string; description: string}[];
  readonly codes: readonly ErrorCodeEntry[];
}

type EnumSchema = {
  enum?: string[];
  'x-enumDescriptions'?: Record<string, string>;
  'x-codes'?: {code: string; in: string; status?: number; type?: string}[];
};

/** Reads the error types and codes from one spec; every value must be described. */
export function readErrorCatalogue(specPath: string): ErrorCatalogue {
  const spec = yaml.load(readFileSync(specPath, 'utf8')) as {components?: {schemas?: Record<string, EnumSchema>}};
  const schemas = spec.components?.schemas ?? {};
  const describe = (name: string): {value: string; description: string}[] => {
    const schema = schemas[name];
    if (!schema?.enum) throw new Error(`${specPath}: components.schemas.${name} has no enum.`);
    return schema.enum.map((value) => {
      const description = schema['x-enumDescriptions']?.[value];
      if (!description) throw new Error(`${specPath}: ${name} value "${value}" has no x-enumDescriptions entry.`);
      return {value, description};
    });
  };
  const responses = new Map((schemas.ErrorCode?.['x-codes'] ?? []).map((entry) => [entry.code, entry]));
  return {
    types: describe('ErrorType').map(({value, description}) => ({type: value, description})),
    codes: describe('ErrorCode').map(({value, description}) => {
      const response = responses.get(value);
      return response?.in === 'error'
        ? {code: value, description, status: response.status, type: response.type}
        : {code: value, description};
    }),
  };
}

/**
 * The four APIs share one error catalogue; the errors page renders it. A spec
 * that drifts from the others fails here, naming both files.
 */
function writeErrorCatalogue(): void {
  const [first, ...others] = sourceSpecs;
  if (!first) throw new Error('No spec in src/data/apiReference.ts.');
  const reference = readErrorCatalogue(first);
  for (const other of others) {
    if (JSON.stringify(readErrorCatalogue(other)) !== JSON.stringify(reference)) {
      throw new Error(`${other}: its ErrorType/ErrorCode enums or descriptions differ from ${first}; the four specs must share one error catalogue.`);
    }
  }
  mkdirSync('.generated', {recursive: true});
  writeFileSync('.generated/error-catalogue.json', `${JSON.stringify(reference, null, 2)}\n`);
}

/**
 * `.generated/api-sidebars.ts`: the generated sidebar of every API product,
 * by product id, so sidebars.api.ts reads them from the one list of products
 * (src/data/apiReference.ts) instead of importing each by hand.
 */
function writeSidebarIndex(): void {
  const imports = apiProducts.map((product, index) => `import sidebar${index} from '../${product.outputDir}/sidebar';`);
  const entries = apiProducts.map((product, index) => `  ${JSON.stringify(product.id)}: sidebar${index},`);
  writeFileSync(
    '.generated/api-sidebars.ts',
    [
      '// Written by `npm run gen:api` (scripts/generate-api.ts) from src/data/apiReference.ts. Do not edit.',
      ...imports,
      '',
      'export const generatedSidebars = {',
      ...entries,
      '};',
      '',
    ].join('\n'),
  );
}

/**
 * What the generated pages are made from. A change to any of these files
 * regenerates them; so does a flag like ZIP_BENCH_GROWTH.
 */
const generatorInputs = ['openapi', 'scripts/generate-api.ts', 'src/data', 'plugins', 'docusaurus.config.ts', 'package-lock.json'];
/** The generator's record of what it last generated from, and what it wrote. */
const fingerprintFile = '.generated/fingerprint.json';
/** Files the generator writes into api/ (the patterns .gitignore lists as build output). */
const generatedPage = /(\.(api|info|tag|schema)\.mdx|[\\/]sidebar\.ts|\.json)$/;

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** One hash over the files' paths and contents. */
function hashFiles(files: readonly string[], extra = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(file));
  return hash.digest('hex');
}

/** Written into .generated/ by the build, not by this script (the published specs, plugins/machine-readable). */
const writtenByBuild = '.generated/static/';

/** The generated files: the pages and sidebars in api/ and what this script writes into .generated/. */
function generatedFiles(): string[] {
  return [
    ...filesUnder('api').filter((file) => generatedPage.test(file)),
    ...filesUnder('.generated').filter((file) => file !== fingerprintFile && !file.startsWith(writtenByBuild)),
  ];
}

interface Fingerprint {
  readonly inputs: string;
  readonly outputs: string;
}

function currentInputs(): string {
  return hashFiles(generatorInputs.flatMap(filesUnder), `growth ${growthFactor}`);
}

/**
 * True when the last generation used the same inputs and its output is as it
 * wrote it: a writer's second `npm run build` or `npm start` then skips the
 * ~7 s the plugin takes. `--force` regenerates anyway.
 */
function generatedIsCurrent(inputs: string): boolean {
  if (process.argv.includes('--force') || !existsSync(fingerprintFile)) return false;
  const recorded = JSON.parse(readFileSync(fingerprintFile, 'utf8')) as Fingerprint;
  return recorded.inputs === inputs && recorded.outputs === hashFiles(generatedFiles());
}

function main(): void {
  const inputs = currentInputs();
  if (generatedIsCurrent(inputs)) {
    console.log('API pages are up to date: openapi/ and the generator are unchanged since they were generated (--force regenerates).');
    return;
  }
  // Start clean: an operation removed from a spec leaves no page behind. The
  // generated files are known by name (.gitignore lists them), so they are
  // removed here rather than by the plugin's clean-api-docs, whose start-up
  // (loading the whole site's configuration) cost 2 s of every cold build.
  for (const file of generatedFiles()) rmSync(file);
  rmSync('.generated', {recursive: true, force: true});
  checkEventCatalogue(sourceSpecs.map((file) => ({file, text: readFileSync(file, 'utf8')})));
  derivedSpecs.forEach(writeDerivedSpec);
  docusaurus('gen-api-docs', 'all', '--plugin-id', openApiPluginId);
  apiProducts.forEach(adjustFrontMatter);
  apiProducts.forEach(inlineProductProps);
  writeSidebarIndex();
  writeErrorCatalogue();
  writeFileSync('.generated/event-catalogue.json', `${JSON.stringify(readEventCatalogue(), null, 2)}\n`);
  const fingerprint: Fingerprint = {inputs, outputs: hashFiles(generatedFiles())};
  writeFileSync(fingerprintFile, `${JSON.stringify(fingerprint, null, 2)}\n`);
}

if (process.argv[1]?.endsWith('generate-api.ts')) {
  main();
}
