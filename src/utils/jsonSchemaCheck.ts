/**
 * A small JSON Schema checker for the event schemas of the specs, in the reader's browser (the
 * webhook verifier). Ajv compiles schemas to code with `new Function`, which the site's
 * Content-Security-Policy forbids; the event schemas use only the keywords below.
 * tests/unit/webhook-event-schemas.test.ts holds it to Ajv's answers on every event's example
 * and on broken copies of them.
 */

export type JsonSchema = Readonly<Record<string, unknown>>;

/** The schema a `$ref` (`#/components/schemas/Charge`) points at. */
export type ResolveRef = (ref: string) => JsonSchema | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const matchesType = (value: unknown, type: string): boolean => typeOf(value) === type || (type === 'number' && typeOf(value) === 'integer');

const at = (path: string, key: string | number): string => (typeof key === 'number' ? `${path}[${key}]` : `${path}.${key}`);

const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * Every way `value` breaks `schema`, each as `<path>: <what is wrong>` (`$.data.object.amount:
 * must be an integer`); none when it conforms. The paths start at `$`, the whole value.
 */
export function schemaProblems(value: unknown, schema: JsonSchema, resolve: ResolveRef, path = '$'): string[] {
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref);
    if (!target) return [`${path}: the schema refers to ${schema.$ref}, which the specs do not define`];
    return schemaProblems(value, target, resolve, path);
  }
  const problems: string[] = [];
  for (const branch of Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : []) {
    problems.push(...schemaProblems(value, branch, resolve, path));
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const passing = (branches as JsonSchema[]).filter((branch) => schemaProblems(value, branch, resolve, path).length === 0).length;
    if (passing === 0 || (keyword === 'oneOf' && passing > 1))
      problems.push(`${path}: matches ${passing} of the schemas it must match ${keyword === 'oneOf' ? 'exactly one' : 'at least one'} of`);
  }
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : undefined;
  if (types && !types.some((type) => matchesType(value, type))) {
    return [...problems, `${path}: must be ${types.join(' or ')}, not ${typeOf(value)}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => option === value)) {
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}`);
  }
  if ('const' in schema && schema.const !== value) problems.push(`${path}: must be ${JSON.stringify(schema.const)}`);
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength)
      problems.push(`${path}: shorter than ${schema.minLength} characters`);
    if (typeof schema.maxLength === 'number' && length > schema.maxLength)
      problems.push(`${path}: longer than ${schema.maxLength} characters`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
      problems.push(`${path}: does not match ${schema.pattern}`);
    if (schema.format === 'date-time' && !dateTime.test(value)) problems.push(`${path}: is not a date-time (RFC 3339)`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${path}: less than ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${path}: more than ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      problems.push(`${path}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) problems.push(`${path}: more than ${schema.maxItems} items`);
    if (schema.uniqueItems === true && new Set(value.map((item) => JSON.stringify(item))).size !== value.length)
      problems.push(`${path}: has repeated items`);
    if (isObject(schema.items))
      value.forEach((item, index) => problems.push(...schemaProblems(item, schema.items as JsonSchema, resolve, at(path, index))));
  }
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
    for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
      if (!(name in value)) problems.push(`${at(path, name)}: is required but missing`);
    }
    if (typeof schema.maxProperties === 'number' && Object.keys(value).length > schema.maxProperties)
      problems.push(`${path}: more than ${schema.maxProperties} properties`);
    for (const [name, item] of Object.entries(value)) {
      const property = properties[name];
      if (property) problems.push(...schemaProblems(item, property, resolve, at(path, name)));
      else if (schema.additionalProperties === false) problems.push(`${at(path, name)}: is not a property of this object`);
      else if (isObject(schema.additionalProperties))
        problems.push(...schemaProblems(item, schema.additionalProperties, resolve, at(path, name)));
    }
  }
  return problems;
}
