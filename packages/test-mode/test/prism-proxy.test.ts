/**
 * Checked by an outside tool: Stoplight Prism's validation proxy (`prism proxy <spec> <upstream>
 * --errors`) stands in front of the test mode for each spec, and a set of flows a shop runs goes
 * through it: a card charge authorised, captured and refunded, a GCash source approved and charged,
 * a customer, a checkout session, a payment link, a payment request, webhook endpoints, events, and
 * the errors a shop meets (unknown ids, wrong states, a reused key, planned 429 and 500). Prism
 * refuses a request the spec does not allow and reports an answer that breaks it (`sl-violations`);
 * the test fails on either, naming the call.
 */
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import {once} from 'node:events';
import {createServer} from 'node:net';
import {join} from 'node:path';
import {after, before, describe, it} from 'node:test';
import {samplePublicKey, testCardFor} from '@zip/model/testValues';
import {specNames, type SpecName} from '../src/specs';
import {serveTestMode, type RunningTestMode} from '../src/server';
import {basicAuth, control, type Json} from './http-client';

const root = join(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const {port} = server.address() as {port: number};
  server.close();
  await once(server, 'close');
  return port;
}

/** Starts one Prism proxy and resolves once it says it listens. */
async function startProxy(spec: SpecName, upstream: string): Promise<{url: string; child: ChildProcess}> {
  const port = await freePort();
  const child = spawn(
    join(root, 'node_modules/.bin/prism'),
    ['proxy', '--host', '127.0.0.1', '--port', String(port), '--errors', join(root, `openapi/${spec}.yaml`), upstream],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let printed = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (printed += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: string) => {
      printed += chunk;
      if (printed.includes('Prism is listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`prism proxy for openapi/${spec}.yaml exited (${code}): ${printed.slice(-2000)}`)));
  });
  return {url: `http://127.0.0.1:${port}`, child};
}

const specOf = (path: string): SpecName =>
  path.startsWith('/v1/checkout')
    ? 'checkout'
    : path.startsWith('/v1/links')
      ? 'links'
      : path.startsWith('/v1/requests')
        ? 'requests'
        : 'payments';

describe("the test mode, checked by Prism's validation proxy", () => {
  let testMode: RunningTestMode;
  const proxies = new Map<SpecName, {url: string; child: ChildProcess}>();
  const violations: string[] = [];
  let calls = 0;

  before(async () => {
    testMode = await serveTestMode();
    const started = await Promise.all(specNames.map(async (spec) => [spec, await startProxy(spec, testMode.url)] as const));
    for (const [spec, proxy] of started) proxies.set(spec, proxy);
  });
  after(async () => {
    for (const {child} of proxies.values()) child.kill();
    await testMode.close();
  });

  /** One API call through the proxy of its spec; whatever Prism reports is recorded against it. */
  async function api(
    method: string,
    path: string,
    body?: Json,
    {key = basicAuth, idempotencyKey = randomUUID() as string} = {},
  ): Promise<{status: number; body: Json; headers: Headers}> {
    const proxy = proxies.get(specOf(path));
    assert.ok(proxy);
    const headers: Record<string, string> = {authorization: key};
    if (body) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = idempotencyKey;
    const response = await fetch(proxy.url + path, {method, headers, body: body ? JSON.stringify(body) : undefined});
    calls++;
    const text = await response.text();
    const reported = response.headers.get('sl-violations');
    if (reported) violations.push(`${method} ${path} → ${response.status}: ${reported}`);
    if (response.headers.get('content-type')?.includes('problem+json'))
      violations.push(`${method} ${path}: Prism refused the request: ${text}`);
    return {status: response.status, body: text ? (JSON.parse(text) as Json) : {}, headers: response.headers};
  }
  const expect = async (status: number, call: Promise<{status: number; body: Json; headers: Headers}>) => {
    const answer = await call;
    assert.equal(answer.status, status, JSON.stringify(answer.body));
    return answer;
  };
  const visa = testCardFor('succeeds-visa').number;
  const cardSource = {type: 'card', card: {number: visa, exp_month: 12, exp_year: 2030, cvc: '123'}};

  it('a card charge authorised, captured, refunded, and listed by its order', async () => {
    const source = await expect(201, api('POST', '/v2/sources', cardSource));
    const charge = await expect(
      201,
      api('POST', '/v2/charges', {amount: 150000, source: source.body.id, capture: false, metadata: {order_id: 'ORD-1'}}),
    );
    const id = charge.body.id as string;
    await expect(200, api('POST', `/v2/charges/${id}/capture`, {amount: 120000}));
    const refunded = await expect(200, api('POST', `/v2/charges/${id}/refund`, {amount: 50000, reason: 'requested_by_customer'}));
    await expect(200, api('GET', `/v2/charges/${id}`));
    await expect(200, api('GET', '/v2/charges?limit=5&metadata[order_id]=ORD-1'));
    const refund = (refunded.body.refunds as Json[])[0];
    await expect(200, api('GET', `/v2/refunds/${refund?.id as string}`));
  });

  it('a GCash source approved on the test page, then charged; a customer made', async () => {
    const redirect = {success_url: 'https://shop.example.com/ok', failure_url: 'https://shop.example.com/no'};
    const source = await expect(201, api('POST', '/v2/sources', {type: 'gcash', amount: 150000, currency: 'PHP', redirect}));
    await expect(200, control(testMode.url, 'POST', `sources/${source.body.id as string}/chargeable`));
    await expect(200, api('GET', `/v2/sources/${source.body.id as string}`));
    await expect(201, api('POST', '/v2/charges', {amount: 150000, source: source.body.id}));
    await expect(201, api('POST', '/v2/customers', {email: 'maria.santos@example.com', name: 'Maria Santos'}));
  });

  it('a checkout session paid, and another expired', async () => {
    const session = {
      line_items: [{name: 'Barako coffee beans, 500 g', amount: 65000, quantity: 2}],
      currency: 'PHP',
      payment_method_types: ['card', 'gcash'],
      success_url: 'https://shop.example.com/orders/1060/thanks',
      cancel_url: 'https://shop.example.com/cart',
      metadata: {order_id: 'ORD-1060'},
    };
    const paid = await expect(201, api('POST', '/v1/checkout/sessions', session));
    await expect(200, control(testMode.url, 'POST', `checkout-sessions/${paid.body.id as string}/pay`, {card: visa}));
    await expect(200, api('GET', `/v1/checkout/sessions/${paid.body.id as string}`));
    const other = await expect(201, api('POST', '/v1/checkout/sessions', session));
    await expect(200, api('POST', `/v1/checkout/sessions/${other.body.id as string}/expire`));
  });

  it('a payment link paid, listed, switched off and on, and updated', async () => {
    const link = await expect(
      201,
      api('POST', '/v1/links', {
        amount: 45000,
        currency: 'PHP',
        description: 'Barako coffee beans, 250 g',
        usage: 'reusable',
        payment_method_types: ['card'],
      }),
    );
    const id = link.body.id as string;
    await expect(200, control(testMode.url, 'POST', `links/${id}/pay`, {card: visa}));
    await expect(200, api('GET', `/v1/links/${id}`));
    await expect(200, api('GET', '/v1/links?status=active'));
    await expect(200, api('POST', `/v1/links/${id}/deactivate`));
    await expect(200, api('POST', `/v1/links/${id}/activate`));
    await expect(200, api('PUT', `/v1/links/${id}`, {description: 'Barako coffee beans, 500 g'}));
  });

  it('a payment request resent, listed, paid; another voided', async () => {
    const body = {
      amount: 850000,
      currency: 'PHP',
      description: 'Invoice INV-0142',
      customer: {name: 'Juan dela Cruz', email: 'juan.delacruz@example.com'},
      channels: ['email'],
      payment_method_types: ['card'],
    };
    const request = await expect(201, api('POST', '/v1/requests', body));
    const id = request.body.id as string;
    await expect(200, api('POST', `/v1/requests/${id}/resend`, {}));
    await expect(200, api('GET', '/v1/requests?status=open'));
    await expect(200, control(testMode.url, 'POST', `requests/${id}/pay`, {card: visa}));
    await expect(200, api('GET', `/v1/requests/${id}`));
    const other = await expect(201, api('POST', '/v1/requests', body));
    await expect(200, api('POST', `/v1/requests/${other.body.id as string}/void`, {}));
  });

  it('webhook endpoints made, listed, changed, rolled and deleted; events listed', async () => {
    const endpoint = await expect(
      201,
      api('POST', '/v2/webhook-endpoints', {url: 'https://shop.example.com/zip/webhooks', events: ['charge.succeeded', 'charge.failed']}),
    );
    const id = endpoint.body.id as string;
    await expect(200, api('GET', '/v2/webhook-endpoints'));
    await expect(200, api('GET', `/v2/webhook-endpoints/${id}`));
    await expect(200, api('PUT', `/v2/webhook-endpoints/${id}`, {events: ['*']}));
    await expect(200, api('POST', `/v2/webhook-endpoints/${id}/roll-secret`, {}));
    await expect(200, api('DELETE', `/v2/webhook-endpoints/${id}`));
    const events = await expect(200, api('GET', '/v2/events?limit=3'));
    await expect(200, api('GET', `/v2/events/${((events.body.data as Json[])[0] as Json).id as string}`));
  });

  it("the errors a shop meets, each in the spec's shape", async () => {
    await expect(404, api('GET', `/v2/charges/ch_${'x'.repeat(24)}`));
    const source = await expect(201, api('POST', '/v2/sources', cardSource));
    const charge = await expect(201, api('POST', '/v2/charges', {amount: 5000, source: source.body.id}));
    const id = charge.body.id as string;
    await expect(409, api('POST', `/v2/charges/${id}/capture`, {}));
    await expect(422, api('POST', `/v2/charges/${id}/refund`, {amount: 9000}));
    await expect(
      409,
      api('POST', '/v2/charges', {amount: 6000, source: source.body.id}, {idempotencyKey: 'reused'}).then(() =>
        api('POST', '/v2/charges', {amount: 7000, source: source.body.id}, {idempotencyKey: 'reused'}),
      ),
    );
    await expect(
      401,
      api('GET', '/v2/charges', undefined, {key: 'Basic ' + Buffer.from('sk_live_unknownKey0000000000:').toString('base64')}),
    );
    await expect(403, api('GET', '/v2/charges', undefined, {key: 'Basic ' + Buffer.from(`${samplePublicKey}:`).toString('base64')}));
    await control(testMode.url, 'POST', 'faults', {operation: 'listCharges', kind: 'fail-429', retry_after_seconds: 2});
    assert.equal((await expect(429, api('GET', '/v2/charges'))).headers.get('retry-after'), '2');
    await control(testMode.url, 'POST', 'faults', {operation: 'retrieveCharge', kind: 'fail-500'});
    await expect(500, api('GET', `/v2/charges/${id}`));
  });

  it('Prism reports no violation', () => {
    console.log(`prism proxy: ${calls} calls through openapi/{${specNames.join(',')}}.yaml, ${violations.length} violations`);
    assert.deepEqual(violations, []);
  });
});
