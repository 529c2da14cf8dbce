/**
 * The catalogues the four specs share: event types (the webhooks page) and
 * error types and codes (the errors page). The generator checks that the specs
 * agree and writes each catalogue to .generated/ as JSON, which
 * src/components/EventCatalogue and ErrorCatalogue render. Each spec's
 * ErrorCode lists only the codes its own operations return; the errors page
 * shows their union.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import yaml from 'js-yaml';
import {sourceSpecs} from '@zip/model/apiReference';

/** Each spec's text, parsed once however many catalogues read it (gen:api writes four). */
const parsedSpecs = new Map<string, unknown>();
function parsedSpec(text: string): unknown {
  if (!parsedSpecs.has(text)) parsedSpecs.set(text, yaml.load(text));
  return parsedSpecs.get(text);
}

/**
 * The values a schema documents: a closed set's `enum`, or an open set's
 * `examples` (an extensible enum, openapi/README.md: Zip may add values).
 */
function listedValues(schema: {enum?: (string | null)[]; examples?: (string | null)[]} | undefined): (string | null)[] | undefined {
  return schema?.enum ?? schema?.examples;
}

/** A spec of openapi/, read and parsed once. */
const sourceSpec = (file: string): unknown => parsedSpec(readFileSync(file, 'utf8'));

/** The line (1-based) of the first `needle` at or after `from` in `text`, or of `from` when there is none (1 from the start). */
function lineOf(text: string, needle: string, from = 0): number {
  const index = text.indexOf(needle, from);
  return text.slice(0, index < 0 ? from : index).split('\n').length;
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
    const spec = parsedSpec(text) as {
      webhooks?: Record<string, {post?: WebhookOperation}>;
      components?: {schemas?: Record<string, {enum?: string[]; examples?: string[]; properties?: {type?: {enum?: string[]}}}>};
    };
    const schemas = spec.components?.schemas ?? {};
    const eventTypes = listedValues(schemas.EventType)?.filter((type) => type !== null);
    if (eventTypes) catalogue = {file, text, types: eventTypes};
    for (const [type, item] of Object.entries(spec.webhooks ?? {})) {
      const at = `${file}:${lineOf(text, `\n  ${type}:\n`) + 1}`;
      const operation = item.post;
      if (!/^[a-z_]+\.[a-z_]+$/.test(type))
        problems.push(`${at}: webhook "${type}" is not named <resource>.<what happened> in snake_case.`);
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
      if (!schemaTypes.includes(type))
        problems.push(`${at}: webhook "${type}": its schema ${schemaName || '(none)'} does not list "${type}" in type.enum.`);
      const examples = Object.values(media?.examples ?? {});
      if (examples.length === 0) problems.push(`${at}: webhook "${type}" has no payload example.`);
      for (const example of examples) {
        if (example.value?.type !== type)
          problems.push(`${at}: webhook "${type}" has an example of type "${String(example.value?.type)}".`);
      }
    }
  }
  if (!catalogue) {
    problems.push(`${specs[0]?.file ?? 'openapi/'}:1: no spec defines components.schemas.EventType, the catalogue of event types.`);
  } else {
    const line = lineOf(catalogue.text, '\n    EventType:\n') + 1;
    for (const type of catalogue.types) {
      if (!declared.has(type))
        problems.push(`${catalogue.file}:${line}: EventType lists "${type}", but no spec declares a webhook for it.`);
    }
    for (const [type, file] of declared) {
      if (!catalogue.types.includes(type))
        problems.push(`${catalogue.file}:${line}: EventType does not list "${type}" (a webhook in ${file}).`);
    }
  }
  return problems;
}

export interface EventCatalogueEntry {
  readonly type: string;
  /** The one-line meaning, from the payments spec's EventType x-enumDescriptions. */
  readonly description: string;
  /** The spec that declares the webhook. */
  readonly spec: string;
  /** The webhook's operationId: its page is the operation's page (operations.ts). */
  readonly operationId: string;
}

