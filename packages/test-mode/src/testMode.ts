/**
 * Zip's test mode with state: sources, charges (3-D Secure, capture, void), refunds, disputes,
 * customers with saved cards, checkout sessions, payment links, payment requests and webhook
 * endpoints, kept in memory with the statuses and transitions the specs declare (specs.ts), the test
 * values of src/data/testMode.ts, the limits of src/data/facts.ts, the idempotency store as the specs'
 * "Idempotency" section states it, events, and signed webhook deliveries with retries. A test moves
 * its clock, plays the customer and injects faults; `handle` answers one API request, and server.ts
 * puts it on a loopback port.
 */
import {createHash, randomBytes} from 'node:crypto';
import {facts, type PaymentMethodType} from '../../../src/data/facts';
import {approvalActions, sampleWebhookSecret, testAmounts, testCards} from '../../../src/data/testMode';
import {signPayload} from '../../../src/utils/webhookSignature';
import {assertTransition, eventTypes, type MachineName} from './specs';

type Json = Record<string, unknown>;

/** An API answer; `lost` means the work was done but the caller never sees the answer (a timeout). */
export interface Answer {
  status: number;
  body: Json;
  lost?: boolean;
}

export interface ApiRequest {
  method: string;
  path: string;
  query?: URLSearchParams;
  body?: Json;
  idempotencyKey?: string;
  /** The API key, which scopes idempotency keys as an account would. */
  apiKey: string;
}

/** A webhook endpoint: a URL to POST to, or a function the test calls in process. */
export type WebhookTarget = string | ((rawBody: string, headers: Record<string, string>) => Promise<number>);

export interface TestModeOptions {
  /**
   * How long a delivery waits for the endpoint's answer. Zip waits `facts.webhooks.responseTimeoutSeconds`;
   * a test of an endpoint that never answers may wait less, so that it does not take that long.
   */
  readonly deliveryTimeoutMs?: number;
}

interface Endpoint {
  /** An endpoint a test adds in process; one made through the API delivers to its object's `url`. */
  readonly target?: WebhookTarget;
  /** The endpoint as the API shows it; an endpoint a test adds in process has none and takes every event. */
  readonly object?: Json;
  /** Its signing secrets, newest first: a rolled secret signs beside the new one until `untilMs`. */
  secrets: {secret: string; untilMs: number}[];
  deleted: boolean;
  /** When its unbroken run of failed deliveries began; a 2xx ends the run. */
  failingSinceMs?: number;
}

/** One event on its way to one endpoint. */
export interface Delivery {
  readonly event: Json;
  readonly endpoint: Endpoint;
  attempts: number;
  /** The retry schedule counts from the first attempt. */
  firstAttemptAt?: number;
  dueAt: number;
  state: 'due' | 'delivered' | 'failed';
}

