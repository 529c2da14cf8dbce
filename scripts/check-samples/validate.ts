/**
 * Validates sample values against the specs' schemas with Ajv (JSON Schema 2020-12, the dialect
 * of OpenAPI 3.1, and ajv-formats), under the rules of Zip's samples:
 *  - Response examples may leave out required properties (pages show partial objects for
 *    brevity) and may fit several `oneOf` branches; requests must be complete.
 *  - An object with declared properties takes no others, even without `additionalProperties:
 *    false`, because a reader would copy them; the branches of an `allOf` count together.
 *  - Placeholders ("…", "...", "<charge id>", "ch_…") stand in for any string.
 *  - When no `anyOf`/`oneOf` branch fits, the closest branch's problems are reported.
 */
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import leven from 'leven';
import {isRecord, propertiesOf, type Schema} from '../lib/specs';
import type {JsonPath, JsonValue} from './literals';

export type ValidationMode = 'request' | 'response';

export interface Issue {
  path: JsonPath;
  kind: 'missing' | 'unknown' | 'invalid';
  /** For 'invalid', the predicate ("is 5, below the minimum of 100"); for 'unknown', a hint. */
  detail: string;
}

const ajv = new Ajv2020({allErrors: true, verbose: true, strict: false, logger: false});
addFormats(ajv);

export function isPlaceholder(value: unknown): boolean {
  const text = typeof value === 'string' ? value.trim() : undefined;
  return text !== undefined && (text === '…' || text === '...' || /^<[^<>]+>$/.test(text) || /^[\w-]+(…|\.\.\.)$/.test(text));
}

/** The closest of `options` to `word`, when it is close enough (a third of its length, say) to be a likely typo. */
export function closest(word: string, options: readonly string[], minimum = 2, fraction = 3): string | undefined {
  const distances = options.map((option) => leven(word.toLowerCase(), option.toLowerCase()));
  const best = options[distances.indexOf(Math.min(...distances))];
  return best !== undefined && Math.min(...distances) <= Math.max(minimum, Math.floor(best.length / fraction)) ? best : undefined;
}

export const didYouMean = (word: string, options: readonly string[]): string =>
  closest(word, options) === undefined ? '' : ` (did you mean "${closest(word, options)}"?)`;

export const typesOf = (schema: Schema): string[] | undefined =>
  typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type.map(String) : undefined;

/** Each prepared schema node's anyOf/oneOf branches, outermost first: which alternative it belongs to. */
const branchesOf = new WeakMap<object, {alternatives: object; index: number}[]>();
const validators = {request: new WeakMap<Schema, ValidateFunction>(), response: new WeakMap<Schema, ValidateFunction>()};

/** A copy of `schema` that says the rules above in JSON Schema. */
function prepare(
  schema: Schema,
  mode: ValidationMode,
  allOfBranch = false,
  branches: {alternatives: object; index: number}[] = [],
): Schema {
  const out: Record<string, unknown> = {...schema};
  branchesOf.set(out, branches);
  const child = (value: unknown, inAllOf = false, within = branches): unknown =>
    isRecord(value) ? prepare(value, mode, inAllOf, within) : value;
  if (mode === 'response') {
    delete out.required;
    delete out.minProperties;
  }
  if (mode === 'response' && Array.isArray(out.oneOf) && out.anyOf === undefined) {
    out.anyOf = out.oneOf; // a partial example may fit several branches
    delete out.oneOf;
  }
  for (const key of ['properties', 'patternProperties', '$defs', 'dependentSchemas']) {
    if (isRecord(out[key])) out[key] = Object.fromEntries(Object.entries(out[key]).map(([name, value]) => [name, child(value)]));
  }
  for (const key of ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'])
    if (key in out) out[key] = child(out[key]);
  if (Array.isArray(out.allOf)) out.allOf = out.allOf.map((branch) => child(branch, true));
  for (const key of ['anyOf', 'oneOf']) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((branch, index) => child(branch, false, [...branches, {alternatives: out, index}]));
  }
  // The properties of allOf branches meet in the schema that holds the allOf: that one is closed.
  const closed =
    out.additionalProperties === false || (Object.keys(propertiesOf(schema)).length > 0 && !isRecord(out.additionalProperties));
  if (out.additionalProperties === false || (closed && !allOfBranch)) delete out.additionalProperties;
  if (closed && !allOfBranch) out.unevaluatedProperties ??= false;
  return out;
}

function describeValue(value: unknown): string {
  if (value === null || typeof value === 'object') return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
  const shown = JSON.stringify(value);
  const short = shown.length > 40 ? `${shown.slice(0, 37)}…` : shown;
  const kind = typeof value === 'number' ? (Number.isInteger(value) ? 'an integer' : 'a number') : `a ${typeof value}`;
  return `${kind} (${short})`;
}

function formatEnum(options: readonly unknown[], value: unknown): string {
  const shown = options.map((option) => (typeof option === 'string' ? option : JSON.stringify(option)));
  if (shown.length <= 12) return `expected one of: ${shown.join(', ')}`;
  const hint =
    typeof value === 'string'
      ? didYouMean(
          value,
          options.filter((option): option is string => typeof option === 'string'),
        )
      : '';
  return `not one of the ${shown.length} allowed values${hint}`;
}

