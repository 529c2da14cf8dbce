/**
 * Checks the HTTP examples in the hand-written guides and API pages against openapi/*.yaml:
 *
 *   npx tsx scripts/check-samples.ts                 every page under guides/ and api/
 *   npx tsx scripts/check-samples.ts api/errors.mdx  only the pages named
 *
 * Generated reference pages (*.api.mdx, *.info.mdx, *.tag.mdx, *.schema.mdx) are skipped: they
 * are built from the specs, so they cannot disagree with them.
 *
 * What is read, in fenced code blocks only:
 *  - curl commands (bash, sh, shell, zsh, console): method, URL, query, -d/--data/--json body,
 *    a heredoc body for `-d @-`, and the Idempotency-Key header;
 *  - fetch() calls (js, javascript, ts, typescript, jsx, tsx): URL string or template literal,
 *    `method`, `body: JSON.stringify({...})`, headers;
 *  - requests-style calls (python, py): `<name>.get|post|put|patch|delete(url, json={...})`;
 *  - JSON blocks (json; jsonc allows comments): they must parse. A block whose title says
 *    "request" is a request body; any other is a response example, checked against the response
 *    of the nearest preceding call in the same H2 section, or, without one, against the schema
 *    its `"object"` names. Add `nocheck` to a JSON block's meta to only check that it parses.
 *
 * URLs, bodies and ids may come from constants declared in the same block (`const API = '…'`,
 * `ZIP=https://…`, `payload = {...}`); what cannot be read as a literal is skipped, not guessed.
 *
 * Each problem is printed as `path:line: reason`; the exit code is 1 when there is any.
 */
import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {passesLuhn, testCards} from '../src/data/testMode';

// ------------------------------------------------------------------------------------------------
// JSON values and schemas

export type JsonValue = null | boolean | number | string | JsonValue[] | {[key: string]: JsonValue};
export type JsonPath = readonly (string | number)[];
/** A schema node of a spec whose `$ref`s have all been replaced by their targets. */
export type Schema = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJsonObject(value: JsonValue): value is {[key: string]: JsonValue} {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Stands for a part of a URL or body the check cannot know (a variable, an expression). */
const WILDCARD = '\u0000';

export interface Problem {
  file: string;
  line: number;
  reason: string;
}

export interface FileReport {
  problems: Problem[];
  /** HTTP calls and JSON blocks that were checked. */
  samples: number;
}

// ------------------------------------------------------------------------------------------------
// Specs

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
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

function lookupPointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, not ${ref}`);
  let node = document;
  for (const rawPart of ref.slice(2).split('/')) {
    const part = decodeURIComponent(rawPart).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(node) || !(part in node)) throw new Error(`Unresolvable $ref ${ref}`);
    node = node[part];
  }
  return node;
}

/**
 * Replaces every `$ref` with its target, so the validator only ever sees plain schemas. A target
 * is resolved once and shared; a recursive schema ends up pointing at itself, which the validator
 * handles because it only descends as deep as the (finite) JSON it checks.
 */
function inlineRefs(document: unknown): unknown {
  const resolved = new Map<string, Record<string, unknown>>();
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isRecord(node)) return node;
    const ref = node.$ref;
    if (typeof ref === 'string') {
      let target = resolved.get(ref);
      if (!target) {
        target = {};
        resolved.set(ref, target);
        const found = visit(lookupPointer(document, ref));
        if (isRecord(found)) Object.assign(target, found);
      }
      // OpenAPI 3.1 allows siblings next to $ref (usually a description): keep them on top.
      const siblings = Object.entries(node).filter(([key]) => key !== '$ref');
      if (siblings.length === 0) return target;
      return {...target, ...Object.fromEntries(siblings.map(([key, value]) => [key, visit(value)]))};
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
  };
  return visit(document);
}

function jsonSchemaOf(content: unknown): Schema | undefined {
  if (!isRecord(content)) return undefined;
  const media = content['application/json'] ?? Object.entries(content).find(([type]) => type.endsWith('+json'))?.[1];
  return isRecord(media) && isRecord(media.schema) ? media.schema : undefined;
}

function toParameter(node: unknown): Parameter | undefined {
  if (!isRecord(node) || typeof node.name !== 'string' || typeof node.in !== 'string') return undefined;
  return {name: node.name, location: node.in, schema: isRecord(node.schema) ? node.schema : undefined};
}

function mergeParameters(pathLevel: unknown, operationLevel: unknown): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const list of [pathLevel, operationLevel]) {
    if (!Array.isArray(list)) continue;
    for (const node of list) {
      const parameter = toParameter(node);
      // An operation's parameter overrides the path item's parameter of the same name and place.
      if (parameter) byKey.set(`${parameter.location}:${parameter.name}`, parameter);
    }
  }
  return [...byKey.values()];
}

function responseSchemas(responses: unknown): {success: Schema | undefined; error: Schema | undefined} {
  let success: Schema | undefined;
  let error: Schema | undefined;
  if (!isRecord(responses)) return {success, error};
  for (const status of Object.keys(responses).sort()) {
    const response = responses[status];
    const schema = isRecord(response) ? jsonSchemaOf(response.content) : undefined;
    if (!schema) continue;
    if (/^2(\d\d|XX)$/i.test(status)) success ??= schema;
    else if (/^[45](\d\d|XX)$/i.test(status) || status === 'default') error ??= schema;
  }
  return {success, error};
}

/** The value a schema's `object` property must have (`const` or a one-value `enum`), if any. */
function objectNameOf(schema: Schema): string | undefined {
  const properties = flatten(schema).properties;
  const objectProperty = isRecord(properties) ? properties.object : undefined;
  if (!isRecord(objectProperty)) return undefined;
  const property = flatten(objectProperty);
  if (typeof property.const === 'string') return property.const;
  const values = property.enum;
  return Array.isArray(values) && values.length === 1 && typeof values[0] === 'string' ? values[0] : undefined;
}

export function loadSpecs(specDir: string): Specs {
  const specs: Specs = {hosts: [], operations: [], resources: new Map(), listSchema: undefined, errorSchema: undefined};
  const files = readdirSync(specDir).filter((name) => /\.ya?ml$/.test(name)).sort();
  for (const name of files) {
    const specFile = `${path.basename(specDir)}/${name}`;
    const document = inlineRefs(yaml.load(readFileSync(path.join(specDir, name), 'utf8')));
    if (!isRecord(document)) throw new Error(`${specFile} is not a YAML mapping`);

    for (const server of Array.isArray(document.servers) ? document.servers : []) {
      if (isRecord(server) && typeof server.url === 'string') {
        const origin = new URL(server.url).origin;
        if (!specs.hosts.includes(origin)) specs.hosts.push(origin);
      }
    }

    const paths = isRecord(document.paths) ? document.paths : {};
    for (const [template, pathItem] of Object.entries(paths)) {
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
          parameters: mergeParameters(pathItem.parameters, operation.parameters),
          requestSchema: requestBody ? jsonSchemaOf(requestBody.content) : undefined,
          requestBodyRequired: requestBody?.required === true,
          successSchema: success,
          errorSchema: error,
        });
      }
    }

    const components = isRecord(document.components) ? document.components : {};
    const schemas = isRecord(components.schemas) ? components.schemas : {};
    for (const [schemaName, schema] of Object.entries(schemas)) {
      if (!isRecord(schema)) continue;
      if (schemaName === 'Error') specs.errorSchema ??= schema;
      const objectName = objectNameOf(schema);
      if (objectName === undefined) continue;
      if (objectName === 'list') {
        if (schemaName === 'List') specs.listSchema ??= schema;
      } else if (schemaName === 'Event') {
        // Every API has an event schema of its own types (ChargeEvent, …); `Event` has them all.
        specs.resources.set(objectName, {objectName, schemaName, specFile, schema});
      } else if (!specs.resources.has(objectName)) {
        specs.resources.set(objectName, {objectName, schemaName, specFile, schema});
      }
    }
  }
  if (specs.hosts.length === 0) throw new Error(`No server URL in ${specDir}/*.yaml`);
  return specs;
}

// ------------------------------------------------------------------------------------------------
// Schema validation: the subset of JSON Schema 2020-12 the specs use, with two rules of our own.
//  - Response examples may leave out required properties (pages show partial objects for
//    brevity), but every property they do show must exist, even without
//    `additionalProperties: false`, because a reader would copy it.
//  - Placeholders ("…", "...", "<charge id>", "ch_…") stand in for any string.

export type ValidationMode = 'request' | 'response';

export interface Issue {
  path: JsonPath;
  kind: 'missing' | 'unknown' | 'invalid';
  /** For 'invalid', the predicate ("is 5, below the minimum of 100"); for 'unknown', a hint. */
  detail: string;
}

const flattenedSchemas = new WeakMap<Schema, Schema>();

function typesOf(schema: Schema): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  return undefined;
}

/** Merges two schemas that must both hold (allOf), so property sets combine into one. */
function combineSchemas(first: Schema, second: Schema): Schema {
  const result: Record<string, unknown> = {...first};
  for (const [keyword, value] of Object.entries(second)) {
    const existing = result[keyword];
    if (existing === undefined) {
      result[keyword] = value;
      continue;
    }
    if (keyword === 'properties' && isRecord(existing) && isRecord(value)) {
      const merged: Record<string, unknown> = {...existing};
      for (const [name, propertySchema] of Object.entries(value)) {
        const previous = merged[name];
        merged[name] = isRecord(previous) && isRecord(propertySchema)
          ? combineSchemas(flatten(previous), flatten(propertySchema))
          : propertySchema;
      }
      result.properties = merged;
    } else if (keyword === 'required' && Array.isArray(existing) && Array.isArray(value)) {
      result.required = [...new Set([...existing, ...value])];
    } else if (keyword === 'items' && isRecord(existing) && isRecord(value)) {
      result.items = combineSchemas(flatten(existing), flatten(value));
    } else if (keyword === 'type') {
      const secondTypes = typesOf(second) ?? [];
      const common = (typesOf(first) ?? []).filter((type) => secondTypes.includes(type));
      result.type = common.length > 0 ? common : value;
    } else if (keyword === 'additionalProperties') {
      // One branch closing the object closes the merged object: that is what authors mean.
      result.additionalProperties = existing === false || value === false ? false : existing;
    } else if (typeof existing === 'number' && typeof value === 'number') {
      if (/^(minimum|minLength|minItems|minProperties|exclusiveMinimum)$/.test(keyword)) result[keyword] = Math.max(existing, value);
      if (/^(maximum|maxLength|maxItems|maxProperties|exclusiveMaximum)$/.test(keyword)) result[keyword] = Math.min(existing, value);
    }
  }
  return result;
}

