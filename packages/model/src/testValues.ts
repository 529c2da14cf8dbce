/**
 * Test mode's magic values: the card numbers, amounts and approval-page
 * buttons that make a test payment end a chosen way. One list for the whole
 * site: the testing page renders it (src/components/TestValues), guides name
 * values from it with <TestCard outcome="…" />, and `npm run check:samples`
 * fails any card number in a sample or in a spec example that is not listed
 * here, naming the file and line.
 *
 * Only test keys (`sk_test_`, `pk_test_`) react to these values; a live key
 * treats a test card like any unknown card number (`incorrect_number`).
 */

export type CardBrand = 'visa' | 'mastercard' | 'jcb' | 'amex';

/** The `failure_code` values of the Payments API that a card can produce. */
export type CardFailureCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'incorrect_number'
  | 'authentication_required'
  | 'authentication_failed'
  | 'fraud_suspected'
  | 'processing_error';

/** What a test card is for; also the anchor its row gets on the testing page. */
export type CardOutcome =
  | 'succeeds-visa'
  | 'succeeds-mastercard'
  | 'succeeds-jcb'
  | 'succeeds-amex'
  | 'three-d-secure-passed'
  | 'three-d-secure-failed'
  | 'dispute-won'
  | 'dispute-lost'
  | 'refund-fails'
  | CardFailureCode;

export interface TestCard {
  readonly outcome: CardOutcome;
  /** Digits only, as the API takes them. */
  readonly number: string;
  readonly brand: CardBrand;
  /** The charge's status right after create charge (with `capture` left at `true`). */
  readonly chargeStatus: 'succeeded' | 'pending' | 'failed';
  /** Set when the charge fails, at once or after 3-D Secure. */
  readonly failureCode: CardFailureCode | null;
  /** What happens, in a sentence, including the events Zip sends. */
  readonly result: string;
}

