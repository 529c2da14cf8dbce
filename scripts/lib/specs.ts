/**
 * The OpenAPI specs of openapi/*.yaml, bundled and dereferenced by Redocly's openapi-core, as
 * the operations and schemas the checks compare pages with. Every schema here is plain JSON
 * Schema 2020-12 with no `$ref` left in it.
 */
import {readdirSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {MessageChannel, receiveMessageOnPort, Worker} from 'node:worker_threads';

/** A schema node of a dereferenced spec. */
export type Schema = Readonly<Record<string, unknown>>;

export interface Parameter {
  name: string;
  location: string;
  schema: Schema | undefined;
}

export interface Operation {
  specFile: string;
  method: string;
  template: string;
  parameters: Parameter[];
  requestSchema: Schema | undefined;
  requestBodyRequired: boolean;
  successSchema: Schema | undefined;
  errorSchema: Schema | undefined;
}

export interface ResourceSchema {
  objectName: string;
  schemaName: string;
  specFile: string;
  schema: Schema;
}

export interface Specs {
  /** Server origins, such as https://api.example.com. */
  hosts: string[];
  operations: Operation[];
  /** Schemas of resources by the value of their `object` property ("charge", "payment_link"…). */
  resources: Map<string, ResourceSchema>;
  /** The generic list envelope (`"object": "list"`); its items are checked by their own `object`. */
  listSchema: Schema | undefined;
  errorSchema: Schema | undefined;
  /** Every event type a spec declares in its `webhooks`, with that spec's file. */
  events: Map<string, string>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The properties a schema declares, its `allOf` branches' included. */
export function propertiesOf(schema: Schema): Record<string, Schema> {
  const branches = Array.isArray(schema.allOf) ? schema.allOf.filter(isRecord) : [];
  return Object.assign({}, ...branches.map(propertiesOf), isRecord(schema.properties) ? schema.properties : {}) as Record<string, Schema>;
}

/** The value a schema's `object` property must have (`const` or a one-value `enum`), if any. */
export function objectNameOf(schema: Schema): string | undefined {
  const property = propertiesOf(schema).object;
  if (!property) return undefined;
  if (typeof property.const === 'string') return property.const;
  const values = property.enum;
  return Array.isArray(values) && values.length === 1 && typeof values[0] === 'string' ? values[0] : undefined;
}

function jsonSchemaOf(content: unknown): Schema | undefined {
  if (!isRecord(content)) return undefined;
  const media = content['application/json'] ?? Object.entries(content).find(([type]) => type.endsWith('+json'))?.[1];
  return isRecord(media) && isRecord(media.schema) ? media.schema : undefined;
}

function parametersOf(pathLevel: unknown, operationLevel: unknown): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const node of [pathLevel, operationLevel].flatMap((list) => (Array.isArray(list) ? list : []))) {
    // An operation's parameter overrides the path item's parameter of the same name and place.
    if (isRecord(node) && typeof node.name === 'string' && typeof node.in === 'string') {
      byKey.set(`${node.in}:${node.name}`, {name: node.name, location: node.in, schema: isRecord(node.schema) ? node.schema : undefined});
    }
  }
  return [...byKey.values()];
}

function responseSchemas(responses: unknown): {success: Schema | undefined; error: Schema | undefined} {
  let success: Schema | undefined;
  let error: Schema | undefined;
  const byStatus = isRecord(responses) ? responses : {};
  for (const status of Object.keys(byStatus).sort()) {
    const response = byStatus[status];
    const schema = isRecord(response) ? jsonSchemaOf(response.content) : undefined;
    if (!schema) continue;
    if (/^2(\d\d|XX)$/i.test(status)) success ??= schema;
    else if (/^[45](\d\d|XX)$/i.test(status) || status === 'default') error ??= schema;
  }
  return {success, error};
}

/** Runs in a worker: Redocly's bundle(), with `dereference`, for each file; posts the documents back. */
const BUNDLER = `
const {workerData: {core, files, port, signal}} = require('node:worker_threads');
import(core)
  .then(async ({bundle, createConfig}) => {
    const config = await createConfig({});
    const documents = [];
    for (const ref of files) {
      const {bundle: result, problems} = await bundle({ref, config, dereference: true});
      const problem = problems.find((entry) => entry.severity === 'error');
      if (problem) throw new Error(ref + ': ' + problem.message);
      documents.push(result.parsed);
    }
    port.postMessage({documents});
  })
  .catch((error) => port.postMessage({error: String(error && error.stack || error)}))
  .finally(() => {
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
`;

/**
 * The specs at `files`, bundled with every `$ref` replaced by its target. Redocly's bundler is
 * asynchronous: it runs in a worker thread that this thread waits for, so that loading specs stays
 * synchronous for the checks and their tests.
 */
export function bundleSpecs(files: readonly string[]): Record<string, unknown>[] {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const {port1, port2} = new MessageChannel();
  const core = pathToFileURL(createRequire(import.meta.url).resolve('@redocly/openapi-core')).href;
  const worker = new Worker(BUNDLER, {eval: true, workerData: {core, files, port: port2, signal}, transferList: [port2]});
  const waited = Atomics.wait(signal, 0, 0, 120_000);
  const reply = receiveMessageOnPort(port1)?.message as {documents?: unknown[]; error?: string} | undefined;
  void worker.terminate();
  const documents = reply?.documents ?? [];
  if (waited === 'timed-out' || documents.length !== files.length || !documents.every(isRecord)) {
    throw new Error(`Redocly could not bundle ${files.join(', ')}: ${reply?.error ?? 'no answer from the worker'}`);
  }
  return documents;
}