/** The schema with its `allOf` branches merged in (cached: schemas are shared and immutable). */
function flatten(schema: Schema): Schema {
  const cached = flattenedSchemas.get(schema);
  if (cached) return cached;
  let result: Schema = schema;
  if (Array.isArray(schema.allOf)) {
    result = Object.fromEntries(Object.entries(schema).filter(([keyword]) => keyword !== 'allOf'));
    for (const branch of schema.allOf) {
      if (isRecord(branch)) result = combineSchemas(result, flatten(branch));
    }
  }
  flattenedSchemas.set(schema, result);
  return result;
}

export function isPlaceholder(value: string): boolean {
  const text = value.trim();
  return text === '…' || text === '...' || /^<[^<>]+>$/.test(text) || /^[\w-]+(…|\.\.\.)$/.test(text);
}

function hasType(value: JsonValue, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isJsonObject(value);
    default:
      return true;
  }
}

function describeValue(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const shown = JSON.stringify(value);
  const short = shown.length > 40 ? `${shown.slice(0, 37)}…` : shown;
  if (typeof value === 'string') return `a string (${short})`;
  if (typeof value === 'boolean') return `a boolean (${short})`;
  return Number.isInteger(value) ? `an integer (${short})` : `a number (${short})`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export function levenshtein(first: string, second: string): number {
  let previous = Array.from({length: second.length + 1}, (_, index) => index);
  for (let i = 1; i <= first.length; i++) {
    const current = [i];
    for (let j = 1; j <= second.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (first[i - 1] === second[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[second.length] ?? 0;
}

/** The closest of `options` to `word`, when it is close enough to be a likely typo. */
function closest(word: string, options: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const option of options) {
    const distance = levenshtein(word.toLowerCase(), option.toLowerCase());
    if (distance < bestDistance) {
      best = option;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

function didYouMean(word: string, options: readonly string[]): string {
  const suggestion = closest(word, options);
  return suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
}

const FORMAT_CHECKS: Readonly<Record<string, (value: string) => boolean>> = {
  'date-time': (value) =>
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/.test(value),
  date: (value) => /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value),
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uri: (value) => {
    if (!/^[a-z][a-z\d+.-]*:\S+$/i.test(value)) return false;
    try {
      new URL(value);
      return true;
    } catch {
      return false;
    }
  },
  uuid: (value) => /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i.test(value),
};

const compiledPatterns = new Map<string, RegExp>();

function compilePattern(pattern: string): RegExp {
  let regex = compiledPatterns.get(pattern);
  if (!regex) {
    try {
      regex = new RegExp(pattern, 'u');
    } catch {
      regex = new RegExp(pattern);
    }
    compiledPatterns.set(pattern, regex);
  }
  return regex;
}

function formatEnum(options: readonly unknown[], value: JsonValue): string {
  const shown = options.map((option) => (typeof option === 'string' ? option : JSON.stringify(option)));
  if (shown.length <= 12) return `expected one of: ${shown.join(', ')}`;
  const hint = typeof value === 'string' ? didYouMean(value, options.filter((option): option is string => typeof option === 'string')) : '';
  return `not one of the ${shown.length} allowed values${hint}`;
}

/** Validates `value`, returning every issue found (in document order). */
export function validateAgainstSchema(value: JsonValue, schema: Schema, mode: ValidationMode): Issue[] {
  const issues: Issue[] = [];
  validateNode(value, schema, mode, [], issues);
  return issues;
}

function validateNode(value: JsonValue, rawSchema: Schema, mode: ValidationMode, at: JsonPath, issues: Issue[]): void {
  const schema = flatten(rawSchema);
  const types = typesOf(schema);
  const invalid = (detail: string): void => {
    issues.push({path: at, kind: 'invalid', detail});
  };

  if (typeof value === 'string' && isPlaceholder(value)) {
    if (types === undefined || types.includes('string')) return;
    invalid(`is the placeholder ${JSON.stringify(value)}, but takes ${types.join(' or ')}`);
    return;
  }
  if (!validateAlternatives(value, schema, mode, at, issues)) return;
  if (types !== undefined && !types.some((type) => hasType(value, type))) {
    invalid(`is ${describeValue(value)}, expected ${types.join(' or ')}`);
    return;
  }
  if ('const' in schema && canonicalJson(schema.const) !== canonicalJson(value)) {
    invalid(`is ${JSON.stringify(value)}, expected ${JSON.stringify(schema.const)}`);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => canonicalJson(option) === canonicalJson(value))) {
    invalid(`is ${JSON.stringify(value)}, ${formatEnum(schema.enum, value)}`);
    return;
  }

  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
      invalid(`is ${length} characters long, more than the maximum of ${schema.maxLength}`);
    }
    if (typeof schema.minLength === 'number' && length < schema.minLength) {
      invalid(`is ${length} characters long, fewer than the minimum of ${schema.minLength}`);
    }
    if (typeof schema.pattern === 'string' && !compilePattern(schema.pattern).test(value)) {
      invalid(`is ${JSON.stringify(value)}, which does not match the pattern ${schema.pattern}`);
    }
    const formatCheck = typeof schema.format === 'string' ? FORMAT_CHECKS[schema.format] : undefined;
    if (formatCheck && !formatCheck(value)) invalid(`is ${JSON.stringify(value)}, which is not a valid ${String(schema.format)}`);
  } else if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) invalid(`is ${value}, below the minimum of ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) invalid(`is ${value}, above the maximum of ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) {
      invalid(`is ${value}, not above ${schema.exclusiveMinimum}`);
    }
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) {
      invalid(`is ${value}, not below ${schema.exclusiveMaximum}`);
    }
    if (typeof schema.multipleOf === 'number' && !Number.isInteger(value / schema.multipleOf)) {
      invalid(`is ${value}, not a multiple of ${schema.multipleOf}`);
    }
  } else if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
      invalid(`has ${value.length} items, fewer than the minimum of ${schema.minItems}`);
    }
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
      invalid(`has ${value.length} items, more than the maximum of ${schema.maxItems}`);
    }
    if (schema.uniqueItems === true && new Set(value.map(canonicalJson)).size !== value.length) invalid('has duplicate items');
    if (isRecord(schema.items)) {
      const itemSchema = schema.items;
      value.forEach((item, index) => validateNode(item, itemSchema, mode, [...at, index], issues));
    }
  } else if (isJsonObject(value)) {
    validateObject(value, schema, mode, at, issues);
  }
}

/** anyOf/oneOf: passes when a branch passes; otherwise reports the closest branch's issues. */
function validateAlternatives(value: JsonValue, schema: Schema, mode: ValidationMode, at: JsonPath, issues: Issue[]): boolean {
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const results = branches.filter(isRecord).map((branch) => {
      const branchIssues: Issue[] = [];
      validateNode(value, branch, mode, at, branchIssues);
      return branchIssues;
    });
    const passing = results.filter((result) => result.length === 0).length;
    if (passing === 0 && results.length > 0) {
      const best = results.reduce((fewest, result) => (result.length < fewest.length ? result : fewest));
      issues.push(...best);
      return false;
    }
    // Partial response examples can fit several branches; only a request must pick exactly one.
    if (keyword === 'oneOf' && passing > 1 && mode === 'request') {
      issues.push({path: at, kind: 'invalid', detail: `matches ${passing} of the oneOf alternatives, expected exactly one`});
      return false;
    }
  }
  return true;
}

