/**
 * The model keeps the docs' and specs' word where it once did not: verify during 3-D Secure, the
 * 3-D Secure and approved-source windows as the clock passes them, canonical idempotency bodies,
 * the specs' own error codes for request problems, a clock that starts at the wall clock, and a 4xx
 * (never a throw) for whatever a client sends.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {facts} from '@zip/model/facts';
import {sampleSecretKey, testCardFor} from '@zip/model/testValues';
import {requestError} from '../src/specs';
import {TestMode, type ApiRequest, type Json} from '../src/testMode';

const minuteMs = 60_000;
const start = Date.UTC(2026, 2, 2, 1);
const request = (method: string, path: string, body?: Json, idempotencyKey?: string): ApiRequest => ({
  method,
  path,
  body,
  idempotencyKey,
  apiKey: sampleSecretKey,
});
const cardSource = (testMode: TestMode, outcome: Parameters<typeof testCardFor>[0]) =>
  testMode.handle(
    request('POST', '/v2/sources', {type: 'card', card: {number: testCardFor(outcome).number, exp_month: 12, exp_year: 2030, cvc: '123'}}),
  ).body;
const gcash = {
  amount: 150000,
  currency: 'PHP',
  redirect: {success_url: 'https://shop.example.com/ok', failure_url: 'https://shop.example.com/no'},
};
const srcId = `src_${'A'.repeat(24)}`;
const errorOf = (body: Json) => body.error as {code: string; param: string | null};

function threeDsCharge(testMode: TestMode): Json {
  const source = cardSource(testMode, 'three-d-secure-passed');
  return testMode.handle(request('POST', '/v2/charges', {amount: 5000, source: source.id, return_url: 'https://shop.example.com/back'}))
    .body;
}

describe('the model, true to the docs and specs', () => {
  it('answers verify while the customer is at the bank with 200 and the charge still pending', () => {
    const testMode = new TestMode({now: start});
    const charge = threeDsCharge(testMode);
    const early = testMode.handle(request('POST', `/v2/charges/${charge.id as string}/verify`));
    assert.equal(early.status, 200);
    assert.equal(early.body.status, 'pending');
    assert.deepEqual(early.body.next_action, charge.next_action);
    testMode.completeThreeDs(charge.id as string);
    assert.equal(testMode.handle(request('POST', `/v2/charges/${charge.id as string}/verify`)).body.status, 'succeeded');
  });

  it('fails an unfinished 3-D Secure charge when its window passes, with authentication_failed and charge.failed', () => {
    const testMode = new TestMode({now: start});
    const charge = threeDsCharge(testMode);
    const window = facts.authorisation.pendingThreeDSecureMinutes * minuteMs;
    testMode.advance(window - minuteMs);
    assert.equal(testMode.charges.get(charge.id as string)?.status, 'pending');
    testMode.advance(minuteMs);
    const failed = testMode.charges.get(charge.id as string) as Json;
    assert.equal(failed.status, 'failed');
    assert.equal(failed.failure_code, 'authentication_failed');
    assert.equal(failed.updated_at, new Date(start + window).toISOString().replace('.000', ''), 'it fails at the window, not later');
    assert.ok(testMode.events.some((event) => event.type === 'charge.failed' && (event.data as {object: Json}).object.id === charge.id));
  });

  it('expires an approved e-wallet source not charged within its window, with source.expired', () => {
    const testMode = new TestMode({now: start});
    const source = testMode.handle(request('POST', '/v2/sources', {type: 'gcash', ...gcash})).body;
    testMode.advance(10 * minuteMs);
    testMode.sourceOutcome(source.id as string, 'chargeable');
    testMode.advance(facts.sources.approvedChargeWindowMinutes * minuteMs - minuteMs);
    assert.equal(testMode.sources.get(source.id as string)?.status, 'chargeable');
    testMode.advance(minuteMs);
    assert.equal(testMode.sources.get(source.id as string)?.status, 'expired');
    assert.equal(testMode.events.at(-1)?.type, 'source.expired');
    const late = testMode.handle(request('POST', '/v2/charges', {amount: 150000, source: source.id}));
    assert.equal(errorOf(late.body).code, 'source_expired');
  });

  it('voids an authorisation not captured by authorisation_expires_at, and expires an unpaid session at its expires_at', () => {
    const testMode = new TestMode({now: start});
    const source = cardSource(testMode, 'succeeds-visa');
    const charge = testMode.handle(request('POST', '/v2/charges', {amount: 5000, capture: false, source: source.id})).body;
    const session = testMode.handle(
      request('POST', '/v1/checkout/sessions', {
        currency: 'PHP',
        line_items: [{name: 'Tee', amount: 5000, quantity: 1}],
        payment_method_types: ['card'],
        success_url: 'https://shop.example.com/ok',
        cancel_url: 'https://shop.example.com/no',
        expires_at: new Date(start + 45 * minuteMs).toISOString(),
      }),
    ).body;
    testMode.advance(45 * minuteMs);
    assert.equal(testMode.sessions.get(session.id as string)?.status, 'expired');
    testMode.setNow(Date.parse(charge.authorisation_expires_at as string));
    assert.equal(testMode.charges.get(charge.id as string)?.status, 'voided');
    assert.deepEqual(
      testMode.events.map((event) => event.type).filter((type) => /voided|expired/.test(type as string)),
      ['checkout_session.expired', 'charge.voided'],
    );
  });

  it('takes the same fields in another order as the same idempotent body', () => {
    const testMode = new TestMode({now: start});
    const source = cardSource(testMode, 'succeeds-visa');
    const first = testMode.handle(request('POST', '/v2/charges', {amount: 5000, source: source.id, metadata: {a: '1', b: '2'}}, 'k'));
    const again = testMode.handle(request('POST', '/v2/charges', {metadata: {b: '2', a: '1'}, source: source.id, amount: 5000}, 'k'));
    assert.equal(again.status, 201);
    assert.deepEqual(again.body, first.body);
    assert.equal(testMode.charges.size, 1);
  });

  it("names each request problem with the specs' own code and param", () => {
    const charge = (body: unknown) => requestError('payments', '/v2/charges', 'POST', body);
    assert.deepEqual(
      {...charge({source: srcId}), message: undefined},
      {status: 422, code: 'parameter_missing', param: 'amount', message: undefined},
    );
    assert.equal(charge({amount: 5000, source: srcId, colour: 'red'})?.code, 'parameter_unknown');
    assert.equal(charge({amount: 5000, source: srcId, colour: 'red'})?.param, 'colour');
    assert.deepEqual([charge({amount: 1, source: srcId})?.code, charge({amount: 1, source: srcId})?.param], ['amount_too_small', 'amount']);
    assert.equal(charge({amount: 10 ** 12, source: srcId})?.code, 'amount_too_large');
    assert.deepEqual([charge([1])?.status, charge([1])?.code], [400, 'request_malformed']);
    const session = requestError('checkout', '/v1/checkout/sessions', 'POST', {
      currency: 'PHP',
      line_items: [{name: 'Tee', quantity: 1}],
      payment_method_types: ['card'],
      success_url: 'https://shop.example.com/ok',
      cancel_url: 'https://shop.example.com/no',
    });
    assert.deepEqual([session?.code, session?.param], ['parameter_missing', 'line_items.0.amount']);
    assert.equal(charge({amount: 5000, source: srcId}), undefined);
  });

  it('answers what a client can send with a 4xx, never a throw', () => {
    const testMode = new TestMode({now: start});
    const answers = [
      testMode.handle(request('POST', '/v2/sources', {type: 'card'})),
      testMode.handle(request('POST', '/v2/sources', {type: 'gcash', amount: 5000})),
      testMode.handle(request('POST', '/v2/sources', {type: 'bitcoin', amount: 5000})),
      testMode.handle(request('GET', `/v2/charges/${cardSource(testMode, 'succeeds-visa').id as string}`)),
      testMode.handle(request('GET', '/v2/customers/by-email/%E0%A4%A')),
      testMode.handle(request('POST', '/v2/charges', {amount: 5000, source: 'ch_AAAAAAAAAAAAAAAAAAAAAAAA'})),
    ];
    for (const answer of answers) assert.ok(answer.status >= 400 && answer.status < 500, JSON.stringify(answer.body));
    const link = testMode.handle(request('POST', '/v1/links', {description: 'Tip', payment_method_types: ['card']})).body;
    assert.throws(() => testMode.payLink(link.id as string, testCardFor('succeeds-visa').number, Number('abc')), /amount/);
    assert.equal(testMode.charges.size, 0, 'a bad amount makes no charge');
    assert.throws(() => testMode.advance(Number('abc')), /non-negative/);
    assert.equal(testMode.clockMs(), start, 'a bad advance leaves the clock');
  });

  it('refuses more objects of a kind than its limit, with a 409 that says so', () => {
    const testMode = new TestMode({now: start, objectLimit: 2});
    cardSource(testMode, 'succeeds-visa');
    cardSource(testMode, 'succeeds-visa');
    const third = testMode.handle(request('POST', '/v2/sources', {type: 'gcash', ...gcash}));
    assert.equal(third.status, 409);
    assert.match((third.body.error as {message: string}).message, /at most 2 objects/);
  });

  it('keeps a bounded history: the newest events and log lines, ten times the object limit', () => {
    const testMode = new TestMode({now: start, objectLimit: 3});
    const link = testMode.handle(request('POST', '/v1/links', {description: 'Tip', payment_method_types: ['card']})).body;
    for (let round = 0; round < 20; round++)
      for (const action of ['deactivate', 'activate']) testMode.handle(request('POST', `/v1/links/${link.id as string}/${action}`));
    assert.equal(testMode.events.length, 30);
    assert.equal(testMode.log.length, 30);
    assert.equal(testMode.events.at(-1)?.type, 'payment_link.activated', 'the newest are kept');
  });

  it('refuses merged metadata beyond the Metadata schema’s 50 keys', () => {
    const testMode = new TestMode({now: start});
    const keys = (from: number) => Object.fromEntries(Array.from({length: 30}, (_, index) => [`k${from + index}`, 'v']));
    const customer = testMode.handle(request('POST', '/v2/customers', {email: 'a@example.com', metadata: keys(0)})).body;
    const update = testMode.handle(request('PUT', `/v2/customers/${customer.id as string}`, {metadata: keys(30)}));
    assert.deepEqual([update.status, errorOf(update.body).param], [422, 'metadata']);
  });

  it('starts its clock at the wall clock unless told, and moves only forward', () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const wall = new TestMode().clockMs();
    assert.ok(wall >= before && wall <= Date.now(), `${wall} is the wall clock to the second`);
    const testMode = new TestMode({now: start});
    const source = testMode.handle(request('POST', '/v2/sources', {type: 'gcash', ...gcash})).body;
    testMode.setNow(start + 2 * 60 * minuteMs);
    assert.equal(testMode.sources.get(source.id as string)?.status, 'expired', 'setNow runs what falls due');
    assert.throws(() => testMode.setNow(start), /before the test mode's clock .* only moves forward/);
  });

  it("signs deliveries with the model's clock", async () => {
    const testMode = new TestMode({now: start});
    let signature = '';
    testMode.addWebhookEndpoint(async (_raw, headers) => {
      signature = headers['zip-signature'] ?? '';
      return 200;
    });
    testMode.advance(5 * minuteMs);
    const source = testMode.handle(request('POST', '/v2/sources', {type: 'gcash', ...gcash})).body;
    testMode.sourceOutcome(source.id as string, 'chargeable');
    await testMode.deliverDue();
    assert.match(signature, new RegExp(`^t=${Math.floor((start + 5 * minuteMs) / 1000)},v1=`));
  });
});
