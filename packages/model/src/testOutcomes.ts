/**
 * What happens after each test value of packages/model/src/testValues.ts, step by step: what you (or your
 * customer, or Zip) do, which objects change status, and which events arrive, in order. The
 * testing page renders it (src/components/TestOutcomes), and `npm run check:content` holds it to
 * the specs: every call is an operation, every status is in its object's `status` enum, every
 * event is a declared webhook (scripts/check-content/test-outcomes.ts).
 *
 * Keyed by the anchors the testing page gives test mode's values: a card's `outcome`,
 * `approval-<source status>` for a button of the approval page, `amount-<failure code>` for an
 * amount. The same check fails a value of testValues.ts without a story, and a story of no value.
 */
import {
  amountOutcome,
  approvalActions,
  approvalOutcome,
  testAmounts,
  testCards,
  type AmountOutcome,
  type ApprovalOutcome,
  type CardOutcome,
} from './testValues';

/** A test value's outcome: its anchor on the testing page. */
export type TestOutcome = CardOutcome | ApprovalOutcome | AmountOutcome;

/** An object's status change; `from` is null where the step creates the object. */
export interface StatusChange {
  /** The object's `object` value in the API: `charge`, `source`, `refund`, `dispute`… */
  readonly object: string;
  readonly from: string | null;
  readonly to: string;
}

export interface OutcomeStep {
  /** Who acts and how, in a sentence (`code` spans and **bold** allowed). */
  readonly action: string;
  /** The API operation the step calls, as `METHOD /path` of the specs, when it is a call. */
  readonly call?: string;
  readonly changes: readonly StatusChange[];
  /** The event types Zip sends, in order. */
  readonly events: readonly string[];
}

const created = (object: string, to: string): StatusChange => ({object, from: null, to});
const changed = (object: string, from: string, to: string): StatusChange => ({object, from, to});

const createCharge = 'POST /v2/charges';
const createSource = 'POST /v2/sources';
const verifyCharge = 'POST /v2/charges/{ch_id}/verify';
const refundCharge = 'POST /v2/charges/{ch_id}/refund';

const chargeSucceeds: OutcomeStep = {
  action: 'Create a charge with the card.',
  call: createCharge,
  changes: [created('charge', 'succeeded')],
  events: ['charge.succeeded'],
};

const chargeDeclined: OutcomeStep = {
  action: 'Create a charge with the card: it answers `201` with the charge `failed` and its `failure_code`.',
  call: createCharge,
  changes: [created('charge', 'failed')],
  events: ['charge.failed'],
};

const threeDSecureAsked: OutcomeStep = {
  action: 'Create a charge with the card and a `return_url`; send the customer to `next_action.redirect_url`.',
  call: createCharge,
  changes: [created('charge', 'pending')],
  events: ['charge.pending'],
};

const disputeOpens: readonly OutcomeStep[] = [
  chargeSucceeds,
  {
    action: 'A minute later the test bank opens a dispute; the charge’s `dispute` is set.',
    changes: [created('dispute', 'needs_response')],
    events: ['dispute.opened'],
  },
  {
    action: 'Submit any evidence in the dashboard under **Disputes**.',
    changes: [changed('dispute', 'needs_response', 'under_review')],
    events: [],
  },
];

const redirectSource: OutcomeStep = {
  action: 'Create an e-wallet, QR Ph or online-banking source; send the customer to `redirect.checkout_url`, the test approval page.',
  call: createSource,
  changes: [created('source', 'pending')],
  events: [],
};

const approved: OutcomeStep = {
  action: 'The customer presses **Approve**; Zip sends them to `success_url`.',
  changes: [changed('source', 'pending', 'chargeable')],
  events: ['source.chargeable'],
};

/** A source approved, then charged for a test amount that fails. */
const amountFails = (outcome: AmountOutcome): readonly OutcomeStep[] => [
  {
    ...redirectSource,
    action: `Create the source with \`amount\` \`${testAmounts.find((amount) => amountOutcome(amount) === outcome)?.amountMinor ?? ''}\`; send the customer to \`redirect.checkout_url\`.`,
  },
  approved,
  {
    action: `Create a charge from the chargeable source: it answers \`201\` with the charge \`failed\` and \`failure_code\` \`${outcome.slice('amount-'.length)}\`.`,
    call: createCharge,
    changes: [created('charge', 'failed')],
    events: ['charge.failed'],
  },
];

