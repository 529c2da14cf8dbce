/**
 * One scenario's world, driven over HTTP only, as a third party's suite drives the test mode: a
 * fresh test mode on a loopback port (`serveTestMode`), a shop's database, the shop's webhook
 * endpoint as a loopback HTTP server registered through `/_test-mode/webhooks/endpoint` (so every
 * delivery is a real signed POST), and the shipments the shop made. What the customer, the banks
 * and time do are the `/_test-mode/…` controls (`world.control`); what Zip holds is read through the
 * API (`world.list`). The test mode's clock stands still unless a control moves it, so the world
 * tracks it from the controls' answers: the receiver checks signatures against that clock.
 */
import {createServer, type IncomingMessage, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {sampleSecretKey, sampleWebhookSecret} from '@zip/model/testValues';
import {serveTestMode, type ServeOptions} from '@zip/test-mode/server';

export type Json = Record<string, unknown>;
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
/** A shop's webhook endpoint as the world's loopback server hands it each delivery: the status to answer. */
export type Receiver = (raw: string, headers: Record<string, string>) => Promise<number>;
export type FaultKind = 'lose-response' | 'fail-500' | 'fail-429' | 'slow' | 'in-progress';

/** The `/_test-mode/…` controls a scenario uses, typed (packages/test-mode/README.md has the table). */
export interface Controls {
  /** Any control; anything but a 2xx throws, naming it and the answer. */
  call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Json): Promise<Json>;
  /** Moves the clock by `ms`: sources and requests expire, keys are forgotten, unfinished 3-D Secure fails. */
  advance(ms: number): Promise<void>;
  /** Plans a fault for the next `count` requests to the operation with this exact operationId. */
  fault(operation: string, kind: FaultKind, count?: number): Promise<void>;
  holdBack(type: string): Promise<void>;
  release(type: string): Promise<void>;
  /** Delivers what is due now: how many deliveries were acknowledged. */
  deliverDue(): Promise<number>;
  /** Sends the event again: whether every endpoint answered 2xx. */
  redeliver(eventId: string): Promise<boolean>;
  /** Every event, oldest first, each with its deliveries. */
  events(): Promise<Json[]>;
  ledger(): Promise<Json>;
  sourceOutcome(sourceId: string, outcome: 'chargeable' | 'cancelled' | 'expired'): Promise<void>;
  completeThreeDs(chargeId: string): Promise<void>;
  /** The customer pays with a test card: the charge's id. */
  payCheckoutSession(sessionId: string, card: string): Promise<string>;
  payLink(linkId: string, card: string, amount?: number): Promise<string>;
  payRequest(requestId: string, card: string): Promise<string>;
  settleRefunds(): Promise<void>;
}

export interface World {
  /** The test mode's URL, `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly zip: Zip;
  readonly control: Controls;
  readonly db: Db;
  readonly shipped: string[];
  /** The test mode's clock, as its controls last answered. */
  nowMs(): number;
  /** Every object of a list operation (`/v2/charges`), oldest first, walking its pages. */
  list(path: string): Promise<Json[]>;
  /** What the shop's endpoint does with a delivery: the Node.js receiver unless a shop sets its own. */
  setReceiver(receiver: Receiver): void;
  setHandlers(handlers: Record<string, (event: Json) => unknown>): void;
  newOrder(id: string, amount: number): void;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** The shop's database file (a Python integration writes it); in memory when not given. */
  readonly dbFile?: string;
  /** How the test mode is served (a shorter `deliveryTimeoutMs` for a receiver that never answers). */
  readonly serve?: ServeOptions;
}

const node = '../node/';
// The reference integrations are the JavaScript a reader copies; they are loaded as they are.
const load = async <T>(file: string): Promise<T> => (await import(node + file)) as T;

