/**
 * Every operation of the four specs answers: walked in process with a valid request (the spec's own
 * example body, ids of objects the model holds), each answer is below 500 and valid against the
 * schema the spec gives its status; the model carries out every operation itself.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {sampleSecretKey, testCardFor} from '@zip/model/testValues';
import {unhandledOperations} from '../src/model/operations';
import {allOperations, requestExample, responseProblems} from '../src/specs';
import {TestMode, type Json} from '../src/testMode';

const hourMs = 3_600_000;
const card = (outcome: Parameters<typeof testCardFor>[0]) => ({
  type: 'card',
  card: {number: testCardFor(outcome).number, exp_month: 12, exp_year: 2030, cvc: '123'},
});

/** A model holding one object of each kind, and the ids a path's parameters take. */
function world() {
  const testMode = new TestMode({now: Date.UTC(2026, 2, 2, 1)});
  const call = (method: string, path: string, body?: Json) => testMode.handle({method, path, body, apiKey: sampleSecretKey}).body;
  const source = call('POST', '/v2/sources', card('succeeds-visa'));
  const charge = call('POST', '/v2/charges', {amount: 500000, source: source.id});
  const refunded = call('POST', `/v2/charges/${charge.id as string}/refund`, {amount: 1000});
  // Payouts need time to pass after the money moved; what the walk acts on is made after it.
  testMode.advance(7 * 24 * hourMs);
  const payouts = call('GET', '/v2/payouts');
  const authorised = call('POST', '/v2/charges', {
    amount: 5000,
    capture: false,
    source: call('POST', '/v2/sources', card('succeeds-visa')).id,
  });
  const disputed = call('POST', '/v2/charges', {amount: 5000, source: call('POST', '/v2/sources', card('dispute-won')).id});
  const dispute = testMode.openDispute(disputed.id as string);
  const customer = call('POST', '/v2/customers', {email: 'maria.santos@example.com'});
  const saved = call('POST', '/v2/sources', card('succeeds-visa'));
  call('POST', `/v2/customers/${customer.id as string}/sources`, {source: saved.id});
  const endpoint = call('POST', '/v2/webhook-endpoints', {url: 'https://shop.example.com/hooks', events: ['*']});
  const session = call('POST', '/v1/checkout/sessions', requestExample('checkout', '/v1/checkout/sessions', 'post') as Json);
  const capturable = call('POST', '/v1/checkout/sessions', {
    ...(requestExample('checkout', '/v1/checkout/sessions', 'post') as Json),
    capture: false,
    payment_method_types: ['card'],
  });
  testMode.payCheckoutSession(capturable.id as string, testCardFor('succeeds-visa').number);
  const link = call('POST', '/v1/links', requestExample('links', '/v1/links', 'post') as Json);
  const request = call('POST', '/v1/requests', requestExample('requests', '/v1/requests', 'post') as Json);
  const pending = call('POST', '/v2/charges', {
    amount: 5000,
    return_url: 'https://shop.example.com/back',
    source: call('POST', '/v2/sources', card('three-d-secure-passed')).id,
  });
  const ids: Record<string, string> = {
    ch_id: pending.id as string,
    re_id: ((refunded.refunds as Json[])[0] as Json).id as string,
    dp_id: dispute,
    po_id: ((payouts.data as Json[])[0] as Json).id as string,
    cus_id: customer.id as string,
    email: 'maria.santos@example.com',
    src_id: saved.id as string,
    evt_id: testMode.events[0]?.id as string,
    we_id: endpoint.id as string,
    cs_id: session.id as string,
    plink_id: link.id as string,
    pr_id: request.id as string,
  };
  /** Operations whose valid request needs another object than the kind's default. */
  const special: Record<string, {ids?: Record<string, string>; body?: Json}> = {
    createCharge: {body: {amount: 5000, source: call('POST', '/v2/sources', card('succeeds-visa')).id}},
    captureCharge: {ids: {ch_id: authorised.id as string}, body: {}},
    voidCharge: {
      ids: {
        ch_id: call('POST', '/v2/charges', {amount: 5000, capture: false, source: call('POST', '/v2/sources', card('succeeds-visa')).id})
          .id as string,
      },
    },
    refundCharge: {ids: {ch_id: charge.id as string}, body: {amount: 1000}},
    createCustomer: {body: {email: 'juan.cruz@example.com'}},
    attachSource: {body: {source: call('POST', '/v2/sources', card('succeeds-visa')).id}},
    captureSession: {ids: {cs_id: capturable.id as string}, body: {}},
    createSource: {body: card('succeeds-visa')},
  };
  return {testMode, ids, special};
}

describe('every operation of the specs', () => {
  it('is carried out by the model', () => {
    assert.deepEqual(unhandledOperations(), []);
  });

  it('answers a valid request below 500, valid against its status schema', () => {
    const {testMode, ids, special} = world();
    // Deleting comes last, the customer after its saved card.
    const last = (operationId: string, method: string) => Number(method === 'DELETE') + Number(operationId === 'deleteCustomer');
    const operations = allOperations().sort((a, b) => last(a.operationId, a.method) - last(b.operationId, b.method));
    const failures: string[] = [];
    for (const {spec, method, template, operationId} of operations) {
      const chosen = {...ids, ...special[operationId]?.ids};
      const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(chosen[name] ?? name));
      const body = special[operationId]?.body ?? (requestExample(spec, template, method) as Json | undefined);
      const answer = testMode.handle({method, path, body, apiKey: sampleSecretKey});
      const problems = responseProblems(spec, template, method, answer.status, answer.body);
      if (answer.status >= 400 || problems.length > 0)
        failures.push(`${operationId} ${answer.status} ${JSON.stringify(answer.body.error ?? problems)}`);
    }
    assert.deepEqual(failures, []);
  });

  it('answers every field of every example body set to a value of the wrong kind below 500, never throwing', () => {
    const {testMode, ids} = world();
    const wrong: unknown[] = [undefined, null, 'x', -1, 1.5, 10 ** 15, true, [], {}, {__proto__: {admin: true}}, 'a'.repeat(5000)];
    const failures: string[] = [];
    for (const {spec, method, template, operationId} of allOperations()) {
      const example = requestExample(spec, template, method);
      if (!example || typeof example !== 'object') continue;
      const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? name));
      for (const field of [...Object.keys(example), 'unknown_field'])
        for (const value of wrong) {
          const body = JSON.parse(JSON.stringify({...example, [field]: value})) as Json;
          let status: number;
          try {
            const answer = testMode.handle({method, path, body, apiKey: sampleSecretKey});
            status = answer.status;
            if (responseProblems(spec, template, method, status, answer.body).length > 0) status = 500;
          } catch (error) {
            status = 500;
            failures.push(`${operationId} ${field}=${JSON.stringify(value)} threw ${(error as Error).message}`);
          }
          if (status >= 500) failures.push(`${operationId} ${field}=${JSON.stringify(value).slice(0, 40)} answered ${status}`);
        }
    }
    assert.deepEqual([...new Set(failures)], []);
  });
});