export const testCards: readonly TestCard[] = [
  {
    outcome: 'succeeds-visa',
    number: '4111111111111111',
    brand: 'visa',
    chargeStatus: 'succeeded',
    failureCode: null,
    result: 'Succeeds without 3-D Secure; `charge.succeeded`.',
  },
  {
    outcome: 'succeeds-mastercard',
    number: '5555555555554444',
    brand: 'mastercard',
    chargeStatus: 'succeeded',
    failureCode: null,
    result: 'Succeeds without 3-D Secure; `charge.succeeded`.',
  },
  {
    outcome: 'succeeds-jcb',
    number: '3566002020360505',
    brand: 'jcb',
    chargeStatus: 'succeeded',
    failureCode: null,
    result: 'Succeeds without 3-D Secure; `charge.succeeded`.',
  },
  {
    outcome: 'succeeds-amex',
    number: '378282246310005',
    brand: 'amex',
    chargeStatus: 'succeeded',
    failureCode: null,
    result: 'Succeeds without 3-D Secure (security code of 4 digits); `charge.succeeded`.',
  },
  {
    outcome: 'three-d-secure-passed',
    number: '4000000000003220',
    brand: 'visa',
    chargeStatus: 'pending',
    failureCode: null,
    result:
      'Asks for 3-D Secure (`charge.pending`). The test page stands in for the bank: **Complete** passes the check and verify answers `succeeded` (`charge.succeeded`); **Fail** makes it `failed` with `authentication_failed`.',
  },
  {
    outcome: 'three-d-secure-failed',
    number: '4000008260003178',
    brand: 'visa',
    chargeStatus: 'pending',
    failureCode: 'authentication_failed',
    result: 'Asks for 3-D Secure (`charge.pending`) and fails it whatever you press; verify answers `failed` (`charge.failed`).',
  },
  {
    outcome: 'card_declined',
    number: '4000000000000002',
    brand: 'visa',
    chargeStatus: 'failed',
    failureCode: 'card_declined',
    result: 'Declined with no reason given; `charge.failed`.',
  },
  {
    outcome: 'insufficient_funds',
    number: '4000000000009995',
    brand: 'visa',
    chargeStatus: 'failed',
    failureCode: 'insufficient_funds',
    result: 'Declined for lack of funds; `charge.failed`.',
  },
  {
    outcome: 'expired_card',
    number: '4000000000000069',
    brand: 'visa',
    chargeStatus: 'failed',
    failureCode: 'expired_card',
    result: 'Declined as expired, whatever expiry date you send; `charge.failed`.',
  },
  {
    outcome: 'incorrect_cvc',
    number: '4000000000000127',
    brand: 'visa',
    chargeStatus: 'failed',
    failureCode: 'incorrect_cvc',
    result: 'Declined for a wrong security code, whatever code you send; `charge.failed`.',
  },
  {
    outcome: 'incorrect_number',
    number: '4000000000000010',
    brand: 'visa',
    chargeStatus: 'failed',
    failureCode: 'incorrect_number',
    result: 'Declined as an unknown card number; `charge.failed`.',
  },
  {
    outcome: 'authentication_required',
    number: '4000002760003184',
    brand: 'visa',
    chargeStatus: 'failed',
    failureCode: 'authentication_required',
    result:
      'Asks for 3-D Secure: with a `return_url` the charge is `pending`; without one, or as a saved card, it fails at once; `charge.failed`.',
  },
  {
    outcome: 'fraud_suspected',
    number: '4100000000000019',
    brand: 'visa',
    chargeStatus: 'failed',
    failureCode: 'fraud_suspected',
    result: 'Blocked by risk checks; `charge.failed`.',
  },
  {
    outcome: 'processing_error',
    number: '4000000000000119',
    brand: 'visa',
    chargeStatus: 'failed',
    failureCode: 'processing_error',
    result: 'Fails with a processing error; a retry with a new source fails the same way; `charge.failed`.',
  },
  {
    outcome: 'dispute-won',
    number: '4000000000000259',
    brand: 'visa',
    chargeStatus: 'succeeded',
    failureCode: null,
    result:
      'Succeeds, then a dispute opens a minute later (`dispute.opened`); submit any evidence in the dashboard and it is `won` (`dispute.won`).',
  },
  {
    outcome: 'dispute-lost',
    number: '4000000000002685',
    brand: 'visa',
    chargeStatus: 'succeeded',
    failureCode: null,
    result:
      'Succeeds, then a dispute opens a minute later (`dispute.opened`); it is `lost` when you submit evidence or the deadline passes (`dispute.lost`).',
  },
  {
    outcome: 'refund-fails',
    number: '4000000000005126',
    brand: 'visa',
    chargeStatus: 'succeeded',
    failureCode: null,
    result: 'Succeeds; every refund of it goes `pending`, then `failed` a minute later (`charge.refund_failed`).',
  },
];

export type CardGroup = 'success' | 'declines' | 'threeDSecure' | 'afterPayment';

/** Which cards each table (and its stories, src/components/TestOutcomes) shows. */
export const cardGroups: Readonly<Record<CardGroup, (card: TestCard) => boolean>> = {
  success: (card) => card.outcome.startsWith('succeeds-'),
  threeDSecure: (card) => card.outcome.startsWith('three-d-secure-'),
  declines: (card) => card.chargeStatus === 'failed',
  afterPayment: (card) => card.outcome.startsWith('dispute-') || card.outcome === 'refund-fails',
};

/** Any expiry date in the future and any security code work with every test card (4 digits for American Express). */
export const testCardDetails = {expMonth: 12, expYear: 2030, cvc: '123', amexCvc: '1234'} as const;

/** The buttons of the test approval page at `redirect.checkout_url` (GCash, Maya, QR Ph, BPI, UnionBank). */
export interface ApprovalAction {
  readonly button: string;
  readonly sourceStatus: 'chargeable' | 'cancelled' | 'expired';
  readonly event: string;
  readonly result: string;
}

