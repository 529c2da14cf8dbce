/**
 * `get_operation`, `list_events` and `get_event`, from the operations file the
 * build publishes (`/openapi/operations.json`, plugins/api-reference): each
 * operation as its endpoint page shows it, with the page's code samples.
 *
 * Every answer fits an assistant's budget (`operationAnswerBudget`). The
 * first answer is a digest: method, path, parameters, request fields and
 * every response status with every error code it returns, one line each. A
 * `section` reads one part in full: the code sample, the request examples, a
 * response, or any part of the operation by JSON Pointer. A part too long
 * for the budget comes as an outline of its keys, each readable by its own
 * pointer: an answer is never cut inside a JSON value.
 */
import errorCatalogue from '../../../.generated/error-catalogue.json';
import eventCatalogue from '../../../.generated/event-catalogue.json';
import {languageTabs} from '@zip/model/codeSampleLanguages';
import {
  operationsFilePath,
  type ApiOperation,
  type JsonSchema,
  type MediaType,
  type OperationsFile,
  type PublishedOperation,
} from '@zip/model/apiOperation';
import type {SiteFiles} from './site-files';

/** The most characters a get_operation or get_event answer holds. */
export const operationAnswerBudget = 8_000;

/** The code-sample languages, as `get_operation` takes them. */
export const sampleLanguages = languageTabs.map((tab) => tab.language);
export type SampleLanguage = (typeof sampleLanguages)[number];

/** An error whose message the MCP client shows: the argument was wrong, not the server. */
export class ToolInputError extends Error {}

/** The first sentence of a text, on one line. */
function sentence(text: string | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  const end = line.search(/[.!?](\s|$)/);
  return end < 0 ? line : line.slice(0, end + 1);
}

/** A schema's type in a few words: `string`, `array of object`, `one of: a, b`. */
function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum && schema.enum.length <= 8) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema.type === 'array') return `array of ${typeOf(schema.items)}`;
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return variants.map((variant) => variant.title ?? typeOf(variant)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? (schema.properties ? 'object' : 'any'));
  return `${type}${schema.format ? ` (${schema.format})` : ''}${schema.nullable ? ' | null' : ''}`;
}

/** One line per property of an object schema: name, type, required, first sentence. */
function fieldLines(schema: JsonSchema | undefined, indent = '- '): string[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, property]) => {
    const nested = property.type === 'array' ? property.items?.properties : property.properties;
    const children = nested ? ` {${Object.keys(nested).join(', ')}}` : '';
    const about = sentence(property.description);
    return `${indent}${name} (${typeOf(property)}${required.has(name) ? ', required' : ''})${children}${about ? `: ${about}` : ''}`;
  });
}

const jsonMedia = (content: Readonly<Record<string, MediaType>> | undefined): [string, MediaType] | undefined =>
  Object.entries(content ?? {})[0];

/** Every `error.code` in a response's examples, in order, each once. */
function errorCodes(media: MediaType | undefined): string[] {
  const values = [media?.example, ...Object.values(media?.examples ?? {}).map((example) => example.value)];
  const codes = values.flatMap((value) => {
    const code = (value as {error?: {code?: unknown}} | undefined)?.error?.code;
    return typeof code === 'string' ? [code] : [];
  });
  return [...new Set(codes)];
}

const codeMeaning = new Map(errorCatalogue.codes.map((entry) => [entry.code, sentence(entry.description.split(' — ')[0])]));

