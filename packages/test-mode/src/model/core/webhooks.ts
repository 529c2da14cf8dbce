/**
 * Webhook delivery as the delivery contract states it: each event goes to every receiving endpoint
 * subscribed to its type, signed (packages/model/src/webhookSignature.ts) with every secret still valid, at
 * the model's clock; a failed attempt is retried at `facts.webhooks.retrySchedule`, counted from the
 * first attempt; an endpoint whose every delivery has failed for the contract's days is deactivated.
 * A test can hold a type back (a later event arrives first) and send an event again.
 */
import {facts} from '@zip/model/facts';
import {signPayload} from '@zip/model/webhookSignature';
import type {Json} from './errors';
import {dayMs} from './ids';

/** A webhook endpoint: a URL to POST to, or a function the test calls in process. */
export type WebhookTarget = string | ((rawBody: string, headers: Record<string, string>) => Promise<number>);

export interface Endpoint {
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

/** What delivery needs of the model: its clock, and the endpoint's status machine. */
export interface DeliveryClock {
  clockMs(): number;
  deactivateEndpoint(object: Json): void;
}

export class Webhooks {
  readonly endpoints: Endpoint[] = [];
  private readonly deliveries: Delivery[] = [];
  private readonly held = new Set<string>();

  constructor(
    private readonly clock: DeliveryClock,
    private readonly timeoutMs: number,
  ) {}

  add(endpoint: Endpoint): void {
    this.endpoints.push(endpoint);
  }

  endpointOf(object: Json): Endpoint | undefined {
    return this.endpoints.find((candidate) => candidate.object === object);
  }

  /**
   * Every active endpoint subscribed to the type gets it; one inactive now never gets it later. Of
   * more than `limit` deliveries, the oldest settled ones are forgotten.
   */
  enqueue(event: Json, limit: number): void {
    for (const endpoint of this.endpoints)
      if (this.subscribed(endpoint, event.type as string))
        this.deliveries.push({event, endpoint, attempts: 0, dueAt: this.clock.clockMs(), state: 'due'});
    if (this.deliveries.length <= limit) return;
    const settled = this.deliveries.findIndex((delivery) => delivery.state !== 'due');
    if (settled !== -1) this.deliveries.splice(settled, 1);
  }

  /** Delivers every event due now to its endpoints, oldest first; a failure is retried on the contract's schedule. */
  async deliverDue(): Promise<number> {
    let delivered = 0;
    for (const delivery of this.deliveries) {
      const nowMs = this.clock.clockMs();
      if (delivery.state !== 'due' || delivery.dueAt > nowMs) continue;
      // A deleted or inactive endpoint receives nothing, retries included.
      if (!this.receiving(delivery.endpoint)) {
        delivery.state = 'failed';
        continue;
      }
      delivery.firstAttemptAt ??= nowMs;
      if (await this.deliver(delivery.event, delivery.endpoint)) {
        delivery.state = 'delivered';
        delivery.endpoint.failingSinceMs = undefined;
        delivered++;
      } else {
        const retry = facts.webhooks.retrySchedule[delivery.attempts];
        delivery.attempts++;
        if (retry) delivery.dueAt = delivery.firstAttemptAt + retry.afterSeconds * 1000;
        else delivery.state = 'failed';
        this.endpointFailed(delivery.endpoint);
      }
    }
    return delivered;
  }

  private endpointFailed(endpoint: Endpoint): void {
    const nowMs = this.clock.clockMs();
    endpoint.failingSinceMs ??= nowMs;
    const object = endpoint.object;
    if (object?.status === 'active' && nowMs - endpoint.failingSinceMs >= facts.webhooks.endpointDisableAfterDays * dayMs)
      this.clock.deactivateEndpoint(object);
  }

  /** The deliveries of one event, one per endpoint it went to: what the dashboard's delivery log shows. */
  deliveriesOf(eventId: string): readonly Delivery[] {
    return this.deliveries.filter((delivery) => delivery.event.id === eventId);
  }

  /** Sends one event again, as the dashboard's Resend does (a duplicate, or a late delivery). */
  async redeliver(event: Json): Promise<boolean> {
    let ok = true;
    for (const endpoint of this.endpoints)
      if (this.subscribed(endpoint, event.type as string)) ok = (await this.deliver(event, endpoint)) && ok;
    return ok;
  }

  holdBack(type: string): void {
    this.held.add(type);
  }

  release(type: string): void {
    this.held.delete(type);
  }

  private receiving(endpoint: Endpoint): boolean {
    return !endpoint.deleted && (!endpoint.object || endpoint.object.status === 'active');
  }

  private subscribed(endpoint: Endpoint, type: string): boolean {
    const events = (endpoint.object?.events as string[] | undefined) ?? ['*'];
    return this.receiving(endpoint) && (events.includes('*') || events.includes(type));
  }

  /** One signed POST; the signature's timestamp is the model's clock, so a receiver checks it against the same time. */
  private async deliver(event: Json, endpoint: Endpoint): Promise<boolean> {
    if (this.held.has(event.type as string)) return false;
    const target = endpoint.object ? (endpoint.object.url as string) : endpoint.target;
    if (!target) return false;
    const raw = JSON.stringify(event);
    const nowMs = this.clock.clockMs();
    const timestamp = Math.floor(nowMs / 1000);
    const secrets = endpoint.secrets.filter((secret) => secret.untilMs > nowMs);
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
      const response = await fetch(target, {method: 'POST', headers, body: raw, signal: AbortSignal.timeout(this.timeoutMs)});
      await response.body?.cancel();
      return response.status >= 200 && response.status < 300;
    } catch {
      return false;
    }
  }
}
