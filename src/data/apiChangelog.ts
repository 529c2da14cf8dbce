/**
 * The API changelog: what changed in each Zip API, and when. The page
 * /api/changelog and its Atom feed render this list, endpoint pages say
 * "Changed on …" where an entry names their operation, and
 * `npm run check:changelog` holds it against the specs: every operation that
 * differs between `openapi/published/` (the specs as last published) and
 * `openapi/` must be named by an entry added since that publication, with
 * `breaking: true` when the change is breaking. CONTRIBUTING.md says how to
 * record a change and publish it.
 */

/** A spec of `openapi/`, by its file name without `.yaml`. */
export type ApiName = 'payments' | 'checkout' | 'links' | 'requests';

export interface ApiChangelogEntry {
  /** The day the change was published, `YYYY-MM-DD` (UTC); `unreleased` until then. */
  readonly date: string;
  /** The specs the change is in. */
  readonly apis: readonly ApiName[];
  /** The `operationId`s of the operations and events changed (removed ones included). */
  readonly operations?: readonly string[];
  /** The `components.schemas` the change is in, for the reader; the check asks for operations. */
  readonly schemas?: readonly string[];
  /** What changed and what a developer should do, in a sentence or two; `code` spans allowed. */
  readonly summary: string;
  /** The change can break a working integration (the check fails a breaking change without it). */
  readonly breaking?: true;
}

/** The value of `date` for a change not yet published. */
export const unreleased = 'unreleased';

/** The API's names on the changelog page. */
export const apiNames: Readonly<Record<ApiName, string>> = {
  payments: 'Payments API',
  checkout: 'Checkout Sessions API',
  links: 'Payment Links API',
  requests: 'Payment Requests API',
};