export const approvalActions: readonly ApprovalAction[] = [
  {
    button: 'Approve',
    sourceStatus: 'chargeable',
    event: 'source.chargeable',
    result: 'The customer approved: the source is chargeable and Zip sends the customer to `success_url`.',
  },
  {
    button: 'Decline',
    sourceStatus: 'cancelled',
    event: 'source.cancelled',
    result: 'The customer declined or cancelled: Zip sends them to `failure_url`.',
  },
  {
    button: 'Expire now',
    sourceStatus: 'expired',
    event: 'source.expired',
    result: 'The source expires at once, as if the customer never came back; Zip sends them to `failure_url`.',
  },
];

/** Amounts that make a charge of an approved e-wallet, QR Ph or online-banking source fail. */
export interface TestAmount {
  readonly amountMinor: number;
  readonly failureCode: 'insufficient_funds' | 'wallet_limit_exceeded' | 'processing_error';
  readonly methods: string;
}

export const testAmounts: readonly TestAmount[] = [
  {amountMinor: 400_100, failureCode: 'insufficient_funds', methods: 'GCash, Maya, QR Ph, BPI, UnionBank'},
  {amountMinor: 400_200, failureCode: 'wallet_limit_exceeded', methods: 'GCash, Maya'},
  {amountMinor: 400_300, failureCode: 'processing_error', methods: 'GCash, Maya, QR Ph, BPI, UnionBank'},
];

/** An approval button's outcome, as a card has its `outcome`: its row's anchor on the testing page, and its story (testOutcomes.ts). */
export type ApprovalOutcome = `approval-${ApprovalAction['sourceStatus']}`;
export const approvalOutcome = (action: ApprovalAction): ApprovalOutcome => `approval-${action.sourceStatus}`;

/** A test amount's outcome, likewise. */
export type AmountOutcome = `amount-${TestAmount['failureCode']}`;
export const amountOutcome = (amount: TestAmount): AmountOutcome => `amount-${amount.failureCode}`;

/** Luhn check: every test card number is a valid card number. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** Finds the test card for an outcome; throws at build time on a name the list does not have. */
export function testCardFor(outcome: CardOutcome): TestCard {
  const card = testCards.find((candidate) => candidate.outcome === outcome);
  if (!card) throw new Error(`packages/model/src/testValues.ts has no test card for the outcome "${outcome}".`);
  return card;
}

/** 4000000000000002 → "4000 0000 0000 0002" (American Express: 4-6-5). */
export function formatCardNumber(number: string): string {
  if (number.length === 15) return `${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}`;
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The secret test key every sample shows. A reader who gives the site their
 * own test key sees it in place of this one (src/utils/readerTestKey.ts), so
 * samples spell the key exactly so; `npm run check:samples` fails a code
 * block with any other secret key.
 */
export const sampleSecretKey = 'sk_test_51HxZipExampleKey4eC39HqLyjWDarjtT1zdp7dc';

/** The public test key the samples show, beside `sampleSecretKey`. */
export const samplePublicKey = 'pk_test_51HxZipExamplePublicKey7dC2mQ9vR4tY1uW8';

/**
 * A webhook endpoint's signing secret, for running the samples that verify
 * deliveries (`npm run test:samples`); pages show it as `whsec_…`.
 */
export const sampleWebhookSecret = 'whsec_4eC39HqLyjWDarjtT1zdp7dcQfM2Kx8N';

/** The shape of a secret test key: the prefix, then letters and digits. */
export const secretTestKeyPattern = /^sk_test_[A-Za-z0-9]{16,128}$/;

/** The shape of a public test key, as `secretTestKeyPattern` is a secret one's. */
export const publicTestKeyPattern = /^pk_test_[A-Za-z0-9]{16,128}$/;

/** The public key's security scheme in the specs (operations a browser may call); every other Basic scheme is a secret key's. */
export const publicKeyScheme = 'publicKey';