interface StoredAnswer {
  bodyHash: string;
  createdAt: number;
  answer?: Answer;
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomText = (length: number) => [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
const newId = (prefix: string) => prefix + randomText(24);
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** Statuses of a charge whose money was taken. */
const taken = ['succeeded', 'partially_refunded', 'refunded'];
/** A dispute in these statuses stops refunds of its charge (the Charge schema's `dispute`). */
const disputeBlocksRefund = ['needs_response', 'under_review', 'lost'];

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

export class TestMode {
  /** Milliseconds since the epoch, as the test mode sees them; `advance` moves it. */
  private nowMs = Date.UTC(2026, 0, 5, 1, 0, 0);
  readonly sources = new Map<string, Json>();
  readonly charges = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  readonly disputes = new Map<string, Json>();
  readonly customers = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly links = new Map<string, Json>();
  readonly requests = new Map<string, Json>();
  readonly webhookEndpoints = new Map<string, Json>();
  readonly events: Json[] = [];
  /** Every request the test mode carried out (not replays): what an invariant reads. */
  readonly log: {operation: string; status: number; idempotencyKey?: string; replayed: boolean}[] = [];
  private readonly idempotency = new Map<string, StoredAnswer>();
  private readonly endpoints: Endpoint[] = [];
  private readonly deliveries: Delivery[] = [];
  private readonly faults: {operation: string; kind: 'lose-response' | 'fail-500' | 'fail-429'}[] = [];
  private readonly threeDsDone = new Set<string>();

  constructor(private readonly options: TestModeOptions = {}) {}

  now(): string {
    return iso(this.nowMs);
  }

  /**
   * Moves the clock (25 hours: `advance(25 * 3_600_000)`), expiring sources, payment requests and keys
   * that are due, and losing disputes whose evidence deadline passed.
   */
  advance(ms: number): void {
    this.nowMs += ms;
    const due = (at: unknown) => typeof at === 'string' && Date.parse(at) <= this.nowMs;
    for (const source of this.sources.values())
      if (source.status === 'pending' && due(source.expires_at)) this.sourceOutcome(source.id as string, 'expired');
    for (const request of this.requests.values())
      if (request.status === 'open' && due(request.expires_at)) {
        this.transition('request', request, 'expired');
        this.emit('payment_request.expired', request, null, 'v1');
      }
    for (const dispute of this.disputes.values())
      if (dispute.status === 'needs_response' && due(dispute.evidence_due_by)) this.decideDispute(dispute, 'lost');
  }

  /** The next request to this operation meets the fault: the answer is lost after the work, or a 500/429 before it. */
  inject(operation: string, kind: 'lose-response' | 'fail-500' | 'fail-429'): void {
    this.faults.push({operation, kind});
  }

  /** Adds an endpoint outside the API, subscribed to every event: a URL, or a function the test calls in process. */
  addWebhookEndpoint(target: WebhookTarget, secret = sampleWebhookSecret): void {
    this.endpoints.push({target, secrets: [{secret, untilMs: Infinity}], deleted: false});
  }

  // ---- what the customer does, as on the test approval page and the 3-D Secure page ----

  /** The customer presses Approve, Decline or Expire now (src/data/testMode.ts approvalActions). */
  sourceOutcome(id: string, status: 'chargeable' | 'cancelled' | 'expired'): void {
    const source = this.mustGet(this.sources, id);
    const action = approvalActions.find((candidate) => candidate.sourceStatus === status);
    if (!action) throw new Error(`src/data/testMode.ts has no approval action for ${status}`);
    this.transition('source', source, status);
    this.emit(action.event, source, null);
  }

  /** The customer finishes 3-D Secure; the card's outcome decides the charge, as verify would. */
  completeThreeDs(chargeId: string): void {
    this.threeDsDone.add(chargeId);
  }

  /** The customer pays a checkout session with a test card number; Zip charges it and completes the session. */
  payCheckoutSession(sessionId: string, cardNumber: string): string {
    const session = this.mustGet(this.sessions, sessionId);
    const source = this.cardSource(cardNumber);
    const charge = this.makeCharge({
      amount: session.amount_total as number,
      currency: session.currency as string,
      source,
      capture: session.capture as boolean,
      return_url: session.success_url as string,
      checkout_session: sessionId,
      metadata: {},
    });
    if (charge.status === 'pending') {
      this.completeThreeDs(charge.id as string);
      this.resolveThreeDs(charge);
    }
    if (charge.status === 'succeeded' || charge.status === 'authorised') {
      this.transition('session', session, 'complete');
      this.transitionField('sessionPayment', session, 'payment_status', charge.status === 'succeeded' ? 'paid' : 'authorised');
      Object.assign(session, {charge: charge.id, completed_at: this.now(), updated_at: this.now()});
      this.emit('checkout_session.completed', session, null, 'v1');
    }
    return charge.id as string;
  }

  /**
   * The customer pays a payment link with a test card number; `amount` is what they type on a link
   * without a fixed amount. Zip charges the card (`payment_link` set) and, when the charge succeeds,
   * counts the payment and sends `payment_link.paid`; a single-use link then deactivates itself.
   * Returns the charge's id. An inactive link takes no payment: its page says it is no longer available.
   */
  payLink(linkId: string, cardNumber: string, amount?: number): string {
    const link = this.mustGet(this.links, linkId);
    if (link.status !== 'active') throw new Error(`${linkId} is ${link.status}: its page says it is no longer available`);
    const price = (link.amount as number | null) ?? amount;
    if (price === undefined) throw new Error(`${linkId} has no fixed amount: give the amount the customer types`);
    const charge = this.payOnHostedPage(link, cardNumber, price, {payment_link: linkId});
    if (charge.status === 'succeeded') {
      Object.assign(link, {
        payments_count: (link.payments_count as number) + 1,
        last_paid_at: this.now(),
        last_charge: charge.id,
        updated_at: this.now(),
      });
      this.emit('payment_link.paid', link, null, 'v1');
      if (link.usage === 'single_use') {
        this.transition('link', link, 'inactive');
        this.emit('payment_link.deactivated', link, null, 'v1');
      }
    }
    return charge.id as string;
  }

  /**
   * The customer pays a payment request with a test card number. Zip charges the card
   * (`payment_request` set) and, when the charge succeeds, the request is `paid` and
   * `payment_request.paid` is sent. Returns the charge's id. A request that is not `open` takes no payment.
   */
  payRequest(requestId: string, cardNumber: string): string {
    const request = this.mustGet(this.requests, requestId);
    if (request.status !== 'open') throw new Error(`${requestId} is ${request.status}: its page says it is no longer payable`);
    const charge = this.payOnHostedPage(request, cardNumber, request.amount as number, {payment_request: requestId});
    if (charge.status === 'succeeded') {
      this.transition('request', request, 'paid');
      Object.assign(request, {paid_at: this.now(), charge: charge.id});
      this.emit('payment_request.paid', request, null, 'v1');
    }
    return charge.id as string;
  }

  /**
   * The cardholder's bank opens a dispute of a charge paid with one of the dispute test cards
   * (src/data/testMode.ts, `dispute-won` and `dispute-lost`), as it does a minute after the payment:
   * `needs_response`, evidence due after the chargeback deadline of facts.ts, and `dispute.opened`.
   */
  openDispute(chargeId: string): string {
    const charge = this.mustGet(this.charges, chargeId);
    const card = this.testCardOf(charge);
    if (!card?.outcome.startsWith('dispute-'))
      throw new Error(`${chargeId}: only a charge paid with a dispute test card of src/data/testMode.ts is disputed`);
    if (!taken.includes(charge.status as string)) throw new Error(`${chargeId} is ${charge.status}: nothing was taken to dispute`);
    if (charge.dispute) throw new Error(`${chargeId} is disputed already`);
    const created = this.now();
    const dispute: Json = {
      id: newId('dp_'),
      object: 'dispute',
      livemode: false,
      amount: charge.amount_captured,
      currency: charge.currency,
      charge: chargeId,
      reason: 'general',
      status: 'needs_response',
      evidence_due_by: iso(this.nowMs + facts.chargebacks.evidenceDeadlineCalendarDays * dayMs),
      created_at: created,
      updated_at: created,
    };
    this.disputes.set(dispute.id as string, dispute);
    this.syncDispute(dispute);
    this.emit('dispute.opened', dispute, null);
    return dispute.id as string;
  }

  /** The merchant submits evidence in the dashboard: `under_review`, and the test bank decides at once as the card says. */
  submitDisputeEvidence(disputeId: string): void {
    const dispute = this.mustGet(this.disputes, disputeId);
    if (dispute.status !== 'needs_response') throw new Error(`${disputeId} is ${dispute.status}: evidence is taken while needs_response`);
    this.transition('dispute', dispute, 'under_review');
    dispute.evidence_due_by = null;
    this.syncDispute(dispute);
    const card = this.testCardOf(this.mustGet(this.charges, dispute.charge as string));
    this.decideDispute(dispute, card?.outcome === 'dispute-won' ? 'won' : 'lost');
  }

  /** The merchant accepts the dispute in the dashboard: `lost`. */
  acceptDispute(disputeId: string): void {
    const dispute = this.mustGet(this.disputes, disputeId);
    if (dispute.status !== 'needs_response')
      throw new Error(`${disputeId} is ${dispute.status}: only a dispute that needs a response is accepted`);
    this.decideDispute(dispute, 'lost');
  }

  /** Card networks answer pending refunds: `refund-fails` cards fail, every other succeeds. */
  settleRefunds(): void {
    for (const refund of this.refunds.values()) {
      if (refund.status !== 'pending') continue;
      const charge = this.mustGet(this.charges, refund.charge as string);
      const source = charge.source as Json;
      const card = testCards.find((candidate) => candidate.number === (source.card as Json | null)?.number_for_test);
      const fails = card?.outcome === 'refund-fails';
      this.transition('refund', refund, fails ? 'failed' : 'succeeded');
      refund.updated_at = this.now();
      if (fails) {
        refund.failure_reason = 'declined';
        charge.amount_refunded = (charge.amount_refunded as number) - (refund.amount as number);
        this.transition('charge', charge, (charge.amount_refunded as number) === 0 ? 'succeeded' : 'partially_refunded');
      }
      this.syncRefund(charge, refund);
      this.emit(fails ? 'charge.refund_failed' : 'charge.refunded', charge, null, 'v2', {refund: {...refund}});
    }
  }

  private decideDispute(dispute: Json, outcome: 'won' | 'lost'): void {
    this.transition('dispute', dispute, outcome);
    dispute.evidence_due_by = null;
    this.syncDispute(dispute);
    this.emit(outcome === 'won' ? 'dispute.won' : 'dispute.lost', dispute, null);
  }

  /** A charge shows its dispute as it is now. */
  private syncDispute(dispute: Json): void {
    const charge = this.mustGet(this.charges, dispute.charge as string);
    Object.assign(charge, {dispute: {...dispute}, updated_at: this.now()});
  }

  private testCardOf(charge: Json) {
    const number = ((charge.source as Json).card as Json | null)?.number_for_test;
    return testCards.find((candidate) => candidate.number === number);
  }

  /** What a hosted page (a payment link, a payment request) does when the customer pays by card: one charge. */
  private payOnHostedPage(page: Json, cardNumber: string, amount: number, paidThrough: Json): Json {
    if (!(page.payment_method_types as string[]).includes('card')) throw new Error(`${page.id} does not offer card`);
    const charge = this.makeCharge({
      amount,
      currency: page.currency,
      source: this.cardSource(cardNumber),
      capture: true,
      return_url: page.url,
      description: page.description,
      metadata: {},
      ...paidThrough,
    });
    if (charge.status === 'pending') {
      this.completeThreeDs(charge.id as string);
      this.resolveThreeDs(charge);
    }
    return charge;
  }

  // ---- webhooks ----

  /** Delivers every event due now to its endpoints, oldest first; a failure is retried on the delivery contract's schedule. */
  async deliverDue(): Promise<number> {
    let delivered = 0;
    for (const delivery of this.deliveries) {
      if (delivery.state !== 'due' || delivery.dueAt > this.nowMs) continue;
      // A deleted or inactive endpoint receives nothing, retries included.
      if (!this.receiving(delivery.endpoint)) {
        delivery.state = 'failed';
        continue;
      }
      delivery.firstAttemptAt ??= this.nowMs;
      if (await this.deliver(delivery.event, delivery.endpoint)) {
        delivery.state = 'delivered';
        delivery.endpoint.failingSinceMs = undefined;
        delivered++;
      } else {
        // The delivery contract's times count from the first attempt; after the last retry the delivery is failed.
        const retry = facts.webhooks.retrySchedule[delivery.attempts];
        delivery.attempts++;
        if (retry) delivery.dueAt = delivery.firstAttemptAt + retry.afterSeconds * 1000;
        else delivery.state = 'failed';
        this.endpointFailed(delivery.endpoint);
      }
    }
    return delivered;
  }

  /** Zip deactivates an endpoint whose every delivery has failed for the contract's days (`facts.webhooks`). */
  private endpointFailed(endpoint: Endpoint): void {
    endpoint.failingSinceMs ??= this.nowMs;
    const object = endpoint.object;
    if (object?.status === 'active' && this.nowMs - endpoint.failingSinceMs >= facts.webhooks.endpointDisableAfterDays * dayMs)
      this.transition('webhookEndpoint', object, 'inactive');
  }

  /** The deliveries of one event, one per endpoint it went to: what the dashboard's delivery log shows. */
  deliveriesOf(eventId: string): readonly Delivery[] {
    return this.deliveries.filter((delivery) => delivery.event.id === eventId);
  }

  /** Sends one event again, as the dashboard's Resend does (a duplicate, or a late delivery). */
  async redeliver(eventId: string): Promise<boolean> {
    const event = this.events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    let ok = true;
    for (const endpoint of this.endpoints)
      if (this.subscribed(endpoint, event.type as string)) ok = (await this.deliver(event, endpoint)) && ok;
    return ok;
  }

  /** Holds back deliveries of this event type until `release`: the next event arrives first. */
  holdBack(type: string): void {
    this.held.add(type);
  }
  release(type: string): void {
    this.held.delete(type);
  }
  private readonly held = new Set<string>();

  private receiving(endpoint: Endpoint): boolean {
    return !endpoint.deleted && (!endpoint.object || endpoint.object.status === 'active');
  }

  private subscribed(endpoint: Endpoint, type: string): boolean {
    const events = (endpoint.object?.events as string[] | undefined) ?? ['*'];
    return this.receiving(endpoint) && (events.includes('*') || events.includes(type));
  }

  private async deliver(event: Json, endpoint: Endpoint): Promise<boolean> {
    if (this.held.has(event.type as string)) return false;
    const target = endpoint.object ? (endpoint.object.url as string) : endpoint.target;
    if (!target) return false;
    const raw = JSON.stringify(event);
    const timestamp = Math.floor(this.nowMs / 1000);
    const secrets = endpoint.secrets.filter((secret) => secret.untilMs > this.nowMs);
    const signatures = await Promise.all(secrets.map(({secret}) => signPayload(secret, timestamp, raw)));
    const headers = {
      'content-type': 'application/json',
      'zip-signature': [`t=${timestamp}`, ...signatures.map((signature) => `v1=${signature}`)].join(','),
    };
    try {
      if (typeof target !== 'string') {
        const status = await target(raw, headers);
        return status >= 200 && status < 300;
      }
      const response = await fetch(target, {
        method: 'POST',
        headers,
        body: raw,
        signal: AbortSignal.timeout(this.options.deliveryTimeoutMs ?? facts.webhooks.responseTimeoutSeconds * 1000),
      });
      await response.body?.cancel();
      return response.status >= 200 && response.status < 300;
    } catch {
      return false;
    }
  }

  // ---- the API ----

  /** Answers one API request as Zip would, through the idempotency store. */
  handle(request: ApiRequest): Answer {
    const operation = `${request.method} ${request.path}`;
    const fault = this.takeFault(operation);
    if (fault === 'fail-429') return this.errorAnswer(new ApiError(429, 'rate_limit_error', 'rate_limit_exceeded', 'Too many requests.'));
    if (fault === 'fail-500') return this.errorAnswer(new ApiError(500, 'api_error', 'internal_error', 'An unexpected error occurred.'));
    const key =
      request.method === 'POST' && request.idempotencyKey ? `${request.apiKey} ${operation} ${request.idempotencyKey}` : undefined;
    const bodyHash = createHash('sha256')
      .update(JSON.stringify(request.body ?? {}))
      .digest('hex');
    if (key) {
      const stored = this.idempotency.get(key);
      if (stored && this.nowMs - stored.createdAt >= facts.api.idempotencyKeyRetentionHours * hourMs) this.idempotency.delete(key);
      const live = this.idempotency.get(key);
      if (live && live.bodyHash !== bodyHash)
        return this.errorAnswer(
          new ApiError(
            409,
            'idempotency_error',
            'idempotency_key_reused',
            'This Idempotency-Key was used with a different request body in the last 24 hours.',
          ),
        );
      if (live && !live.answer)
        return this.errorAnswer(
          new ApiError(
            409,
            'idempotency_error',
            'idempotency_request_in_progress',
            'A request with this Idempotency-Key is still being processed.',
          ),
        );
      if (live?.answer) {
        this.log.push({operation, status: live.answer.status, idempotencyKey: request.idempotencyKey, replayed: true});
        return {...live.answer, lost: fault === 'lose-response'};
      }
      this.idempotency.set(key, {bodyHash, createdAt: this.nowMs});
    }
    let answer: Answer;
    try {
      answer = this.route(request);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answer = this.errorAnswer(error);
    }
    this.log.push({operation, status: answer.status, idempotencyKey: request.idempotencyKey, replayed: false});
    if (key) {
      // A completed answer is stored; 409, 429 and 5xx are not, so the same key runs again (the specs' Idempotency section).
      const stores = answer.status < 500 && answer.status !== 409 && answer.status !== 429;
      if (stores) this.idempotency.set(key, {bodyHash, createdAt: this.idempotency.get(key)?.createdAt ?? this.nowMs, answer});
      else this.idempotency.delete(key);
    }
    return {...answer, lost: fault === 'lose-response'};
  }

  private takeFault(operation: string) {
    const index = this.faults.findIndex((fault) => operation.startsWith(fault.operation));
    if (index < 0) return undefined;
    return this.faults.splice(index, 1)[0]?.kind;
  }

  private errorAnswer(error: ApiError): Answer {
    return {
      status: error.status,
      body: {
        error: {type: error.type, code: error.code, message: error.message, param: error.param, request_id: newId('req_'), ...error.extra},
      },
    };
  }

  private route(request: ApiRequest): Answer {
    const {method, path} = request;
    const body = request.body ?? {};
    const query = request.query ?? new URLSearchParams();
    const parts = path.split('/').filter(Boolean);
    const at = (index: number) => parts[index] ?? '';
    if (method === 'POST' && path === '/v2/sources') return {status: 201, body: this.createSource(body)};
    if (method === 'GET' && at(1) === 'sources' && parts.length === 3) return {status: 200, body: this.mustGet(this.sources, at(2))};
    if (method === 'POST' && path === '/v2/customers') return {status: 201, body: this.createCustomer(body)};
    if (method === 'POST' && at(1) === 'customers' && at(3) === 'sources') return {status: 200, body: this.attachSource(at(2), body)};
    if (method === 'POST' && path === '/v2/charges') return {status: 201, body: this.createCharge(body)};
    if (method === 'GET' && path === '/v2/charges') return {status: 200, body: this.listCharges(query)};
    if (method === 'GET' && at(1) === 'charges' && parts.length === 3) return {status: 200, body: this.mustGet(this.charges, at(2))};
    if (method === 'POST' && at(1) === 'charges' && at(3) === 'verify') return {status: 200, body: this.verify(at(2))};
    if (method === 'POST' && at(1) === 'charges' && at(3) === 'capture') return {status: 200, body: this.capture(at(2), body)};
    if (method === 'POST' && at(1) === 'charges' && at(3) === 'void') return {status: 200, body: this.void(at(2))};
    if (method === 'POST' && at(1) === 'charges' && at(3) === 'refund') return {status: 200, body: this.refund(at(2), body)};
    if (method === 'GET' && at(1) === 'refunds' && parts.length === 3) return {status: 200, body: this.mustGet(this.refunds, at(2))};
    if (method === 'GET' && path === '/v2/disputes') return {status: 200, body: this.listDisputes(query)};
    if (method === 'GET' && at(1) === 'disputes' && parts.length === 3) return {status: 200, body: this.mustGet(this.disputes, at(2))};
    if (method === 'GET' && path === '/v2/events') return {status: 200, body: this.listEvents(query)};
    if (method === 'GET' && at(1) === 'events' && parts.length === 3) return {status: 200, body: this.getEvent(at(2))};
    if (at(1) === 'webhook-endpoints') return this.routeWebhookEndpoint(method, parts.slice(2), body, query);
    if (method === 'POST' && path === '/v1/checkout/sessions') return {status: 201, body: this.createSession(body)};
    if (method === 'GET' && at(1) === 'checkout' && parts.length === 4) return {status: 200, body: this.mustGet(this.sessions, at(3))};
    if (method === 'POST' && at(1) === 'checkout' && at(4) === 'expire') return {status: 200, body: this.expireSession(at(3))};
    if (at(0) === 'v1' && at(1) === 'links') return this.routeLink(method, parts.slice(2), body, query);
    if (at(0) === 'v1' && at(1) === 'requests') return this.routeRequest(method, parts.slice(2), body, query);
    throw new ApiError(404, 'not_found_error', 'resource_missing', `The stateful test mode does not serve ${method} ${path}.`);
  }

  private notServed(method: string, rest: string[]): never {
    throw new ApiError(404, 'not_found_error', 'resource_missing', `The stateful test mode does not serve ${method} …/${rest.join('/')}.`);
  }

  private routeLink(method: string, [id, action]: string[], body: Json, query: URLSearchParams): Answer {
    if (!id && method === 'POST') return {status: 201, body: this.createLink(body)};
    if (!id && method === 'GET')
      return {status: 200, body: this.listed(this.links, query, (link) => this.matches(link, query, ['status']))};
    if (id && !action && method === 'GET') return {status: 200, body: this.mustGet(this.links, id)};
    if (id && !action && method === 'PUT') return {status: 200, body: this.updateLink(id, body)};
    if (id && method === 'POST' && action === 'deactivate')
      return {status: 200, body: this.switchLink(this.mustGet(this.links, id), 'inactive')};
    if (id && method === 'POST' && action === 'activate')
      return {status: 200, body: this.switchLink(this.mustGet(this.links, id), 'active')};
    return this.notServed(method, [id ?? '', action ?? '']);
  }

  private routeRequest(method: string, [id, action]: string[], body: Json, query: URLSearchParams): Answer {
    if (!id && method === 'POST') return {status: 201, body: this.createRequest(body)};
    if (!id && method === 'GET') {
      const email = query.get('customer_email')?.toLowerCase();
      const filter = (request: Json) =>
        this.matches(request, query, ['status']) && (!email || ((request.customer as Json).email as string).toLowerCase() === email);
      return {status: 200, body: this.listed(this.requests, query, filter)};
    }
    if (id && !action && method === 'GET') return {status: 200, body: this.mustGet(this.requests, id)};
    if (id && method === 'POST' && action === 'resend') return {status: 200, body: this.resendRequest(id, body)};
    if (id && method === 'POST' && action === 'void') return {status: 200, body: this.voidRequest(id, body)};
    return this.notServed(method, [id ?? '', action ?? '']);
  }

  private routeWebhookEndpoint(method: string, [id, action]: string[], body: Json, query: URLSearchParams): Answer {
    if (!id && method === 'POST') return {status: 201, body: this.createEndpoint(body)};
    if (!id && method === 'GET') return {status: 200, body: this.listed(this.webhookEndpoints, query, () => true)};
    if (id && !action && method === 'GET') return {status: 200, body: this.mustGet(this.webhookEndpoints, id)};
    if (id && !action && method === 'PUT') return {status: 200, body: this.updateEndpoint(id, body)};
    if (id && !action && method === 'DELETE') return {status: 200, body: this.deleteEndpoint(id)};
    if (id && method === 'POST' && action === 'roll-secret') return {status: 200, body: this.rollSecret(id, body)};
    return this.notServed(method, [id ?? '', action ?? '']);
  }

  private mustGet(map: Map<string, Json>, id: string): Json {
    const object = map.get(id);
    if (!object) throw new ApiError(404, 'not_found_error', 'resource_missing', `No such object: '${id}'.`, 'id');
    return object;
  }

  private transition(machine: MachineName, object: Json, to: string): void {
    this.transitionField(machine, object, 'status', to);
  }

  private transitionField(machine: MachineName, object: Json, field: string, to: string): void {
    assertTransition(machine, object.id as string, object[field] as string, to);
    object[field] = to;
    object.updated_at = this.now();
  }

  private emit(
    type: string,
    object: Json,
    request: {id: string; idempotency_key: string | null} | null,
    apiVersion = 'v2',
    data: Json = {},
  ): void {
    const event = {
      id: newId('evt_'),
      object: 'event',
      type,
      livemode: false,
      api_version: apiVersion,
      created_at: this.now(),
      data: {object: structuredClone(this.publicView(object)), ...data},
      request,
    };
    this.events.push(event);
    // Every active endpoint subscribed to the type gets it; one inactive now never gets it later.
    for (const endpoint of this.endpoints)
      if (this.subscribed(endpoint, type)) this.deliveries.push({event, endpoint, attempts: 0, dueAt: this.nowMs, state: 'due'});
  }

  /** Strips the test mode's own bookkeeping (the full test card number) from what the API returns. */
  publicView(object: Json): Json {
    if (object.object === 'charge') return {...object, source: this.publicView(object.source as Json)};
    if (object.object !== 'source' || !object.card) return object;
    const card = {...(object.card as Json)};
    delete card.number_for_test;
    return {...object, card};
  }

  private cardSource(number: string): Json {
    const view = this.createSource({type: 'card', card: {number, exp_month: 12, exp_year: 2030, cvc: '123'}});
    return this.mustGet(this.sources, view.id as string);
  }

  private createSource(body: Json): Json {
    const type = body.type as PaymentMethodType;
    const method = facts.paymentMethods[type];
    const created = this.now();
    const id = newId('src_');
    if (type === 'card') {
      const card = body.card as Json;
      const number = card.number as string;
      const test = testCards.find((candidate) => candidate.number === number);
      const source: Json = {
        id,
        object: 'source',
        livemode: false,
        type,
        status: 'chargeable',
        amount: null,
        currency: null,
        card: {
          brand: test?.brand ?? 'visa',
          last4: number.slice(-4),
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          country: 'PH',
          funding: 'credit',
          name: card.name ?? null,
          number_for_test: number,
        },
        redirect: null,
        customer: null,
        expires_at: null,
        metadata: body.metadata ?? {},
        created_at: created,
        updated_at: created,
      };
      this.sources.set(id, source);
      return this.publicView(source);
    }
    const amount = body.amount as number | undefined;
    if (amount === undefined)
      throw new ApiError(422, 'invalid_request_error', 'parameter_missing', 'Missing required parameter: amount.', 'amount');
    this.checkAmount(amount, type);
    const redirect = body.redirect as Json;
    const source: Json = {
      id,
      object: 'source',
      livemode: false,
      type,
      status: 'pending',
      amount,
      currency: 'PHP',
      card: null,
      redirect: {
        checkout_url: `https://pay.example.com/sources/${id}`,
        success_url: redirect.success_url,
        failure_url: redirect.failure_url,
      },
      customer: null,
      expires_at: iso(this.nowMs + (method.approvalWindowMinutes ?? 60) * 60_000),
      metadata: body.metadata ?? {},
      created_at: created,
      updated_at: created,
    };
    this.sources.set(id, source);
    return this.publicView(source);
  }

  private checkAmount(amount: number, type: PaymentMethodType, currency = 'PHP'): void {
    const minimum = currency === 'USD' ? facts.money.minimumUsdChargeUsdMinor : facts.money.minimumChargeMinor;
    if (amount < minimum) throw new ApiError(422, 'invalid_request_error', 'amount_too_small', `The amount is below ${minimum}.`, 'amount');
    if (amount > facts.paymentMethods[type].maximumChargeMinor)
      throw new ApiError(422, 'invalid_request_error', 'amount_too_large', `The amount is above ${type}'s maximum.`, 'amount');
  }

  private createCustomer(body: Json): Json {
    const id = newId('cus_');
    const created = this.now();
    const customer = {
      id,
      object: 'customer',
      livemode: false,
      email: body.email,
      name: body.name ?? null,
      phone: body.phone ?? null,
      description: body.description ?? null,
      sources: [],
      metadata: body.metadata ?? {},
      created_at: created,
      updated_at: created,
    };
    this.customers.set(id, customer);
    return customer;
  }

  private attachSource(customerId: string, body: Json): Json {
    const customer = this.mustGet(this.customers, customerId);
    const source = this.mustGet(this.sources, body.source as string);
    if (source.customer) throw new ApiError(409, 'state_error', 'source_already_attached', 'The source is attached already.', 'source');
    source.customer = customerId;
    (customer.sources as Json[]).push(source);
    return {...customer, sources: (customer.sources as Json[]).map((saved) => this.publicView(saved))};
  }

  private createCharge(body: Json): Json {
    const source = this.mustGet(this.sources, body.source as string);
    if (source.status === 'consumed') {
      const by = [...this.charges.values()].reverse().find((charge) => (charge.source as Json).id === source.id);
      throw new ApiError(
        409,
        'state_error',
        'source_already_used',
        `Source ${source.id} has already been used by charge ${by?.id}.`,
        'source',
        by ? {charge: by.id} : {},
      );
    }
    if (source.status === 'expired') throw new ApiError(409, 'state_error', 'source_expired', `Source ${source.id} expired.`, 'source');
    if (source.status !== 'chargeable')
      throw new ApiError(409, 'state_error', 'source_not_chargeable', `Source ${source.id} is ${source.status}.`, 'source');
    if (source.customer && body.customer !== source.customer)
      throw new ApiError(422, 'invalid_request_error', 'parameter_invalid', 'A saved card is charged with its customer.', 'customer');
    if (source.type !== 'card' && body.amount !== source.amount)
      throw new ApiError(422, 'invalid_request_error', 'amount_mismatch', 'The amount differs from what the customer approved.', 'amount');
    return this.publicView(this.makeCharge({...body, source}));
  }

  private makeCharge(body: Json): Json {
    const source = body.source as Json;
    const type = source.type as PaymentMethodType;
    this.checkAmount(body.amount as number, type, (body.currency as string | undefined) ?? 'PHP');
    const id = newId('ch_');
    const created = this.now();
    const charge: Json = {
      id,
      object: 'charge',
      livemode: false,
      amount: body.amount,
      amount_captured: 0,
      amount_refunded: 0,
      currency: body.currency ?? 'PHP',
      status: 'pending',
      capture: body.capture ?? true,
      source,
      customer: body.customer ?? null,
      description: body.description ?? null,
      statement_descriptor: body.statement_descriptor ?? 'ZIP TEST',
      return_url: body.return_url ?? null,
      next_action: null,
      failure_code: null,
      failure_message: null,
      authorisation_expires_at: null,
      captured_at: null,
      refunds: [],
      checkout_session: body.checkout_session ?? null,
      payment_link: body.payment_link ?? null,
      payment_request: body.payment_request ?? null,
      dispute: null,
      metadata: body.metadata ?? {},
      created_at: created,
      updated_at: created,
    };
    this.charges.set(id, charge);
    if (!source.customer) {
      this.transition('source', source, 'consumed');
    }
    const card = testCards.find((candidate) => candidate.number === (source.card as Json | null)?.number_for_test);
    const amountFailure = type === 'card' ? undefined : testAmounts.find((candidate) => candidate.amountMinor === body.amount);
    if (card?.chargeStatus === 'pending') {
      if (!charge.return_url) return this.fail(charge, 'authentication_required');
      charge.next_action = {type: 'redirect_to_url', redirect_url: `https://pay.example.com/3ds/${id}`};
      this.emit('charge.pending', charge, null);
      return charge;
    }
    if (card?.chargeStatus === 'failed') return this.fail(charge, card.failureCode ?? 'card_declined');
    if (amountFailure) return this.fail(charge, amountFailure.failureCode);
    return this.succeed(charge);
  }

  private fail(charge: Json, code: string): Json {
    this.transition('charge', charge, 'failed');
    Object.assign(charge, {failure_code: code, failure_message: `The payment failed: ${code}.`, next_action: null});
    this.emit('charge.failed', charge, null);
    return charge;
  }

  private succeed(charge: Json): Json {
    charge.next_action = null;
    if (charge.capture === false) {
      this.transition('charge', charge, 'authorised');
      charge.authorisation_expires_at = iso(this.nowMs + facts.authorisation.uncapturedExpiryDays * dayMs);
      this.emit('charge.authorised', charge, null);
      return charge;
    }
    this.transition('charge', charge, 'succeeded');
    Object.assign(charge, {amount_captured: charge.amount, captured_at: this.now()});
    this.emit('charge.succeeded', charge, null);
    return charge;
  }

  private resolveThreeDs(charge: Json): void {
    const card = testCards.find((candidate) => candidate.number === ((charge.source as Json).card as Json).number_for_test);
    if (card?.failureCode) this.fail(charge, card.failureCode);
    else this.succeed(charge);
  }

  private verify(id: string): Json {
    const charge = this.mustGet(this.charges, id);
    if (charge.status !== 'pending' || !this.threeDsDone.has(id))
      throw new ApiError(
        409,
        'state_error',
        'charge_not_verifiable',
        `Charge ${id} is ${charge.status}${charge.status === 'pending' ? ' and 3-D Secure is not finished' : ''}.`,
      );
    this.resolveThreeDs(charge);
    return this.publicView(charge);
  }

  private capture(id: string, body: Json): Json {
    const charge = this.mustGet(this.charges, id);
    if (charge.status === 'succeeded') throw new ApiError(409, 'state_error', 'charge_already_captured', `Charge ${id} is captured.`);
    if (charge.status !== 'authorised')
      throw new ApiError(409, 'state_error', 'charge_not_capturable', `Charge ${id} is ${charge.status}.`);
    const amount = (body.amount as number | undefined) ?? (charge.amount as number);
    if (amount > (charge.amount as number))
      throw new ApiError(422, 'invalid_request_error', 'capture_exceeds_authorisation', 'More than was authorised.', 'amount');
    this.transition('charge', charge, 'succeeded');
    Object.assign(charge, {amount_captured: amount, captured_at: this.now()});
    this.emit('charge.captured', charge, null);
    return this.publicView(charge);
  }

  private void(id: string): Json {
    const charge = this.mustGet(this.charges, id);
    if (charge.status !== 'authorised') throw new ApiError(409, 'state_error', 'charge_not_voidable', `Charge ${id} is ${charge.status}.`);
    this.transition('charge', charge, 'voided');
    this.emit('charge.voided', charge, null);
    return this.publicView(charge);
  }

  private refund(id: string, body: Json): Json {
    const charge = this.mustGet(this.charges, id);
    const left = (charge.amount_captured as number) - (charge.amount_refunded as number);
    if (!['succeeded', 'partially_refunded'].includes(charge.status as string) || left === 0)
      throw new ApiError(409, 'state_error', 'charge_not_refundable', `Charge ${id} is ${charge.status}.`);
    const dispute = charge.dispute as Json | null;
    if (dispute && disputeBlocksRefund.includes(dispute.status as string))
      throw new ApiError(409, 'state_error', 'charge_disputed', `Charge ${id} is disputed (${dispute.id} is ${dispute.status}).`);
    const amount = (body.amount as number | undefined) ?? left;
    if (amount > left)
      throw new ApiError(422, 'invalid_request_error', 'refund_exceeds_charge', `Only ${left} is left to refund.`, 'amount');
    if ((charge.source as Json).type === 'qrph' && amount !== charge.amount_captured)
      throw new ApiError(422, 'invalid_request_error', 'refund_partial_not_supported', 'QR Ph charges are refunded in full.', 'amount');
    const created = this.now();
    const refund: Json = {
      id: newId('re_'),
      object: 'refund',
      livemode: false,
      amount,
      currency: charge.currency,
      charge: id,
      reason: body.reason ?? null,
      status: 'pending',
      failure_reason: null,
      metadata: body.metadata ?? {},
      created_at: created,
      updated_at: created,
    };
    this.refunds.set(refund.id as string, refund);
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    this.transition('charge', charge, charge.amount_refunded === charge.amount_captured ? 'refunded' : 'partially_refunded');
    this.syncRefund(charge, refund);
    return this.publicView(charge);
  }

  /** The charge's copy of a refund, new or changed: its `refunds` are oldest first, as the Charge schema says. */
  private syncRefund(charge: Json, refund: Json): void {
    const refunds = charge.refunds as Json[];
    const index = refunds.findIndex((candidate) => candidate.id === refund.id);
    charge.refunds = index === -1 ? [...refunds, {...refund}] : refunds.map((candidate, at) => (at === index ? {...refund} : candidate));
  }

  private createSession(body: Json): Json {
    const items = body.line_items as Json[];
    const total = items.reduce((sum, item) => sum + (item.amount as number) * (item.quantity as number), 0);
    const id = newId('cs_');
    const created = this.now();
    const session: Json = {
      id,
      object: 'checkout_session',
      livemode: false,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: total,
      currency: body.currency ?? 'PHP',
      line_items: items.map((item) => ({description: null, image_url: null, ...item})),
      payment_method_types: body.payment_method_types,
      capture: body.capture ?? true,
      url: `https://pay.example.com/checkout/${id}`,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      client_reference_id: body.client_reference_id ?? null,
      description: body.description ?? null,
      charge: null,
      expires_at: iso(this.nowMs + dayMs),
      completed_at: null,
      metadata: body.metadata ?? {},
      created_at: created,
      updated_at: created,
    };
    this.sessions.set(id, session);
    return session;
  }

  private expireSession(id: string): Json {
    const session = this.mustGet(this.sessions, id);
    if (session.status !== 'open') throw new ApiError(409, 'state_error', 'session_expired', `Session ${id} is ${session.status}.`);
    this.transition('session', session, 'expired');
    this.emit('checkout_session.expired', session, null, 'v1');
    return session;
  }

  // ---- payment links and payment requests ----

  /**
   * The amount rules of a hosted page (a link, a request): a USD page offers card only, an amount is
   * at least the minimum charge of its currency and at most the largest maximum among the offered
   * methods (facts.ts). `usdCode` is the code each spec gives a USD page that offers more than card.
   */
  private checkPageAmount(amount: number | null, currency: string, methods: readonly PaymentMethodType[], usdCode: string): void {
    if (currency === 'USD' && methods.some((method) => method !== 'card'))
      throw new ApiError(422, 'invalid_request_error', usdCode, 'USD pages may only offer card.', 'payment_method_types');
    if (amount === null) return;
    const minimum = currency === 'USD' ? facts.money.minimumUsdChargeUsdMinor : facts.money.minimumChargeMinor;
    if (amount < minimum)
      throw new ApiError(422, 'invalid_request_error', 'amount_too_small', `Amount must be at least ${minimum}.`, 'amount');
    const maximum = Math.max(...methods.map((method) => facts.paymentMethods[method].maximumChargeMinor));
    if (amount > maximum)
      throw new ApiError(
        422,
        'invalid_request_error',
        'amount_too_large',
        `Amount ${amount} is above the maximum of every offered method.`,
        'amount',
      );
  }

  /** `metadata` of an update, merged key by key; an empty string removes a key (the specs' "Updates"). */
  private mergeMetadata(object: Json, update: unknown): void {
    if (!update) return;
    const merged = {...(object.metadata as Record<string, string>), ...(update as Record<string, string>)};
    object.metadata = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== ''));
  }

