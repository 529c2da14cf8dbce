/**
 * One scenario's world: a fresh test mode on a loopback port, a shop's database, the webhook
 * receiver subscribed, and the shipments the shop made. Faults are planned, webhooks delivered and
 * the ledger read over HTTP (`/_test-mode/…`), as a third party's suite does; `invariants` holds the
 * test mode's state against what the shop recorded, and names integration, scenario and order when
 * one breaks, and `ledgerHolds` asserts the ledger's own money invariants.
 */
import assert from 'node:assert/strict';
import {sampleSecretKey, sampleWebhookSecret} from '@zip/model/testValues';
import {serveTestMode, type RunningTestMode} from '../../packages/test-mode/src/server';
import {TestMode} from '../../packages/test-mode/src/testMode';

type Json = Record<string, unknown>;
type Zip = (method: string, path: string, body?: unknown, options?: {idempotencyKey?: string; attempts?: number}) => Promise<Json>;
interface Statement {
  run(...values: unknown[]): {changes: number | bigint};
  get(...values: unknown[]): Json | undefined;
  all(...values: unknown[]): Json[];
}
export interface Db {
  prepare(sql: string): Statement;
  close(): void;
}

const node = '../../integrations/node/';
// The reference integrations are the JavaScript a reader copies; they are loaded as they are.
const load = async <T>(file: string): Promise<T> => (await import(node + file)) as T;

export interface World {
  readonly testMode: TestMode;
  readonly server: RunningTestMode;
  readonly zip: Zip;
  readonly db: Db;
  readonly shipped: string[];
  nowMs(): number;
  /** The receiver as Zip's deliveries reach it. */
  receive: (raw: string, headers: Record<string, string>) => Promise<number>;
  setHandlers(handlers: Record<string, (event: Json) => unknown>): void;
  /** One `/_test-mode/…` control over HTTP; anything but a 2xx throws, naming it. */
  control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Json): Promise<Json>;
  /** Plans a fault for the next `count` requests to the operation with this exact operationId. */
  fault(operation: string, kind: 'lose-response' | 'fail-500' | 'fail-429' | 'slow' | 'in-progress', count?: number): Promise<void>;
  newOrder(id: string, amount: number): void;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** The shop's database file (a Python integration writes it); in memory when not given. */
  readonly dbFile?: string;
  /** Subscribe the Node.js receiver (webhook-receiver.mjs) to the test mode's deliveries; true unless told. */
  readonly nodeReceiver?: boolean;
}