/**
 * The schema with each open set narrowed to its documented values. The specs write a set Zip may
 * grow (`error.code`, an event's `type`) as an extensible enum: a string whose `examples` list the
 * documented values, each described in `x-enumDescriptions` (openapi/README.md), so that generated
 * clients accept new values; a page or example must still show a documented one.
 */
export function documentedValuesOnly(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(documentedValuesOnly);
  if (!isRecord(node)) return node;
  if (isExtensibleEnum(node)) return {...node, enum: node.examples};
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, documentedValuesOnly(value)]));
}

/** A string schema without `enum` whose `examples` are exactly the values its `x-enumDescriptions` describe. */
export function isExtensibleEnum(node: Record<string, unknown>): node is Record<string, unknown> & {examples: unknown[]} {
  const described = node['x-enumDescriptions'];
  return (
    node.type === 'string' &&
    node.enum === undefined &&
    Array.isArray(node.examples) &&
    isRecord(described) &&
    node.examples.length === Object.keys(described).length &&
    node.examples.every((value) => typeof value === 'string' && value in described)
  );
}

export function loadSpecs(specDir: string): Specs {
  const specs: Specs = {hosts: [], operations: [], resources: new Map(), listSchema: undefined, errorSchema: undefined, events: new Map()};
  const errorSchemas: Schema[] = [];
  const names = readdirSync(specDir)
    .filter((entry) => /\.ya?ml$/.test(entry))
    .sort();
  const documents = bundleSpecs(names.map((name) => path.join(specDir, name))).map(
    (document) => documentedValuesOnly(document) as Record<string, unknown>,
  );
  for (const [index, name] of names.entries()) {
    const specFile = `${path.basename(specDir)}/${name}`;
    const document = documents[index] ?? {};

    for (const server of Array.isArray(document.servers) ? document.servers : []) {
      const origin = isRecord(server) && typeof server.url === 'string' ? new URL(server.url).origin : undefined;
      if (origin && !specs.hosts.includes(origin)) specs.hosts.push(origin);
    }
    for (const [template, pathItem] of Object.entries(isRecord(document.paths) ? document.paths : {})) {
      if (!isRecord(pathItem)) continue;
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method];
        if (!isRecord(operation)) continue;
        const requestBody = isRecord(operation.requestBody) ? operation.requestBody : undefined;
        const {success, error} = responseSchemas(operation.responses);
        specs.operations.push({
          specFile,
          method: method.toUpperCase(),
          template,
          parameters: parametersOf(pathItem.parameters, operation.parameters),
          requestSchema: requestBody ? jsonSchemaOf(requestBody.content) : undefined,
          requestBodyRequired: requestBody?.required === true,
          successSchema: success,
          errorSchema: error,
        });
      }
    }
    for (const event of Object.keys(isRecord(document.webhooks) ? document.webhooks : {})) specs.events.set(event, specFile);
    const components = isRecord(document.components) ? document.components : {};
    for (const [schemaName, schema] of Object.entries(isRecord(components.schemas) ? components.schemas : {})) {
      if (!isRecord(schema)) continue;
      if (schemaName === 'Error') errorSchemas.push(schema);
      const objectName = objectNameOf(schema);
      if (objectName === undefined) continue;
      if (objectName === 'list') {
        if (schemaName === 'List') specs.listSchema ??= schema;
      } else if (schemaName === 'Event' || !specs.resources.has(objectName)) {
        // Every API has an event schema of its own types (ChargeEvent, …); `Event` has them all.
        specs.resources.set(objectName, {objectName, schemaName, specFile, schema});
      }
    }
  }
  if (specs.hosts.length === 0) throw new Error(`No server URL in ${specDir}/*.yaml`);
  specs.errorSchema = unionOfErrorSchemas(errorSchemas);
  return specs;
}

/**
 * The error envelope for an example that names no operation: each spec's `Error` lists only the
 * codes its own operations return, so such an example may use a code of any of them.
 */
function unionOfErrorSchemas(schemas: readonly Schema[]): Schema | undefined {
  const [first] = schemas;
  const codeOf = (schema: Schema): unknown => {
    const error = isRecord(schema.properties) ? schema.properties.error : undefined;
    return isRecord(error) && isRecord(error.properties) ? error.properties.code : undefined;
  };
  const code = first && codeOf(first);
  if (!first || !isRecord(code)) return first;
  const codes = new Set(
    schemas.flatMap((schema) => {
      const each = codeOf(schema);
      return isRecord(each) && Array.isArray(each.enum) ? each.enum : [];
    }),
  );
  const error = (first.properties as Record<string, Schema>).error as Schema;
  return {
    ...first,
    properties: {
      ...(first.properties as Record<string, unknown>),
      error: {...error, properties: {...(error.properties as Record<string, unknown>), code: {...code, enum: [...codes]}}},
    },
  };
}