  private createLink(body: Json): Json {
    const currency = (body.currency as string | undefined) ?? 'PHP';
    const methods = body.payment_method_types as PaymentMethodType[];
    const amount = (body.amount as number | null | undefined) ?? null;
    this.checkPageAmount(amount, currency, methods, 'currency_not_supported');
    const id = newId('plink_');
    const created = this.now();
    const link: Json = {
      id,
      object: 'payment_link',
      livemode: false,
      status: 'active',
      usage: body.usage ?? 'reusable',
      amount,
      currency,
      description: body.description,
      payment_method_types: methods,
      url: `https://pay.example.com/links/${id}`,
      payments_count: 0,
      last_paid_at: null,
      last_charge: null,
      metadata: body.metadata ?? {},
      created_at: created,
      updated_at: created,
    };
    this.links.set(id, link);
    return link;
  }

  private paidSingleUse(link: Json): boolean {
    return link.usage === 'single_use' && (link.payments_count as number) > 0;
  }

  private updateLink(id: string, body: Json): Json {
    const link = this.mustGet(this.links, id);
    const onlySwitchesOff = Object.keys(body).length === 1 && body.status === 'inactive';
    if (this.paidSingleUse(link) && !onlySwitchesOff) throw this.linkAlreadyUsed(id);
    const amount = 'amount' in body ? ((body.amount as number | null) ?? null) : (link.amount as number | null);
    const methods = (body.payment_method_types as PaymentMethodType[] | undefined) ?? (link.payment_method_types as PaymentMethodType[]);
    this.checkPageAmount(amount, link.currency as string, methods, 'currency_not_supported');
    const changes: Json = {amount, payment_method_types: methods, description: body.description ?? link.description};
    const changed =
      Object.entries(changes).some(([field, value]) => JSON.stringify(value) !== JSON.stringify(link[field])) || !!body.metadata;
    Object.assign(link, changes);
    this.mergeMetadata(link, body.metadata);
    if (changed) link.updated_at = this.now();
    return body.status ? this.switchLink(link, body.status as 'active' | 'inactive') : link;
  }

