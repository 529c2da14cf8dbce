/**
 * The operations that differ between two versions of a spec, and how, by
 * api-smart-diff: it resolves `$ref`s, so a change to a shared schema shows
 * on every operation that uses it, and it classifies each change as breaking
 * or not (OpenAPI 3.1 schemas as JSON Schema 2020-12).
 *
 * Three adjustments to its classification, all from Zip's promise in
 * api/intro.mdx that a version changes only by addition:
 * - a new value in a response's enum is not breaking (readers are told to
 *   expect new values);
 * - nor is opening a response's enum to any string, written as an `anyOf`
 *   with a branch that is any string (the same promise, stated in the schema):
 *   whatever changes inside such an `anyOf`, the field still takes any string;
 * - a value added to or removed from an extensible enum (a string whose
 *   `examples` are its documented values, openapi/README.md) is a change to
 *   the API, not only to its page: not breaking, but it needs an entry;
 * - a webhook event's payload is classified like a response (Zip sends it,
 *   the integration reads it): api-smart-diff has no rules for `webhooks`,
 *   so each event is compared as an operation answering with its payload.
 */
import {apiCompare, type Diff} from 'api-smart-diff';
import {isExtensibleEnum, isRecord} from '../lib/specs';

type Document = Record<string, unknown>;
type Operation = {operationId?: string; requestBody?: {content?: unknown}; responses?: unknown} & Record<string, unknown>;
type PathItem = Record<string, Operation | unknown>;

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Where events are compared: a path no Zip API serves (its paths start with a version). */
const eventPathPrefix = '/webhooks/';

export interface OperationChange {
  /** The `operationId`, or `METHOD /path` for an operation without one. */
  readonly operationId: string;
  /** `POST /v1/links`, or `event payment_link.paid`. */
  readonly label: string;
  /** api-smart-diff's descriptions of the changes, breaking ones first. */
  readonly breaking: readonly string[];
  readonly other: readonly string[];
}

export interface SpecChanges {
  readonly operations: readonly OperationChange[];
  /** Changes outside any operation that are more than documentation (servers, security). */
  readonly whole: readonly string[];
}

/** The spec with each event moved into `paths`, its payload as the answer of a `post`. */
function withEventsAsOperations(spec: Document): Document {
  const webhooks = (spec.webhooks ?? {}) as Record<string, PathItem>;
  const paths: Record<string, unknown> = {...((spec.paths ?? {}) as Record<string, unknown>)};
  for (const [name, item] of Object.entries(webhooks)) {
    const operations: Record<string, unknown> = {};
    for (const [method, value] of Object.entries(item)) {
      if (!httpMethods.includes(method)) continue;
      const {requestBody, ...operation} = value as Operation;
      operations[method] = {...operation, responses: {'200': {description: 'The event', content: requestBody?.content ?? {}}}};
    }
    paths[`${eventPathPrefix}${name}`] = operations;
  }
  const moved: Document = {...spec, paths};
  delete moved.webhooks;
  return moved;
}