/** Every event type, in EventType order; the webhooks page renders it. */
export function readEventCatalogue(): EventCatalogueEntry[] {
  type Spec = {
    webhooks?: Record<string, {post?: {operationId?: string}}>;
    components?: {schemas?: {EventType?: {examples?: string[]; 'x-enumDescriptions'?: Record<string, string>}}};
  };
  const webhooks = new Map<string, {spec: string; operationId: string}>();
  let eventType: {examples?: string[]; 'x-enumDescriptions'?: Record<string, string>} | undefined;
  for (const file of sourceSpecs) {
    const spec = sourceSpec(file) as Spec;
    eventType ??= spec.components?.schemas?.EventType;
    for (const [type, webhook] of Object.entries(spec.webhooks ?? {})) {
      const operationId = webhook.post?.operationId;
      if (operationId) webhooks.set(type, {spec: file, operationId});
    }
  }
  return (eventType?.examples ?? []).map((type) => {
    const webhook = webhooks.get(type);
    if (!webhook) throw new Error(`EventType lists "${type}", but no spec declares its webhook with an operationId.`);
    return {type, description: eventType?.['x-enumDescriptions']?.[type] ?? '', ...webhook};
  });
}

/** Checks the event catalogue (checkEventCatalogue); a problem stops the generation before any page is written. */
export function assertEventCatalogue(): void {
  const problems = checkEventCatalogue(sourceSpecs.map((file) => ({file, text: readFileSync(file, 'utf8')})));
  if (problems.length > 0) {
    throw new Error(`The event catalogue is inconsistent:\n${problems.join('\n')}`);
  }
}

/** `.generated/event-catalogue.json`, read by src/components/EventCatalogue. */
export function writeEventCatalogue(): void {
  mkdirSync('.generated', {recursive: true});
  writeFileSync('.generated/event-catalogue.json', `${JSON.stringify(readEventCatalogue(), null, 2)}\n`);
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
  enum?: (string | null)[];
  examples?: (string | null)[];
  'x-enumDescriptions'?: Record<string, string>;
  'x-codes'?: {code: string; in: string; status?: number; type?: string}[];
};

type ErrorSpec = {
  paths?: unknown;
  webhooks?: unknown;
  components?: {responses?: unknown; schemas?: Record<string, EnumSchema>};
};

/**
 * The codes a spec's operations can return: every `error.code` in a response
 * example, and the decline codes of its `FailureCode` (a charge's `failure_code`).
 * An ErrorCode value outside this set is a code the API never answers with.
 */
export function returnedErrorCodes(spec: ErrorSpec): Set<string> {
  const codes = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      const error = (node as {error?: {code?: unknown}}).error;
      if (typeof error?.code === 'string') codes.add(error.code);
      Object.values(node).forEach(visit);
    }
  };
  visit(spec.paths);
  visit(spec.components?.responses);
  visit(spec.webhooks);
  for (const code of spec.components?.schemas?.FailureCode?.enum ?? []) if (code !== null) codes.add(code);
  return codes;
}