  /** Switches a link on or off; the status it has already changes nothing and sends no event. */
  private switchLink(link: Json, to: 'active' | 'inactive'): Json {
    if (link.status === to) return link;
    if (to === 'active' && this.paidSingleUse(link)) throw this.linkAlreadyUsed(link.id as string);
    this.transition('link', link, to);
    this.emit(to === 'active' ? 'payment_link.activated' : 'payment_link.deactivated', link, null, 'v1');
    return link;
  }

  private linkAlreadyUsed(id: string): ApiError {
    return new ApiError(409, 'state_error', 'link_already_used', `Payment link ${id} is single-use and has been paid; create a new link.`);
  }

  private createRequest(body: Json): Json {
    const currency = (body.currency as string | undefined) ?? 'PHP';
    const methods = body.payment_method_types as PaymentMethodType[];
    this.checkPageAmount(body.amount as number, currency, methods, 'parameter_invalid');
    const customer = this.requestCustomer(body.customer as string | Json);
    const channels = (body.channels as string[] | undefined) ?? ['email'];
    if (channels.includes('sms') && !customer.phone)
      throw new ApiError(
        422,
        'invalid_request_error',
        'parameter_invalid',
        'channels includes sms, so customer.phone is required.',
        'customer.phone',
      );
    const {defaultExpiryDays, allowedExpiryDays} = facts.paymentRequests;
    const expiresAt = body.expires_at ? Date.parse(body.expires_at as string) : this.nowMs + defaultExpiryDays * dayMs;
    if (expiresAt < this.nowMs + allowedExpiryDays.min * dayMs || expiresAt > this.nowMs + allowedExpiryDays.max * dayMs)
      throw new ApiError(
        422,
        'invalid_request_error',
        'parameter_invalid',
        `expires_at must be ${allowedExpiryDays.min} to ${allowedExpiryDays.max} days from now.`,
        'expires_at',
      );
    const id = newId('pr_');
    const created = this.now();
    const request: Json = {
      id,
      object: 'payment_request',
      livemode: false,
      status: 'open',
      amount: body.amount,
      currency,
      description: body.description,
      customer,
      channels,
      payment_method_types: methods,
      url: `https://pay.example.com/requests/${id}`,
      expires_at: iso(expiresAt),
      resend_count: 0,
      last_sent_at: created,
      paid_at: null,
      charge: null,
      voided_at: null,
      void_reason: null,
      metadata: body.metadata ?? {},
      created_at: created,
      updated_at: created,
    };
    this.requests.set(id, request);
    return request;
  }

