/**
 * The `/_test-mode/…` controls over HTTP, as a third party's suite drives them: the clock (read,
 * advanced, set; it starts at the wall clock), faults by exact operationId and count (unknown ones
 * refused), webhooks held back, released, redelivered and delivered, the ledger's money invariants,
 * the customer's controls with their arguments checked, and a reset.
 */
import assert from 'node:assert/strict';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, describe, it} from 'node:test';
import {testCardFor} from '@zip/model/testValues';
import {serveTestMode, type RunningTestMode} from '../src/server';
import {call, control, errorOf, type Json} from './http-client';

const visa = testCardFor('succeeds-visa').number;
const cardSource = {type: 'card', card: {number: visa, exp_month: 12, exp_year: 2030, cvc: '123'}};

describe('the test-mode controls over HTTP', () => {
  let server: RunningTestMode;
  let startedAfter: number;
  before(async () => {
    startedAfter = Math.floor(Date.now() / 1000) * 1000;
    server = await serveTestMode();
  });
  after(() => server.close());

  const charge = async (orderId: string, headers: Record<string, string> = {}) => {
    const source = await call(server.url, 'POST', '/v2/sources', cardSource);
    return call(server.url, 'POST', '/v2/charges', {amount: 5000, source: source.body.id, metadata: {order_id: orderId}}, headers);
  };
  const clock = async () => Date.parse((await control(server.url, 'GET', 'clock')).body.now as string);

  it('starts the clock at the wall clock, advances and sets it, and refuses bad arguments without moving it', async () => {
    const start = await clock();
    assert.ok(start >= startedAfter && start <= Date.now(), `the clock starts at the wall clock, not ${new Date(start).toISOString()}`);
    assert.equal((await control(server.url, 'POST', 'clock/advance', {hours: 2})).status, 200);
    assert.equal(await clock(), start + 2 * 3_600_000);
    for (const body of [{hours: 'abc'}, {hours: -1}, {}, {hours: 1, minutes: 1}, {days: 1}]) {
      const reply = await control(server.url, 'POST', 'clock/advance', body);
      assert.equal(reply.status, 400, JSON.stringify(body));
      assert.ok(errorOf(reply).param, JSON.stringify(body));
    }
    assert.equal(await clock(), start + 2 * 3_600_000, 'a refused advance does not move the clock');
    assert.equal((await control(server.url, 'POST', 'clock/set', {now: '2031-01-05T01:00:00Z'})).body.now, '2031-01-05T01:00:00Z');
    assert.equal(errorOf(await control(server.url, 'POST', 'clock/set', {now: 'tomorrow'})).param, 'now');
  });

  it('plans faults by exact operationId and count, and refuses unknown operations and kinds', async () => {
    for (const [body, param] of [
      [{operation: 'create', kind: 'fail-500'}, 'operation'],
      [{operation: 'POST /v2/charges', kind: 'fail-500'}, 'operation'],
      [{operation: 'createCharge', kind: 'explode'}, 'kind'],
      [{operation: 'createCharge', kind: 'fail-500', count: 0}, 'count'],
      [{operation: 'createCharge', kind: 'fail-500', colour: 'red'}, 'colour'],
    ] as const) {
      const reply = await control(server.url, 'POST', 'faults', body);
      assert.equal(reply.status, 400, JSON.stringify(body));
      assert.equal(errorOf(reply).param, param);
    }
    const planned = await control(server.url, 'POST', 'faults', {
      operation: 'createCharge',
      kind: 'fail-429',
      count: 2,
      retry_after_seconds: 3,
    });
    assert.equal(planned.status, 201);
    assert.equal((await control(server.url, 'GET', 'faults')).body.faults instanceof Array, true);
    const source = await call(server.url, 'POST', '/v2/sources', cardSource);
    assert.equal(source.status, 201, 'a fault for createCharge does not touch createSource');
    for (let attempt = 0; attempt < 2; attempt++) {
      const limited = await charge('ORD-429');
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('retry-after'), '3');
    }
    assert.equal((await charge('ORD-429')).status, 201, 'the count is spent');
    await control(server.url, 'POST', 'faults', {operation: 'createCharge', kind: 'fail-500'});
    assert.equal((await control(server.url, 'DELETE', 'faults')).status, 200);
    assert.deepEqual((await control(server.url, 'GET', 'faults')).body.faults, []);
    assert.equal((await charge('ORD-cleared')).status, 201);
  });

  it('fails with 500 and 409 in progress before the work, loses the answer after it, and answers slowly', async () => {
    const before = (await control(server.url, 'GET', 'ledger')).body.orders as Json[];
    await control(server.url, 'POST', 'faults', {operation: 'createCharge', kind: 'fail-500'});
    assert.equal((await charge('ORD-500')).status, 500);
    await control(server.url, 'POST', 'faults', {operation: 'createCharge', kind: 'in-progress'});
    assert.equal(errorOf(await charge('ORD-409')).code, 'idempotency_request_in_progress');
    const orders = (await control(server.url, 'GET', 'ledger')).body.orders as Json[];
    assert.equal(orders.length, before.length, 'no charge was made');
    await control(server.url, 'POST', 'faults', {operation: 'createCharge', kind: 'lose-response'});
    await assert.rejects(charge('ORD-lost'), /fetch failed/);
    const lost = ((await control(server.url, 'GET', 'ledger')).body.orders as Json[]).find((order) => order.order_id === 'ORD-lost');
    assert.equal(lost?.charges_taking_money, 1, 'the work was done');
    await control(server.url, 'POST', 'faults', {operation: 'createCharge', kind: 'slow', delay_ms: 1000});
    const sent = Date.now();
    const slow = await charge('ORD-slow');
    assert.equal(slow.status, 201);
    assert.ok(Date.now() - sent >= 1000, 'the answer waits delay_ms');
  });

  it('keeps the ledger per order: charged twice is a problem, and ok is false', async () => {
    await control(server.url, 'POST', 'reset');
    assert.equal((await control(server.url, 'GET', 'ledger')).body.ok, true);
    await charge('ORD-twice');
    await charge('ORD-twice');
    const ledger = (await control(server.url, 'GET', 'ledger')).body;
    assert.equal(ledger.ok, false);
    const order = (ledger.orders as Json[]).find((candidate) => candidate.order_id === 'ORD-twice');
    assert.equal(order?.charges_taking_money, 2);
    assert.match(String((order?.problems as string[])[0]), /charged 2 times/);
  });

  it('holds a type back, releases it, delivers, redelivers, and lists events with their deliveries', async () => {
    await control(server.url, 'POST', 'reset');
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json).type as string);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      assert.equal((await control(server.url, 'POST', 'webhooks/endpoint', {url})).status, 200);
      assert.equal(errorOf(await control(server.url, 'POST', 'webhooks/hold', {type: 'charge.nonsense'})).param, 'type');
      await control(server.url, 'POST', 'webhooks/hold', {type: 'charge.succeeded'});
      await charge('ORD-hooks');
      await control(server.url, 'POST', 'webhooks/deliver');
      assert.deepEqual(received, [], 'held back');
      await control(server.url, 'POST', 'webhooks/release', {type: 'charge.succeeded'});
      const events = (await control(server.url, 'GET', 'events')).body.events as Json[];
      const succeeded = events.find((event) => event.type === 'charge.succeeded');
      assert.ok(succeeded && (succeeded.deliveries as Json[]).length === 1);
      assert.equal((await control(server.url, 'POST', `events/${succeeded.id as string}/redeliver`)).body.delivered, true);
      assert.deepEqual(received, ['charge.succeeded']);
      assert.equal((await control(server.url, 'GET', 'ledger')).body.ok, false, 'the first delivery is not acknowledged yet');
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it("checks the customer's controls' arguments, and a reset forgets every object", async () => {
    const link = await call(server.url, 'POST', '/v1/links', {
      payment_method_types: ['card'],
      currency: 'PHP',
      description: 'Beans',
      metadata: {order_id: 'ORD-link'},
    });
    assert.equal(link.status, 201, JSON.stringify(link.body));
    const path = `links/${link.body.id as string}/pay`;
    for (const [body, param] of [
      [{card: visa, amount: 'abc'}, 'amount'],
      [{card: '4000', amount: 5000}, 'card'],
      [{card: visa, amount: 5000, tip: 1}, 'tip'],
    ] as const)
      assert.equal(errorOf(await control(server.url, 'POST', path, body)).param, param);
    const paid = await control(server.url, 'POST', path, {card: visa, amount: 5000});
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const chargeId = paid.body.charge as string;
    assert.equal((await call(server.url, 'GET', `/v2/charges/${chargeId}`)).status, 200, 'no poisoned state');
    assert.equal((await control(server.url, 'POST', 'charges/ch_unknown/dispute')).status, 404);
    assert.equal((await control(server.url, 'POST', 'nothing/here')).status, 404);
    assert.equal((await control(server.url, 'POST', 'events/evt_unknown/redeliver')).status, 404);
    assert.equal((await control(server.url, 'GET', 'reset')).status, 405);
    await control(server.url, 'POST', 'reset');
    assert.equal((await call(server.url, 'GET', `/v2/charges/${chargeId}`)).status, 404);
  });

  it('gives the next objects the ids the ids control names, refuses ids in use or malformed, and forgets them on a reset', async () => {
    const chosen = ['cus_ChosenByTheTest000000001', 'src_ChosenByTheTest000000001'];
    assert.equal((await control(server.url, 'POST', 'ids', {ids: chosen})).status, 200);
    const customer = await call(server.url, 'POST', '/v2/customers', {email: 'chosen.id@example.com'});
    assert.equal(customer.body.id, chosen[0]);
    assert.equal((await call(server.url, 'POST', '/v2/sources', cardSource)).body.id, chosen[1]);
    assert.notEqual((await call(server.url, 'POST', '/v2/sources', cardSource)).body.id, chosen[1], 'an id is taken once');
    for (const ids of [[chosen[0]], ['cus_short'], 'cus_ChosenByTheTest000000002', [1]])
      assert.equal(errorOf(await control(server.url, 'POST', 'ids', {ids})).param, 'ids', JSON.stringify(ids));
    await control(server.url, 'POST', 'ids', {ids: ['cus_ChosenByTheTest000000002']});
    await control(server.url, 'POST', 'reset');
    const after = await call(server.url, 'POST', '/v2/customers', {email: 'chosen.id@example.com'});
    assert.notEqual(after.body.id, 'cus_ChosenByTheTest000000002', 'a reset forgets the chosen ids');
  });

  it('reads the API explorer’s proxy form, /https://api.example.com/v2/charges, as /v2/charges, and its empty parameters as not given', async () => {
    const listed = await call(server.url, 'GET', '/https://api.example.com/v2/charges?limit=1');
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.equal(listed.body.object, 'list');
    assert.equal((await call(server.url, 'GET', '/https://elsewhere.example.com/v2/charges')).status, 404);
    // It sends a parameter its reader left empty with no value: read as not given.
    const empty = await call(server.url, 'GET', '/https://api.example.com/v1/links?limit&status=active');
    assert.equal(empty.status, 200, JSON.stringify(empty.body));
  });
});