export const testOutcomes: Readonly<Partial<Record<TestOutcome, readonly OutcomeStep[]>>> = {
  'succeeds-visa': [chargeSucceeds],
  'succeeds-mastercard': [chargeSucceeds],
  'succeeds-jcb': [chargeSucceeds],
  'succeeds-amex': [chargeSucceeds],
  'three-d-secure-passed': [
    threeDSecureAsked,
    {
      action: 'The customer presses **Complete** on the test page standing in for the bank; Zip sends them to your `return_url`.',
      changes: [],
      events: [],
    },
    {
      action: 'Verify the charge from your `return_url`. (Had they pressed **Fail**, it would be `failed` with `authentication_failed`.)',
      call: verifyCharge,
      changes: [changed('charge', 'pending', 'succeeded')],
      events: ['charge.succeeded'],
    },
  ],
  'three-d-secure-failed': [
    threeDSecureAsked,
    {
      action: 'The customer presses either button on the test page; Zip sends them to your `return_url`.',
      changes: [],
      events: [],
    },
    {
      action: 'Verify the charge from your `return_url`: `failure_code` is `authentication_failed`.',
      call: verifyCharge,
      changes: [changed('charge', 'pending', 'failed')],
      events: ['charge.failed'],
    },
  ],
  card_declined: [chargeDeclined],
  insufficient_funds: [chargeDeclined],
  expired_card: [chargeDeclined],
  incorrect_cvc: [chargeDeclined],
  incorrect_number: [chargeDeclined],
  authentication_required: [
    {
      action:
        'Create a charge with the card and no `return_url`, or as a saved card while the customer is away. (With a `return_url` it goes as the 3-D Secure cards do.)',
      call: createCharge,
      changes: [created('charge', 'failed')],
      events: ['charge.failed'],
    },
  ],
  fraud_suspected: [chargeDeclined],
  processing_error: [chargeDeclined],
  'dispute-won': [
    ...disputeOpens,
    {
      action: 'The test bank decides for you at once: the disputed amount is back in your balance.',
      changes: [changed('dispute', 'under_review', 'won')],
      events: ['dispute.won'],
    },
  ],
  'dispute-lost': [
    ...disputeOpens,
    {
      action: 'The test bank decides for the cardholder at once (without evidence, when `evidence_due_by` passes).',
      changes: [changed('dispute', 'under_review', 'lost')],
      events: ['dispute.lost'],
    },
  ],
  'refund-fails': [
    chargeSucceeds,
    {
      action: 'Refund the charge, in full or in part.',
      call: refundCharge,
      changes: [created('refund', 'pending')],
      events: [],
    },
    {
      action: 'A minute later the refund fails; the charge’s `amount_refunded` drops back.',
      changes: [changed('refund', 'pending', 'failed')],
      events: ['charge.refund_failed'],
    },
  ],
  'approval-chargeable': [
    redirectSource,
    approved,
    {
      action: 'Create a charge from the chargeable source.',
      call: createCharge,
      changes: [created('charge', 'succeeded'), changed('source', 'chargeable', 'consumed')],
      events: ['charge.succeeded'],
    },
  ],
  'approval-cancelled': [
    redirectSource,
    {
      action: 'The customer presses **Decline**; Zip sends them to `failure_url`.',
      changes: [changed('source', 'pending', 'cancelled')],
      events: ['source.cancelled'],
    },
  ],
  'approval-expired': [
    redirectSource,
    {
      action: 'Press **Expire now**, as if the customer never came back; Zip sends them to `failure_url`.',
      changes: [changed('source', 'pending', 'expired')],
      events: ['source.expired'],
    },
  ],
  'amount-insufficient_funds': amountFails('amount-insufficient_funds'),
  'amount-wallet_limit_exceeded': amountFails('amount-wallet_limit_exceeded'),
  'amount-processing_error': amountFails('amount-processing_error'),
};

/** Every test value's outcome, in the order of testValues.ts: cards, approval buttons, amounts. */
export const testValueOutcomes: readonly TestOutcome[] = [
  ...testCards.map((card) => card.outcome),
  ...approvalActions.map(approvalOutcome),
  ...testAmounts.map(amountOutcome),
];

/** An outcome's steps; throws at build time on an outcome without a story. */
export function stepsOf(outcome: TestOutcome): readonly OutcomeStep[] {
  const steps = testOutcomes[outcome];
  if (!steps) throw new Error(`packages/model/src/testOutcomes.ts has no story for the test outcome "${outcome}".`);
  return steps;
}

/**
 * The event types an outcome sends, in order: what a webhook handler receives for it (for example
 * `WebhookFixtureDownload`'s `events`).
 */
export function eventsOf(outcome: TestOutcome): readonly string[] {
  return stepsOf(outcome).flatMap((step) => step.events);
}