function validateObject(
  value: {[key: string]: JsonValue},
  schema: Schema,
  mode: ValidationMode,
  at: JsonPath,
  issues: Issue[],
): void {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const propertyNames = Object.keys(properties);
  if (mode === 'request' && Array.isArray(schema.required)) {
    // A misspelt required field ("amout") is reported once, as unknown with its suggestion.
    const misspelt = new Set(Object.keys(value).filter((key) => !Object.hasOwn(properties, key)).map((key) => closest(key, propertyNames)));
    for (const name of schema.required) {
      if (typeof name === 'string' && !Object.hasOwn(value, name) && !misspelt.has(name)) {
        issues.push({path: [...at, name], kind: 'missing', detail: ''});
      }
    }
  }
  const patternProperties = isRecord(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
  for (const [key, child] of Object.entries(value)) {
    const propertySchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (isRecord(propertySchema)) {
      validateNode(child, propertySchema, mode, [...at, key], issues);
      continue;
    }
    const byPattern = patternProperties.find(([pattern]) => compilePattern(pattern).test(key))?.[1];
    if (isRecord(byPattern)) {
      validateNode(child, byPattern, mode, [...at, key], issues);
      continue;
    }
    const additional = schema.additionalProperties;
    if (isRecord(additional)) {
      validateNode(child, additional, mode, [...at, key], issues);
    } else if (additional === false || propertyNames.length > 0) {
      issues.push({path: [...at, key], kind: 'unknown', detail: didYouMean(key, propertyNames)});
    }
  }
  const count = Object.keys(value).length;
  if (typeof schema.maxProperties === 'number' && count > schema.maxProperties) {
    issues.push({path: at, kind: 'invalid', detail: `has ${count} properties, more than the maximum of ${schema.maxProperties}`});
  }
  if (mode === 'request' && typeof schema.minProperties === 'number' && count < schema.minProperties) {
    issues.push({path: at, kind: 'invalid', detail: `has ${count} properties, fewer than the minimum of ${schema.minProperties}`});
  }
}

export function formatPath(fieldPath: JsonPath): string {
  let text = '';
  for (const part of fieldPath) text += typeof part === 'number' ? `[${part}]` : text === '' ? part : `.${part}`;
  return text;
}

// ------------------------------------------------------------------------------------------------
// Literal parser: JSON (strict, for json blocks), JSON with comments, JavaScript object literals
// and Python dict literals. It records where each value sits, so a problem points at its line.
// In the JS and Python dialects anything that is not a plain literal (a variable, a call, a
// spread) makes the whole value "not a literal": such bodies are skipped, not reported.

export type LiteralDialect = 'json' | 'jsonc' | 'js' | 'python';

export type LiteralResult =
  | {kind: 'value'; value: JsonValue; locations: Map<string, number>}
  | {kind: 'syntax-error'; offset: number; message: string}
  | {kind: 'not-literal'};

class NotALiteral extends Error {}

class LiteralSyntaxError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

export function pathKey(fieldPath: JsonPath): string {
  return JSON.stringify(fieldPath);
}

export function parseLiteral(text: string, dialect: LiteralDialect): LiteralResult {
  const parser = new LiteralParser(text, dialect);
  try {
    const value = parser.parseDocument();
    return {kind: 'value', value, locations: parser.locations};
  } catch (error) {
    if (error instanceof LiteralSyntaxError) return {kind: 'syntax-error', offset: error.offset, message: error.message};
    if (error instanceof NotALiteral) return {kind: 'not-literal'};
    throw error;
  }
}

const JSON_ESCAPES: Readonly<Record<string, string>> = {'"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t'};
const CODE_ESCAPES: Readonly<Record<string, string>> = {...JSON_ESCAPES, v: '\v', '0': '\0', "'": "'", '\n': ''};

class LiteralParser {
  readonly locations = new Map<string, number>();
  private position = 0;

  constructor(
    private readonly text: string,
    private readonly dialect: LiteralDialect,
  ) {}

  private get isJson(): boolean {
    return this.dialect === 'json' || this.dialect === 'jsonc';
  }

  parseDocument(): JsonValue {
    const value = this.parseValue([]);
    this.skipTrivia();
    if (this.position < this.text.length) this.fail(`unexpected ${this.describeHere()} after the end of the value`);
    return value;
  }

  private fail(message: string, offset = this.position): never {
    if (this.isJson) throw new LiteralSyntaxError(offset, message);
    throw new NotALiteral(message);
  }

  private describeHere(): string {
    const char = this.text[this.position];
    return char === undefined ? 'end of input' : JSON.stringify(char);
  }

  private skipTrivia(): void {
    for (;;) {
      const char = this.text.charAt(this.position);
      if (char === '') return;
      if (char === ' ' || char === '\t' || char === '\n' || char === '\r' || (!this.isJson && /\s/.test(char))) {
        this.position++;
        continue;
      }
      const next = this.text.charAt(this.position + 1);
      if (char === '/' && (next === '/' || next === '*') && this.dialect !== 'python') {
        if (this.dialect === 'json') this.fail('comments are not allowed in JSON (use a jsonc block for annotated JSON)');
        const end = next === '/' ? this.text.indexOf('\n', this.position) : this.text.indexOf('*/', this.position + 2);
        this.position = end < 0 ? this.text.length : next === '/' ? end : end + 2;
        continue;
      }
      if (char === '#' && this.dialect === 'python') {
        const end = this.text.indexOf('\n', this.position);
        this.position = end < 0 ? this.text.length : end;
        continue;
      }
      return;
    }
  }

  private parseValue(fieldPath: JsonPath): JsonValue {
    this.skipTrivia();
    const key = pathKey(fieldPath);
    if (!this.locations.has(key)) this.locations.set(key, this.position);
    const char = this.text.charAt(this.position);
    if (char === '') this.fail('unexpected end of input');
    if (char === '{') return this.parseObject(fieldPath);
    if (char === '[') return this.parseArray(fieldPath);
    if (char === '"' || char === "'") return this.parseString('');
    if (char === '`' && this.dialect === 'js') return this.parseTemplate();
    if (/[-+.\d]/.test(char)) return this.parseNumber();
    if (/[A-Za-z_$]/.test(char)) return this.parseWord();
    return this.fail(`unexpected ${this.describeHere()}`);
  }

  private parseObject(fieldPath: JsonPath): JsonValue {
    this.position++;
    const entries: [string, JsonValue][] = [];
    let commaAt = -1;
    for (;;) {
      this.skipTrivia();
      if (this.text[this.position] === '}') {
        if (commaAt >= 0 && this.dialect === 'json') this.fail('trailing comma before "}"', commaAt);
        this.position++;
        return Object.fromEntries(entries);
      }
      const keyStart = this.position;
      const key = this.parseKey();
      this.skipTrivia();
      if (this.text[this.position] !== ':') this.fail(`expected ":" after the key ${JSON.stringify(key)}, found ${this.describeHere()}`);
      this.position++;
      const childPath = [...fieldPath, key];
      this.locations.set(pathKey(childPath), keyStart);
      entries.push([key, this.parseValue(childPath)]);
      this.skipTrivia();
      const after = this.text[this.position];
      if (after === ',') {
        commaAt = this.position;
        this.position++;
        continue;
      }
      if (after === '}') {
        this.position++;
        return Object.fromEntries(entries);
      }
      this.fail(`expected "," or "}" after the value of ${JSON.stringify(key)}, found ${this.describeHere()}`);
    }
  }

  private parseKey(): string {
    const char = this.text.charAt(this.position);
    if (char === '"' || (char === "'" && !this.isJson)) {
      const key = this.parseString('');
      if (typeof key !== 'string') this.fail('expected a string key');
      return key;
    }
    if (this.isJson) this.fail(`expected a double-quoted key, found ${this.describeHere()}`);
    if (this.dialect === 'js') {
      const identifier = /[A-Za-z_$][\w$]*|\d+/y;
      identifier.lastIndex = this.position;
      const match = identifier.exec(this.text);
      if (match) {
        this.position += match[0].length;
        return match[0];
      }
    }
    return this.fail('not a literal key');
  }

  private parseArray(fieldPath: JsonPath): JsonValue {
    this.position++;
    const items: JsonValue[] = [];
    let commaAt = -1;
    for (;;) {
      this.skipTrivia();
      if (this.text[this.position] === ']') {
        if (commaAt >= 0 && this.dialect === 'json') this.fail('trailing comma before "]"', commaAt);
        this.position++;
        return items;
      }
      items.push(this.parseValue([...fieldPath, items.length]));
      this.skipTrivia();
      const after = this.text[this.position];
      if (after === ',') {
        commaAt = this.position;
        this.position++;
        continue;
      }
      if (after === ']') {
        this.position++;
        return items;
      }
      this.fail(`expected "," or "]" in the array, found ${this.describeHere()}`);
    }
  }

  /** A quoted string; `prefix` holds Python's string prefix letters (r, f, b, u), lower case. */
  private parseString(prefix: string): JsonValue {
    const start = this.position;
    const quote = this.text.charAt(start);
    if (quote === "'" && this.isJson) this.fail('JSON strings must use double quotes');
    if (prefix.includes('b')) this.fail('bytes are not JSON');
    const triple = this.dialect === 'python' && this.text.startsWith(quote.repeat(3), start);
    const closing = triple ? quote.repeat(3) : quote;
    const raw = prefix.includes('r');
    const formatted = prefix.includes('f');
    this.position += closing.length;
    let result = '';
    for (;;) {
      const char = this.text.charAt(this.position);
      if (char === '') this.fail('unterminated string', start);
      if (this.text.startsWith(closing, this.position)) {
        this.position += closing.length;
        return result;
      }
      if (char === '\\' && !raw) {
        result += this.parseEscape();
        continue;
      }
      if (char < ' ' && !(triple && char === '\n')) {
        this.fail(char === '\n' ? 'line break inside a string (a closing quote is missing?)' : 'control character inside a string');
      }
      if (formatted && (char === '{' || char === '}')) {
        // f-strings: {{ and }} are literal braces; a single brace interpolates a variable.
        if (this.text.charAt(this.position + 1) !== char) this.fail('f-string with a replacement field');
        this.position++;
      }
      result += char;
      this.position++;
    }
  }

  private parseEscape(): string {
    const escaped = this.text.charAt(this.position + 1);
    const simple = (this.isJson ? JSON_ESCAPES : CODE_ESCAPES)[escaped];
    if (simple !== undefined) {
      this.position += 2;
      return simple;
    }
    const hex = escaped === 'u' ? /[\da-fA-F]{4}/y : escaped === 'x' && !this.isJson ? /[\da-fA-F]{2}/y : undefined;
    if (hex) {
      hex.lastIndex = this.position + 2;
      const match = hex.exec(this.text);
      if (!match) this.fail(`invalid \\${escaped} escape`);
      this.position += 2 + match[0].length;
      return String.fromCharCode(parseInt(match[0], 16));
    }
    if (this.isJson) this.fail(`invalid escape "\\${escaped}" in a string`);
    this.position += 2;
    return escaped;
  }

  private parseTemplate(): JsonValue {
    const start = this.position;
    this.position++;
    let result = '';
    for (;;) {
      const char = this.text.charAt(this.position);
      if (char === '') this.fail('unterminated template literal', start);
      if (char === '`') {
        this.position++;
        return result;
      }
      if (char === '$' && this.text.charAt(this.position + 1) === '{') this.fail('template literal with a substitution');
      if (char === '\\') {
        result += this.parseEscape();
        continue;
      }
      result += char;
      this.position++;
    }
  }

  private parseNumber(): JsonValue {
    const pattern = this.isJson
      ? /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
      : /[-+]?(?:0[xX][\da-fA-F_]+|\d[\d_]*(?:\.[\d_]*)?(?:[eE][+-]?\d+)?|\.\d[\d_]*(?:[eE][+-]?\d+)?)/y;
    pattern.lastIndex = this.position;
    const match = pattern.exec(this.text);
    if (!match) return this.fail(`invalid number at ${this.describeHere()}`);
    const end = this.position + match[0].length;
    if (/[\w.$]/.test(this.text.charAt(end))) this.fail(`invalid number "${match[0]}${this.text.charAt(end)}"`, end);
    const value = Number(match[0].replace(/_/g, ''));
    if (!Number.isFinite(value)) this.fail(`invalid number "${match[0]}"`);
    this.position = end;
    return value;
  }

  private parseWord(): JsonValue {
    const identifier = /[A-Za-z_$][\w$]*/y;
    identifier.lastIndex = this.position;
    const word = identifier.exec(this.text)?.[0] ?? '';
    const constants: Readonly<Record<string, JsonValue>> =
      this.dialect === 'python' ? {True: true, False: false, None: null} : {true: true, false: false, null: null};
    if (Object.hasOwn(constants, word)) {
      this.position += word.length;
      return constants[word] ?? null;
    }
    const after = this.text.charAt(this.position + word.length);
    if (this.dialect === 'python' && /^[rRuUfFbB]{1,2}$/.test(word) && (after === '"' || after === "'")) {
      this.position += word.length;
      return this.parseString(word.toLowerCase());
    }
    if (this.isJson) this.fail(`unexpected "${word}" (JSON values are double-quoted strings, numbers, true, false, null, objects or arrays)`);
    return this.fail(`"${word}" is not a literal`);
  }
}

// ------------------------------------------------------------------------------------------------
// Markdown: fenced code blocks, with the H2 section each one is in.

export interface CodeBlock {
  language: string;
  title: string | undefined;
  /** `nocheck` in the meta: a JSON block is only checked to parse. */
  skipSchema: boolean;
  text: string;
  /** 1-based file line of the first line inside the fence. */
  firstLine: number;
  /** Counts H1/H2 headings before the block: blocks with the same number share a section. */
  section: number;
}

export function extractCodeBlocks(source: string): CodeBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: CodeBlock[] = [];
  let section = 0;
  let index = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, lineIndex) => lineIndex > 0 && line.trim() === '---');
    if (end > 0) index = end + 1;
  }
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(line);
    const indent = open?.[1]?.length ?? 0;
    const fence = open?.[2] ?? '';
    const info = (open?.[3] ?? '').trim();
    if (!open || (fence.startsWith('`') && info.includes('`'))) {
      if (/^#{1,2}\s/.test(line)) section++;
      index++;
      continue;
    }
    const language = (/^[^\s{]+/.exec(info)?.[0] ?? '').toLowerCase();
    const meta = info.slice(language.length);
    const titleMatch = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
    const content: string[] = [];
    let end = index + 1;
    for (; end < lines.length; end++) {
      const candidate = lines[end] ?? '';
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(candidate)?.[1];
      if (close !== undefined && close[0] === fence[0] && close.length >= fence.length) break;
      // Fences nested in JSX (<TabItem>) are indented: drop that indentation from their content.
      const leading = /^[ \t]*/.exec(candidate)?.[0].length ?? 0;
      content.push(candidate.slice(Math.min(leading, indent)));
    }
    blocks.push({
      language,
      title: titleMatch ? (titleMatch[1] ?? titleMatch[2] ?? titleMatch[3]) : undefined,
      skipSchema: /(^|\s)nocheck(\s|$)/.test(meta),
      text: content.join('\n'),
      firstLine: index + 2,
      section,
    });
    index = end + 1;
  }
  return blocks;
}