/** The node at `path` in `document`, following local `$ref`s on the way. */
function nodeAt(document: Document, path: readonly PropertyKey[]): unknown {
  const resolve = (node: unknown): unknown => {
    for (let depth = 0; depth < 20; depth++) {
      const ref = (node as {$ref?: unknown} | null)?.$ref;
      if (typeof node !== 'object' || node === null || typeof ref !== 'string' || !ref.startsWith('#/')) return node;
      node = nodeAt(document, ref.slice(2).split('/'));
    }
    return node;
  };
  let node: unknown = document;
  for (const key of path) {
    node = resolve(node);
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return resolve(node);
}

/** An `anyOf` branch that takes any string: `type: string` and nothing that narrows it. */
function isAnyString(branch: unknown): boolean {
  if (typeof branch !== 'object' || branch === null) return false;
  const annotations = ['type', 'description', 'title', 'example', 'examples', 'deprecated'];
  const keys = Object.keys(branch).filter((key) => !key.startsWith('x-'));
  return (branch as {type?: unknown}).type === 'string' && keys.every((key) => annotations.includes(key));
}

/** A change to the documented values of an extensible enum, as it was or as it is. */
function isOpenSetChange(diff: Diff, before: Document, after: Document): boolean {
  const examplesAt = diff.path.lastIndexOf('examples');
  if (examplesAt < 0) return false;
  // api-smart-diff compares a `$ref` with siblings as `allOf: [its target]`; the documents hold the `$ref`.
  const path = diff.path.slice(0, examplesAt);
  const written = path.at(-2) === 'allOf' ? path.slice(0, -2) : path;
  return [before, after].some((document) => {
    const holder = nodeAt(document, written);
    return isRecord(holder) && isExtensibleEnum(holder);
  });
}

/** A string field that takes any string: `anyOf` with a branch that is any string, or an extensible enum. */
function isOpenString(field: unknown): boolean {
  if (!isRecord(field) || field.type !== 'string') return false;
  const branches = Array.isArray(field.anyOf) ? (field.anyOf as unknown[]) : [];
  return branches.some(isAnyString) || isExtensibleEnum(field);
}

/**
 * Zip's promise: a new enum value in what the API sends is not breaking, nor is opening its enum to any
 * string, nor rewriting an open `anyOf` as an extensible enum (the field takes any string before and after).
 */
function classification(diff: Diff, after: Document): Diff['type'] {
  const inResponse = diff.path[0] === 'paths' && diff.path[3] === 'responses';
  if (inResponse && diff.action === 'add' && diff.path.at(-2) === 'enum') return 'non-breaking';
  const anyOfAt = diff.path.lastIndexOf('anyOf');
  if (inResponse && anyOfAt >= 0) {
    const field = diff.path.slice(0, anyOfAt);
    if (isOpenString(nodeAt(after, field))) return 'non-breaking';
  }
  return diff.type;
}

function operationsOf(spec: Document, path: string): Map<string, Operation> {
  const item = ((spec.paths ?? {}) as Record<string, PathItem>)[path] ?? {};
  return new Map(
    Object.entries(item)
      .filter(([method]) => httpMethods.includes(method))
      .map(([method, operation]) => [method, operation as Operation]),
  );
}

function labelOf(path: string, method: string): string {
  return path.startsWith(eventPathPrefix) ? `event ${path.slice(eventPathPrefix.length)}` : `${method.toUpperCase()} ${path}`;
}

const pastTense: Readonly<Record<Diff['action'], string>> = {add: 'added', remove: 'removed', replace: 'replaced', rename: 'renamed'};

/** `responses.401.content.application/json.schema.properties.error.properties.code` → `error.code` in response 401. */
function fieldName(path: readonly string[]): string {
  const schemaAt = path.indexOf('schema');
  if (schemaAt < 0) return path.join('.');
  const field = path
    .slice(schemaAt + 1)
    .filter((key) => key !== 'properties' && key !== 'items')
    .join('.');
  const place = path[0] === 'responses' ? ` in response ${path[1]}` : path[0] === 'requestBody' ? ' in the request body' : '';
  return `\`${field}\`${place}`;
}

/** api-smart-diff's description where it names the field; otherwise what happened where, from the operation down. */
function describe(diff: Diff): string {
  let description = diff.description?.trim() ?? '';
  // api-smart-diff 1.0.6 calls every added parameter "required"; say so only when it is.
  const addedParameter = diff.action === 'add' && diff.path[3] === 'parameters' && diff.path.length === 5;
  if (addedParameter && (diff.after as {required?: unknown} | undefined)?.required !== true) {
    description = description.replace(/\[Added\] required /, '[Added] optional ');
  }
  if (/^\[\w+\] /.test(description) && !description.includes('annotation (')) return description;
  const where = diff.path.slice(diff.path[0] === 'paths' ? 3 : 0).map(String);
  const enumAt = where.lastIndexOf('enum');
  if (enumAt >= 0 && enumAt === where.length - 2) {
    const value = JSON.stringify(diff.action === 'add' ? diff.after : diff.before);
    return `${pastTense[diff.action]} value ${value} of ${fieldName(where.slice(0, enumAt))}`;
  }
  return `${pastTense[diff.action]} ${where.join('.')}`;
}

/** What changed from `published` to `current`, operation by operation. */
export function specChanges(published: Document, current: Document): SpecChanges {
  // api-smart-diff rewrites the documents it compares (it merges `type` into `anyOf` branches, and writes a `$ref`
  // with siblings as an `allOf`), so it gets copies, and the classification reads the documents as written.
  const beforeAsWritten = withEventsAsOperations(structuredClone(published));
  const afterAsWritten = withEventsAsOperations(structuredClone(current));
  const before = structuredClone(beforeAsWritten);
  const after = structuredClone(afterAsWritten);
  const {diffs} = apiCompare(before, after);
  const changes = new Map<string, {label: string; breaking: string[]; other: string[]}>();
  const whole: string[] = [];
  const record = (operationId: string, label: string, diff: Diff, type: Diff['type']): void => {
    const change = changes.get(operationId) ?? {label, breaking: [], other: []};
    const list = type === 'breaking' ? change.breaking : change.other;
    const description = describe(diff);
    if (!list.includes(description)) list.push(description);
    changes.set(operationId, change);
  };
  for (const diff of diffs) {
    const openSet = isOpenSetChange(diff, beforeAsWritten, afterAsWritten);
    const type = openSet ? 'non-breaking' : classification(diff, afterAsWritten);
    // Descriptions, summaries, examples and `x-` extensions: the page changes, the API does not.
    const annotation =
      type === 'annotation' || diff.path.some((key) => String(key).startsWith('x-') || key === 'example' || key === 'examples');
    if (annotation && !openSet) continue;
    const [section, path, method] = diff.path.map(String);
    // A shared schema's change also shows on each operation using it, which is what the check asks about.
    if (section === 'components') continue;
    if (section !== 'paths' || path === undefined) {
      whole.push(describe(diff));
      continue;
    }
    // A change to a whole path, or to what its operations share, is a change to each of them.
    const methods = method !== undefined && httpMethods.includes(method) ? [method] : [];
    const affected =
      methods.length > 0 ? methods : [...new Set([...operationsOf(before, path).keys(), ...operationsOf(after, path).keys()])];
    for (const affectedMethod of affected) {
      const operation = operationsOf(after, path).get(affectedMethod) ?? operationsOf(before, path).get(affectedMethod);
      const label = labelOf(path, affectedMethod);
      record(operation?.operationId ?? label, label, diff, type);
    }
  }
  return {
    operations: [...changes].map(([operationId, change]) => ({operationId, ...change})),
    whole,
  };
}

/** Every `operationId` of a spec, events included. */
export function operationIds(spec: Document): Set<string> {
  const ids = new Set<string>();
  for (const group of [spec.paths, spec.webhooks]) {
    for (const item of Object.values((group ?? {}) as Record<string, PathItem>)) {
      for (const [method, operation] of Object.entries(item)) {
        const id = (operation as Operation).operationId;
        if (httpMethods.includes(method) && typeof id === 'string') ids.add(id);
      }
    }
  }
  return ids;
}
