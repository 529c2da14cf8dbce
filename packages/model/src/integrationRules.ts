/**
 * The rules every Zip integration must follow, for coding agents: llms.txt
 * opens with them (plugins/machine-readable) and the docs MCP server gives
 * them as its instructions (packages/docs-mcp/). Each rule links to the page section that
 * explains it; numbers come from facts.ts.
 */
import {factText, formatPeso} from './facts';
import {testModePackagePath} from './agentDiscovery';

export interface IntegrationRule {
  /** One sentence or two, Markdown. */
  readonly text: string;
  /** Site path of the section that explains the rule. */
  readonly page: string;
  /** The link's text. */
  readonly pageTitle: string;
}

export const integrationRules: readonly IntegrationRule[] = [
  {
    text: `Send amounts as integers in centavos (the currency's minor unit), never as decimals: \`125000\` is ${formatPeso(125_000)}.`,
    page: '/api/intro#amounts-and-currencies',
    pageTitle: 'Amounts and currencies',
  },
  {
    text: `Send one \`Idempotency-Key\` per operation on every \`POST\`, generated once before the first attempt and reused unchanged on every retry of that operation; Zip keeps a key for ${factText['api.idempotencyRetention']}, so a retry later than that first looks for the earlier result (list charges by \`source\` or \`metadata\`, or read \`error.charge\`).`,
    page: '/api/intro#idempotency',
    pageTitle: 'Idempotency',
  },
  {
    text: 'Take the amount from the order on your server, never from the browser or app: look the order up by its id in your own database, refuse an id you have not seen, and send that order\u2019s amount and `metadata.order_id` on the charge.',
    page: '/guides/developer-guide/taking-payments#step-2-create-the-charge',
    pageTitle: 'Create the charge',
  },
  {
    text: 'Send every refund with an `Idempotency-Key` made from your own refund or return id (`refund-RET-318`), stored before the call; it is required, because a partial refund retried without it, or with a new random key, pays the customer twice.',
    page: '/guides/tutorials/refund-payment#step-2-refund-part-of-the-charge',
    pageTitle: 'Refund part of the charge',
  },
  {
    text: 'Retrieve the charge (its `status`, `amount_refunded`, `refunds` and `dispute`) right before you fulfil an order, even when an event says it succeeded: it may have been refunded or disputed before your shop recorded it.',
    page: '/guides/developer-guide/webhooks#read-the-charge-again-before-you-ship',
    pageTitle: 'Read the charge again before you ship',
  },
  {
    text: 'Keep a payment that lands on no order (an unknown `metadata.order_id`, a link or request made by hand, a second payment for a paid order) in a table a person reviews, answer its event `2xx`, and never drop it or ship for it on a guess.',
    page: '/guides/developer-guide/webhooks#money-that-lands-on-no-order',
    pageTitle: 'Money that lands on no order',
  },
  {
    text: `Verify the \`Zip-Signature\` of every webhook delivery on the raw bytes of the body, before parsing them, and refuse signatures older than ${factText['webhooks.signatureTolerance']}.`,
    page: '/guides/developer-guide/webhooks#step-2-verify-the-signature',
    pageTitle: 'Verify the signature',
  },
  {
    text: 'Use test keys (`sk_test_…`, `pk_test_…`) in development and tests: they run in test mode and move no money. Live keys belong in production only.',
    page: '/guides/developer-guide/api-keys#test-keys-and-live-keys',
    pageTitle: 'Test keys and live keys',
  },
  {
    text: `Test your integration against faults on your own machine: \`npx <docs site>${testModePackagePath}\` (<docs site> is this documentation's origin; the package \`@zip/test-mode\` is published with the docs, not on the npm registry) runs a stateful test mode whose controls under \`/_test-mode/\` lose answers, fail calls, move the clock, hold and redeliver webhooks, and check a ledger that each order was charged at most once.`,
    page: '/guides/developer-guide/test-against-faults#start-the-test-mode',
    pageTitle: 'Test your integration against faults',
  },
  {
    text: 'Never log a key, commit it or send a secret key (`sk_…`) to a browser or app: keep it on the server, in an environment variable or a secrets manager, and log the `request_id` instead.',
    page: '/guides/developer-guide/api-keys#keep-keys-safe',
    pageTitle: 'Keep keys safe',
  },
];

/** A page a coding agent reads for one kind of integration, and what it is for (its title is the page's). */
export interface IntegrationPage {
  /** Site path of the page. */
  readonly page: string;
  /** What the page is for, in a few words. */
  readonly use: string;
}

/**
 * The pages the integration skill (plugins/machine-readable/agent-discovery.ts) sends an agent to,
 * one per flow, in the order an integration meets them.
 */
export const integrationPages: readonly IntegrationPage[] = [
  {page: '/api/intro', use: 'authentication, amounts, idempotency and retries, errors, pagination and versions'},
  {page: '/guides/checkout', use: 'a hosted payment page (Checkout Sessions), fulfilled from its event'},
  {
    page: '/guides/developer-guide/taking-payments',
    use: 'direct charges: cards with 3-D Secure, and sources for GCash, Maya, QR Ph and online banking',
  },
  {page: '/api/core/charges/charges-intro', use: 'a charge’s life: 3-D Secure, capture, void, refunds and disputes'},
  {page: '/api/core/sources/sources-intro', use: 'a source’s approval, and charging it on `source.chargeable`'},
  {page: '/guides/developer-guide/webhooks', use: 'verifying, deduplicating and acting on events'},
  {page: '/guides/tutorials/save-payment-information', use: 'saved cards and recurring billing'},
  {page: '/guides/tutorials/refund-payment', use: 'full and partial refunds, and refunds that fail'},
  {page: '/api/errors', use: 'every error code, what it means and what to do'},
  {page: '/guides/developer-guide/testing', use: 'the test cards, approval buttons and amounts for every outcome'},
  {page: '/guides/developer-guide/test-against-faults', use: 'a local stateful test mode that runs your integration through faults'},
  {page: '/guides/onboarding', use: 'what to check before switching to live keys'},
];