/** A `/_test-mode/…` control over HTTP at `url`. */
export function controlAt(url: string): Controls['call'] {
  return async (method, path, body) => {
    const response = await fetch(`${url}/_test-mode/${path}`, {
      method,
      headers: method === 'POST' ? {'content-type': 'application/json'} : {},
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const answer = (await response.json()) as Json;
    if (!response.ok) throw new Error(`${method} /_test-mode/${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
}

/** The typed controls over `call`; `onClock` hears each answer that reports the clock. */
export function typedControls(call: Controls['call'], onClock: (now: string) => void): Controls {
  const post = (path: string, body?: Json) => call('POST', path, body);
  const charge = async (path: string, body: Json) => (await post(path, body)).charge as string;
  return {
    call,
    advance: async (ms) => onClock((await post('clock/advance', {seconds: ms / 1000})).now as string),
    fault: async (operation, kind, count = 1) => void (await post('faults', {operation, kind, count})),
    holdBack: async (type) => void (await post('webhooks/hold', {type})),
    release: async (type) => void (await post('webhooks/release', {type})),
    deliverDue: async () => (await post('webhooks/deliver')).delivered as number,
    redeliver: async (eventId) => (await post(`events/${eventId}/redeliver`)).delivered as boolean,
    events: async () => (await call('GET', 'events')).events as Json[],
    ledger: () => call('GET', 'ledger'),
    sourceOutcome: async (sourceId, outcome) => void (await post(`sources/${sourceId}/${outcome}`)),
    completeThreeDs: async (chargeId) => void (await post(`charges/${chargeId}/three-d-secure`)),
    payCheckoutSession: (sessionId, card) => charge(`checkout-sessions/${sessionId}/pay`, {card}),
    payLink: (linkId, card, amount) => charge(`links/${linkId}/pay`, amount === undefined ? {card} : {card, amount}),
    payRequest: (requestId, card) => charge(`requests/${requestId}/pay`, {card}),
    settleRefunds: async () => void (await post('refunds/settle')),
  };
}

/** The shop's endpoint on a loopback port: each POST's raw body and headers to the current receiver. */
async function serveEndpoint(receiver: () => Receiver | undefined): Promise<{url: string; server: Server}> {
  const headersOf = (request: IncomingMessage) =>
    Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, [value].flat().join(', ')]));
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const receive = receiver();
    // A receiver that throws is an endpoint that fails: Zip delivers again later.
    const status = receive ? await receive(Buffer.concat(chunks).toString('utf8'), headersOf(request)).catch(() => 500) : 404;
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/zip/webhooks`, server};
}

export async function makeWorld(options: WorldOptions = {}): Promise<World> {
  const {createZipClient} = await load<{createZipClient: (options: Json) => Zip}>('zip-client.mjs');
  const {openStore} = await load<{openStore: (file: string) => Db}>('store.mjs');
  const {createReceiver} = await load<{createReceiver: (options: Json) => Receiver}>('webhook-receiver.mjs');
  const server = await serveTestMode(undefined, options.serve ?? {});
  const db = openStore(options.dbFile ?? ':memory:');
  let handlers: Record<string, (event: Json) => unknown> = {};
  const call = controlAt(server.url);
  let clockMs = Date.parse((await call('GET', 'clock')).now as string);
  const nowMs = () => clockMs;
  const control = typedControls(call, (now) => (clockMs = Date.parse(now)));
  let receiver: Receiver = createReceiver({
    db,
    secret: sampleWebhookSecret,
    handlers: new Proxy({}, {get: (_, type: string) => handlers[type]}),
    now: () => Math.floor(nowMs() / 1000),
  });
  const endpoint = await serveEndpoint(() => receiver);
  await call('POST', 'webhooks/endpoint', {url: endpoint.url});
  const zip = createZipClient({apiUrl: server.url, secretKey: sampleSecretKey, retryBaseMs: 1});
  return {
    url: server.url,
    zip,
    control,
    db,
    shipped: [],
    nowMs,
    list: async (path) => {
      const objects: Json[] = [];
      for (let cursor = ''; ;) {
        const page = await zip('GET', `${path}${path.includes('?') ? '&' : '?'}limit=100${cursor}`);
        const data = page.data as Json[];
        objects.push(...data);
        if (!page.has_more || data.length === 0) return objects.reverse();
        cursor = `&starting_after=${data.at(-1)?.id as string}`;
      }
    },
    setReceiver: (next) => (receiver = next),
    setHandlers: (next) => (handlers = next),
    newOrder: (id, amount) => void db.prepare('INSERT INTO orders (id, amount) VALUES (?, ?)').run(id, amount),
    close: async () => {
      await server.close();
      endpoint.server.closeAllConnections();
      await new Promise<void>((resolve) => endpoint.server.close(() => resolve()));
      db.close();
    },
  };
}