function blockLine(block: CodeBlock, offset: number): number {
  let line = block.firstLine;
  const limit = Math.min(offset, block.text.length);
  for (let i = 0; i < limit; i++) if (block.text.charCodeAt(i) === 10) line++;
  return line;
}

// ------------------------------------------------------------------------------------------------
// HTTP samples

export type SampleBody =
  | {kind: 'none'}
  /** Built from variables or expressions: not checked. */
  | {kind: 'unreadable'}
  | {kind: 'not-json'; line: number; reason: string}
  | {kind: 'syntax-error'; line: number; message: string}
  | {kind: 'value'; value: JsonValue; lineOf: (fieldPath: JsonPath) => number};

export interface HttpSample {
  line: number;
  /** Undefined when the sample's options could not be read. */
  method: string | undefined;
  /** The full URL, with WILDCARD where a part is not known. */
  url: string;
  /** Query parameters given outside the URL (curl -G -d, Python params=). */
  extraQuery: [string, string][];
  body: SampleBody;
  sendsIdempotencyKey: boolean;
}

function lineMapper(locations: Map<string, number>, toLine: (offset: number) => number, fallback: number): (fieldPath: JsonPath) => number {
  return (fieldPath) => {
    for (let length = fieldPath.length; length >= 0; length--) {
      const offset = locations.get(pathKey(fieldPath.slice(0, length)));
      if (offset !== undefined) return toLine(offset);
    }
    return fallback;
  };
}

function bodyFromLiteral(result: LiteralResult, toLine: (offset: number) => number, fallbackLine: number): SampleBody {
  if (result.kind === 'syntax-error') return {kind: 'syntax-error', line: toLine(result.offset), message: result.message};
  if (result.kind === 'not-literal') return {kind: 'unreadable'};
  return {kind: 'value', value: result.value, lineOf: lineMapper(result.locations, toLine, fallbackLine)};
}

// --- curl -------------------------------------------------------------------------------------

interface ShellWord {
  text: string;
  /** Block offset of each character of `text` (expanded variables get the offset of their `$`). */
  offsets: number[];
}

type ShellToken =
  | {kind: 'word'; word: ShellWord; start: number}
  | {kind: 'heredoc'; word: ShellWord; start: number}
  | {kind: 'operator'; operator: string; start: number};

/** Plain `NAME=value` assignments in the block, so `$NAME` in a URL or body can be expanded. */
function shellVariables(text: string): Map<string, string> {
  const variables = new Map<string, string>();
  const assignment = /^[ \t]*(?:export[ \t]+)?([A-Za-z_]\w*)=(?:"([^"$`\\\n]*)"|'([^'\n]*)'|([^\s'"$`\\;|&]*))[ \t]*(?:#.*)?$/gm;
  for (const match of text.matchAll(assignment)) {
    const name = match[1];
    if (name !== undefined) variables.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return variables;
}

/** Splits shell text into words (quotes removed, escapes applied), operators and heredoc bodies. */
function tokenizeShell(text: string, variables: ReadonlyMap<string, string>): ShellToken[] {
  const tokens: ShellToken[] = [];
  let current: ShellWord | undefined;
  let currentStart = 0;
  let expectDelimiter: false | 'plain' | 'dash' = false;
  const pendingHeredocs: {delimiter: string; stripTabs: boolean}[] = [];

  const startWord = (offset: number): ShellWord => {
    if (!current) {
      current = {text: '', offsets: []};
      currentStart = offset;
    }
    return current;
  };
  const append = (chars: string, offset: number, sameOffset = false): void => {
    const word = startWord(offset);
    for (let i = 0; i < chars.length; i++) {
      word.text += chars.charAt(i);
      word.offsets.push(sameOffset ? offset : offset + i);
    }
  };
  const finishWord = (): void => {
    if (!current) return;
    if (expectDelimiter) {
      pendingHeredocs.push({delimiter: current.text, stripTabs: expectDelimiter === 'dash'});
      expectDelimiter = false;
    } else {
      tokens.push({kind: 'word', word: current, start: currentStart});
    }
    current = undefined;
  };
  const expand = (index: number): number => {
    const next = text.charAt(index + 1);
    if (next === '{' || /[A-Za-z_]/.test(next)) {
      const braced = next === '{';
      const end = braced ? text.indexOf('}', index) : index + 1 + (/^[A-Za-z_]\w*/.exec(text.slice(index + 1))?.[0].length ?? 0);
      const inner = braced ? text.slice(index + 2, end < 0 ? text.length : end) : text.slice(index + 1, end);
      const name = /^[A-Za-z_]\w*/.exec(inner)?.[0] ?? '';
      append(variables.get(name) ?? WILDCARD, index, true);
      return braced ? (end < 0 ? text.length : end + 1) : end;
    }
    if (next === '(') {
      let depth = 0;
      let end = index + 1;
      for (; end < text.length; end++) {
        if (text[end] === '(') depth++;
        if (text[end] === ')' && --depth === 0) break;
      }
      append(WILDCARD, index, true);
      return end + 1;
    }
    append('$', index);
    return index + 1;
  };

  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === '\\') {
      if (text.charAt(index + 1) !== '\n') append(text.charAt(index + 1), index + 1);
      index += 2;
    } else if (char === ' ' || char === '\t' || char === '\r') {
      finishWord();
      index++;
    } else if (char === '\n') {
      finishWord();
      index++;
      // Heredoc bodies start on the line after their `<<` operator and belong to its command.
      for (const heredoc of pendingHeredocs.splice(0)) {
        const word: ShellWord = {text: '', offsets: []};
        const start = index;
        while (index < text.length) {
          const lineEnd = text.indexOf('\n', index) < 0 ? text.length : text.indexOf('\n', index);
          const line = text.slice(index, lineEnd);
          const candidate = heredoc.stripTabs ? line.replace(/^\t+/, '') : line;
          if (candidate.trimEnd() === heredoc.delimiter) {
            index = lineEnd + 1;
            break;
          }
          for (let i = index; i <= lineEnd && i < text.length; i++) {
            word.text += text.charAt(i);
            word.offsets.push(i);
          }
          index = lineEnd + 1;
        }
        tokens.push({kind: 'heredoc', word, start});
      }
      tokens.push({kind: 'operator', operator: '\n', start: index - 1});
    } else if (char === '#' && !current) {
      const end = text.indexOf('\n', index);
      index = end < 0 ? text.length : end;
    } else if (char === "'") {
      const end = text.indexOf("'", index + 1);
      const stop = end < 0 ? text.length : end;
      startWord(index);
      append(text.slice(index + 1, stop), index + 1);
      index = stop + 1;
    } else if (char === '"') {
      startWord(index);
      index++;
      while (index < text.length && text[index] !== '"') {
        const inner = text.charAt(index);
        const escaped = text.charAt(index + 1);
        if (inner === '\\' && '$`"\\\n'.includes(escaped)) {
          if (escaped !== '\n') append(escaped, index + 1);
          index += 2;
        } else if (inner === '$') {
          index = expand(index);
        } else {
          append(inner, index);
          index++;
        }
      }
      index++;
    } else if (char === '$') {
      index = expand(index);
    } else {
      const operator = /^(?:&&|\|\||;;|<<-|<<|>>|[|;&<>()])/.exec(text.slice(index, index + 3))?.[0];
      if (operator === undefined) {
        append(char, index);
        index++;
        continue;
      }
      finishWord();
      if (operator === '<<' || operator === '<<-') expectDelimiter = operator === '<<-' ? 'dash' : 'plain';
      else tokens.push({kind: 'operator', operator, start: index});
      index += operator.length;
    }
  }
  finishWord();
  return tokens;
}