  /** Who a request goes to: a `cus_` id's details copied (a phone that is not a Philippine mobile left out), or the details sent. */
  private requestCustomer(customer: string | Json): Json {
    if (typeof customer !== 'string') return {id: null, name: customer.name, email: customer.email, phone: customer.phone ?? null};
    const saved = this.customers.get(customer);
    if (!saved) throw new ApiError(404, 'not_found_error', 'resource_missing', `No such customer: '${customer}'.`, 'customer');
    const phone = /^\+639[0-9]{9}$/.test((saved.phone as string | null) ?? '') ? saved.phone : null;
    return {id: customer, name: saved.name ?? saved.email, email: saved.email, phone};
  }

  private openRequest(id: string, verb: string): Json {
    const request = this.mustGet(this.requests, id);
    if (request.status !== 'open')
      throw new ApiError(409, 'state_error', 'request_not_open', `Payment request ${id} is ${request.status} and cannot be ${verb}.`);
    return request;
  }

  private resendRequest(id: string, body: Json): Json {
    const request = this.openRequest(id, 'resent');
    const {maxResendTimes} = facts.paymentRequests;
    if ((request.resend_count as number) >= maxResendTimes)
      throw new ApiError(
        409,
        'state_error',
        'resend_limit_reached',
        `Payment request ${id} has already been resent ${maxResendTimes} times.`,
      );
    const channels = (body.channels as string[] | undefined) ?? (request.channels as string[]);
    if (channels.includes('sms') && !(request.customer as Json).phone)
      throw new ApiError(
        422,
        'invalid_request_error',
        'parameter_invalid',
        'This request has no customer.phone, so it cannot be sent by sms.',
        'channels',
      );
    Object.assign(request, {resend_count: (request.resend_count as number) + 1, last_sent_at: this.now(), updated_at: this.now()});
    return request;
  }