/** What an Ajv error says about its value, in words. */
function detailOf({keyword, data, params, parentSchema = {}, message}: ErrorObject): string {
  const [shown, limit] = [JSON.stringify(data), String(params.limit)];
  const count = Array.isArray(data) ? data.length : isRecord(data) ? Object.keys(data).length : [...String(data)].length;
  const types = [params.type].flat().join(' or ');
  switch (keyword) {
    case 'type':
      return isPlaceholder(data) ? `is the placeholder ${shown}, but takes ${types}` : `is ${describeValue(data)}, expected ${types}`;
    case 'const':
      return `is ${shown}, expected ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `is ${shown}, ${formatEnum(params.allowedValues as unknown[], data)}`;
    case 'maxLength':
      return `is ${count} characters long, more than the maximum of ${limit}`;
    case 'minLength':
      return `is ${count} characters long, fewer than the minimum of ${limit}`;
    case 'pattern':
      return `is ${shown}, which does not match the pattern ${String(params.pattern)}`;
    case 'format':
      return `is ${shown}, which is not a valid ${String(params.format)}`;
    case 'minimum':
      return `is ${shown}, below the minimum of ${limit}`;
    case 'maximum':
      return `is ${shown}, above the maximum of ${limit}`;
    case 'exclusiveMinimum':
      return `is ${shown}, not above ${limit}`;
    case 'exclusiveMaximum':
      return `is ${shown}, not below ${limit}`;
    case 'multipleOf':
      return `is ${shown}, not a multiple of ${String(params.multipleOf)}`;
    case 'minItems':
      return `has ${count} items, fewer than the minimum of ${limit}`;
    case 'maxItems':
      return `has ${count} items, more than the maximum of ${limit}`;
    case 'uniqueItems':
      return 'has duplicate items';
    case 'minProperties':
      return `has ${count} properties, fewer than the minimum of ${limit}`;
    case 'maxProperties':
      return `has ${count} properties, more than the maximum of ${limit}`;
    case 'oneOf': {
      const passing = (Array.isArray(parentSchema.oneOf) ? parentSchema.oneOf : []).filter(
        (branch) => isRecord(branch) && ajv.validate(branch, data),
      );
      return `matches ${passing.length} of the oneOf alternatives, expected exactly one`;
    }
    default:
      return message ?? `fails ${keyword}`;
  }
}

const within = (error: ErrorObject, outer: ErrorObject): boolean =>
  error.instancePath === outer.instancePath || error.instancePath.startsWith(`${outer.instancePath}/`);

/**
 * Of the errors inside a failing anyOf/oneOf, keeps only those of the closest branch, or none when
 * a branch has no error left or a placeholder may stand there; innermost alternatives first.
 */
function pickBranches(errors: ErrorObject[]): ErrorObject[] {
  let remaining = errors;
  for (const alternative of errors.filter((error) => /^(anyOf|oneOf)$/.test(error.keyword) && error.params.passingSchemas == null)) {
    const holder = alternative.parentSchema ?? {};
    const inBranch = (error: ErrorObject, index: number): boolean =>
      within(error, alternative) &&
      (branchesOf.get(error.parentSchema ?? {}) ?? []).some((branch) => branch.alternatives === holder && branch.index === index);
    const counts = [holder[alternative.keyword]].flat().map((_, index) => remaining.filter((error) => inBranch(error, index)).length);
    const placeholder = isPlaceholder(alternative.data) && (typesOf(holder) ?? ['string']).includes('string');
    const best = placeholder || counts.includes(0) ? -1 : counts.indexOf(Math.min(...counts));
    remaining = remaining.filter((error) => error !== alternative && !counts.some((_, index) => index !== best && inBranch(error, index)));
  }
  return remaining;
}

/** The path of a JSON pointer into `value`, with array indexes as numbers. */
function pathTo(value: JsonValue, pointer: string): (string | number)[] {
  let node: unknown = value;
  return (pointer === '' ? [] : pointer.slice(1).split('/')).map((raw) => {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const key = Array.isArray(node) ? Number(part) : part;
    node = (node as Record<string | number, unknown> | undefined)?.[key];
    return key;
  });
}

/** Validates `value`, returning every issue found. */
export function validateAgainstSchema(value: JsonValue, schema: Schema, mode: ValidationMode): Issue[] {
  const validate = validators[mode].get(schema) ?? ajv.compile(prepare(schema, mode));
  validators[mode].set(schema, validate);
  if (validate(value)) return [];
  // Placeholders pass the checks of a string's content.
  let errors = pickBranches(
    (validate.errors ?? []).filter(
      (error) => !(isPlaceholder(error.data) && /^(pattern|format|enum|const|minLength|maxLength)$/.test(error.keyword)),
    ),
  );
  // A value of the wrong type (or not the constant, or not in the enum) gets that one problem.
  const rank = (error: ErrorObject): number => ['type', 'const', 'enum'].indexOf(error.keyword) >>> 0;
  errors = errors.filter(
    (error) =>
      !errors.some(
        (other) => other.instancePath === error.instancePath && other.parentSchema === error.parentSchema && rank(other) < rank(error),
      ),
  );

  const issues: Issue[] = [];
  const suggested = new Set<string>();
  for (const error of errors) {
    const at = pathTo(value, error.instancePath);
    const unknown = error.params.unevaluatedProperty ?? error.params.additionalProperty;
    if (typeof unknown === 'string') {
      const names = Object.keys(propertiesOf(error.parentSchema ?? {}));
      suggested.add(JSON.stringify([...at, closest(unknown, names)]));
      issues.push({path: [...at, unknown], kind: 'unknown', detail: didYouMean(unknown, names)});
    } else if (error.keyword === 'required') {
      issues.push({path: [...at, String(error.params.missingProperty)], kind: 'missing', detail: ''});
    } else {
      issues.push({path: at, kind: 'invalid', detail: detailOf(error)});
    }
  }
  // A misspelt required field ("amout") is reported once, as unknown with its suggestion.
  return issues.filter((issue) => issue.kind !== 'missing' || !suggested.has(JSON.stringify(issue.path)));
}
