/** The changes of November 2026, newest first (../apiChangelog.ts). */
import type {ApiChangelogEntry} from './entry';

export const november2026Entries: readonly ApiChangelogEntry[] = [
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
