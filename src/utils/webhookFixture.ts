/**
 * The fixture file WebhookFixtureDownload offers: events signed in order, as a test suite replays
 * them against the reader's endpoint (tests/unit/webhook-test-delivery.test.ts replays one).
 */
import {signDelivery, type SignedDelivery} from '@zip/model/webhookDelivery';

/** One delivery of a fixture file: what an endpoint receives, the body as the exact string that was signed. */
export interface FixtureDelivery {
  readonly event_type: string;
  readonly headers: SignedDelivery['headers'];
  readonly body: string;
}

export interface WebhookFixture {
  readonly description: string;
  readonly deliveries: readonly FixtureDelivery[];
}

/**
 * The deliveries of `events` in order, each signed with `secret` one second after the one
 * before, the last at `now`: a replay of them passes a verifier's time limit for as long as the
 * first one does.
 */
export async function buildFixture(
  description: string,
  events: readonly {readonly type: string; readonly body: string}[],
  secret: string,
  now: number,
): Promise<WebhookFixture> {
  const first = now - (events.length - 1);
  const deliveries = await Promise.all(
    events.map(async ({type, body}, index) => {
      const {headers} = await signDelivery('', secret, body, first + index);
      return {event_type: type, headers, body};
    }),
  );
  return {description, deliveries};
}

/** `charge.pending, charge.succeeded` → `zip-webhooks-charge-pending-charge-succeeded.json`. */
export const fixtureFileName = (events: readonly string[]): string =>
  `zip-webhooks-${events.map((type) => type.replace(/[._]/g, '-')).join('-')}.json`;