  private voidRequest(id: string, body: Json): Json {
    const request = this.openRequest(id, 'voided');
    this.transition('request', request, 'voided');
    Object.assign(request, {voided_at: this.now(), void_reason: body.reason ?? null});
    this.emit('payment_request.voided', request, null, 'v1');
    return request;
  }

  // ---- webhook endpoints ----

  /** Zip takes HTTPS URLs only; test mode also takes http:// on loopback, so a test's receiver needs no certificate. */
  private checkEndpointUrl(url: string): void {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    const loopback = parsed?.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
    if (parsed?.protocol !== 'https:' && !loopback)
      throw new ApiError(422, 'invalid_request_error', 'parameter_invalid', 'url must be an https:// URL.', 'url');
  }

  private checkEventTypes(events: readonly string[]): void {
    events.forEach((type, index) => {
      if (type !== '*' && !eventTypes.includes(type))
        throw new ApiError(
          422,
          'invalid_request_error',
          'parameter_invalid',
          `events.${index} must be an event type such as charge.succeeded, or *.`,
          `events.${index}`,
        );
    });
  }

  private createEndpoint(body: Json): Json {
    this.checkEndpointUrl(body.url as string);
    this.checkEventTypes(body.events as string[]);
    const created = this.now();
    const secret = `whsec_${randomText(32)}`;
    const object: Json = {
      id: newId('we_'),
      object: 'webhook_endpoint',
      livemode: false,
      url: body.url,
      description: body.description ?? null,
      events: body.events,
      status: 'active',
      secret: null,
      metadata: body.metadata ?? {},
      created_at: created,
      updated_at: created,
    };
    this.webhookEndpoints.set(object.id as string, object);
    this.endpoints.push({object, secrets: [{secret, untilMs: Infinity}], deleted: false});
    return {...object, secret}; // the one answer that shows the secret
  }

