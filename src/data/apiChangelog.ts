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
    date: '2026-12-02',
    apis: ['payments', 'checkout', 'links', 'requests'],
    operations: [
      'activateLink',
      'attachSource',
      'captureCharge',
      'captureSession',
      'createCharge',
      'createCustomer',
      'createLink',
      'createRequest',
      'createSession',
      'createSource',
      'createWebhookEndpoint',
      'deactivateLink',
      'deleteCustomer',
      'deleteWebhookEndpoint',
      'detachSource',
      'expireSession',
      'listCharges',
      'listCustomers',
      'listDisputes',
      'listEvents',
      'listLinks',
      'listPayouts',
      'listRefunds',
      'listRequests',
      'listSessions',
      'listWebhookEndpoints',
      'refundCharge',
      'resendRequest',
      'retrieveCharge',
      'retrieveCustomer',
      'retrieveCustomerByEmail',
      'retrieveDispute',
      'retrieveEvent',
      'retrieveLink',
      'retrievePayout',
      'retrieveRefund',
      'retrieveRequest',
      'retrieveSession',
      'retrieveSource',
      'retrieveWebhookEndpoint',
      'rollWebhookEndpointSecret',
      'updateCustomer',
      'updateLink',
      'updateWebhookEndpoint',
      'verifyCharge',
      'voidCharge',
      'voidRequest',
      'chargePendingEvent',
      'chargeAuthorisedEvent',
      'chargeSucceededEvent',
      'chargeCapturedEvent',
      'chargeFailedEvent',
      'chargeVoidedEvent',
      'chargeRefundedEvent',
      'chargeRefundFailedEvent',
    ],
    schemas: ['Error', 'ErrorCode', 'Event', 'EventType', 'Charge'],
    summary:
      "`error.code` and an event's `type` stay open sets, now written as extensible enums: a string whose `examples` list the documented values (with `x-enumDescriptions`), instead of `anyOf` the enum and a string. A generated client gets a plain string that takes any value; compare it with the documented values and keep a default branch. A charge's `dispute` is `oneOf` a dispute and `null`, which it always was.",
  },
  {
    date: '2026-12-01',
    apis: ['payments', 'checkout', 'links', 'requests'],
    summary:
      'Retries are specified: an `Idempotency-Key` is scoped to the account, mode and operation and kept 24 hours; a `2xx` or a `4xx` other than `409` and `429` is stored and replayed, while `409`, `429` and `5xx` answers are not stored, so a retry with the same key runs again. After 24 hours a key is forgotten and a request with it runs anew: find the earlier result first (list charges by `source` or `metadata`).',
  },
  {
    date: '2026-12-01',
    apis: ['payments', 'checkout', 'links', 'requests'],
    operations: ['listCharges', 'listRefunds', 'listEvents', 'listWebhookEndpoints', 'listSessions', 'listLinks', 'listRequests'],
    summary:
      'Every list takes `created_gte` (inclusive) and `created_lt` (exclusive): windows that share their bounds tile time, so an object created on a bound is in exactly one. `created_after` and `created_before` stay, both exclusive. Catch up on events with `created_gte` and skip the ids you have.',
  },
  {
    date: '2026-12-01',
    apis: ['payments'],
    operations: ['listCharges'],
    summary:
      'List charges filters by `source` (the charge that consumed a source) and by `metadata[key]=value` (an order or billing-period reference), so a charge whose answer was lost can be found after its `Idempotency-Key` expired.',
  },
  {
    date: '2026-12-01',
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
    date: '2026-12-01',
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
    date: '2026-12-01',
    apis: ['payments'],
    operations: ['listDisputes', 'retrieveDispute', 'listPayouts', 'retrievePayout', 'listCustomers'],
    schemas: ['DisputeList', 'PayoutList', 'CustomerList'],
    summary:
      'Disputes and payouts can be listed and retrieved (`GET /v2/disputes`, `/v2/disputes/{dp_id}`, `/v2/payouts`, `/v2/payouts/{po_id}`), returning the objects their events carry, and customers can be listed (`GET /v2/customers`). Each list pages and filters like the others (`limit`, cursors, `created_gte`, `created_lt`, `created_after`, `created_before`; disputes also by `status` and `charge`, payouts by `status`) and goes back to the first object, so payouts can be reconciled beyond the 30 days that events are kept.',
  },
  {
    date: '2026-12-01',
    apis: ['payments', 'checkout', 'links', 'requests'],
    summary:
      "A versioning policy: within a version (`/v2`, `/v1`) changes are additive only; a breaking change ships only under a new path version, announced here at least 90 days ahead, and the old version keeps working for at least 365 days. Each spec's `info.version` is now `MAJOR.MINOR.PATCH` (Payments 2.1.0, the others 1.1.0) and records the two breaking changes of 26 November 2026, which shipped inside the current versions against this policy. `PUT` is documented precisely as a partial update. See /api/intro#versioning-policy.",
  },
  {
    date: '2026-12-01',
    apis: ['payments', 'checkout', 'links', 'requests'],
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
      'chargePendingEvent',
      'chargeAuthorisedEvent',
      'chargeSucceededEvent',
      'chargeCapturedEvent',
      'chargeFailedEvent',
      'chargeVoidedEvent',
      'chargeRefundedEvent',
      'chargeRefundFailedEvent',
      'disputeOpenedEvent',
      'disputeWonEvent',
      'disputeLostEvent',
      'sourceChargeableEvent',
      'sourceCancelledEvent',
      'sourceExpiredEvent',
      'customerDeletedEvent',
      'payoutSentEvent',
      'payoutReturnedEvent',
      'createSession',
      'listSessions',
      'retrieveSession',
      'captureSession',
      'expireSession',
      'checkoutSessionCompletedEvent',
      'checkoutSessionCapturedEvent',
      'checkoutSessionVoidedEvent',
      'checkoutSessionExpiredEvent',
      'createLink',
      'listLinks',
      'retrieveLink',
      'updateLink',
      'deactivateLink',
      'activateLink',
      'paymentLinkPaidEvent',
      'paymentLinkDeactivatedEvent',
      'paymentLinkActivatedEvent',
      'createRequest',
      'listRequests',
      'retrieveRequest',
      'resendRequest',
      'voidRequest',
      'paymentRequestPaidEvent',
      'paymentRequestVoidedEvent',
      'paymentRequestExpiredEvent',
    ],
    schemas: ['Error', 'ErrorCode', 'Event', 'EventType'],
    summary:
      "`error.code` and an event's `type` are open sets: each accepts any string beside its documented values (`anyOf` the documented enum and a string), so a client generated from the specs no longer rejects a code or type Zip adds. Keep unknown values in your client (openapi-generator: `enumUnknownDefaultCase`).",
  },
  {
    date: '2026-12-01',
    apis: ['payments', 'checkout', 'links', 'requests'],
    operations: [
      'createCharge',
      'refundCharge',
      'createCustomer',
      'updateCustomer',
      'createSource',
      'createWebhookEndpoint',
      'updateWebhookEndpoint',
      'createSession',
      'createLink',
      'updateLink',
      'createRequest',
    ],
    schemas: ['Metadata'],
    summary:
      'The `Metadata` schema states the limit on keys that its description always gave: 1 to 40 characters (`propertyNames`). No request that worked before fails now, since the API has refused longer keys with `422` `parameter_invalid` from the start; the change is marked breaking only because the request schema is narrower, which matters to a client that validates requests against the specs. Nothing to do.',
    breaking: true,
  },
  {
    date: '2026-12-01',
    apis: ['checkout', 'links', 'requests'],
    operations: ['createSession', 'createLink', 'createRequest'],
    schemas: ['ErrorCode'],
    summary:
      'Creating a checkout session, payment link or payment request with a live key of a restricted account (for example during a review) answers `403` with `account_restricted`, the code the Payments API uses, now listed in these three specs as their `403` prose said. Test mode keeps working.',
  },
  {
    date: '2026-12-01',
    apis: ['links'],
    operations: [
      'createLink',
      'listLinks',
      'retrieveLink',
      'updateLink',
      'deactivateLink',
      'activateLink',
      'paymentLinkPaidEvent',
      'paymentLinkDeactivatedEvent',
      'paymentLinkActivatedEvent',
    ],
    schemas: ['PaymentLink', 'UpdateLinkParams'],
    summary:
      'A payment link has `last_charge`, the `ch_` id of its latest payment, so `payment_link.paid` names the charge that sent it, as `payment_request.paid` does. Switch a link off and on by updating its `status` (`PUT /v1/links/{plink_id}` with `{"status": "inactive"}`), as with webhook endpoints: one way to switch every Zip object. `POST /v1/links/{plink_id}/activate` and `/deactivate` are deprecated and keep working for all of version 1.',
  },
  {
    date: '2026-12-01',
    apis: ['requests'],
    operations: [
      'createRequest',
      'listRequests',
      'retrieveRequest',
      'resendRequest',
      'voidRequest',
      'paymentRequestPaidEvent',
      'paymentRequestVoidedEvent',
      'paymentRequestExpiredEvent',
    ],
    schemas: ['RequestCustomer', 'CreatePaymentRequestParams'],
    summary:
      "Create a payment request with `customer` set to a Payments API customer's `cus_` id, as in Payments and Checkout Sessions, or to the recipient's details as before; the request's `customer.id` is that id, or `null`. With an id, a phone that is not a Philippine mobile number is left out, since Zip texts only Philippine numbers.",
  },
  {
    date: '2026-12-01',
    apis: ['payments'],
    operations: [
      'createCharge',
      'verifyCharge',
      'chargePendingEvent',
      'chargeFailedEvent',
      'chargeRefundedEvent',
      'createSource',
      'sourceExpiredEvent',
    ],
    summary:
      'Documented: a `pending` 3-D Secure charge fails by itself after 30 minutes (`authentication_failed`, `charge.failed`); verifying while the customer is still at the bank answers the charge still `pending` and does not end their check; an approved e-wallet, QR Ph or online-banking source not charged within 60 minutes expires and nothing is taken; Zip adds no query parameters to `return_url`, `success_url` or `failure_url`; `Retry-After` comes with `429` only. The `charge.refunded` example shows its refund `succeeded`.',
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
      "A webhook endpoint's `status` is `active` or `inactive`, the words every other switch of the four APIs uses, instead of `enabled` or `disabled`. Updates still accept `enabled` and `disabled`, as deprecated spellings; code that reads `status` must expect the new values. Setting the status an endpoint already has answers `200` and changes nothing. This change shipped inside version 2, against the additive-only promise; what to do: treat `active` as the old `enabled` and `inactive` as `disabled` wherever you read an endpoint's `status`, and regenerate a client generated from the spec.",
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
      "Each spec's `error.code` lists only the codes its own operations return (Payments 44, Checkout Sessions 20, Payment Links 16, Payment Requests 16), instead of all 52; the errors page still lists them all. No operation answers differently: the codes removed from a spec were never returned by its operations, but a client generated from the specs gets a narrower enum, so the change is marked breaking. It shipped inside versions 2 and 1, against the additive-only promise; what to do: a client that checks `error.code` against the enum should accept any string (since the next release every spec documents it as an open set), and code that branches on a code should keep a default branch that acts on the HTTP status. Also documented: a rolled API key keeps working for the overlap chosen when rolling it, and capture, void, verify, expire and voiding a request are final.",
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
