/**
 * The spec score report (packages/perf/src/spec-scores.ts): Redocly's `score` of a
 * spec, with its subscores, and the floor of 90 it is held to, on two small
 * specs written here (one that an `anyOf` without a discriminator pulls below
 * 90), then the four specs of the API reference reported in full and held to
 * the floor. The specs' open sets (`error.code`, an event's `type`) are
 * extensible enums, a string with its documented values as `examples`: they
 * take a value Zip adds later, and documentedValuesOnly narrows them back to
 * the documented values for the samples' check.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, it} from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import {bundleSpecs, documentedValuesOnly} from '../../scripts/lib/specs';
import {formatScores, minimumAgentReadiness, scoreProblems, scoreSpec, scoreSpecs, subscoreLabels} from '@zip/perf/spec-scores';
import {sourceSpecs} from '@zip/model/apiReference';

/** A one-operation spec whose answer is `body` (a schema), with an example and a described error. */
function specWith(body: object): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: {title: 'Fixture', version: '1.0.0', description: 'A fixture.', license: {name: 'MIT', identifier: 'MIT'}},
    servers: [{url: 'https://api.example.com'}],
    security: [],
    paths: {
      '/v1/balance': {
        get: {
          operationId: 'retrieveBalance',
          summary: 'Retrieve the balance',
          description: 'Returns the balance.',
          responses: {
            '200': {description: 'The balance.', content: {'application/json': {schema: body, example: {amount: 100}}}},
            '400': {
              description: 'A bad request.',
              content: {
                'application/json': {
                  schema: {type: 'object', properties: {code: {type: 'string', description: 'What went wrong.', enum: ['bad']}}},
                },
              },
            },
          },
        },
      },
    },
  });
}

const amount = {type: 'integer', description: 'The amount in centavos.', minimum: 0};
const shape = (name: string): object => ({
  type: 'object',
  description: `A ${name}.`,
  properties: {amount, [name]: {type: 'string', description: 'Its kind.', enum: [name]}},
});

describe('spec scores', () => {
  const folder = mkdtempSync(join(tmpdir(), 'zip-spec-scores-'));
  after(() => rmSync(folder, {recursive: true, force: true}));
  const write = (name: string, body: object): string => {
    const file = join(folder, `${name}.json`);
    writeFileSync(file, specWith(body));
    return file;
  };

  it(`passes a spec at ${minimumAgentReadiness} or more, and fails one below, naming the spec and its low subscores`, () => {
    const clean = scoreSpec(write('clean', {type: 'object', description: 'A balance.', properties: {amount}}));
    assert.ok(clean.agentReadiness >= minimumAgentReadiness, `the clean fixture scores ${clean.agentReadiness}`);
    assert.deepEqual(scoreProblems([clean]), []);
    const loose = scoreSpec(write('loose', {description: 'One of three.', anyOf: [shape('card'), shape('wallet'), shape('bank')]}));
    assert.ok(loose.agentReadiness < minimumAgentReadiness, `the anyOf fixture scores ${loose.agentReadiness}`);
    const problems = scoreProblems([loose]);
    assert.equal(problems.length, 1);
    assert.match(
      problems[0] ?? '',
      /loose\.json: Agent Readiness [\d.]+, below 90; lowest subscores: Schema Simplicity 0%, Polymorphism Clarity 0%/,
    );
    assert.match(problems[0] ?? '', /retrieveBalance \(Polymorphism \(anyOf\) without discriminator/);
  });

  it('reports every spec of the API reference with all ten subscores and its request examples', () => {
    const scores = scoreSpecs();
    assert.deepEqual(
      scores.map((score) => score.spec),
      [...sourceSpecs],
    );
    for (const score of scores) {
      assert.deepEqual(Object.keys(score.subscores).sort(), [...Object.keys(subscoreLabels), 'discoverability'].sort(), score.spec);
      assert.equal(score.requestExamples, score.requestBodies, `${score.spec}: every operation with a request body shows an example`);
    }
    const table = formatScores(scores).split('\n');
    assert.equal(table.length, 2 + scores.length);
    assert.match(table[0] ?? '', /\| Spec \| Agent Readiness \| Parameter Simplicity .* \| Discoverability \| Request examples \|/);
  });

  it(`holds every spec of the API reference at ${minimumAgentReadiness} or more`, () => {
    assert.deepEqual(scoreProblems(scoreSpecs()), []);
  });

  it('keeps error.code and an event type open: a value added later validates, and only the documented ones once narrowed', () => {
    const documents = bundleSpecs(sourceSpecs) as {components: {schemas: Record<string, object>}}[];
    const ajv = new Ajv2020({strict: false});
    const cases = documents.flatMap((document, index) =>
      ['ErrorCode', 'EventType'].flatMap((name) => {
        const schema = document.components.schemas[name] as {examples?: string[]} | undefined;
        return schema ? [{where: `${sourceSpecs[index]} ${name}`, schema}] : [];
      }),
    );
    assert.equal(cases.length, sourceSpecs.length + 1, "an ErrorCode in each spec, and the payments spec's EventType");
    for (const {where, schema} of cases) {
      const documented = schema.examples?.[0];
      assert.ok(documented, `${where} lists its documented values in examples`);
      const open = ajv.compile(schema);
      const narrowed = ajv.compile(documentedValuesOnly(schema) as object);
      assert.ok(open(documented) && open('a_value_added_later'), `${where} takes any string`);
      assert.ok(narrowed(documented) && !narrowed('a_value_added_later'), `${where} narrowed takes only its documented values`);
    }
  });
});
