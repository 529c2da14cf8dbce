/**
 * The stateful test mode (test-mode/) keeps the specs' word: transitions only as `x-transitions`
 * declares them, and the idempotency store as the specs' Idempotency section states it.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {sampleSecretKey, testCardFor} from '../../src/data/testMode';
import {assertTransition, machines} from '../../test-mode/specs';
import {TestMode, type ApiRequest} from '../../test-mode/testMode';

const post = (path: string, body: Record<string, unknown>, idempotencyKey?: string): ApiRequest => ({
  method: 'POST',
  path,
  body,
  idempotencyKey,
  apiKey: sampleSecretKey,
});
const gcash = {
  type: 'gcash',
  amount: 150000,
  currency: 'PHP',
  redirect: {success_url: 'https://shop.example.com/ok', failure_url: 'https://shop.example.com/no'},
};

describe('stateful test mode', () => {
  it('takes every status machine from the specs, and refuses a transition they do not declare', () => {
    assert.ok(machines.charge.statuses.includes('succeeded'));
    assert.doesNotThrow(() => assertTransition('charge', 'ch_x', 'pending', 'succeeded'));
    assert.throws(
      () => assertTransition('charge', 'ch_x', 'failed', 'succeeded'),
      /ch_x: charge status failed → succeeded is not declared by openapi\/payments\.yaml/,
    );
    assert.throws(() => assertTransition('source', 'src_x', 'consumed', 'chargeable'), /SourceStatus/);
  });

  it('does not store a 409: the same key charges once the source is approved', () => {
    const testMode = new TestMode();
    const source = testMode.handle(post('/v2/sources', gcash, 's1')).body;
    const early = testMode.handle(post('/v2/charges', {amount: 150000, source: source.id}, 'k'));
    assert.equal(early.status, 409);
    testMode.sourceOutcome(source.id as string, 'chargeable');
    const charged = testMode.handle(post('/v2/charges', {amount: 150000, source: source.id}, 'k'));
    assert.equal(charged.status, 201);
    const replay = testMode.handle(post('/v2/charges', {amount: 150000, source: source.id}, 'k'));
    assert.deepEqual(replay.body, charged.body);
    assert.equal(testMode.charges.size, 1);
  });

  it('refuses the same key with another body, scopes keys per operation, and forgets them after 24 hours', () => {
    const testMode = new TestMode();
    const card = testMode.handle(
      post(
        '/v2/sources',
        {type: 'card', card: {number: testCardFor('succeeds-visa').number, exp_month: 12, exp_year: 2030, cvc: '123'}},
        'k',
      ),
    ).body;
    assert.equal(card.object, 'source', 'the same key on another operation is another key');
    const charge = testMode.handle(post('/v2/charges', {amount: 5000, source: card.id}, 'k'));
    assert.equal(
      (testMode.handle(post('/v2/charges', {amount: 6000, source: card.id}, 'k')).body.error as {code: string}).code,
      'idempotency_key_reused',
    );
    testMode.advance(25 * 3_600_000);
    const after = testMode.handle(post('/v2/charges', {amount: 5000, source: card.id}, 'k'));
    assert.equal(after.status, 409, 'an expired key runs anew');
    assert.deepEqual((after.body.error as {charge: string}).charge, charge.body.id, 'source_already_used names the charge');
  });

  it('does not store a 500: the retry runs', () => {
    const testMode = new TestMode();
    testMode.inject('POST /v2/sources', 'fail-500');
    assert.equal(testMode.handle(post('/v2/sources', gcash, 'k')).status, 500);
    assert.equal(testMode.handle(post('/v2/sources', gcash, 'k')).status, 201);
  });
});
