/**
 * No request kills the test mode or its state: malformed and absolute-form targets, bodies that
 * are not JSON, too large, too deep or carry `__proto__`, a client that hangs up mid-body, bad
 * query parameters and headers, and a few hundred seeded random requests. Each is answered in the
 * specs' error shape with its own `Request-Id` (never a `500`), and afterwards the server still
 * answers and a charge made before is still there.
 */
import assert from 'node:assert/strict';
import {after, before, describe, it} from 'node:test';
import {testCardFor} from '@zip/model/testValues';
import {serveTestMode, type RunningTestMode} from '../src/server';
import {TestMode} from '../src/testMode';
import {call, errorOf, raw, type Json} from './http-client';

const visa = {type: 'card', card: {number: testCardFor('succeeds-visa').number, exp_month: 12, exp_year: 2030, cvc: '123'}};

/** A small seeded generator, so a failing run is the same run again. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T};
}

describe('the test mode over HTTP never dies', () => {
  let server: RunningTestMode;
  let chargeId: string;
  before(async () => {
    server = await serveTestMode();
    const source = await call(server.url, 'POST', '/v2/sources', visa);
    const charge = await call(server.url, 'POST', '/v2/charges', {amount: 5000, source: source.body.id, metadata: {order_id: 'ORD-1'}});
    assert.equal(charge.status, 201, JSON.stringify(charge.body));
    chargeId = charge.body.id as string;
  });
  after(() => server.close());

  it('answers an unknown route and an operation it does not keep 404, and gives every request its own Request-Id', async () => {
    const unknown = await call(server.url, 'GET', '/v9/nothing');
    assert.equal(unknown.status, 404);
    assert.equal(errorOf(unknown).code, 'resource_missing');
    const again = await call(server.url, 'GET', '/v9/nothing');
    assert.notEqual(again.headers.get('request-id'), unknown.headers.get('request-id'));
    const charge = await call(server.url, 'GET', `/v2/charges/${chargeId}`);
    assert.equal(charge.status, 200);
    assert.match(charge.headers.get('request-id') ?? '', /^req_/);
  });

  it('refuses bodies that are not a JSON object, too large, too deep or with a __proto__ key, with 400 or 413', async () => {
    const cases: [body: string, status: number, says: RegExp][] = [
      ['{"amount": 5000,', 400, /not valid JSON/],
      ['[1, 2]', 400, /JSON object/],
      [`{"metadata": ${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`, 400, /deeper/],
      ['{"amount": 5000, "metadata": {"__proto__": {"admin": true}}}', 400, /__proto__/],
      [JSON.stringify({amount: 5000, description: 'x'.repeat(2 * 1024 * 1024)}), 413, /over/],
    ];
    for (const [body, status, says] of cases) {
      const reply = await call(server.url, 'POST', '/v2/charges', body);
      assert.equal(reply.status, status, `${body.slice(0, 40)}: ${JSON.stringify(reply.body).slice(0, 200)}`);
      assert.match(errorOf(reply).message ?? '', says);
    }
    const notJson = await call(server.url, 'POST', '/v2/charges', 'amount=5000', {'content-type': 'application/x-www-form-urlencoded'});
    assert.equal(notJson.status, 400);
  });

  it('holds query parameters and headers to the operation, naming the parameter', async () => {
    const cases: [path: string, headers: Record<string, string>, param: string][] = [
      ['/v2/charges?limit=1000', {}, 'limit'],
      ['/v2/charges?limit=abc', {}, 'limit'],
      ['/v2/charges?status=paid', {}, 'status'],
      ['/v2/charges?colour=blue', {}, 'colour'],
      ['/v2/events?type=charge.succeeded&type=charge.failed', {}, 'type'],
    ];
    for (const [path, headers, param] of cases) {
      const reply = await call(server.url, 'GET', path, undefined, headers);
      assert.equal(reply.status, 422, path);
      assert.equal(errorOf(reply).param, param, path);
    }
    const longKey = await call(server.url, 'POST', '/v2/sources', visa, {'idempotency-key': 'k'.repeat(300)});
    assert.equal(longKey.status, 422);
    assert.equal(errorOf(longKey).param, 'Idempotency-Key');
    assert.equal((await call(server.url, 'GET', '/v2/charges?limit=5&status=succeeded&metadata[order_id]=ORD-1')).status, 200);
  });

  it('answers broken requests on a raw socket 400 and survives a client that hangs up mid-body', async () => {
    for (const target of ['//[/v2/charges', 'http://attacker.example/v2/charges', '*'])
      assert.match(
        await raw(server.url, `GET ${target} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n`),
        /^HTTP\/1\.1 400 /,
        target,
      );
    assert.match(
      await raw(server.url, 'GET /v2/charges HTTP/1.1\r\nhost: rebound.example\r\nconnection: close\r\n\r\n'),
      /^HTTP\/1\.1 421 /,
    );
    assert.match(await raw(server.url, 'NOT HTTP AT ALL\r\n\r\n'), /^HTTP\/1\.1 400 /);
    await raw(
      server.url,
      'POST /v2/charges HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 5000\r\n\r\n{"amount":',
      {hangUp: true},
    );
    await raw(
      server.url,
      'POST /_test-mode/clock/advance HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n5\r\n{"hou',
      {hangUp: true},
    );
    assert.equal((await call(server.url, 'GET', `/v2/charges/${chargeId}`)).status, 200);
  });

  it('answers a bug of the model 500 in the error shape, naming it, and goes on answering', async () => {
    class BrokenModel extends TestMode {
      override handle(): never {
        throw new TypeError('a bug of the model');
      }
    }
    const broken = await serveTestMode(new BrokenModel());
    try {
      const reply = await call(broken.url, 'GET', '/v2/charges');
      assert.equal(reply.status, 500);
      assert.equal(errorOf(reply).code, 'internal_error');
      assert.match(errorOf(reply).message ?? '', /a bug of the model/);
      assert.equal((await call(broken.url, 'GET', '/_test-mode/clock')).status, 200);
    } finally {
      await broken.close();
    }
  });

  it('answers a few hundred seeded random requests without a 500, and keeps the charge made before', async () => {
    const random = seeded(57);
    const paths = [
      '/v2/charges',
      `/v2/charges/${chargeId}`,
      `/v2/charges/${chargeId}/refund`,
      '/v2/sources',
      '/v2/refunds',
      '/v2/events',
      '/v1/links',
      '/v1/requests',
      '/v1/checkout/sessions',
      '/v2/webhook-endpoints',
      '/_test-mode/clock/advance',
      '/_test-mode/faults',
      '/_test-mode/links/plink_x/pay',
      '/v2/charges/%E0%A4%A',
      '/v2/..%2f..%2fetc',
    ];
    const queries = [
      '',
      '?limit=-1',
      '?limit=1e9',
      '?starting_after=' + 'x'.repeat(300),
      '?created_gte=yesterday',
      '?metadata[=x',
      '?hours=abc',
      '?status[]=a',
    ];
    const values: unknown[] = [null, true, -1, 0, 1e308, 'abc', '', [], {}, {__proto__: null}, [[[]]], 'ch_' + 'x'.repeat(24)];
    const bodies = () => {
      const body: Json = {};
      for (const field of ['amount', 'source', 'currency', 'metadata', 'hours', 'card', 'type', 'url', 'operation', 'kind', 'count'])
        if (random.next() < 0.4) body[field] = random.pick(values);
      return random.next() < 0.1 ? JSON.stringify(body).slice(0, Math.floor(random.next() * 20)) : body;
    };
    const requests = Array.from({length: 300}, () => ({
      method: random.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']),
      path: random.pick(paths) + random.pick(queries),
      body: bodies(),
    }));
    for (let start = 0; start < requests.length; start += 10)
      await Promise.all(
        requests.slice(start, start + 10).map(async ({method, path, body}) => {
          const reply = await call(server.url, method, path, method === 'GET' || method === 'DELETE' ? undefined : body);
          assert.ok(
            reply.status < 500,
            `${method} ${path} ${JSON.stringify(body)}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`,
          );
        }),
      );
    const charge = await call(server.url, 'GET', `/v2/charges/${chargeId}`);
    assert.equal(charge.status, 200);
    assert.equal(charge.body.amount, 5000);
  });
});