  private endpointOf(id: string): Endpoint {
    const object = this.mustGet(this.webhookEndpoints, id);
    const endpoint = this.endpoints.find((candidate) => candidate.object === object);
    if (!endpoint) throw new Error(`${id} has no delivery state`);
    return endpoint;
  }

  private updateEndpoint(id: string, body: Json): Json {
    const object = this.mustGet(this.webhookEndpoints, id);
    if (body.url !== undefined) this.checkEndpointUrl(body.url as string);
    if (body.events !== undefined) this.checkEventTypes(body.events as string[]);
    for (const field of ['url', 'events', 'description'] as const) if (body[field] !== undefined) object[field] = body[field];
    this.mergeMetadata(object, body.metadata);
    object.updated_at = this.now();
    // `enabled` and `disabled` are the deprecated spellings the spec still accepts.
    const status = ({enabled: 'active', disabled: 'inactive'} as Record<string, string>)[body.status as string] ?? body.status;
    if (typeof status === 'string' && status !== object.status) {
      this.transition('webhookEndpoint', object, status);
      this.endpointOf(id).failingSinceMs = undefined; // a reactivated endpoint starts afresh
    }
    return object;
  }

  private deleteEndpoint(id: string): Json {
    this.endpointOf(id).deleted = true; // retries still scheduled stop too
    this.webhookEndpoints.delete(id);
    return {id, object: 'webhook_endpoint', deleted: true};
  }

