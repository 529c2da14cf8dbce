/**
 * Zip's test mode with state: sources, charges (3-D Secure, capture, void), refunds, customers with
 * saved cards, and checkout sessions, kept in memory with the statuses and transitions the specs
 * declare (specs.ts), the test values of src/data/testMode.ts, the limits of src/data/facts.ts, the
 * idempotency store as the specs' "Idempotency" section states it, events, and signed webhook
 * deliveries with retries. A test moves its clock and injects faults; `handle` answers one API request,
 * and server.ts puts it on a loopback port.
 */
import {createHash, randomBytes} from 'node:crypto';
import {facts, type PaymentMethodType} from '../src/data/facts';
import {approvalActions, sampleWebhookSecret, testAmounts, testCards} from '../src/data/testMode';
import {signatureHeader} from '../src/utils/webhookSignature';
import {assertTransition, type MachineName} from './specs';

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

interface Delivery {
  event: Json;
  endpoint: number;
  attempts: number;
  dueAt: number;
  delivered: boolean;
}

interface StoredAnswer {
  bodyHash: string;
  createdAt: number;
  answer?: Answer;
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newId = (prefix: string) => prefix + [...randomBytes(24)].map((byte) => alphabet[byte % alphabet.length]).join('');
const hourMs = 3_600_000;

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
  readonly customers = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly events: Json[] = [];
  /** Every request the test mode carried out (not replays): what an invariant reads. */
  readonly log: {operation: string; status: number; idempotencyKey?: string; replayed: boolean}[] = [];
  private readonly idempotency = new Map<string, StoredAnswer>();
  private readonly endpoints: {target: WebhookTarget; secret: string}[] = [];
  private readonly deliveries: Delivery[] = [];
  private readonly faults: {operation: string; kind: 'lose-response' | 'fail-500' | 'fail-429'}[] = [];
  private readonly threeDsDone = new Set<string>();

  now(): string {
    return new Date(this.nowMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  /** Moves the clock (25 hours: `advance(25 * 3_600_000)`), expiring sources, sessions and keys that are due. */
  advance(ms: number): void {
    this.nowMs += ms;
    for (const source of this.sources.values())
      if (source.status === 'pending' && source.expires_at && Date.parse(source.expires_at as string) <= this.nowMs)
        this.sourceOutcome(source.id as string, 'expired');
  }

  /** The next request to this operation meets the fault: the answer is lost after the work, or a 500/429 before it. */
  inject(operation: string, kind: 'lose-response' | 'fail-500' | 'fail-429'): void {
    this.faults.push({operation, kind});
  }

  addWebhookEndpoint(target: WebhookTarget, secret = sampleWebhookSecret): void {
    this.endpoints.push({target, secret});
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

  // ---- webhooks ----

  /** Delivers every event due now to every endpoint, oldest first; a failure is retried on the delivery contract's schedule. */
  async deliverDue(): Promise<number> {
    let delivered = 0;
    for (const delivery of this.deliveries) {
      if (delivery.delivered || delivery.dueAt > this.nowMs) continue;
      if (await this.deliver(delivery.event, delivery.endpoint)) {
        delivery.delivered = true;
        delivered++;
      } else {
        const retry = facts.webhooks.retrySchedule[delivery.attempts];
        delivery.attempts++;
        if (retry) delivery.dueAt = this.nowMs + retry.afterSeconds * 1000;
        else delivery.delivered = true;
      }
    }
    return delivered;
  }

  /** Sends one event again, as the dashboard's Resend does (a duplicate, or a late delivery). */
  async redeliver(eventId: string): Promise<boolean> {
    const event = this.events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    let ok = true;
    for (let index = 0; index < this.endpoints.length; index++) ok = (await this.deliver(event, index)) && ok;
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

  private async deliver(event: Json, endpoint: number): Promise<boolean> {
    if (this.held.has(event.type as string)) return false;
    const {target, secret} = this.endpoints[endpoint] ?? {};
    if (!target || !secret) return false;
    const raw = JSON.stringify(event);
    const headers = {
      'content-type': 'application/json',
      'zip-signature': await signatureHeader(secret, Math.floor(this.nowMs / 1000), raw),
    };
    try {
      const status =
        typeof target === 'string'
          ? (
              await fetch(target, {
                method: 'POST',
                headers,
                body: raw,
                signal: AbortSignal.timeout(facts.webhooks.responseTimeoutSeconds * 1000),
              })
            ).status
          : await target(raw, headers);
      return status >= 200 && status < 300;
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
    if (method === 'GET' && path === '/v2/events') return {status: 200, body: this.listEvents(query)};
    if (method === 'POST' && path === '/v1/checkout/sessions') return {status: 201, body: this.createSession(body)};
    if (method === 'GET' && at(1) === 'checkout' && parts.length === 4) return {status: 200, body: this.mustGet(this.sessions, at(3))};
    if (method === 'POST' && at(1) === 'checkout' && at(4) === 'expire') return {status: 200, body: this.expireSession(at(3))};
    throw new ApiError(404, 'not_found_error', 'resource_missing', `The stateful test mode does not serve ${method} ${path}.`);
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
    this.endpoints.forEach((_, endpoint) => this.deliveries.push({event, endpoint, attempts: 0, dueAt: this.nowMs, delivered: false}));
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
      expires_at: new Date(this.nowMs + (method.approvalWindowMinutes ?? 60) * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      metadata: body.metadata ?? {},
      created_at: created,
      updated_at: created,
    };
    this.sources.set(id, source);
    return this.publicView(source);
  }

  private checkAmount(amount: number, type: PaymentMethodType): void {
    if (amount < facts.money.minimumChargeMinor)
      throw new ApiError(
        422,
        'invalid_request_error',
        'amount_too_small',
        `The amount is below ${facts.money.minimumChargeMinor}.`,
        'amount',
      );
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
    this.checkAmount(body.amount as number, type);
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
      payment_link: null,
      payment_request: null,
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
      charge.authorisation_expires_at = new Date(this.nowMs + facts.authorisation.uncapturedExpiryDays * 24 * hourMs)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
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

  private syncRefund(charge: Json, refund: Json): void {
    const refunds = (charge.refunds as Json[]).filter((candidate) => candidate.id !== refund.id);
    charge.refunds = [{...refund}, ...refunds];
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
      expires_at: new Date(this.nowMs + 24 * hourMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
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

  private listCharges(query: URLSearchParams): Json {
    const metadata = [...query.entries()].flatMap(([name, value]) => {
      const match = /^metadata\[(.+)\]$/.exec(name);
      return match?.[1] ? [[match[1], value] as const] : [];
    });
    const data = [...this.charges.values()]
      .filter((charge) => !query.get('source') || (charge.source as Json).id === query.get('source'))
      .filter((charge) => !query.get('customer') || charge.customer === query.get('customer'))
      .filter((charge) => !query.get('status') || charge.status === query.get('status'))
      .filter((charge) => metadata.every(([key, value]) => (charge.metadata as Json)[key] === value))
      .filter((charge) => this.inWindow(charge.created_at as string, query))
      .reverse()
      .map((charge) => this.publicView(charge));
    const limit = Number(query.get('limit') ?? 10);
    return {object: 'list', data: data.slice(0, limit), has_more: data.length > limit};
  }

  private listEvents(query: URLSearchParams): Json {
    const data = this.events
      .filter((event) => !query.get('type') || event.type === query.get('type'))
      .filter((event) => this.inWindow(event.created_at as string, query))
      .reverse();
    const limit = Number(query.get('limit') ?? 10);
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