/** In console blocks only the prompted lines ($ or %) and their continuations are commands. */
function consoleCommands(text: string): string {
  const lines = text.split('\n');
  if (!lines.some((line) => /^\s*[$%] /.test(line))) return text;
  let continuing = false;
  return lines
    .map((line) => {
      const prompt = /^(\s*)[$%] /.exec(line);
      if (!prompt && !continuing) return '';
      const command = prompt ? ' '.repeat(prompt[0].length) + line.slice(prompt[0].length) : line;
      const quotes = (command.match(/'/g) ?? []).length;
      continuing = line.trimEnd().endsWith('\\') || (quotes % 2 === 1 ? !continuing : continuing && quotes === 0 && line.trim() !== '');
      return command;
    })
    .join('\n');
}

const CURL_SHORT_WITH_VALUE = new Set('dXHuowAeFTmxbcKErYyzCDUQ'.split(''));
const CURL_LONG_WITH_VALUE = new Set([
  'request', 'data', 'data-raw', 'data-binary', 'data-ascii', 'data-urlencode', 'json', 'header', 'user', 'output',
  'write-out', 'user-agent', 'referer', 'form', 'form-string', 'upload-file', 'max-time', 'proxy', 'cookie',
  'cookie-jar', 'config', 'cert', 'key', 'cacert', 'range', 'connect-timeout', 'retry', 'retry-delay',
  'retry-max-time', 'url', 'resolve', 'oauth2-bearer', 'variable', 'max-redirs', 'limit-rate', 'interface',
  'dump-header', 'proto', 'proto-redir', 'aws-sigv4', 'netrc-file', 'pass', 'keepalive-time', 'trace', 'trace-ascii',
  'stderr', 'expect100-timeout', 'happy-eyeballs-timeout-ms',
]);
const JSON_DATA_OPTIONS = new Set(['d', 'data', 'data-raw', 'data-binary', 'data-ascii', 'json']);

interface CurlCommand {
  line: number;
  method: string | undefined;
  url: ShellWord | undefined;
  data: ShellWord[];
  form: boolean;
  get: boolean;
  headers: string[];
  heredocs: ShellWord[];
}

function sliceWord(word: ShellWord, start: number): ShellWord {
  return {text: word.text.slice(start), offsets: word.offsets.slice(start)};
}

function parseCurlArguments(words: ShellWord[], command: CurlCommand): void {
  const handle = (option: string, value: ShellWord | undefined): void => {
    if (!value) return;
    if (option === 'X' || option === 'request') command.method = value.text.toUpperCase();
    else if (JSON_DATA_OPTIONS.has(option)) command.data.push(value);
    else if (option === 'data-urlencode') {
      command.data.push(value);
      command.form = true;
    } else if (option === 'F' || option === 'form' || option === 'form-string') command.form = true;
    else if (option === 'H' || option === 'header') command.headers.push(value.text);
    else if (option === 'url') command.url ??= value;
  };
  for (let index = 0; index < words.length; index++) {
    const word = words[index];
    if (!word) continue;
    const text = word.text;
    if (text.startsWith('--') && text.length > 2) {
      const equals = text.indexOf('=');
      const name = text.slice(2, equals < 0 ? undefined : equals);
      if (name === 'get') command.get = true;
      if (!CURL_LONG_WITH_VALUE.has(name)) continue;
      handle(name, equals < 0 ? words[++index] : sliceWord(word, equals + 1));
    } else if (text.startsWith('-') && text.length > 1) {
      for (let position = 1; position < text.length; position++) {
        const letter = text.charAt(position);
        if (letter === 'G') command.get = true;
        if (!CURL_SHORT_WITH_VALUE.has(letter)) continue;
        handle(letter, position + 1 < text.length ? sliceWord(word, position + 1) : words[++index]);
        break;
      }
    } else if (command.url === undefined && /^https?:\/\//i.test(text)) {
      command.url = word;
    }
  }
}

function parseFormPairs(text: string): [string, string][] {
  return text
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals < 0 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
    });
}

function curlBody(command: CurlCommand, block: CodeBlock): SampleBody {
  if (command.get || command.data.length === 0) {
    return command.form && !command.get ? {kind: 'not-json', line: command.line, reason: 'is a multipart form (-F)'} : {kind: 'none'};
  }
  if (command.data.some((word) => word.text.includes(WILDCARD))) return {kind: 'unreadable'};
  let word = command.data[0];
  if (command.data.length === 1 && word?.text.startsWith('@')) {
    // `-d @-` reads stdin, which in docs is a heredoc; `-d @file` cannot be checked.
    const heredoc = command.heredocs[0];
    if (word.text !== '@-' || !heredoc) return {kind: 'unreadable'};
    word = heredoc;
  } else if (command.data.length > 1) {
    // curl joins several -d values with "&".
    word = command.data.reduce<ShellWord>(
      (joined, part, index) => ({
        text: index === 0 ? part.text : `${joined.text}&${part.text}`,
        offsets: index === 0 ? part.offsets : [...joined.offsets, part.offsets[0] ?? 0, ...part.offsets],
      }),
      {text: '', offsets: []},
    );
  }
  if (!word) return {kind: 'none'};
  const data = word;
  const toLine = (offset: number): number => {
    const blockOffset = data.offsets[Math.min(offset, data.offsets.length - 1)];
    return blockOffset === undefined ? command.line : blockLine(block, blockOffset);
  };
  const trimmed = data.text.trim();
  if (command.form || !(trimmed.startsWith('{') || trimmed.startsWith('['))) {
    const shown = trimmed.length > 40 ? `${trimmed.slice(0, 37)}…` : trimmed;
    return {kind: 'not-json', line: toLine(0), reason: `is ${JSON.stringify(shown)}, which is form data, not JSON`};
  }
  return bodyFromLiteral(parseLiteral(data.text, 'json'), toLine, toLine(0));
}

const SEPARATORS = new Set(['\n', ';', ';;', '|', '||', '&&', '&', '(', ')']);
const COMMAND_PREFIXES = new Set(['$', '%', 'sudo', 'time', 'command', 'exec', 'env']);

export function extractCurlSamples(block: CodeBlock): HttpSample[] {
  const text = block.language === 'console' || block.language === 'shell-session' ? consoleCommands(block.text) : block.text;
  const tokens = tokenizeShell(text, shellVariables(text));
  const commands: {words: {word: ShellWord; start: number}[]; heredocs: ShellWord[]}[] = [{words: [], heredocs: []}];
  let skipNextWord = false;
  for (const token of tokens) {
    const command = commands.at(-1);
    if (!command) continue;
    if (token.kind === 'operator') {
      if (SEPARATORS.has(token.operator)) commands.push({words: [], heredocs: []});
      else skipNextWord = true; // a redirection: its target is a file name, not an argument
    } else if (token.kind === 'heredoc') {
      command.heredocs.push(token.word);
    } else if (skipNextWord) {
      skipNextWord = false;
    } else {
      command.words.push({word: token.word, start: token.start});
    }
  }

  const samples: HttpSample[] = [];
  for (const {words, heredocs} of commands) {
    let first = 0;
    while (first < words.length) {
      const text0 = words[first]?.word.text ?? '';
      if (!COMMAND_PREFIXES.has(text0) && !/^[A-Za-z_]\w*=/.test(text0)) break;
      first++;
    }
    const curl = words[first];
    if (curl?.word.text !== 'curl') continue;
    const command: CurlCommand = {
      line: blockLine(block, curl.start),
      method: undefined,
      url: undefined,
      data: [],
      form: false,
      get: false,
      headers: [],
      heredocs,
    };
    parseCurlArguments(words.slice(first + 1).map((entry) => entry.word), command);
    if (!command.url) continue;
    const method = command.method ?? (command.get ? 'GET' : command.data.length > 0 || command.form ? 'POST' : 'GET');
    samples.push({
      line: command.line,
      method,
      url: command.url.text,
      extraQuery: command.get ? command.data.flatMap((word) => parseFormPairs(word.text)) : [],
      body: curlBody(command, block),
      sendsIdempotencyKey: command.headers.some((header) => /^\s*idempotency-key\s*:/i.test(header)),
    });
  }
  return samples;
}

// --- JavaScript and Python source scanning ---------------------------------------------------

type CodeDialect = 'js' | 'python';

interface Segment {
  text: string;
  /** Offset of `text` in the code block. */
  offset: number;
}

const CLOSERS: Readonly<Record<string, string>> = {'(': ')', '[': ']', '{': '}'};

function skipQuoted(code: string, index: number, quote: string): number {
  let i = index + 1;
  while (i < code.length) {
    const char = code[i];
    if (char === '\\') i += 2;
    else if (char === quote) return i + 1;
    else if (char === '\n') return i;
    else i++;
  }
  return code.length;
}

/** The index just past a string or comment starting at `index`, or `index` if none starts there. */
function skipStringOrComment(code: string, index: number, dialect: CodeDialect): number {
  const char = code.charAt(index);
  const next = code.charAt(index + 1);
  if (dialect === 'js') {
    if (char === '/' && next === '/') return code.indexOf('\n', index) < 0 ? code.length : code.indexOf('\n', index);
    if (char === '/' && next === '*') return code.indexOf('*/', index + 2) < 0 ? code.length : code.indexOf('*/', index + 2) + 2;
    if (char === '"' || char === "'") return skipQuoted(code, index, char);
    if (char === '`') {
      let i = index + 1;
      while (i < code.length) {
        if (code[i] === '\\') i += 2;
        else if (code[i] === '`') return i + 1;
        else if (code[i] === '$' && code[i + 1] === '{') {
          const close = findClosing(code, i + 1, 'js');
          if (close < 0) return code.length;
          i = close + 1;
        } else i++;
      }
      return code.length;
    }
    return index;
  }
  if (char === '#') return code.indexOf('\n', index) < 0 ? code.length : code.indexOf('\n', index);
  if (char === '"' || char === "'") {
    if (code.startsWith(char.repeat(3), index)) {
      const end = code.indexOf(char.repeat(3), index + 3);
      return end < 0 ? code.length : end + 3;
    }
    return skipQuoted(code, index, char);
  }
  return index;
}

/** Index of the bracket that closes the one at `openIndex`, skipping strings and comments; -1 if none. */
function findClosing(code: string, openIndex: number, dialect: CodeDialect): number {
  const expected: string[] = [];
  let i = openIndex;
  while (i < code.length) {
    const skipped = skipStringOrComment(code, i, dialect);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const char = code.charAt(i);
    const closer = CLOSERS[char];
    if (closer) expected.push(closer);
    else if (char === ')' || char === ']' || char === '}') {
      if (expected.pop() !== char) return -1;
      if (expected.length === 0) return i;
    }
    i++;
  }
  return -1;
}