/** Escapes a key for a JSON Pointer (RFC 6901). */
const pointerKey = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The value at a JSON Pointer, or undefined. */
function atPointer(root: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return root;
  let value: unknown = root;
  for (const part of pointer.replace(/^\//, '').split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/**
 * A value as JSON when it fits the budget; else an outline: each key (or
 * item) on one line, a short value as it is, a long one as its size and the
 * pointer that reads it. Never a JSON value cut in two.
 */
function jsonOrOutline(value: unknown, pointer: string, budget: number, read: string): string {
  const json = JSON.stringify(value, null, 1);
  if (json.length <= budget) return json;
  if (typeof value !== 'object' || value === null) return `${json.slice(0, budget)}… (a text longer than one answer)`;
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  const lines = entries.map(([key, item]) => {
    const text = JSON.stringify(item);
    const at = `${pointer}/${pointerKey(key)}`;
    return text.length <= 160
      ? `${key}: ${text}`
      : `${key}: ${Array.isArray(item) ? 'array' : typeof item} of ${text.length} characters; ${read} "${at}"`;
  });
  return [`Too long for one answer (${json.length} characters); its parts:`, ...lines].join('\n');
}

export class ApiOperations {
  private file: Promise<OperationsFile> | undefined;

  constructor(private readonly files: SiteFiles) {}

  private load(): Promise<OperationsFile> {
    this.file ??= this.files(operationsFilePath).then((text) => {
      if (text === undefined) throw new Error(`The site does not publish ${operationsFilePath}.`);
      return JSON.parse(text) as OperationsFile;
    });
    this.file.catch(() => (this.file = undefined));
    return this.file;
  }

  private async find(selector: {operationId?: string; method?: string; path?: string}): Promise<PublishedOperation> {
    const all = (await this.load()).operations.filter((entry) => entry.operation.method !== 'event');
    const found = selector.operationId
      ? all.find((entry) => entry.operationId === selector.operationId)
      : all.find(
          (entry) => entry.operation.method.toUpperCase() === selector.method?.toUpperCase() && entry.operation.path === selector.path,
        );
    if (!found) {
      const asked = selector.operationId ?? `${selector.method?.toUpperCase() ?? ''} ${selector.path ?? ''}`;
      throw new ToolInputError(`No operation "${asked}". Operation ids: ${all.map((entry) => entry.operationId).join(', ')}.`);
    }
    return found;
  }

  /** One operation: its digest, or one section of it (see the top of this file). */
  async operation(
    selector: {operationId?: string; method?: string; path?: string},
    options: {language: SampleLanguage; section?: string},
  ): Promise<string> {
    const found = await this.find(selector);
    const {operation} = found;
    const read = `call get_operation with operationId "${found.operationId}" and section`;
    const section = options.section?.trim();
    if (!section) return operationDigest(found, read);
    if (section === 'code') {
      const sample = found.codeSamples.find((candidate) => candidate.language === options.language);
      if (!sample) throw new ToolInputError(`No ${options.language} sample for ${found.operationId}.`);
      return `${sample.label}, as ${found.permalink} shows it:\n\n${sample.code}`;
    }
    const pointer = sectionPointer(section, operation);
    const value = atPointer(operation, pointer);
    if (value === undefined) throw new ToolInputError(`${found.operationId} has no section "${section}". ${sectionHelp(operation)}`);
    return `${found.operationId} ${pointer}:\n${jsonOrOutline(value, pointer, operationAnswerBudget - 200, read)}`;
  }

  /** Every event type, with its meaning and page. */
  async listEvents(): Promise<{type: string; description: string; page: string}[]> {
    const {operations} = await this.load();
    return eventCatalogue.map(({type, description}) => ({
      type,
      description,
      page: operations.find((entry) => entry.operation.method === 'event' && entry.title === type)?.permalink ?? '',
    }));
  }

  /** One event: when it is sent, what to do, its payload's fields; or a section (`example`, or a JSON Pointer). */
  async event(type: string, section?: string): Promise<string> {
    const entry = eventCatalogue.find((candidate) => candidate.type === type);
    if (!entry) {
      throw new ToolInputError(`No event type "${type}". Event types: ${eventCatalogue.map((candidate) => candidate.type).join(', ')}.`);
    }
    const found = (await this.load()).operations.find((candidate) => candidate.operation.method === 'event' && candidate.title === type);
    if (!found) throw new Error(`The operations file has no webhook "${type}", which the event catalogue lists.`);
    const [mediaType, media] = jsonMedia(found.operation.requestBody?.content) ?? [];
    const read = `call get_event with type "${type}" and section`;
    const part = section?.trim();
    if (part === 'example') {
      const [name, example] = Object.entries(media?.examples ?? {})[0] ?? [];
      return `Example payload "${name ?? ''}" of ${type}:\n${jsonOrOutline(example?.value ?? media?.example, `/requestBody/content/${pointerKey(mediaType ?? '')}/examples/${pointerKey(name ?? '')}/value`, operationAnswerBudget - 200, read)}`;
    }
    if (part) {
      const value = atPointer(found.operation, part);
      if (value === undefined)
        throw new ToolInputError(`${type} has no section "${part}": use "example", or a JSON Pointer such as "/requestBody".`);
      return `${type} ${part}:\n${jsonOrOutline(value, part, operationAnswerBudget - 200, read)}`;
    }
    const payload = media?.schema;
    const data = payload?.properties?.data;
    const dataObject = data?.properties?.object ?? data;
    const lines = [
      `Webhook event ${type} (page ${found.permalink})`,
      ...changedOn(found),
      '',
      // The spec's description says what happened and what to do, when it is sent and how to receive it.
      found.operation.description?.trim() || entry.description,
      '',
      `Headers: ${(found.operation.parameters ?? []).map((parameter) => `${parameter.name}${parameter.description ? ` (${sentence(parameter.description)})` : ''}`).join('; ') || 'none'}`,
      '',
      `Payload (${mediaType ?? 'application/json'}) fields:`,
      ...fieldLines(payload),
      ...(dataObject?.properties && dataObject !== payload ? ['', 'data.object fields:', ...fieldLines(dataObject)] : []),
      '',
      `Examples: ${Object.keys(media?.examples ?? {}).join(', ') || 'none'}. Read one: ${read} "example".`,
    ];
    return fitted(lines.join('\n'), read);
  }
}

/** Where a section name points in an operation: `request`, `examples`, `response:409`, or a JSON Pointer. */
function sectionPointer(section: string, operation: ApiOperation): string {
  if (section.startsWith('/')) return section;
  if (section === 'parameters') return '/parameters';
  if (section === 'request') return '/requestBody';
  const [mediaType] = jsonMedia(operation.requestBody?.content) ?? [];
  if (section === 'examples') return `/requestBody/content/${pointerKey(mediaType ?? 'application/json')}/examples`;
  const status = /^response[: ]?(\w+)$/.exec(section)?.[1];
  if (status) return `/responses/${status}`;
  throw new ToolInputError(`No section "${section}". ${sectionHelp(operation)}`);
}

function sectionHelp(operation: ApiOperation): string {
  const statuses = Object.keys(operation.responses ?? {}).map((status) => `"response:${status}"`);
  return `Sections: "code" (the sample in \`language\`), "parameters", "request", "examples", ${statuses.join(', ')}, or a JSON Pointer into the operation ("/responses/200/content").`;
}

/** The text within the budget, cut at a line with a note (a digest holds no JSON). */
function fitted(text: string, read: string): string {
  if (text.length <= operationAnswerBudget) return text;
  const cut = text.lastIndexOf('\n', operationAnswerBudget - 200);
  return `${text.slice(0, cut)}\n[Shortened to fit one answer; ${read} to read a part in full.]`;
}

/** The first answer about an operation: everything a caller needs to choose what to read next. */
/** What the page's "Changed on" line says, with what changed (the API changelog's entry). */
function changedOn(found: PublishedOperation): string[] {
  const {change} = found;
  if (!change) return [];
  return [`Changed on ${change.date}${change.breaking ? ' (a breaking change)' : ''}: ${change.summary} (/api/changelog#${change.anchor})`];
}

function operationDigest(found: PublishedOperation, read: string): string {
  const {operation} = found;
  const [mediaType, requestMedia] = jsonMedia(operation.requestBody?.content) ?? [];
  const auth = Object.entries(operation.securitySchemes ?? {})
    .map(([name, scheme]) => `${name} (${scheme.scheme ?? scheme.type}${scheme.in ? ` in ${scheme.in} ${scheme.name ?? ''}` : ''})`)
    .join(', ');
  const responseLines = Object.entries(operation.responses ?? {}).map(([status, response]) => {
    const [, media] = jsonMedia(response.content) ?? [];
    const codes = errorCodes(media);
    const schema = media?.schema;
    const returns = status.startsWith('2') && schema ? ` Returns ${schema.title ?? typeOf(schema)}.` : '';
    const errors =
      codes.length > 0 ? ` Error codes: ${codes.map((code) => `${code} (${codeMeaning.get(code) ?? 'see get_error'})`).join('; ')}.` : '';
    return `- ${status}: ${sentence(response.description)}${returns}${errors}`;
  });
  const lines = [
    `${operation.method.toUpperCase()} ${operation.path}: ${found.title} (${found.operationId}${operation.deprecated ? ', deprecated' : ''})`,
    `Page: ${found.permalink}. Server: ${operation.servers?.[0]?.url ?? '(none)'}. Auth: ${auth || 'none'}.`,
    ...changedOn(found),
    '',
    'Parameters:',
    ...(operation.parameters ?? []).map(
      (parameter) =>
        `- ${parameter.name} (${parameter.in}, ${typeOf(parameter.schema)}${parameter.required ? ', required' : ''})${parameter.description ? `: ${sentence(parameter.description)}` : ''}`,
    ),
    ...(operation.parameters?.length ? [] : ['- none']),
    '',
    requestMedia ? `Request body (${mediaType}${operation.requestBody?.required ? ', required' : ''}):` : 'Request body: none',
    ...fieldLines(requestMedia?.schema),
    '',
    'Responses:',
    ...responseLines,
    '',
    operation.description?.trim() ?? '',
    '',
    `Read more: ${read} "code" (the ${'`language`'} sample), "examples", "request", "response:<status>", or a JSON Pointer. Error codes in full: get_error.`,
  ];
  return fitted(lines.join('\n'), read);
}