export async function makeWorld(options: WorldOptions = {}): Promise<World> {
  const {createZipClient} = await load<{createZipClient: (options: Json) => Zip}>('zip-client.mjs');
  const {openStore} = await load<{openStore: (file: string) => Db}>('store.mjs');
  const {createReceiver} = await load<{createReceiver: (options: Json) => World['receive']}>('webhook-receiver.mjs');
  const testMode = new TestMode();
  const server = await serveTestMode(testMode);
  const db = openStore(options.dbFile ?? ':memory:');
  const shipped: string[] = [];
  let handlers: Record<string, (event: Json) => unknown> = {};
  const nowMs = () => Date.parse(testMode.now());
  const receive = createReceiver({
    db,
    secret: sampleWebhookSecret,
    handlers: new Proxy({}, {get: (_, type: string) => handlers[type]}),
    now: () => Math.floor(nowMs() / 1000),
  });
  if (options.nodeReceiver !== false) testMode.addWebhookEndpoint((raw, headers) => receive(raw, headers));
  const control: World['control'] = async (method, path, body) => {
    const response = await fetch(`${server.url}/_test-mode/${path}`, {
      method,
      headers: method === 'POST' ? {'content-type': 'application/json'} : {},
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const answer = (await response.json()) as Json;
    if (!response.ok) throw new Error(`${method} /_test-mode/${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  return {
    testMode,
    server,
    zip: createZipClient({apiUrl: server.url, secretKey: sampleSecretKey, retryBaseMs: 1}),
    db,
    shipped,
    nowMs,
    receive,
    setHandlers: (next) => (handlers = next),
    control,
    fault: async (operation, kind, count = 1) => void (await control('POST', 'faults', {operation, kind, count})),
    newOrder: (id, amount) => void db.prepare('INSERT INTO orders (id, amount) VALUES (?, ?)').run(id, amount),
    close: async () => {
      db.close();
      await server.close();
    },
  };
}

/** The ledger's problems per order (charged more than once, refunded more than captured): none may be left. */
export function ledgerHolds(ledger: Json, where: string): void {
  for (const order of ledger.orders as {order_id: string; problems: string[]}[])
    assert.deepEqual(order.problems, [], `${where}: the ledger finds order ${order.order_id} ${order.problems.join('; ')}`);
}

const moneyTaken = new Set(['succeeded', 'authorised', 'partially_refunded', 'refunded']);

/**
 * The order a charge was made for, as Zip knows it: its own `metadata.order_id`, or that of the
 * checkout session, payment link or payment request it paid, which carry the shop's order id.
 */
function orderOfCharge(world: World, charge: Json): unknown {
  const {sessions, links, requests} = world.testMode;
  const hosted =
    sessions.get(charge.checkout_session as string) ??
    links.get(charge.payment_link as string) ??
    requests.get(charge.payment_request as string);
  return (charge.metadata as Json).order_id ?? (hosted?.metadata as Json | undefined)?.order_id;
}

/** The invariants of the issue, for orders (table `orders`) or billing periods (`billing_periods`). */
export function invariants(world: World, integration: string, scenario: string): void {
  const where = (order: string) => `${integration} × ${scenario}: order ${order}`;
  const charges = [...world.testMode.charges.values()];
  const orders = world.db.prepare('SELECT * FROM orders').all();
  for (const order of orders) {
    const id = order.id as string;
    const session = (order.session_id as string | null | undefined) ?? null;
    // An order's charges: those made for it, those of its session, and the one it recorded (a payment through a reusable link).
    const mine = charges.filter(
      (charge) =>
        orderOfCharge(world, charge) === id || (session !== null && charge.checkout_session === session) || charge.id === order.charge_id,
    );
    const taken = mine.filter((charge) => moneyTaken.has(charge.status as string));
    assert.ok(taken.length <= 1, `${where(id)}: charged ${taken.length} times (${taken.map((charge) => charge.id).join(', ')})`);
    const shipments = world.shipped.filter((shipped) => shipped === id).length;
    // An order held for a person (its payment refunded or disputed before it shipped, or changed by hand) ships not at all.
    const due = order.status === 'review' ? 0 : taken.length;
    assert.equal(shipments, due, `${where(id)}: fulfilled ${shipments} times, paid ${taken.length} times, order ${String(order.status)}`);
    for (const charge of taken)
      assert.equal(
        order.charge_id,
        charge.id,
        `${where(id)}: payment ${charge.id as string} taken but not recorded (order has ${String(order.charge_id)})`,
      );
    for (const charge of mine) refundedOnce(world, where(id), charge);
  }
  const periods = world.db.prepare('SELECT * FROM billing_periods').all();
  for (const period of periods) {
    const id = `${period.subscription_id as string}/${period.period as string}`;
    const taken = charges.filter(
      (charge) =>
        (charge.metadata as Json).subscription_id === period.subscription_id &&
        (charge.metadata as Json).period === period.period &&
        moneyTaken.has(charge.status as string),
    );
    assert.ok(taken.length <= 1, `${where(id)}: charged ${taken.length} times (${taken.map((charge) => charge.id).join(', ')})`);
    for (const charge of taken)
      assert.equal(
        period.charge_id,
        charge.id,
        `${where(id)}: payment ${charge.id as string} taken but not recorded (period has ${String(period.charge_id)})`,
      );
  }
  // Money taken that no order or period records: a payment the shop never learnt of.
  const recorded = new Set([...orders, ...periods].map((row) => row.charge_id));
  for (const charge of charges)
    if (moneyTaken.has(charge.status as string) && !recorded.has(charge.id))
      assert.fail(
        `${integration} × ${scenario}: payment ${charge.id as string} (${String(orderOfCharge(world, charge) ?? charge.payment_link ?? 'no order')}) taken but recorded by no order`,
      );
}

function refundedOnce(world: World, where: string, charge: Json): void {
  const refunds = (charge.refunds as Json[]).filter((refund) => refund.status !== 'failed');
  const byReturn = new Map<string, number>();
  for (const refund of refunds) {
    const returnId = ((refund.metadata as Json).return_id as string) ?? refund.id;
    byReturn.set(returnId, (byReturn.get(returnId) ?? 0) + 1);
  }
  for (const [returnId, count] of byReturn) assert.ok(count <= 1, `${where}: return ${returnId} refunded ${count} times`);
  assert.ok((charge.amount_refunded as number) <= (charge.amount_captured as number), `${where}: refunded more than captured`);
}