/** Newest first. */
export const apiChangelog: readonly ApiChangelogEntry[] = [
  {
    date: unreleased,
    apis: ['payments', 'checkout', 'links', 'requests'],
    summary:
      'Retries are specified: an `Idempotency-Key` is scoped to the account, mode and operation and kept 24 hours; a `2xx` or a `4xx` other than `409` and `429` is stored and replayed, while `409`, `429` and `5xx` answers are not stored, so a retry with the same key runs again. After 24 hours a key is forgotten and a request with it runs anew: find the earlier result first (list charges by `source` or `metadata`).',
  },
  {
    date: unreleased,
    apis: ['payments', 'checkout', 'links', 'requests'],
    operations: ['listCharges', 'listRefunds', 'listEvents', 'listWebhookEndpoints', 'listSessions', 'listLinks', 'listRequests'],
    summary:
      'Every list takes `created_gte` (inclusive) and `created_lt` (exclusive): windows that share their bounds tile time, so an object created on a bound is in exactly one. `created_after` and `created_before` stay, both exclusive. Catch up on events with `created_gte` and skip the ids you have.',
  },
  {
    date: unreleased,
    apis: ['payments'],
    operations: ['listCharges'],
    summary:
      'List charges filters by `source` (the charge that consumed a source) and by `metadata[key]=value` (an order or billing-period reference), so a charge whose answer was lost can be found after its `Idempotency-Key` expired.',
  },
  {
    date: unreleased,
    apis: ['payments'],
    operations: [
      'createCharge',
      'listCharges',
      'retrieveCharge',
      'verifyCharge',
      'captureCharge',
      'voidCharge',
      'refundCharge',
      'listRefunds',
      'retrieveRefund',
      'createCustomer',
      'retrieveCustomer',
      'updateCustomer',
      'deleteCustomer',
      'retrieveCustomerByEmail',
      'createSource',
      'retrieveSource',
      'attachSource',
      'detachSource',
      'listEvents',
      'retrieveEvent',
      'createWebhookEndpoint',
      'listWebhookEndpoints',
      'retrieveWebhookEndpoint',
      'updateWebhookEndpoint',
      'deleteWebhookEndpoint',
      'rollWebhookEndpointSecret',
    ],
    schemas: ['Error'],
    summary:
      'An error may carry `charge`: on `source_already_used` it names the charge that consumed the source. Retrieve it before asking the customer to pay again; it may be this very payment.',
  },
  {
    date: unreleased,
    apis: ['payments'],
    operations: [
      'createCharge',
      'listCharges',
      'retrieveCharge',
      'verifyCharge',
      'captureCharge',
      'voidCharge',
      'refundCharge',
      'listRefunds',
      'retrieveRefund',
      'chargePendingEvent',
      'chargeAuthorisedEvent',
      'chargeSucceededEvent',
      'chargeCapturedEvent',
      'chargeFailedEvent',
      'chargeVoidedEvent',
      'chargeRefundedEvent',
      'chargeRefundFailedEvent',
    ],
    schemas: ['Refund', 'ChargeEvent'],
    summary:
      'A refund has `failure_reason` (`declined`, `expired_or_canceled_card`, `account_closed`, `insufficient_funds`; `null` unless `failed`), and `charge.refunded` and `charge.refund_failed` events carry the refund they are about in `data.refund`.',
  },
  {
    date: '2026-11-26',
    apis: ['payments'],
    operations: ['listRefunds', 'retrieveRefund'],
    schemas: ['Refund', 'RefundList'],
    summary:
      'Refunds can be listed (`GET /v2/refunds`, filtered by `charge` and by creation date) and retrieved by their `re_` id (`GET /v2/refunds/{re_id}`), so a refund can be followed without retrieving its charge.',
  },
  {
    date: '2026-11-26',
    apis: ['payments', 'checkout', 'links', 'requests'],
    operations: ['listCharges', 'listEvents', 'listWebhookEndpoints', 'listSessions', 'listLinks', 'listRequests'],
    summary:
      'Every list takes the optional `created_after` and `created_before` filters that the events list already had, defined once in each spec and alike in all four.',
  },
  {
    date: '2026-11-26',
    apis: ['payments'],
    operations: [
      'createWebhookEndpoint',
      'listWebhookEndpoints',
      'retrieveWebhookEndpoint',
      'updateWebhookEndpoint',
      'deleteWebhookEndpoint',
      'rollWebhookEndpointSecret',
    ],
    schemas: ['WebhookEndpoint', 'UpdateWebhookEndpointParams'],
    summary:
      "A webhook endpoint's `status` is `active` or `inactive`, the words every other switch of the four APIs uses, instead of `enabled` or `disabled`. Updates still accept `enabled` and `disabled`, as deprecated spellings; code that reads `status` must expect the new values. Setting the status an endpoint already has answers `200` and changes nothing.",
    breaking: true,
  },
  {
    date: '2026-11-26',
    apis: ['links'],
    operations: ['activateLink', 'deactivateLink'],
    summary:
      'Activating an active link, or deactivating an inactive one, answers `200` with the link unchanged and sends no event, instead of `409` with `link_already_active` or `link_already_inactive`; those two codes are gone. Activating a single-use link that has been paid still answers `409` with `link_already_used`.',
  },
  {
    date: '2026-11-26',
    apis: ['payments', 'checkout', 'links', 'requests'],
    operations: [
      'createCharge',
      'listCharges',
      'retrieveCharge',
      'verifyCharge',
      'captureCharge',
      'voidCharge',
      'refundCharge',
      'createCustomer',
      'retrieveCustomer',
      'updateCustomer',
      'deleteCustomer',
      'retrieveCustomerByEmail',
      'createSource',
      'retrieveSource',
      'attachSource',
      'detachSource',
      'listEvents',
      'retrieveEvent',
      'createWebhookEndpoint',
      'listWebhookEndpoints',
      'retrieveWebhookEndpoint',
      'updateWebhookEndpoint',
      'deleteWebhookEndpoint',
      'rollWebhookEndpointSecret',
      'createSession',
      'listSessions',
      'retrieveSession',
      'captureSession',
      'expireSession',
      'createLink',
      'listLinks',
      'retrieveLink',
      'updateLink',
      'deactivateLink',
      'activateLink',
      'createRequest',
      'listRequests',
      'retrieveRequest',
      'resendRequest',
      'voidRequest',
    ],
    summary:
      "Each spec's `error.code` lists only the codes its own operations return (Payments 44, Checkout Sessions 20, Payment Links 16, Payment Requests 16), instead of all 52; the errors page still lists them all. No operation answers differently: the codes removed from a spec were never returned by its operations, but a client generated from the specs gets a narrower enum, so the change is marked breaking. Also documented: a rolled API key keeps working for the overlap chosen when rolling it, and capture, void, verify, expire and voiding a request are final.",
    breaking: true,
  },
  {
    date: '2026-11-21',
    apis: ['payments', 'checkout', 'links', 'requests'],
    summary:
      'First publication of the four APIs: Payments (`/v2`), Checkout Sessions, Payment Links and Payment Requests (`/v1`). The specs were completed over the following days (events and webhooks were added on 23 November 2026); this changelog records every change to the specs as they stood on 24 November 2026.',
  },
];

/** The anchor of each entry on /api/changelog: its date, `-2`, `-3`… for a date's later entries; `unreleased` likewise. */
export function changelogAnchors(entries: readonly ApiChangelogEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const count = (seen.get(entry.date) ?? 0) + 1;
    seen.set(entry.date, count);
    return count === 1 ? entry.date : `${entry.date}-${count}`;
  });
}

/** `2026-11-21` → `21 November 2026`, the site's way of writing a date. */
export function formatChangelogDate(date: string): string {
  if (date === unreleased) return 'Unreleased';
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'});
}

/** The latest published entry naming an operation of a spec, and its anchor: what the operation's page says it changed on. */
export function lastChangeOf(
  api: ApiName,
  operationId: string,
  entries: readonly ApiChangelogEntry[],
): {entry: ApiChangelogEntry; anchor: string} | undefined {
  const anchors = changelogAnchors(entries);
  const index = entries.findIndex(
    (entry) => entry.date !== unreleased && entry.apis.includes(api) && (entry.operations ?? []).includes(operationId),
  );
  const entry = entries[index];
  return entry ? {entry, anchor: anchors[index] ?? entry.date} : undefined;
}
