/**
 * Zip's test mode with state: the entry of the model. `TestMode` answers one API request (`handle`)
 * through the idempotency store and the injected faults, and stands in for what customers, banks and
 * time do. Its rooms: `model/core/` (store and clock, ids, errors, idempotency, lists, webhook
 * delivery), `model/resources/` (one module per object of the specs) and `model/operations.ts`
 * (every operation of the specs to the room that carries it out). server.ts puts it on a port.
 */
import {sampleWebhookSecret} from '@zip/model/testValues';
import {ApiError, errorAnswer, invalid, type Answer, type ApiRequest} from './model/core/errors';
import {IdempotencyStore} from './model/core/idempotency';
import {iso} from './model/core/ids';
import {Model, type ModelOptions} from './model/core/model';
import type {Delivery, WebhookTarget} from './model/core/webhooks';
import {carryOut} from './model/operations';
import {fail} from './model/resources/charges';
import {payCheckoutSession} from './model/resources/checkoutSessions';
import {acceptDispute, openDispute, submitDisputeEvidence} from './model/resources/disputes';
import {payLink} from './model/resources/paymentLinks';
import {payRequest} from './model/resources/paymentRequests';
import {settleRefunds} from './model/resources/refunds';
import {sourceOutcome} from './model/resources/sources';

export type {Answer, ApiRequest, Json} from './model/core/errors';
export type {Delivery, WebhookTarget} from './model/core/webhooks';
export type TestModeOptions = ModelOptions;

type FaultKind = 'lose-response' | 'fail-500' | 'fail-429';

export class TestMode extends Model {
  private readonly idempotency = new IdempotencyStore(this.historyLimit);
  private readonly faults: {operation: string; kind: FaultKind}[] = [];

  constructor(options: TestModeOptions = {}) {
    super(options);
  }

  /**
   * Moves the clock by `ms` (25 hours: `advance(25 * 3_600_000)`), running what falls due in time
   * order: sources and payment requests expire, unfinished 3-D Secure fails, unanswered disputes are lost.
   */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw invalid('parameter_invalid', `advance takes a non-negative number of ms, not ${ms}.`, 'ms');
    this.moveClockTo(this.clockMs() + ms);
  }

  /** Moves the clock to `ms` (epoch milliseconds), as `advance` does; the clock never goes back. */
  setNow(ms: number): void {
    if (!Number.isFinite(ms)) throw invalid('parameter_invalid', `setNow takes epoch milliseconds, not ${ms}.`, 'ms');
    if (ms < this.clockMs())
      throw invalid(
        'parameter_invalid',
        `setNow(${iso(ms)}) is before the test mode's clock (${this.now()}); its clock only moves forward.`,
        'ms',
      );
    this.moveClockTo(ms);
  }

  /**
   * The next request to exactly this method and path (`POST /v2/sources`) meets the fault: the answer
   * is lost after the work, or a 500/429 before it. Over HTTP, faults name an operationId (src/http/faults.ts).
   */
  inject(operation: string, kind: FaultKind): void {
    this.faults.push({operation, kind});
  }

  /** Adds an endpoint outside the API, subscribed to every event: a URL, or a function the test calls in process. */
  addWebhookEndpoint(target: WebhookTarget, secret = sampleWebhookSecret): void {
    this.webhooks.add({target, secrets: [{secret, untilMs: Infinity}], deleted: false});
  }

  // ---- what customers, banks and card networks do ----

  sourceOutcome(id: string, status: 'chargeable' | 'cancelled' | 'expired'): void {
    sourceOutcome(this, id, status);
  }

  /** The customer finishes 3-D Secure at the bank; verify then learns the card's outcome. */
  completeThreeDs(chargeId: string): void {
    this.mustGet(this.charges, chargeId);
    this.threeDsDone.add(chargeId);
  }

  /** The customer leaves the bank's page without finishing: the charge fails as verify would find it. */
  abandonThreeDs(chargeId: string): void {
    const charge = this.mustGet(this.charges, chargeId);
    if (charge.status === 'pending') fail(this, charge, 'authentication_failed');
  }

  payCheckoutSession(sessionId: string, cardNumber: string): string {
    return payCheckoutSession(this, sessionId, cardNumber);
  }

  payLink(linkId: string, cardNumber: string, amount?: number): string {
    return payLink(this, linkId, cardNumber, amount);
  }

  payRequest(requestId: string, cardNumber: string): string {
    return payRequest(this, requestId, cardNumber);
  }

  openDispute(chargeId: string): string {
    return openDispute(this, chargeId);
  }

  submitDisputeEvidence(disputeId: string): void {
    submitDisputeEvidence(this, disputeId);
  }

  acceptDispute(disputeId: string): void {
    acceptDispute(this, disputeId);
  }

  settleRefunds(): void {
    settleRefunds(this);
  }

  // ---- webhooks ----

  deliverDue(): Promise<number> {
    return this.webhooks.deliverDue();
  }

  deliveriesOf(eventId: string): readonly Delivery[] {
    return this.webhooks.deliveriesOf(eventId);
  }

  async redeliver(eventId: string): Promise<boolean> {
    const event = this.events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    return this.webhooks.redeliver(event);
  }

  /** Holds back deliveries of this event type until `release`: the next event arrives first. */
  holdBack(type: string): void {
    this.webhooks.holdBack(type);
  }

  release(type: string): void {
    this.webhooks.release(type);
  }

  // ---- the API ----

  /** Answers one API request as Zip would, through the idempotency store. */
  handle(request: ApiRequest): Answer {
    const operation = `${request.method} ${request.path}`;
    const fault = this.takeFault(operation);
    if (fault === 'fail-429') return errorAnswer(new ApiError(429, 'rate_limit_error', 'rate_limit_exceeded', 'Too many requests.'));
    if (fault === 'fail-500') return errorAnswer(new ApiError(500, 'api_error', 'internal_error', 'An unexpected error occurred.'));
    const key =
      request.method === 'POST' && request.idempotencyKey ? `${request.apiKey} ${operation} ${request.idempotencyKey}` : undefined;
    const bodyHash = IdempotencyStore.hash(request.body ?? {});
    if (key) {
      const found = this.idempotency.begin(key, bodyHash, this.clockMs());
      if (found.kind === 'reused')
        return errorAnswer(
          new ApiError(
            409,
            'idempotency_error',
            'idempotency_key_reused',
            'This Idempotency-Key was used with a different request body in the last 24 hours.',
          ),
        );
      if (found.kind === 'in-progress')
        return errorAnswer(
          new ApiError(
            409,
            'idempotency_error',
            'idempotency_request_in_progress',
            'A request with this Idempotency-Key is still being processed.',
          ),
        );
      if (found.kind === 'replay') {
        this.log.push({operation, status: found.answer.status, idempotencyKey: request.idempotencyKey, replayed: true});
        this.trim(this.log);
        return {...found.answer, lost: fault === 'lose-response'};
      }
    }
    let answer: Answer;
    try {
      answer = carryOut(this, request);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answer = errorAnswer(error);
    }
    this.log.push({operation, status: answer.status, idempotencyKey: request.idempotencyKey, replayed: false});
    this.trim(this.log);
    if (key) this.idempotency.finish(key, bodyHash, answer, this.clockMs());
    return {...answer, lost: fault === 'lose-response'};
  }

  private takeFault(operation: string) {
    const index = this.faults.findIndex((fault) => fault.operation === operation);
    if (index < 0) return undefined;
    return this.faults.splice(index, 1)[0]?.kind;
  }
}
