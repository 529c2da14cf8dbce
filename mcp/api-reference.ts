/**
 * `get_operation`, `list_events` and `get_event`: the operations and events
 * of the specs the build publishes at `/openapi/<name>.yaml`, with `$ref`s
 * resolved, and each operation's code sample from its endpoint page's
 * Markdown twin, which the build wrote with the generator the explorer uses
 * (plugins/machine-readable/code-samples.ts). That generator needs Node.js;
 * reading its output from the twin works in a Worker too.
 */
import yaml from 'js-yaml';
import eventCatalogue from '../.generated/event-catalogue.json';
import operationPages from '../.generated/operation-pages.json';
import {sourceSpecs} from '../src/data/apiReference';
import {languageTabs} from '../src/data/codeSampleLanguages';
import {markdownTwinPath} from '../src/utils/markdownTwin';
import type {SiteFiles} from './site-files';

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type JsonObject = {[key: string]: Json};

interface Spec {
  /** The spec's file in openapi/, e.g. `openapi/payments.yaml`. */
  readonly file: string;
  readonly document: JsonObject;
}

interface OperationSummary {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly spec: string;
}

/** The code-sample languages, as `get_operation` takes them. */
export const sampleLanguages = languageTabs.map((tab) => tab.language);
export type SampleLanguage = (typeof sampleLanguages)[number];

/** An error whose message the MCP client shows: the argument was wrong, not the server. */
export class ToolInputError extends Error {}

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The published path of a spec in openapi/. */
const publishedSpecPath = (file: string): string => `/openapi/${file.split('/').at(-1) ?? file}`;

/** Each operation's endpoint page, by spec name (`payments`) and operationId: the map gen:api writes (scripts/api-reference/operation-pages.ts). */
const pagesBySpec: Readonly<Record<string, Readonly<Record<string, {permalink: string}>>>> = operationPages;

/** How many `$ref`s deep schemas are resolved; deeper ones stay `$ref`s, each documented on its own. */
const schemaDepth = 3;

/**
 * A value with every local `$ref` replaced by what it points to. A schema met
 * again inside itself stays a `$ref`, and so does anything deeper than
 * `depth` levels: the answer stays finite and readable.
 */
function resolved(value: Json, root: JsonObject, depth = schemaDepth, seen: readonly string[] = []): Json {
  if (Array.isArray(value)) return value.map((item) => resolved(item, root, depth, seen));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (seen.includes(ref) || depth <= 0) return {$ref: ref};
    let target: Json | undefined = root;
    for (const part of ref.slice(2).split('/'))
      target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    if (target === undefined) return value;
    return resolved(target, root, depth - 1, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolved(item, root, depth, seen)]));
}

/**
 * Responses with the successful ones' schemas resolved; an error response
 * names its schema by `$ref` (every error has the same shape, on the errors
 * page), which keeps the answer within its size limit.
 */
function responsesOf(responses: Json | undefined, document: JsonObject): Json {
  if (!isObject(responses)) return {};
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [status, resolved(response, document, status.startsWith('2') ? schemaDepth : 1)]),
  );
}

export class ApiReference {
  private specs: Promise<Spec[]> | undefined;

  constructor(private readonly files: SiteFiles) {}

  private load(): Promise<Spec[]> {
    this.specs ??= Promise.all(
      sourceSpecs.map(async (file) => {
        const text = await this.files(publishedSpecPath(file));
        if (text === undefined) throw new Error(`The site does not publish ${publishedSpecPath(file)}.`);
        return {file, document: yaml.load(text) as JsonObject};
      }),
    );
    this.specs.catch(() => (this.specs = undefined));
    return this.specs;
  }

  /** Every operation of every spec, in spec order. */
  async operations(): Promise<(OperationSummary & {operation: JsonObject; document: JsonObject})[]> {
    return (await this.load()).flatMap(({file, document}) =>
      Object.entries(isObject(document.paths) ? document.paths : {}).flatMap(([path, item]) =>
        httpMethods.flatMap((method) => {
          const operation = isObject(item) ? item[method] : undefined;
          if (!isObject(operation) || typeof operation.operationId !== 'string') return [];
          const summary = typeof operation.summary === 'string' ? operation.summary : '';
          return [{operationId: operation.operationId, method: method.toUpperCase(), path, summary, spec: file, operation, document}];
        }),
      ),
    );
  }

