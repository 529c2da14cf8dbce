/**
 * The model's store and clock: one map per kind of object, the events, the log of requests carried
 * out, and a clock that runs what falls due (an expiry, a deadline) in time order as it moves. Every
 * status change goes through `transition`, which holds it to the specs' `x-transitions`; every event
 * goes through `emit`, which queues its webhook deliveries.
 */
import {facts} from '@zip/model/facts';
import {assertTransition, type MachineName} from '../../specs';
import {ApiError, notFound, type Json} from './errors';
import {iso, newId} from './ids';
import {Webhooks} from './webhooks';

export interface ModelOptions {
  /**
   * How long a delivery waits for the endpoint's answer. Zip waits `facts.webhooks.responseTimeoutSeconds`;
   * a test of an endpoint that never answers may wait less, so that it does not take that long.
   */
  readonly deliveryTimeoutMs?: number;
  /** Where the clock starts, in epoch milliseconds; the wall clock when not given. */
  readonly now?: number;
  /**
   * How many objects of each kind the model keeps before it refuses to create more; of events, the
   * request log, deliveries and idempotency keys it keeps ten times as many, forgetting the oldest.
   */
  readonly objectLimit?: number;
}

/** Bounded so that no client can grow the process without end; a developer's run stays far below it. */
export const defaultObjectLimit = 10_000;

interface Timer {
  readonly at: number;
  readonly run: () => void;
}

export class Model {
  private nowMs: number;
  private readonly timers: Timer[] = [];
  private readonly objectLimit: number;
  /** How many events, log lines, deliveries and idempotency keys the model keeps, the newest. */
  protected readonly historyLimit: number;
  readonly sources = new Map<string, Json>();
  readonly charges = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  readonly disputes = new Map<string, Json>();
  readonly customers = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly links = new Map<string, Json>();
  readonly requests = new Map<string, Json>();
  readonly webhookEndpoints = new Map<string, Json>();
  readonly payouts = new Map<string, Json>();
  readonly events: Json[] = [];
  /** Every request the test mode carried out (not replays): what an invariant reads. */
  readonly log: {operation: string; status: number; idempotencyKey?: string; replayed: boolean}[] = [];
  readonly webhooks: Webhooks;
  /** Charges whose customer finished 3-D Secure at the bank; verify then learns the card's outcome. */
  readonly threeDsDone = new Set<string>();

  constructor(options: ModelOptions = {}) {
    // The wall clock to the second, as the API writes times, so `now()` and `clockMs()` agree.
    const start = options.now ?? Math.floor(Date.now() / 1000) * 1000;
    if (!Number.isFinite(start)) throw new Error(`TestMode: option now must be epoch milliseconds, not ${String(options.now)}`);
    this.nowMs = start;
    this.objectLimit = options.objectLimit ?? defaultObjectLimit;
    this.historyLimit = this.objectLimit * 10;
    this.webhooks = new Webhooks(
      {clockMs: () => this.nowMs, deactivateEndpoint: (object) => this.transition('webhookEndpoint', object, 'inactive')},
      options.deliveryTimeoutMs ?? facts.webhooks.responseTimeoutSeconds * 1000,
    );
  }

  /** The model's time, as the specs write it. */
  now(): string {
    return iso(this.nowMs);
  }

  /** The model's time in epoch milliseconds. */
  clockMs(): number {
    return this.nowMs;
  }

  /** The model's time plus `ms`, as the specs write it: a deadline. */
  inMs(ms: number): string {
    return iso(this.nowMs + ms);
  }

  /** Runs `run` when the clock reaches `at` (epoch ms); it checks the object's state itself, as that may have moved on. */
  schedule(at: number, run: () => void): void {
    // Kept in time order (ties in the order scheduled), so moving the clock takes them from the front.
    let index = this.timers.length;
    while (index > 0 && (this.timers[index - 1] as Timer).at > at) index--;
    this.timers.splice(index, 0, {at, run});
  }

  /** Moves the clock to `target`, running what falls due on the way in time order, each at its own time. */
  protected moveClockTo(target: number): void {
    for (let next = this.timers[0]; next && next.at <= target; next = this.timers[0]) {
      this.timers.shift();
      this.nowMs = Math.max(this.nowMs, next.at);
      next.run();
    }
    this.nowMs = target;
  }

  /** Drops the oldest entries of a history beyond the model's bound. */
  protected trim(history: unknown[]): void {
    if (history.length > this.historyLimit) history.splice(0, history.length - this.historyLimit);
  }

  /** Keeps a new object, unless its kind is at the model's limit. */
  keep(map: Map<string, Json>, object: Json): Json {
    if (map.size >= this.objectLimit)
      throw new ApiError(
        409,
        'state_error',
        'object_limit_reached',
        `Test mode keeps at most ${this.objectLimit} objects of each kind (${object.object as string}); restart or reset it.`,
      );
    map.set(object.id as string, object);
    return object;
  }

  mustGet(map: Map<string, Json>, id: string, param = 'id'): Json {
    const object = map.get(id);
    if (!object) throw notFound(`No such object: '${id}'.`, param);
    return object;
  }

  transition(machine: MachineName, object: Json, to: string): void {
    this.transitionField(machine, object, 'status', to);
  }

  transitionField(machine: MachineName, object: Json, field: string, to: string): void {
    assertTransition(machine, object.id as string, object[field] as string, to);
    object[field] = to;
    object.updated_at = this.now();
  }

  emit(type: string, object: Json, apiVersion = 'v2', data: Json = {}): void {
    const event = {
      id: newId('evt_'),
      object: 'event',
      type,
      livemode: false,
      api_version: apiVersion,
      created_at: this.now(),
      data: {object: structuredClone(this.publicView(object)), ...data},
      request: null,
    };
    this.events.push(event);
    this.trim(this.events);
    this.webhooks.enqueue(event, this.historyLimit);
  }

  /** Strips the test mode's own bookkeeping (the full test card number) from what the API returns. */
  publicView(object: Json): Json {
    if (object.object === 'charge') return {...object, source: this.publicView(object.source as Json)};
    if (object.object === 'customer') return {...object, sources: (object.sources as Json[]).map((saved) => this.publicView(saved))};
    if (object.object !== 'source' || !object.card) return object;
    const card = {...(object.card as Json)};
    delete card.number_for_test;
    return {...object, card};
  }
}

/** One API call as a handler sees it: the path's parameters, the body and the query. */
export interface Call {
  readonly params: Readonly<Record<string, string>>;
  readonly body: Json;
  readonly query: URLSearchParams;
}

/** What an operation of the specs does to the model, and its answer. */
export type Handler = (model: Model, call: Call) => {status: number; body: Json};