  /** A new secret; the old ones keep signing for the overlap asked for, the longest facts.ts allows by default. */
  private rollSecret(id: string, body: Json): Json {
    const endpoint = this.endpointOf(id);
    const overlapHours = (body.expire_previous_in_hours as number | undefined) ?? facts.webhooks.secretOverlapMaxHours;
    const secret = `whsec_${randomText(32)}`;
    const until = this.nowMs + overlapHours * hourMs;
    endpoint.secrets = [{secret, untilMs: Infinity}, ...endpoint.secrets.map((old) => ({...old, untilMs: Math.min(old.untilMs, until)}))];
    const object = endpoint.object as Json;
    object.updated_at = this.now();
    return {...object, secret};
  }

  private listCharges(query: URLSearchParams): Json {
    const metadata = [...query.entries()].flatMap(([name, value]) => {
      const match = /^metadata\[(.+)\]$/.exec(name);
      return match?.[1] ? [[match[1], value] as const] : [];
    });
    const disputed = query.get('disputed');
    const filter = (charge: Json) =>
      (!query.get('source') || (charge.source as Json).id === query.get('source')) &&
      this.matches(charge, query, ['customer', 'status', 'checkout_session', 'payment_link', 'payment_request']) &&
      (disputed === null || (charge.dispute !== null) === (disputed === 'true')) &&
      metadata.every(([key, value]) => (charge.metadata as Json)[key] === value);
    const list = this.listed(this.charges, query, filter);
    return {...list, data: (list.data as Json[]).map((charge) => this.publicView(charge))};
  }

  private listEvents(query: URLSearchParams): Json {
    const byId = new Map(this.events.map((event) => [event.id as string, event]));
    return this.listed(byId, query, (event) => this.matches(event, query, ['type']));
  }

  private getEvent(id: string): Json {
    const event = this.events.find((candidate) => candidate.id === id);
    if (!event) throw new ApiError(404, 'not_found_error', 'resource_missing', `No such event: '${id}'.`, 'id');
    return event;
  }

  private listDisputes(query: URLSearchParams): Json {
    return this.listed(this.disputes, query, (dispute) => this.matches(dispute, query, ['status', 'charge']));
  }

  /** Whether each named query parameter, when given, equals the object's field of that name. */
  private matches(object: Json, query: URLSearchParams, fields: readonly string[]): boolean {
    return fields.every((field) => query.get(field) === null || object[field] === query.get(field));
  }

  /**
   * One page of a list as every list operation answers it: newest first, filtered, within the
   * created_* window, from `starting_after` or up to `ending_before`, at most `limit` objects.
   */
  private listed(objects: Map<string, Json>, query: URLSearchParams, filter: (object: Json) => boolean): Json {
    let data = [...objects.values()].filter((object) => filter(object) && this.inWindow(object.created_at as string, query)).reverse();
    const limit = Number(query.get('limit') ?? 10);
    const after = query.get('starting_after');
    const before = query.get('ending_before');
    if (after) data = data.slice(data.findIndex((object) => object.id === after) + 1 || data.length);
    if (before) {
      const newer = data.slice(
        0,
        Math.max(
          0,
          data.findIndex((object) => object.id === before),
        ),
      );
      return {object: 'list', data: newer.slice(-limit), has_more: newer.length > limit};
    }
    return {object: 'list', data: data.slice(0, limit), has_more: data.length > limit};
  }

  /** The created_* filters as the specs define them: gte inclusive, lt exclusive, after and before exclusive. */
  private inWindow(createdAt: string, query: URLSearchParams): boolean {
    const at = Date.parse(createdAt);
    const bound = (name: string) => (query.get(name) ? Date.parse(query.get(name) as string) : undefined);
    const [gte, lt, after, before] = ['created_gte', 'created_lt', 'created_after', 'created_before'].map(bound);
    return !(
      (gte !== undefined && at < gte) ||
      (lt !== undefined && at >= lt) ||
      (after !== undefined && at <= after) ||
      (before !== undefined && at >= before)
    );
  }
}
