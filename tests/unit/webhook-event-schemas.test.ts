/**
 * The event data the webhook components load (plugins/api-reference/catalogues.ts,
 * readWebhookEventData) and the browser's schema checker (packages/model/src/jsonSchemaCheck.ts):
 * every event type has its example and schema; the checker agrees with Ajv on every example
 * (valid) and on broken copies of them (invalid); and the known-answer vector's body is a real
 * event that matches its schema.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {readWebhookEventData} from '../../plugins/api-reference/catalogues';
import {bundleSpecs} from '../../scripts/lib/specs';
import {sourceSpecs} from '@zip/model/apiReference';
import {webhookSignatureVector} from '@zip/model/webhookSignatureVector';
import {schemaProblems, type JsonSchema} from '@zip/model/jsonSchemaCheck';

const data = readWebhookEventData();
const bundled = new Map<string, Record<string, unknown>>(
  bundleSpecs(sourceSpecs).map((document, index) => [sourceSpecs[index] ?? '', document]),
);
const ajv = new Ajv2020({allErrors: true, strict: false, logger: false});
addFormats(ajv);

/** The event's schema with every $ref replaced, as Redocly bundles it. */
function dereferencedSchema(type: string): JsonSchema {
  const {spec} = data.schemas.events[type] ?? {spec: ''};
  const webhooks = bundled.get(spec)?.webhooks as Record<string, {post: {requestBody: {content: Record<string, {schema: JsonSchema}>}}}>;
  const schema = webhooks[type]?.post.requestBody.content['application/json']?.schema;
  assert.ok(schema, `${spec}: webhook ${type} has a schema`);
  return schema;
}

/** What the browser's checker finds, with the schemas as the component loads them. */
function browserProblems(type: string, value: unknown): string[] {
  const entry = data.schemas.events[type];
  assert.ok(entry, `${type} has an entry in the event schemas`);
  const components = (data.schemas.specs[entry.spec] ?? {}) as Record<string, JsonSchema>;
  return schemaProblems(value, entry.ref, components);
}

const clone = <T>(value: T): T => structuredClone(value);

/** Broken copies of an event, each with what breaks it. */
function brokenCopies(event: Record<string, unknown>): [string, unknown][] {
  const object = (copy: Record<string, unknown>) => (copy.data as {object: Record<string, unknown>}).object;
  const withEdit = (what: string, edit: (copy: Record<string, unknown>) => void): [string, unknown] => {
    const copy = clone(event);
    edit(copy);
    return [what, copy];
  };
  return [
    withEdit('no id', (copy) => delete copy.id),
    withEdit('an id without its prefix', (copy) => (copy.id = 'ch_123')),
    withEdit('a type of no event', (copy) => (copy.type = 'charge.teleported')),
    withEdit('livemode as a string', (copy) => (copy.livemode = 'false')),
    withEdit('created_at not a date-time', (copy) => (copy.created_at = 'yesterday')),
    withEdit("the object's id removed", (copy) => delete object(copy).id),
    withEdit("the object's object renamed", (copy) => (object(copy).object = 'thing')),
  ];
}

describe('webhook event data for the components', () => {
  const types = Object.keys(data.examples);

  it('every event type has an example and a schema', () => {
    assert.ok(types.length >= 20, `${types.length} event types`);
    assert.deepEqual(Object.keys(data.schemas.events).sort(), [...types].sort());
  });

  for (const type of types) {
    it(`${type}: the browser's checker agrees with Ajv on the example and broken copies`, () => {
      const schema = dereferencedSchema(type);
      const example = data.examples[type] as Record<string, unknown>;
      assert.equal(ajv.validate(schema, example), true, `Ajv: ${ajv.errorsText()}`);
      assert.deepEqual(browserProblems(type, example), [], `${type}'s example`);
      for (const [what, broken] of brokenCopies(example)) {
        assert.equal(ajv.validate(schema, broken), false, `Ajv refuses ${what}`);
        assert.notDeepEqual(browserProblems(type, broken), [], `the browser's checker refuses ${type} with ${what}`);
      }
    });
  }

  it("the known-answer vector's body is a charge.succeeded event that matches its schema", () => {
    const event = JSON.parse(webhookSignatureVector.body) as {type: string};
    assert.equal(event.type, 'charge.succeeded');
    assert.equal(
      ajv.validate(dereferencedSchema(event.type), event),
      true,
      `packages/model/src/webhookSignatureVector.ts body: ${ajv.errorsText()}`,
    );
    assert.deepEqual(browserProblems(event.type, event), []);
  });
});