/** Splits code[start, end) on `separator` at bracket depth 0; segments are trimmed. */
function splitTopLevel(code: string, start: number, end: number, separator: string, dialect: CodeDialect): Segment[] {
  const segments: Segment[] = [];
  let pieceStart = start;
  const push = (pieceEnd: number): void => {
    const raw = code.slice(pieceStart, pieceEnd);
    const text = raw.trim();
    if (text !== '') segments.push({text, offset: pieceStart + raw.indexOf(text)});
  };
  let i = start;
  while (i < end) {
    const skipped = skipStringOrComment(code, i, dialect);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const char = code.charAt(i);
    if (CLOSERS[char]) {
      const close = findClosing(code, i, dialect);
      i = close < 0 ? end : close + 1;
      continue;
    }
    if (char === separator) {
      push(i);
      pieceStart = i + 1;
    }
    i++;
  }
  push(end);
  return segments;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The expression assigned to `name` in the block (`const name = …` or Python `name = …`). */
function findDeclaration(code: string, name: string, dialect: CodeDialect): Segment | undefined {
  const pattern = dialect === 'js'
    ? new RegExp(`\\b(?:const|let|var)\\s+${escapeRegExp(name)}\\s*(?::[^=;\\n]+)?=(?![=>])\\s*`)
    : new RegExp(`^[ \\t]*${escapeRegExp(name)}\\s*(?::[^=\\n]+)?=(?!=)\\s*`, 'm');
  const match = pattern.exec(code);
  if (!match) return undefined;
  const start = match.index + match[0].length;
  let i = start;
  while (i < code.length) {
    const char = code.charAt(i);
    const skipped = skipStringOrComment(code, i, dialect);
    if (skipped !== i) {
      if (char === '#' || char === '/') break; // a trailing comment ends the expression
      i = skipped;
      continue;
    }
    if (CLOSERS[char]) {
      const close = findClosing(code, i, dialect);
      if (close < 0) break;
      i = close + 1;
      continue;
    }
    if (char === ';' || char === '\n' || char === ')' || char === ']' || char === '}') break;
    i++;
  }
  const text = code.slice(start, i).trim();
  return text === '' ? undefined : {text, offset: start};
}

/**
 * The string an expression builds: literals, template literals, f-strings, `+` concatenation and
 * constants declared in the block. Unknown parts become WILDCARD.
 */
function resolveString(expression: string, code: string, dialect: CodeDialect, depth = 0): string {
  if (depth > 4) return WILDCARD;
  let result = '';
  for (const piece of splitTopLevel(expression, 0, expression.length, '+', dialect)) {
    result += resolveStringPiece(piece.text, code, dialect, depth) ?? WILDCARD;
  }
  return result;
}

function interpolate(content: string, code: string, dialect: CodeDialect, depth: number): string {
  let result = '';
  let i = 0;
  while (i < content.length) {
    const char = content.charAt(i);
    const opensField = dialect === 'js' ? char === '$' && content[i + 1] === '{' : char === '{' && content[i + 1] !== '{';
    if (opensField) {
      const brace = dialect === 'js' ? i + 1 : i;
      const close = findClosing(content, brace, dialect);
      if (close < 0) return result + WILDCARD;
      // A Python replacement field may end with a conversion or format spec: {amount!r:>10}.
      const expression = content.slice(brace + 1, close).replace(dialect === 'python' ? /[!:][^'"\]]*$/ : /$^/, '').trim();
      result += resolveString(expression, code, dialect, depth + 1);
      i = close + 1;
    } else if (dialect === 'python' && (char === '{' || char === '}') && content[i + 1] === char) {
      result += char;
      i += 2;
    } else if (dialect === 'js' && char === '\\') {
      result += content.charAt(i + 1);
      i += 2;
    } else {
      result += char;
      i++;
    }
  }
  return result;
}

function resolveStringPiece(text: string, code: string, dialect: CodeDialect, depth: number): string | undefined {
  if (dialect === 'js' && text.length >= 2 && text.startsWith('`') && text.endsWith('`')) {
    return interpolate(text.slice(1, -1), code, dialect, depth);
  }
  const pythonPrefix = dialect === 'python' ? /^([rRuUfFbB]{0,2})(['"])/.exec(text) : null;
  if (pythonPrefix && /f/i.test(pythonPrefix[1] ?? '')) {
    const body = text.slice((pythonPrefix[1] ?? '').length);
    const quoteLength = body.startsWith((pythonPrefix[2] ?? '').repeat(3)) ? 3 : 1;
    return interpolate(body.slice(quoteLength, -quoteLength), code, dialect, depth);
  }
  if (/^['"]/.test(text) || pythonPrefix) {
    const parsed = parseLiteral(text, dialect);
    return parsed.kind === 'value' && typeof parsed.value === 'string' ? parsed.value : undefined;
  }
  if (/^[A-Za-z_$][\w$]*$/.test(text)) {
    const declaration = findDeclaration(code, text, dialect);
    return declaration ? resolveString(declaration.text, code, dialect, depth + 1) : undefined;
  }
  return undefined;
}

/** An object literal segment, following one level of `const name = {…}` indirection. */
function resolveObjectSegment(segment: Segment, code: string, dialect: CodeDialect, depth = 0): Segment | undefined {
  if (segment.text.startsWith('{')) return segment;
  if (depth < 4 && /^[A-Za-z_$][\w$]*$/.test(segment.text)) {
    const declaration = findDeclaration(code, segment.text, dialect);
    return declaration ? resolveObjectSegment(declaration, code, dialect, depth + 1) : undefined;
  }
  return undefined;
}

/**
 * A request body from its expression: `JSON.stringify(x)` / `json.dumps(x)`, a literal, a JSON
 * string, or a constant holding one of these. `rawObject` says what a bare object literal is:
 * JSON (Python's json=), form data (Python's data=) or a bug (fetch sends "[object Object]").
 */
function resolveBody(
  segment: Segment,
  code: string,
  block: CodeBlock,
  dialect: CodeDialect,
  rawObject: 'json' | 'form' | 'not-serialised',
  depth = 0,
): SampleBody {
  const toLine = (offset: number): number => blockLine(block, segment.offset + offset);
  const text = segment.text;
  const wrapper = (dialect === 'js' ? /^JSON\.stringify\s*\(/ : /^json\.dumps\s*\(/).exec(text);
  if (wrapper) {
    const open = segment.offset + wrapper[0].length - 1;
    const close = findClosing(code, open, dialect);
    const inner = close < 0 ? undefined : splitTopLevel(code, open + 1, close, ',', dialect)[0];
    return inner ? resolveBody(inner, code, block, dialect, 'json', depth + 1) : {kind: 'unreadable'};
  }
  if (text.startsWith('{') || text.startsWith('[')) {
    if (rawObject === 'form') return {kind: 'not-json', line: toLine(0), reason: 'is sent as form data (data=); send json= instead'};
    if (rawObject === 'not-serialised') {
      return {kind: 'not-json', line: toLine(0), reason: 'is an object literal that fetch sends as "[object Object]"; wrap it in JSON.stringify()'};
    }
    return bodyFromLiteral(parseLiteral(text, dialect), toLine, toLine(0));
  }
  if (/^[rRuUbB]{0,2}['"`]/.test(text)) {
    const parsed = parseLiteral(text, dialect);
    if (parsed.kind !== 'value' || typeof parsed.value !== 'string') return {kind: 'unreadable'};
    // A JSON string literal: its lines are not the page's lines, so problems point at its start.
    return bodyFromLiteral(parseLiteral(parsed.value, 'json'), () => toLine(0), toLine(0));
  }
  if (depth < 4 && /^[A-Za-z_$][\w$]*$/.test(text)) {
    const declaration = findDeclaration(code, text, dialect);
    return declaration ? resolveBody(declaration, code, block, dialect, rawObject, depth + 1) : {kind: 'unreadable'};
  }
  return {kind: 'unreadable'};
}

function mentionsIdempotencyKey(segment: Segment | undefined, code: string, dialect: CodeDialect): boolean {
  if (!segment) return false;
  if (/idempotency-key/i.test(segment.text)) return true;
  const declaration = /^[A-Za-z_$][\w$]*$/.test(segment.text) ? findDeclaration(code, segment.text, dialect) : undefined;
  return declaration !== undefined && /idempotency-key/i.test(declaration.text);
}

function isApiUrl(url: string, hosts: readonly string[]): boolean {
  return splitApiUrl(url, hosts) !== undefined;
}

export function extractFetchSamples(block: CodeBlock, hosts: readonly string[]): HttpSample[] {
  const code = block.text;
  const samples: HttpSample[] = [];
  for (const match of code.matchAll(/\bfetch\s*\(/g)) {
    const open = match.index + match[0].length - 1;
    const close = findClosing(code, open, 'js');
    if (close < 0) continue;
    const [urlArgument, optionsArgument] = splitTopLevel(code, open + 1, close, ',', 'js');
    if (!urlArgument) continue;
    const url = resolveString(urlArgument.text, code, 'js');
    if (!isApiUrl(url, hosts)) continue;
    const sample: HttpSample = {line: blockLine(block, match.index), method: 'GET', url, extraQuery: [], body: {kind: 'none'}, sendsIdempotencyKey: false};
    if (optionsArgument) {
      const options = resolveObjectSegment(optionsArgument, code, 'js');
      if (!options) {
        sample.method = undefined;
        sample.body = {kind: 'unreadable'};
      } else {
        const inner = splitTopLevel(code, options.offset + 1, options.offset + options.text.length - 1, ',', 'js');
        for (const member of inner) {
          const parts = /^(?:(['"])([\w-]+)\1|([A-Za-z_$][\w$]*))\s*(:\s*)?/.exec(member.text);
          const name = parts?.[2] ?? parts?.[3];
          if (!parts || name === undefined) continue;
          // `{method, body}` shorthand refers to constants of the same name.
          const value: Segment = parts[4] === undefined
            ? {text: name, offset: member.offset}
            : {text: member.text.slice(parts[0].length), offset: member.offset + parts[0].length};
          if (name === 'method') {
            const method = resolveString(value.text, code, 'js');
            sample.method = /^[A-Za-z]+$/.test(method) ? method.toUpperCase() : undefined;
          } else if (name === 'body') {
            sample.body = resolveBody(value, code, block, 'js', 'not-serialised');
          } else if (name === 'headers') {
            sample.sendsIdempotencyKey = mentionsIdempotencyKey(value, code, 'js');
          }
        }
      }
    }
    samples.push(sample);
  }
  return samples;
}

export function extractPythonSamples(block: CodeBlock, hosts: readonly string[]): HttpSample[] {
  const code = block.text;
  const samples: HttpSample[] = [];
  for (const match of code.matchAll(/\b[A-Za-z_]\w*\.(get|post|put|patch|delete)\s*\(/g)) {
    const open = match.index + match[0].length - 1;
    const close = findClosing(code, open, 'python');
    if (close < 0) continue;
    const positional: Segment[] = [];
    const keywords = new Map<string, Segment>();
    for (const argument of splitTopLevel(code, open + 1, close, ',', 'python')) {
      const keyword = /^([A-Za-z_]\w*)\s*=(?!=)\s*/.exec(argument.text);
      if (keyword?.[1] === undefined) positional.push(argument);
      else keywords.set(keyword[1], {text: argument.text.slice(keyword[0].length), offset: argument.offset + keyword[0].length});
    }
    const urlArgument = positional[0] ?? keywords.get('url');
    if (!urlArgument) continue;
    const url = resolveString(urlArgument.text, code, 'python');
    if (!isApiUrl(url, hosts)) continue;

    const jsonArgument = keywords.get('json');
    const dataArgument = keywords.get('data');
    let body: SampleBody = {kind: 'none'};
    if (jsonArgument) body = resolveBody(jsonArgument, code, block, 'python', 'json');
    else if (dataArgument) body = resolveBody(dataArgument, code, block, 'python', 'form');
    else if ([...keywords.keys()].some((name) => name.startsWith('**'))) body = {kind: 'unreadable'};

    const extraQuery: [string, string][] = [];
    const paramsArgument = keywords.get('params');
    const params = paramsArgument ? resolveObjectSegment(paramsArgument, code, 'python') : undefined;
    const parsedParams = params ? parseLiteral(params.text, 'python') : undefined;
    if (parsedParams?.kind === 'value' && isJsonObject(parsedParams.value)) {
      for (const [name, value] of Object.entries(parsedParams.value)) {
        extraQuery.push([name, typeof value === 'string' ? value : JSON.stringify(value)]);
      }
    }

    samples.push({
      line: blockLine(block, match.index),
      method: (match[1] ?? 'get').toUpperCase(),
      url,
      extraQuery,
      body,
      sendsIdempotencyKey: mentionsIdempotencyKey(keywords.get('headers'), code, 'python'),
    });
  }
  return samples;
}

// ------------------------------------------------------------------------------------------------
// Matching samples to operations

interface ApiTarget {
  path: string;
  query: [string, string][];
  insecure: boolean;
}

function splitApiUrl(url: string, hosts: readonly string[]): ApiTarget | undefined {
  for (const host of hosts) {
    const insecureHost = host.replace(/^https:/, 'http:');
    for (const candidate of [host, insecureHost]) {
      if (!url.toLowerCase().startsWith(candidate.toLowerCase())) continue;
      const rest = url.slice(candidate.length).replace(/#.*$/, '');
      if (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?')) continue;
      const questionMark = rest.indexOf('?');
      const pathPart = questionMark < 0 ? rest : rest.slice(0, questionMark);
      const queryPart = questionMark < 0 ? '' : rest.slice(questionMark + 1);
      const query = parseFormPairs(queryPart).map(([name, value]): [string, string] => [safeDecode(name), safeDecode(value)]);
      return {path: pathPart, query, insecure: candidate === insecureHost && candidate !== host};
    }
  }
  return undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

export type OperationMatch =
  | {kind: 'found'; operation: Operation; pathValues: Map<string, string>}
  | {kind: 'ambiguous'}
  | {kind: 'no-path'; suggestion: string | undefined}
  | {kind: 'no-method'; template: string; methods: string[]};

function matchTemplate(template: string, segments: readonly string[]): Map<string, string> | undefined {
  const templateSegments = template.split('/');
  if (templateSegments.length !== segments.length) return undefined;
  const values = new Map<string, string>();
  for (const [index, templateSegment] of templateSegments.entries()) {
    const segment = segments[index] ?? '';
    const parameter = /^\{([^}]+)\}$/.exec(templateSegment)?.[1];
    if (parameter !== undefined) {
      if (segment === '') return undefined;
      values.set(parameter, segment);
    } else if (templateSegment !== segment) {
      return undefined;
    }
  }
  return values;
}

/** Orders matching templates so literal segments win over parameters, earliest segment first. */
function compareLiteralness(first: string, second: string): number {
  const firstSegments = first.split('/');
  const secondSegments = second.split('/');
  for (let index = 0; index < firstSegments.length; index++) {
    const firstLiteral = !(firstSegments[index] ?? '').startsWith('{');
    const secondLiteral = !(secondSegments[index] ?? '').startsWith('{');
    if (firstLiteral !== secondLiteral) return firstLiteral ? -1 : 1;
  }
  return 0;
}

export function matchOperation(specs: Specs, method: string | undefined, urlPath: string): OperationMatch {
  const segments = urlPath.split('/');
  const templates = [...new Set(specs.operations.map((operation) => operation.template))];
  const candidates = templates
    .map((template) => ({template, values: matchTemplate(template, segments)}))
    .filter((candidate): candidate is {template: string; values: Map<string, string>} => candidate.values !== undefined)
    .sort((first, second) => compareLiteralness(first.template, second.template));
  const best = candidates[0];
  if (!best) {
    // Compare with each template's parameters filled in from the sample, so ids cost nothing.
    const shown = urlPath.replaceAll(WILDCARD, '{}');
    let suggestion: string | undefined;
    let bestDistance = Infinity;
    for (const template of templates) {
      const filled = template.split('/').map((part, index) => (part.startsWith('{') ? segments[index]?.replaceAll(WILDCARD, '{}') ?? part : part)).join('/');
      const distance = levenshtein(shown, filled);
      if (distance < bestDistance) {
        bestDistance = distance;
        suggestion = template;
      }
    }
    const closeEnough = suggestion !== undefined && bestDistance <= Math.max(3, Math.floor(suggestion.length / 4));
    return {kind: 'no-path', suggestion: closeEnough ? suggestion : undefined};
  }
  if (method === undefined) {
    const operations = specs.operations.filter((operation) => operation.template === best.template);
    const only = operations.length === 1 ? operations[0] : undefined;
    return only ? {kind: 'found', operation: only, pathValues: best.values} : {kind: 'ambiguous'};
  }
  for (const candidate of candidates) {
    const operation = specs.operations.find((entry) => entry.template === candidate.template && entry.method === method);
    if (operation) return {kind: 'found', operation, pathValues: candidate.values};
  }
  return {
    kind: 'no-method',
    template: best.template,
    methods: specs.operations.filter((operation) => operation.template === best.template).map((operation) => operation.method),
  };
}

/** Whether a path or query value is a real value worth validating, not a placeholder. */
function isConcrete(value: string): boolean {
  return !value.includes(WILDCARD) && !/[{}<>…$]|\.\.\./.test(value);
}

/** Converts a query string value to the type its schema asks for, when it can. */
function coerceQueryValue(value: string, schema: Schema): JsonValue {
  const types = typesOf(flatten(schema)) ?? [];
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function formatIssue(label: string, issue: Issue, subject: string, schemaName: string): string {
  const field = formatPath(issue.path);
  switch (issue.kind) {
    case 'missing':
      return `${label}: ${subject} is missing required field "${field}"`;
    case 'unknown':
      return `${label}: ${subject} field "${field}" is not in the ${schemaName}${issue.detail}`;
    case 'invalid':
      return issue.path.length === 0 ? `${label}: ${subject} ${issue.detail}` : `${label}: ${subject} field "${field}" ${issue.detail}`;
  }
}

function issueLine(issue: Issue, lineOf: (fieldPath: JsonPath) => number): number {
  // A missing field has no line of its own: point at the object that should hold it.
  return lineOf(issue.kind === 'missing' ? issue.path.slice(0, -1) : issue.path);
}

type Report = (line: number, reason: string) => void;

/** Checks one call; returns its operation, which JSON blocks after it are checked against. */
function checkHttpSample(sample: HttpSample, specs: Specs, report: Report): Operation | undefined {
  const target = splitApiUrl(sample.url, specs.hosts);
  if (!target || target.path === '' || target.path === '/') return undefined;
  const shownPath = target.path.replaceAll(WILDCARD, '{…}');
  const shownMethod = sample.method ?? 'request to';
  if (target.insecure) report(sample.line, `${shownMethod} ${shownPath}: uses http://; Zip refuses plain HTTP, use https://`);

  const match = matchOperation(specs, sample.method, target.path);
  if (match.kind === 'ambiguous') return undefined;
  if (match.kind === 'no-path') {
    const hint = match.suggestion === undefined ? '' : ` (did you mean ${match.suggestion}?)`;
    report(sample.line, `${shownMethod} ${shownPath}: no operation in openapi/*.yaml has this path${hint}`);
    return undefined;
  }
  if (match.kind === 'no-method') {
    report(sample.line, `${shownMethod} ${shownPath}: ${match.template} has no ${shownMethod} operation (it has ${match.methods.join(', ')})`);
    return undefined;
  }

  const {operation, pathValues} = match;
  const label = `${operation.method} ${operation.template}`;
  for (const [name, rawValue] of pathValues) {
    const value = safeDecode(rawValue);
    const schema = operation.parameters.find((parameter) => parameter.location === 'path' && parameter.name === name)?.schema;
    if (!schema || !isConcrete(value)) continue;
    for (const issue of validateAgainstSchema(value, schema, 'request')) report(sample.line, `${label}: path parameter ${name} ${issue.detail}`);
  }

  const queryParameters = operation.parameters.filter((parameter) => parameter.location === 'query');
  for (const [name, value] of [...target.query, ...sample.extraQuery]) {
    if (!isConcrete(name)) continue;
    const parameter = queryParameters.find((candidate) => candidate.name === name);
    if (!parameter) {
      const known = queryParameters.map((candidate) => candidate.name);
      const hint = known.length === 0 ? ' (it takes none)' : didYouMean(name, known);
      report(sample.line, `${label}: query parameter "${name}" is not defined for this operation${hint}`);
      continue;
    }
    if (!parameter.schema || !isConcrete(value)) continue;
    for (const issue of validateAgainstSchema(coerceQueryValue(value, parameter.schema), parameter.schema, 'request')) {
      report(sample.line, `${label}: query parameter ${name} ${issue.detail}`);
    }
  }

  const declaresKey = operation.parameters.some((parameter) => parameter.location === 'header' && parameter.name.toLowerCase() === 'idempotency-key');
  if (sample.sendsIdempotencyKey && (operation.method !== 'POST' || !declaresKey)) {
    report(sample.line, `${label}: sends an Idempotency-Key header, which only POST operations take`);
  }

  const body = sample.body;
  const schema = operation.requestSchema;
  switch (body.kind) {
    case 'none':
      if (operation.requestBodyRequired) report(sample.line, `${label}: the operation requires a JSON request body, but the sample sends none`);
      break;
    case 'unreadable':
      break;
    case 'not-json':
      report(body.line, `${label}: the request body ${body.reason}; Zip APIs take JSON (Content-Type: application/json)`);
      break;
    case 'syntax-error':
      report(body.line, `${label}: the JSON request body does not parse: ${body.message}`);
      break;
    case 'value':
      if (!schema) {
        report(body.lineOf([]), `${label}: the operation takes no request body, but the sample sends one`);
        break;
      }
      for (const issue of validateAgainstSchema(body.value, schema, 'request')) {
        report(issueLine(issue, body.lineOf), formatIssue(label, issue, 'body', 'request schema'));
      }
      break;
  }
  return operation;
}

// ------------------------------------------------------------------------------------------------
// JSON blocks

interface CheckedSample {
  section: number;
  line: number;
  operation: Operation | undefined;
}

interface ResponseTarget {
  schema: Schema;
  label: string;
  schemaName: string;
}

/**
 * Whether a JSON block's title marks it as a request body: "Request body", "Request: a GCash
 * source", "Body to send". Titles of responses often mention requests too ("201 — the new
 * request", "A payment request"), so a status code or "response" first rules it out.
 */
export function isRequestTitle(title: string | undefined): boolean {
  if (title === undefined || /\bresponses?\b/i.test(title) || /^\s*[1-5]\d\d\b/.test(title)) return false;
  return /^\s*request\b/i.test(title) || /\brequest (body|payload|json)\b/i.test(title) || /\bbody\b/i.test(title);
}

function listSchemaFor(value: JsonValue, specs: Specs): Schema | undefined {
  if (!specs.listSchema) return undefined;
  const data = isJsonObject(value) ? value.data : undefined;
  const objectNames = new Set(Array.isArray(data) ? data.map((item) => (isJsonObject(item) ? item.object : undefined)) : []);
  const [only] = [...objectNames];
  const resource = objectNames.size === 1 && typeof only === 'string' ? specs.resources.get(only) : undefined;
  if (!resource) return specs.listSchema;
  return {allOf: [specs.listSchema, {type: 'object', properties: {data: {type: 'array', items: resource.schema}}}]};
}

function responseTarget(value: JsonValue, operation: Operation | undefined, specs: Specs): ResponseTarget | undefined {
  const label = operation ? `${operation.method} ${operation.template}` : undefined;
  if (isJsonObject(value) && Object.hasOwn(value, 'error')) {
    const schema = operation?.errorSchema ?? specs.errorSchema;
    return schema ? {schema, label: label ? `${label} (error response)` : 'Error example', schemaName: 'Error schema'} : undefined;
  }
  const objectName = isJsonObject(value) && typeof value.object === 'string' ? value.object : undefined;
  const resource = objectName === undefined ? undefined : specs.resources.get(objectName);
  const knownObject = resource !== undefined || (objectName === 'list' && specs.listSchema !== undefined);
  const operationSchema = operation?.successSchema;
  // The response of the call above, unless the block plainly shows another resource.
  if (operationSchema && label && (!knownObject || objectNameOf(operationSchema) === objectName)) {
    return {schema: operationSchema, label, schemaName: 'response schema'};
  }
  if (resource) return {schema: resource.schema, label: `${resource.schemaName} example`, schemaName: `${resource.schemaName} schema`};
  const listSchema = objectName === 'list' ? listSchemaFor(value, specs) : undefined;
  return listSchema ? {schema: listSchema, label: 'List example', schemaName: 'list schema'} : undefined;
}

function checkJsonBlock(block: CodeBlock, checked: readonly CheckedSample[], specs: Specs, report: Report): void {
  const parsed = parseLiteral(block.text, block.language === 'json' ? 'json' : 'jsonc');
  if (parsed.kind === 'syntax-error') {
    report(blockLine(block, parsed.offset), `JSON does not parse: ${parsed.message}`);
    return;
  }
  if (parsed.kind !== 'value') return;
  if (block.language === 'json') {
    try {
      JSON.parse(block.text); // a second opinion, in case our parser is more lenient somewhere
    } catch (error) {
      report(block.firstLine, `JSON does not parse: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
  }
  if (block.skipSchema) return;
  const lineOf = lineMapper(parsed.locations, (offset) => blockLine(block, offset), block.firstLine);
  const inSection = checked.filter((sample) => sample.section === block.section);
  const before = inSection.filter((sample) => sample.line < block.firstLine).at(-1);

  if (isRequestTitle(block.title)) {
    const after = inSection.find((sample) => sample.line > block.firstLine);
    const operation = [before, after].find((sample) => sample?.operation?.requestSchema)?.operation;
    if (!operation?.requestSchema) return;
    for (const issue of validateAgainstSchema(parsed.value, operation.requestSchema, 'request')) {
      report(issueLine(issue, lineOf), formatIssue(`${operation.method} ${operation.template}`, issue, 'body', 'request schema'));
    }
    return;
  }
  const target = responseTarget(parsed.value, before?.operation, specs);
  if (!target) return;
  for (const issue of validateAgainstSchema(parsed.value, target.schema, 'response')) {
    report(issueLine(issue, lineOf), formatIssue(target.label, issue, 'response', target.schemaName));
  }
}

// ------------------------------------------------------------------------------------------------
// Pages

const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell', 'zsh', 'console', 'shell-session', 'curl']);
const JS_LANGUAGES = new Set(['js', 'javascript', 'ts', 'typescript', 'jsx', 'tsx', 'mjs', 'cjs', 'node']);
const PYTHON_LANGUAGES = new Set(['python', 'py', 'python3']);
const JSON_LANGUAGES = new Set(['json', 'jsonc']);

export function extractHttpSamples(block: CodeBlock, specs: Specs): HttpSample[] {
  if (SHELL_LANGUAGES.has(block.language)) return extractCurlSamples(block).filter((sample) => isApiUrl(sample.url, specs.hosts));
  if (JS_LANGUAGES.has(block.language)) return extractFetchSamples(block, specs.hosts);
  if (PYTHON_LANGUAGES.has(block.language)) return extractPythonSamples(block, specs.hosts);
  return [];
}

// ------------------------------------------------------------------------------------------------
// Test cards: every card number in a sample or a spec example must be one src/data/testMode.ts lists,
// so each "try this card" on the site produces the outcome the testing page promises.

/** A run of 13 to 19 digits starting like a card number (2–6), not part of a longer number or a phone number. */
const CARD_NUMBER = /(?<![\d+.])[2-6]\d{12,18}(?![\d.])/g;

/** The card numbers in `text` that the test-mode data file does not list, with their offsets. */
export function unknownTestCards(text: string, known: readonly string[] = testCards.map((card) => card.number)): {number: string; offset: number}[] {
  const found: {number: string; offset: number}[] = [];
  for (const match of text.matchAll(CARD_NUMBER)) {
    const number = match[0];
    if (passesLuhn(number) && !known.includes(number)) found.push({number, offset: match.index});
  }
  return found;
}

function unknownCardReason(number: string): string {
  return `card number ${number} is not a test card: use one listed in src/data/testMode.ts (rendered on /guides/developer-guide/testing), or add it there with its outcome`;
}

/** Test cards in the example values of a spec file, by line. */
export function checkSpecTestCards(source: string, file: string): Problem[] {
  return source.split('\n').flatMap((line, index) =>
    unknownTestCards(line).map(({number}) => ({file, line: index + 1, reason: unknownCardReason(number)})),
  );
}

/** Checks every sample of one page. `file` is only used to label the problems. */
export function checkMarkdown(source: string, file: string, specs: Specs): FileReport {
  const problems: Problem[] = [];
  const report: Report = (line, reason) => {
    problems.push({file, line, reason});
  };
  const blocks = extractCodeBlocks(source);
  const checked: CheckedSample[] = [];
  let samples = 0;
  for (const block of blocks) {
    for (const sample of extractHttpSamples(block, specs)) {
      samples++;
      checked.push({section: block.section, line: sample.line, operation: checkHttpSample(sample, specs, report)});
    }
  }
  for (const block of blocks) {
    if (!JSON_LANGUAGES.has(block.language)) continue;
    samples++;
    checkJsonBlock(block, checked, specs, report);
  }
  for (const block of blocks) {
    for (const {number, offset} of unknownTestCards(block.text)) report(blockLine(block, offset), unknownCardReason(number));
  }
  problems.sort((first, second) => first.line - second.line);
  return {problems, samples};
}

const GENERATED_PAGE = /\.(api|info|tag|schema)\.mdx$/;

/** The hand-written .md/.mdx pages under `directories`, relative to `root`, sorted. */
export function findPages(root: string, directories: readonly string[]): string[] {
  const pages: string[] = [];
  const walk = (relative: string): void => {
    const absolute = path.join(root, relative);
    let entries: string[];
    try {
      entries = readdirSync(absolute);
    } catch {
      return; // a folder that does not exist (yet) has no pages
    }
    for (const entry of entries) {
      if (entry.startsWith('.') || entry === 'node_modules') continue;
      const child = path.posix.join(relative, entry);
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else if (/\.mdx?$/.test(entry) && !GENERATED_PAGE.test(entry)) pages.push(child);
    }
  };
  directories.forEach(walk);
  return pages.sort();
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}: ${problem.reason}`;
}

function main(argv: readonly string[]): number {
  const root = process.cwd();
  const specs = loadSpecs(path.join(root, 'openapi'));
  const files = argv.length > 0 ? argv.map((file) => path.relative(root, path.resolve(file)).split(path.sep).join('/')) : findPages(root, ['guides', 'api']);
  let samples = 0;
  const problems: Problem[] = [];
  for (const file of files) {
    let source: string;
    try {
      source = readFileSync(path.join(root, file), 'utf8');
    } catch (error) {
      problems.push({file, line: 1, reason: `cannot read the file: ${error instanceof Error ? error.message : String(error)}`});
      continue;
    }
    const result = checkMarkdown(source, file, specs);
    samples += result.samples;
    problems.push(...result.problems);
  }
  if (argv.length === 0) {
    for (const name of readdirSync(path.join(root, 'openapi')).filter((entry) => /\.ya?ml$/.test(entry)).sort()) {
      const file = `openapi/${name}`;
      problems.push(...checkSpecTestCards(readFileSync(path.join(root, file), 'utf8'), file));
    }
  }
  for (const problem of problems) console.log(formatProblem(problem));
  if (problems.length > 0) {
    const failingFiles = new Set(problems.map((problem) => problem.file)).size;
    console.log(
      `check-samples: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${failingFiles} file${failingFiles === 1 ? '' : 's'} ` +
        `(${samples} samples in ${files.length} file${files.length === 1 ? '' : 's'} checked).`,
    );
    return 1;
  }
  console.log(`check-samples: ${samples} samples in ${files.length} file${files.length === 1 ? '' : 's'} match the specs.`);
  return 0;
}

if (process.argv[1]?.endsWith('check-samples.ts')) {
  process.exitCode = main(process.argv.slice(2));
}
