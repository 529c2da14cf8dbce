/**
 * The stateful test mode (test-mode/) keeps the specs' word: transitions only as `x-transitions`
 * declares them, the idempotency store as the specs' Idempotency section states it, and payment
 * links, payment requests, disputes and webhook endpoints as their operations and events declare,
 * asked over HTTP so that server.ts holds every answer to its schema.
 */
import assert from 'node:assert/strict';
import {randomUUID} from 'node:crypto';
import {after, before, describe, it} from 'node:test';
import {facts} from '@zip/model/facts';
import {sampleSecretKey, testCardFor} from '@zip/model/testValues';
import {eventsOf} from '@zip/model/testOutcomes';
import {serveTestMode, type RunningTestMode} from '../src/server';
import {assertTransition, machines} from '../src/specs';
import {TestMode, type ApiRequest} from '../src/testMode';

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

  it("lists a charge's refunds oldest first, as the Charge schema says, also once they settle", () => {
    const testMode = new TestMode();
    const card = {number: testCardFor('succeeds-visa').number, exp_month: 12, exp_year: 2030, cvc: '123'};
    const source = testMode.handle(post('/v2/sources', {type: 'card', card}, 's')).body;
    const charge = testMode.handle(post('/v2/charges', {amount: 150000, source: source.id}, 'c')).body;
    const first = testMode.handle(post(`/v2/charges/${String(charge.id)}/refund`, {amount: 10000}, 'r1')).body;
    const second = testMode.handle(post(`/v2/charges/${String(charge.id)}/refund`, {amount: 20000}, 'r2')).body;
    const refundIds = () => (testMode.charges.get(charge.id as string)?.refunds as Json[]).map((refund) => refund.id);
    const [firstId, secondId] = [first, second].map((answer) => (answer.refunds as Json[]).at(-1)?.id);
    assert.deepEqual(refundIds(), [firstId, secondId]);
    testMode.settleRefunds();
    assert.deepEqual(refundIds(), [firstId, secondId]);
  });

  it('declines a card number that is not a test card as unknown, as CardInput.number says', () => {
    const testMode = new TestMode();
    const card = {number: '4000056655665556', exp_month: 12, exp_year: 2030, cvc: '123'}; // Luhn-valid, not a test card
    const source = testMode.handle(post('/v2/sources', {type: 'card', card}, 's')).body;
    assert.equal(source.status, 'chargeable');
    const charge = testMode.handle(post('/v2/charges', {amount: 150000, source: source.id}, 'c')).body;
    assert.deepEqual([charge.status, charge.failure_code], ['failed', 'incorrect_number']);
  });

  it('cannot void a charge pending 3-D Secure; it fails by itself after the window, as voidCharge says', () => {
    const testMode = new TestMode();
    const card = {number: testCardFor('three-d-secure-passed').number, exp_month: 12, exp_year: 2030, cvc: '123'};
    const source = testMode.handle(post('/v2/sources', {type: 'card', card}, 's')).body;
    const charge = testMode.handle(
      post('/v2/charges', {amount: 150000, source: source.id, return_url: 'https://shop.example.com/3ds'}, 'c'),
    ).body;
    assert.equal(charge.status, 'pending');
    const voided = testMode.handle(post(`/v2/charges/${String(charge.id)}/void`, {}, 'v'));
    assert.deepEqual([voided.status, (voided.body.error as {code: string}).code], [409, 'charge_not_voidable']);
    testMode.advance(facts.authorisation.pendingThreeDSecureMinutes * 60_000);
    const failed = testMode.charges.get(charge.id as string);
    assert.deepEqual([failed?.status, failed?.failure_code], ['failed', 'authentication_failed']);
  });
});

type Json = Record<string, unknown>;
const dayMs = 24 * 3_600_000;
const visa = testCardFor('succeeds-visa').number;

