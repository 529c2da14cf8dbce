/** The payment methods Zip takes, their fees and what each supports (re-exported by ../facts.ts). */

/** An inclusive range, e.g. 2–3 business days. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

export type PaymentMethodType = 'card' | 'gcash' | 'maya' | 'qrph' | 'bpi' | 'unionbank';
export type FeeKey = 'cardDomestic' | 'cardInternational' | 'gcash' | 'maya' | 'qrph' | 'onlineBanking';
export type CurrencyCode = 'PHP' | 'USD';

export interface Fee {
  readonly percent: number;
  readonly fixedMinor?: number;
  readonly minimumMinor?: number;
}

export interface PaymentMethod {
  readonly type: PaymentMethodType;
  readonly name: string;
  readonly kind: 'Card' | 'E-wallet' | 'QR code' | 'Online banking';
  readonly detail: string;
  readonly howCustomerPays: string;
  readonly customerNeeds: string;
  readonly currencies: readonly CurrencyCode[];
  readonly maximumChargeMinor: number;
  readonly partialRefunds: boolean;
  readonly refundWindowDays: number;
  readonly refundArrivalBusinessDays: Range;
  readonly payoutTPlusBusinessDays: number;
  /** How long the customer has to approve the payment; null when the customer pays on the spot. */
  readonly approvalWindowMinutes: number | null;
  readonly manualCapture: boolean;
  readonly chargebacks: boolean;
  readonly fees: readonly FeeKey[];
}

export const paymentMethods = {
  card: {
    type: 'card',
    name: 'Cards',
    kind: 'Card',
    detail: 'Visa, Mastercard, JCB and American Express, credit, debit and prepaid',
    howCustomerPays: 'Enters card details, plus a one-time PIN if the bank asks (3-D Secure)',
    customerNeeds: 'A card issued in any country',
    currencies: ['PHP', 'USD'],
    maximumChargeMinor: 50_000_000,
    partialRefunds: true,
    refundWindowDays: 180,
    refundArrivalBusinessDays: {min: 5, max: 15},
    payoutTPlusBusinessDays: 3,
    approvalWindowMinutes: null,
    manualCapture: true,
    chargebacks: true,
    fees: ['cardDomestic', 'cardInternational'],
  },
  gcash: {
    type: 'gcash',
    name: 'GCash',
    kind: 'E-wallet',
    detail: 'GCash e-wallet',
    howCustomerPays: 'Approves the payment in the GCash app or website',
    customerNeeds: 'A Philippine GCash account',
    currencies: ['PHP'],
    maximumChargeMinor: 10_000_000,
    partialRefunds: true,
    refundWindowDays: 180,
    refundArrivalBusinessDays: {min: 1, max: 3},
    payoutTPlusBusinessDays: 1,
    approvalWindowMinutes: 60,
    manualCapture: false,
    chargebacks: false,
    fees: ['gcash'],
  },
  maya: {
    type: 'maya',
    name: 'Maya',
    kind: 'E-wallet',
    detail: 'Maya e-wallet',
    howCustomerPays: 'Approves the payment in the Maya app or website',
    customerNeeds: 'A Philippine Maya account',
    currencies: ['PHP'],
    maximumChargeMinor: 10_000_000,
    partialRefunds: true,
    refundWindowDays: 180,
    refundArrivalBusinessDays: {min: 1, max: 3},
    payoutTPlusBusinessDays: 1,
    approvalWindowMinutes: 60,
    manualCapture: false,
    chargebacks: false,
    fees: ['maya'],
  },
  qrph: {
    type: 'qrph',
    name: 'QR Ph',
    kind: 'QR code',
    detail: 'Any bank or e-wallet app that scans QR Ph codes',
    howCustomerPays: 'Scans the QR code with a bank or e-wallet app and confirms',
    customerNeeds: 'A Philippine bank or e-wallet app that supports QR Ph',
    currencies: ['PHP'],
    maximumChargeMinor: 5_000_000,
    partialRefunds: false,
    refundWindowDays: 30,
    refundArrivalBusinessDays: {min: 1, max: 7},
    payoutTPlusBusinessDays: 1,
    approvalWindowMinutes: 30,
    manualCapture: false,
    chargebacks: false,
    fees: ['qrph'],
  },
  bpi: {
    type: 'bpi',
    name: 'BPI online banking',
    kind: 'Online banking',
    detail: 'Direct debit from a BPI account',
    howCustomerPays: 'Logs in to BPI online banking and approves the payment',
    customerNeeds: 'A BPI account with online banking',
    currencies: ['PHP'],
    maximumChargeMinor: 100_000_000,
    partialRefunds: true,
    refundWindowDays: 90,
    refundArrivalBusinessDays: {min: 3, max: 7},
    payoutTPlusBusinessDays: 1,
    approvalWindowMinutes: 60,
    manualCapture: false,
    chargebacks: false,
    fees: ['onlineBanking'],
  },
  unionbank: {
    type: 'unionbank',
    name: 'UnionBank online banking',
    kind: 'Online banking',
    detail: 'Direct debit from a UnionBank account',
    howCustomerPays: 'Logs in to UnionBank online banking and approves the payment',
    customerNeeds: 'A UnionBank account with online banking',
    currencies: ['PHP'],
    maximumChargeMinor: 100_000_000,
    partialRefunds: true,
    refundWindowDays: 90,
    refundArrivalBusinessDays: {min: 3, max: 7},
    payoutTPlusBusinessDays: 1,
    approvalWindowMinutes: 60,
    manualCapture: false,
    chargebacks: false,
    fees: ['onlineBanking'],
  },
} as const satisfies Record<PaymentMethodType, PaymentMethod>;