/** Reads the error types and codes from one spec's text; every value must be described. */
function readSpecErrorCatalogue(file: string, text: string): {catalogue: ErrorCatalogue; problems: string[]} {
  const spec = parsedSpec(text) as ErrorSpec;
  const schemas = spec.components?.schemas ?? {};
  const problems: string[] = [];
  const describe = (name: string): {value: string; description: string}[] => {
    const schema = schemas[name];
    const at = lineOf(text, `\n    ${name}:\n`) + 1;
    const values = listedValues(schema);
    if (!values) {
      problems.push(`${file}:${at}: components.schemas.${name} has no enum (or, for an open set, no examples).`);
      return [];
    }
    return values.flatMap((value) => {
      if (value === null) return [];
      const description = schema?.['x-enumDescriptions']?.[value];
      if (!description) problems.push(`${file}:${at}: ${name} value "${value}" has no x-enumDescriptions entry.`);
      return [{value, description: description ?? ''}];
    });
  };
  const responses = new Map((schemas.ErrorCode?.['x-codes'] ?? []).map((entry) => [entry.code, entry]));
  const catalogue = {
    types: describe('ErrorType').map(({value, description}) => ({type: value, description})),
    codes: describe('ErrorCode').map(({value, description}): ErrorCodeEntry => {
      const response = responses.get(value);
      return response?.in === 'error'
        ? {code: value, description, status: response.status, type: response.type}
        : {code: value, description};
    }),
  };
  // Each spec lists only what its operations can return, and everything they can.
  const returned = returnedErrorCodes(spec);
  const errorCodeAt = text.indexOf('\n    ErrorCode:\n');
  for (const {code} of catalogue.codes) {
    if (!returned.has(code))
      problems.push(
        `${file}:${lineOf(text, `\n        - ${code}\n`, errorCodeAt) + 1}: ErrorCode lists "${code}", but no operation of this spec returns it (no response example shows it): remove it, or add the example.`,
      );
  }
  for (const code of returned) {
    if (!catalogue.codes.some((entry) => entry.code === code))
      problems.push(
        `${file}:${lineOf(text, '\n', errorCodeAt) + 1}: ErrorCode does not list "${code}", which an operation of this spec returns.`,
      );
  }
  return {catalogue, problems};
}

/**
 * The one error catalogue of the four APIs: the union of the specs' ErrorCode
 * lists, each spec listing exactly the codes its operations return. A code in
 * several specs must have the same description, status and type in each, and
 * ErrorType is the same everywhere; problems name the file and line. Codes are
 * ordered by status, declines last, then as the specs list them.
 */
export function mergeErrorCatalogues(specs: readonly {file: string; text: string}[]): {catalogue: ErrorCatalogue; problems: string[]} {
  const problems: string[] = [];
  const codes = new Map<string, {entry: ErrorCodeEntry; file: string}>();
  let types: {types: ErrorCatalogue['types']; file: string} | undefined;
  for (const {file, text} of specs) {
    const read = readSpecErrorCatalogue(file, text);
    problems.push(...read.problems);
    if (!types) types = {types: read.catalogue.types, file};
    else if (JSON.stringify(read.catalogue.types) !== JSON.stringify(types.types))
      problems.push(
        `${file}:${lineOf(text, '\n    ErrorType:\n') + 1}: ErrorType differs from ${types.file}; the four specs share one list of error types.`,
      );
    const errorCodeAt = text.indexOf('\n    ErrorCode:\n');
    for (const entry of read.catalogue.codes) {
      const known = codes.get(entry.code);
      if (!known) codes.set(entry.code, {entry, file});
      else if (JSON.stringify(known.entry) !== JSON.stringify(entry))
        problems.push(
          `${file}:${lineOf(text, `\n        ${entry.code}: `, errorCodeAt) + 1}: ErrorCode "${entry.code}" is described differently from ${known.file} (its description, status or type); a code means the same in every Zip API.`,
        );
    }
  }
  const ordered = [...codes.values()].map(({entry}) => entry);
  const rank = (entry: ErrorCodeEntry): number => entry.status ?? Number.POSITIVE_INFINITY;
  return {catalogue: {types: types?.types ?? [], codes: ordered.sort((a, b) => rank(a) - rank(b))}, problems};
}

/**
 * `.generated/error-catalogue.json`, read by src/components/ErrorCatalogue: the
 * merged catalogue of the four specs (mergeErrorCatalogues). Any problem stops
 * the generation, naming the file and line.
 */