describe('stateful test mode: payment links, payment requests, disputes, webhook endpoints', () => {
  let testMode: TestMode;
  let server: RunningTestMode;
  before(async () => {
    testMode = new TestMode();
    server = await serveTestMode(testMode);
  });
  after(() => server.close());

  /** One API call as a program makes it; a 500 is the server's word that an answer broke its schema. */
  async function api(method: string, path: string, body?: Json): Promise<{status: number; body: Json}> {
    const headers: Record<string, string> = {Authorization: 'Basic ' + Buffer.from(`${sampleSecretKey}:`).toString('base64')};
    if (body) headers['Content-Type'] = 'application/json';
    if (method === 'POST') headers['Idempotency-Key'] = randomUUID();
    const response = await fetch(server.url + path, {method, headers, body: body ? JSON.stringify(body) : undefined});
    const answer = {status: response.status, body: (await response.json()) as Json};
    assert.notEqual(answer.status, 500, `${method} ${path}: ${JSON.stringify(answer.body)}`);
    return answer;
  }
  const code = (answer: {body: Json}) => (answer.body.error as Json | undefined)?.code;
  const typesSince = (count: number) => testMode.events.slice(count).map((event) => event.type);

  it('takes the new status machines from the specs', () => {
    assert.deepEqual(machines.link.transitions, {active: ['inactive'], inactive: ['active']});
    assert.throws(() => assertTransition('request', 'pr_x', 'paid', 'open'), /pr_x: request status paid → open .*RequestStatus/);
    assert.throws(() => assertTransition('dispute', 'dp_x', 'won', 'lost'), /Dispute\.properties\.status/);
    assert.ok(machines.webhookEndpoint.statuses.includes('inactive'));
  });

  it('a single-use link takes one payment, counts it, sends the events the spec names, and cannot be reopened', async () => {
    const link = (await api('POST', '/v1/links', {amount: 45000, description: 'Cake', usage: 'single_use', payment_method_types: ['card']}))
      .body;
    assert.equal(link.status, 'active');
    assert.equal(
      code(await api('POST', '/v1/links', {amount: 1999, description: 'x', payment_method_types: ['card']})),
      'amount_too_small',
    );
    assert.equal(
      code(await api('POST', '/v1/links', {amount: 5000, currency: 'USD', description: 'x', payment_method_types: ['card', 'gcash']})),
      'currency_not_supported',
    );
    const seen = testMode.events.length;
    const chargeId = testMode.payLink(link.id as string, visa);
    assert.deepEqual(typesSince(seen), ['charge.succeeded', 'payment_link.paid', 'payment_link.deactivated']);
    const paid = (await api('GET', `/v1/links/${link.id as string}`)).body;
    assert.deepEqual([paid.status, paid.payments_count, paid.last_charge], ['inactive', 1, chargeId]);
    assert.equal((await api('GET', `/v2/charges/${chargeId}`)).body.payment_link, link.id);
    assert.deepEqual(
      ((await api('GET', `/v2/charges?payment_link=${link.id as string}`)).body.data as Json[]).map((charge) => charge.id),
      [chargeId],
    );
    assert.equal(code(await api('PUT', `/v1/links/${link.id as string}`, {status: 'active'})), 'link_already_used');
    assert.equal(code(await api('POST', `/v1/links/${link.id as string}/activate`)), 'link_already_used');
    assert.equal((await api('POST', `/v1/links/${link.id as string}/deactivate`)).status, 200, 'switching off again is idempotent');
    assert.throws(() => testMode.payLink(link.id as string, visa), /is inactive: its page says it is no longer available/);
  });

  it('switches a reusable link off and on with PUT status, once each, and takes the amount the customer types', async () => {
    const link = (await api('POST', '/v1/links', {description: 'Donation', payment_method_types: ['card', 'gcash']})).body;
    const seen = testMode.events.length;
    for (let twice = 0; twice < 2; twice++) await api('PUT', `/v1/links/${link.id as string}`, {status: 'inactive'});
    assert.throws(() => testMode.payLink(link.id as string, visa, 5000), /no longer available/);
    const reopened = (await api('PUT', `/v1/links/${link.id as string}`, {status: 'active', metadata: {campaign: 'may'}})).body;
    assert.deepEqual([reopened.status, reopened.metadata], ['active', {campaign: 'may'}]);
    assert.deepEqual(typesSince(seen), ['payment_link.deactivated', 'payment_link.activated']);
    assert.throws(() => testMode.payLink(link.id as string, visa), /no fixed amount/);
    testMode.payLink(link.id as string, visa, 5000);
    testMode.payLink(link.id as string, visa, 7000);
    const list = (await api('GET', '/v1/links?status=active')).body;
    assert.equal((list.data as Json[]).find((candidate) => candidate.id === link.id)?.payments_count, 2);
  });

  it('a payment request is resent within its limit, voided once, paid once, and expires unpaid', async () => {
    const request = (amount: number, extra: Json = {}) =>
      api('POST', '/v1/requests', {
        amount,
        description: 'Invoice',
        customer: {name: 'Juan', email: 'juan@example.com'},
        payment_method_types: ['card', 'gcash'],
        ...extra,
      });
    assert.equal(code(await request(50000, {channels: ['email', 'sms']})), 'parameter_invalid', 'sms needs a phone');
    const voided = (await request(50000)).body;
    for (let resend = 0; resend < facts.paymentRequests.maxResendTimes; resend++)
      assert.equal((await api('POST', `/v1/requests/${voided.id as string}/resend`, {})).status, 200);
    assert.equal(code(await api('POST', `/v1/requests/${voided.id as string}/resend`, {})), 'resend_limit_reached');
    const seen = testMode.events.length;
    assert.equal((await api('POST', `/v1/requests/${voided.id as string}/void`, {reason: 'Paid in cash.'})).body.status, 'voided');
    assert.equal(code(await api('POST', `/v1/requests/${voided.id as string}/void`, {})), 'request_not_open');
    assert.throws(() => testMode.payRequest(voided.id as string, visa), /is voided: its page says it is no longer payable/);

    const paid = (await request(60000)).body;
    const chargeId = testMode.payRequest(paid.id as string, visa);
    const after = (await api('GET', `/v1/requests/${paid.id as string}`)).body;
    assert.deepEqual([after.status, after.charge], ['paid', chargeId]);
    assert.equal((await api('GET', `/v2/charges/${chargeId}`)).body.payment_request, paid.id);
    assert.throws(() => testMode.payRequest(paid.id as string, visa), /is paid/);

    const expiring = (await request(70000)).body;
    testMode.advance(facts.paymentRequests.defaultExpiryDays * dayMs);
    assert.equal((await api('GET', `/v1/requests/${expiring.id as string}`)).body.status, 'expired');
    assert.deepEqual(typesSince(seen), ['payment_request.voided', 'charge.succeeded', 'payment_request.paid', 'payment_request.expired']);
    const paidOnes = (await api('GET', '/v1/requests?status=paid&customer_email=JUAN@example.com')).body.data as Json[];
    assert.deepEqual(
      paidOnes.map((candidate) => candidate.id),
      [paid.id],
    );
  });

  it('opens disputes only for the dispute test cards, refuses refunds while disputed, and decides as the testing page says', async () => {
    const charge = async (outcome: 'dispute-won' | 'dispute-lost' | 'succeeds-visa') => {
      const card = {number: testCardFor(outcome).number, exp_month: 12, exp_year: 2030, cvc: '123'};
      const source = (await api('POST', '/v2/sources', {type: 'card', card})).body;
      return (await api('POST', '/v2/charges', {amount: 89000, source: source.id})).body.id as string;
    };
    assert.throws(() => testMode.openDispute('ch_missing'), /No such object/);
    const plain = await charge('succeeds-visa');
    assert.throws(() => testMode.openDispute(plain), /only a charge paid with a dispute test card/);

    let seen = testMode.events.length;
    const won = await charge('dispute-won');
    const wonDispute = testMode.openDispute(won);
    assert.equal(((await api('GET', `/v2/charges/${won}`)).body.dispute as Json).status, 'needs_response');
    assert.equal(code(await api('POST', `/v2/charges/${won}/refund`, {})), 'charge_disputed');
    testMode.submitDisputeEvidence(wonDispute);
    assert.deepEqual(typesSince(seen), eventsOf('dispute-won'));
    assert.equal((await api('GET', `/v2/disputes/${wonDispute}`)).body.status, 'won');
    assert.equal((await api('POST', `/v2/charges/${won}/refund`, {amount: 1000})).status, 200, 'refunds are allowed again once won');

    seen = testMode.events.length;
    const lost = await charge('dispute-lost');
    const lostDispute = testMode.openDispute(lost);
    testMode.advance(facts.chargebacks.evidenceDeadlineCalendarDays * dayMs);
    assert.deepEqual(typesSince(seen), ['charge.succeeded', 'dispute.opened', 'dispute.lost'], 'lost when evidence_due_by passes');
    assert.deepEqual(
      ((await api('GET', `/v2/disputes?status=lost&charge=${lost}`)).body.data as Json[]).map((dispute) => dispute.id),
      [lostDispute],
    );
  });

  it('keeps webhook endpoints: an HTTPS or loopback URL, known event types, the secret shown once, switched and deleted', async () => {
    assert.equal(
      code(await api('POST', '/v2/webhook-endpoints', {url: 'http://shop.example.com/hooks', events: ['*']})),
      'parameter_invalid',
    );
    assert.equal(
      code(await api('POST', '/v2/webhook-endpoints', {url: 'https://shop.example.com/hooks', events: ['charge.paid']})),
      'parameter_invalid',
    );
    const created = (await api('POST', '/v2/webhook-endpoints', {url: 'https://shop.example.com/hooks', events: ['charge.succeeded']}))
      .body;
    assert.match(created.secret as string, /^whsec_/);
    const id = created.id as string;
    assert.equal((await api('GET', `/v2/webhook-endpoints/${id}`)).body.secret, null);
    assert.equal((await api('PUT', `/v2/webhook-endpoints/${id}`, {status: 'disabled'})).body.status, 'inactive');
    assert.notEqual((await api('POST', `/v2/webhook-endpoints/${id}/roll-secret`, {})).body.secret, created.secret);
    assert.deepEqual((await api('DELETE', `/v2/webhook-endpoints/${id}`)).body, {id, object: 'webhook_endpoint', deleted: true});
    assert.equal((await api('GET', `/v2/webhook-endpoints/${id}`)).status, 404);
  });
});
