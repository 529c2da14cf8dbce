/**
 * The event schemas of the specs checked in the reader's browser (the webhook verifier), with
 * @cfworker/json-schema: a validator that interprets the schema rather than compiling it to code
 * with `new Function`, as Ajv does, which the site's Content-Security-Policy forbids.
 * tests/unit/webhook-event-schemas.test.ts holds it to Ajv's answers on every event's example
 * and on broken copies of them.
 */
import {Validator} from '@cfworker/json-schema';

export type JsonSchema = Readonly<Record<string, unknown>>;

/** `#/data/object/amount` → `$.data.object.amount`; array items as `[0]`. */
function readablePath(instanceLocation: string): string {
  return instanceLocation
    .replace(/^#/, '')
    .split('/')
    .filter(Boolean)
    .reduce((path, key) => (/^\d+$/.test(key) ? `${path}[${key}]` : `${path}.${decodeURIComponent(key)}`), '$');
}

/**
 * Every way `value` breaks the schema at `ref` (`#/components/schemas/Charge`) among a spec's
 * `components.schemas`, each as `<path>: <what is wrong>` (`$.data.object.amount: …`); none
 * when it conforms. The paths start at `$`, the whole value.
 */
export function schemaProblems(value: unknown, ref: string, schemas: Readonly<Record<string, JsonSchema>>): string[] {
  const validator = new Validator({$ref: ref, components: {schemas}}, '2020-12', false);
  const {valid, errors} = validator.validate(value);
  if (valid) return [];
  // The validator reports each failing schema and then each keyword under it: the keywords say what is wrong.
  const specific = errors.filter((error) => !['$ref', 'allOf', 'properties', 'items'].includes(error.keyword));
  return [...new Set((specific.length > 0 ? specific : errors).map((error) => `${readablePath(error.instanceLocation)}: ${error.error}`))];
}