export function writeErrorCatalogue(): void {
  if (sourceSpecs.length === 0) throw new Error('No spec in packages/model/src/apiReference.ts.');
  const {catalogue, problems} = mergeErrorCatalogues(sourceSpecs.map((file) => ({file, text: readFileSync(file, 'utf8')})));
  if (problems.length > 0) throw new Error(`The error catalogue is inconsistent:\n${problems.join('\n')}`);
  mkdirSync('.generated', {recursive: true});
  writeFileSync('.generated/error-catalogue.json', `${JSON.stringify(catalogue, null, 2)}\n`);
}

/** Schema keywords the browser's checker (packages/model/src/jsonSchemaCheck.ts) ignores: left out of what it loads. */
const unusedSchemaKeyword = (key: string): boolean =>
  ['description', 'example', 'examples', 'default', 'title', 'deprecated'].includes(key) || key.startsWith('x-');

/** What the webhook components load, written by writeWebhookEventData. */
export interface WebhookEventData {
  /** Each event type's example payload, from its webhook in the specs (WebhookFixtureDownload). */
  readonly examples: Record<string, unknown>;
  /** Each event type's schema (`$ref` into `schemas` of its spec), and each spec's schemas (the webhook verifier). */
  readonly schemas: {
    readonly events: Record<string, {readonly spec: string; readonly ref: string}>;
    readonly specs: Record<string, Record<string, unknown>>;
  };
}

/**
 * Every event type's example payload and schema, from the four specs. A schema refers to others
 * only within its spec (`#/components/schemas/…`); each spec's schemas are kept once, without
 * descriptions and examples.
 */
export function readWebhookEventData(): WebhookEventData {
  type WebhookPost = {requestBody?: {content?: Record<string, {schema?: {$ref?: string}; examples?: Record<string, {value?: unknown}>}>}};
  const examples: Record<string, unknown> = {};
  const events: Record<string, {spec: string; ref: string}> = {};
  const specs: Record<string, Record<string, unknown>> = {};
  for (const file of sourceSpecs) {
    const spec = sourceSpec(file) as {
      webhooks?: Record<string, {post?: WebhookPost}>;
      components?: {schemas?: Record<string, unknown>};
    };
    const components = spec.components?.schemas ?? {};
    const strip = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(strip);
      if (typeof node !== 'object' || node === null) return node;
      const kept: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && typeof value === 'object' && value !== null) {
          kept[key] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, strip(property)]));
        } else if (!unusedSchemaKeyword(key)) {
          kept[key] = strip(value);
        }
      }
      return kept;
    };
    for (const [type, webhook] of Object.entries(spec.webhooks ?? {})) {
      const media = webhook.post?.requestBody?.content?.['application/json'];
      const ref = media?.schema?.$ref;
      const example = Object.values(media?.examples ?? {})[0]?.value;
      if (!ref || example === undefined) throw new Error(`${file}: webhook "${type}" needs a schema $ref and an example payload.`);
      if (!(ref.replace('#/components/schemas/', '') in components))
        throw new Error(`${file}: webhook "${type}" refers to ${ref}, which is not in this spec's components.schemas.`);
      events[type] = {spec: file, ref};
      examples[type] = example;
    }
    // The validator (packages/model/src/jsonSchemaCheck.ts) follows each $ref among the spec's schemas itself.
    if (Object.keys(spec.webhooks ?? {}).length > 0) specs[file] = strip(components) as Record<string, unknown>;
  }
  return {examples, schemas: {events, specs}};
}

/**
 * `.generated/webhook-event-examples.json` and `.generated/webhook-event-schemas.json`: two files,
 * loaded by the components that need them when the reader uses them, never in a page's bundle.
 */
export function writeWebhookEventData(): void {
  const {examples, schemas} = readWebhookEventData();
  mkdirSync('.generated', {recursive: true});
  writeFileSync('.generated/webhook-event-examples.json', `${JSON.stringify(examples)}\n`);
  writeFileSync('.generated/webhook-event-schemas.json', `${JSON.stringify(schemas)}\n`);
}