  /** One operation, found by its operationId or by method and path. */
  async operation(selector: {operationId?: string; method?: string; path?: string}, language: SampleLanguage): Promise<JsonObject> {
    const all = await this.operations();
    const found = selector.operationId
      ? all.find((candidate) => candidate.operationId === selector.operationId)
      : all.find((candidate) => candidate.method === selector.method?.toUpperCase() && candidate.path === selector.path);
    if (!found) {
      const asked = selector.operationId ?? `${selector.method?.toUpperCase() ?? ''} ${selector.path ?? ''}`;
      throw new ToolInputError(`No operation "${asked}". Operation ids: ${all.map((candidate) => candidate.operationId).join(', ')}.`);
    }
    const {operation, document} = found;
    const specName = /([^/]+)\.yaml$/.exec(found.spec)?.[1] ?? '';
    const page = pagesBySpec[specName]?.[found.operationId]?.permalink;
    const codeSample = page ? await this.codeSample(page, language) : undefined;
    const servers = operation.servers ?? document.servers ?? [];
    // What a caller needs first comes first: a cut answer loses the end of the schemas, never the sample.
    return {
      operationId: found.operationId,
      method: found.method,
      path: found.path,
      summary: found.summary,
      page: page ?? null,
      spec: publishedSpecPath(found.spec),
      servers,
      codeSample: codeSample ? {language, code: codeSample} : null,
      description: operation.description ?? '',
      security: resolved(operation.security ?? document.security ?? [], document),
      parameters: resolved(operation.parameters ?? [], document),
      requestBody: resolved(operation.requestBody ?? null, document),
      responses: responsesOf(operation.responses, document),
    };
  }

  /**
   * The code sample in one language from an endpoint twin's `## Code samples`:
   * a `### <label>` heading, then a fence whose info string is the language's
   * highlighting name (plugins/machine-readable/endpoint-markdown.ts).
   */
  private async codeSample(page: string, language: SampleLanguage): Promise<string | undefined> {
    const twin = await this.files(markdownTwinPath(page));
    const highlight = languageTabs.find((tab) => tab.language === language)?.highlight;
    const section = twin?.split(/^## Code samples$/m)[1];
    if (!section || !highlight) return undefined;
    for (const match of section.matchAll(/^### .+\n\n(`{3,})(\S*)\n([\s\S]*?)\n\1$/gm)) {
      if (match[2] === highlight) return match[3];
    }
    return undefined;
  }

  /** Every event type, with its meaning and page (the catalogue gen:api checks and writes). */
  listEvents(): {type: string; description: string; page: string}[] {
    return eventCatalogue.map(({type, description, route}) => ({type, description, page: route}));
  }

  /** One event: its meaning, its payload's schema and examples, from the spec that declares it. */
  async event(type: string): Promise<JsonObject> {
    const entry = eventCatalogue.find((candidate) => candidate.type === type);
    if (!entry) {
      throw new ToolInputError(`No event type "${type}". Event types: ${eventCatalogue.map((candidate) => candidate.type).join(', ')}.`);
    }
    const spec = (await this.load()).find((candidate) => candidate.file === entry.spec);
    const webhooks = spec?.document.webhooks;
    const item = isObject(webhooks) ? webhooks[type] : undefined;
    const operation = isObject(item) && isObject(item.post) ? item.post : undefined;
    if (!spec || !operation) throw new Error(`${entry.spec} declares no webhook "${type}", which the event catalogue lists.`);
    const body = resolved(operation.requestBody ?? null, spec.document);
    const media = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
    return {
      type,
      page: entry.route,
      spec: publishedSpecPath(entry.spec),
      description: operation.description ?? entry.description,
      examples: isObject(media) ? (media.examples ?? null) : null,
      headers: resolved(operation.parameters ?? [], spec.document),
      schema: isObject(media) ? (media.schema ?? null) : null,
    };
  }
}
