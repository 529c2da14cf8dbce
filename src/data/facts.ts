/**
 * Zip's business facts: the one source for every number and rule the help
 * centre states. Pages never type these values; they render them with the
 * components in `src/components/Facts`, and `scripts/check-content.ts` fails
 * any page that states one of them as literal text.
 *
 * Naming conventions (the content check relies on them to know how a value
 * is written in prose, so follow them when you add a fact):
 *
 * | key ends with        | value                        | written as                 |
 * | -------------------- | ---------------------------- | -------------------------- |
 * | `Minor`              | PHP amount in centavos       | PHP 15.00                  |
 * | `UsdMinor`           | USD amount in cents          | USD 1.00                   |
 * | `Percent`, `percent` | percentage                   | 3.5%                       |
 * | `TPlusBusinessDays`  | payout delay after cut-off   | T+1 business day           |
 * | `BusinessDays`       | count or {min, max}          | 2–3 business days          |
 * | `CalendarDays`       | count or {min, max}          | 7 calendar days            |
 * | `Days`               | count or {min, max}          | 180 days                   |
 * | `Hours`, `Minutes`   | count or {min, max}          | 24 hours, 30 minutes       |
 * | `Seconds`            | count                        | 10 seconds                 |
 * | `Times`              | count                        | 5 times                    |
 * | `PerSecond`          | API requests per second      | 100 requests per second    |
 * | `Time24h`            | clock time, "HH:MM"          | 3:00 PM                    |
 * | `Level`, `Version`   | standard level or version    | Level 1, 1.2               |
 *
 * Any other numeric key is rejected by the content check.
 */

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

const paymentMethods = {
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

export const facts = {
  company: {
    brand: 'Zip',
    supportEmail: 'support@example.com',
    securityEmail: 'security@example.com',
    statusPageUrl: 'https://status.example.com',
    dashboardUrl: 'https://dashboard.example.com/login',
    registerUrl: 'https://dashboard.example.com/register',
    apiHost: 'https://api.example.com',
    timeZone: 'Philippine Time (PHT, UTC+8)',
    businessDays: 'Monday to Friday, except Philippine public holidays',
  },

  money: {
    settlementCurrency: 'PHP',
    currencies: ['PHP', 'USD'],
    minimumChargeMinor: 2_000,
    minimumUsdChargeUsdMinor: 100,
    vatPercent: 12,
  },

  paymentMethodOrder: ['card', 'gcash', 'maya', 'qrph', 'bpi', 'unionbank'],
  paymentMethods,
  authorisation: {
    /** Uncaptured card authorisations are voided automatically after this. */
    uncapturedExpiryDays: 7,
    /** A `pending` (3-D Secure) card charge the customer does not finish fails by itself after this. */
    pendingThreeDSecureMinutes: 30,
  },

  fees: {
    cardDomestic: {percent: 3.5, fixedMinor: 1_500},
    cardInternational: {percent: 4.5, fixedMinor: 1_500},
    gcash: {percent: 2.3},
    maya: {percent: 2},
    qrph: {percent: 1.5},
    onlineBanking: {percent: 1, minimumMinor: 1_500},
    usdConversionPercent: 2,
    setupFeeMinor: 0,
    monthlyFeeMinor: 0,
    refundFeeMinor: 0,
    payoutFeeMinor: 0,
    chargebackFeeMinor: 50_000,
  },

  payouts: {
    cutoffTime24h: '15:00',
    minimumPayoutMinor: 10_000,
    firstPayoutHoldCalendarDays: 7,
    /** A new payout account is checked before the next payout goes to it. */
    accountChangeReviewBusinessDays: 1,
    destinations: 'A Philippine bank or e-wallet account in the name of the business',
  },

  chargebacks: {
    evidenceDeadlineCalendarDays: 7,
    issuerDecisionDays: {min: 60, max: 75},
    reviewThresholdPercent: 1,
  },

  activation: {
    reviewBusinessDays: {min: 2, max: 3},
    businessTypes: [
      {name: 'Sole proprietorship', registration: 'DTI Certificate of Business Name Registration'},
      {name: 'Partnership', registration: 'SEC Certificate of Registration'},
      {name: 'Corporation', registration: 'SEC Certificate of Incorporation'},
      {name: 'One-person corporation', registration: 'SEC Certificate of Incorporation'},
    ],
    documents: [
      {
        name: 'Government-issued ID',
        detail: 'For the owner or authorised signatory: passport, driver’s licence, UMID or PhilSys ID',
        corporationsOnly: false,
      },
      {
        name: 'DTI or SEC registration certificate',
        detail: 'DTI for sole proprietors, SEC for partnerships and corporations',
        corporationsOnly: false,
      },
      {
        name: 'BIR Certificate of Registration (Form 2303)',
        detail: 'With the same business name and address as your DTI or SEC certificate',
        corporationsOnly: false,
      },
      {
        name: 'Proof of bank account',
        detail: 'A bank certificate, statement header or passbook page showing an account in the business’s name',
        corporationsOnly: false,
      },
      {
        name: 'Website or social media page',
        detail: 'Showing what you sell, your prices, and how customers contact you',
        corporationsOnly: false,
      },
      {name: 'General Information Sheet (GIS)', detail: 'The latest one filed with the SEC', corporationsOnly: true},
      {name: 'Secretary’s Certificate', detail: 'Naming the person authorised to open and run the Zip account', corporationsOnly: true},
    ],
  },

  countries: {
    merchantCountry: 'Philippines',
    merchantRule: 'Businesses registered in the Philippines (DTI or SEC) with a BIR registration',
    cardCustomers: 'Cardholders anywhere Visa, Mastercard, JCB or American Express cards are issued',
    localMethodCustomers: 'GCash, Maya, QR Ph and online banking need a Philippine account',
  },

  businesses: {
    prohibited: [
      {
        category: 'Illegal products and services',
        examples: 'anything illegal under Philippine law, including dangerous drugs, drug paraphernalia and stolen goods',
      },
      {category: 'Adult content and services', examples: 'pornography, escort services and sexually explicit live streams'},
      {category: 'Weapons and explosives', examples: 'firearms, ammunition, firearm parts, explosives and illegal fireworks'},
      {category: 'Counterfeit and infringing goods', examples: 'replicas of branded goods, pirated software, films, music and games'},
      {category: 'Unlicensed gambling', examples: 'betting, casinos, lotteries and e-sabong without a PAGCOR licence'},
      {category: 'Virtual currencies', examples: 'cryptocurrency exchanges, token sales and buying crypto for customers'},
      {category: 'Deceptive schemes', examples: 'pyramid and Ponzi schemes, get-rich-quick programmes, fake reviews and followers'},
      {category: 'Debt collection and credit repair', examples: 'collecting debts for others, debt relief and credit-score repair'},
      {category: 'Hacking and surveillance', examples: 'malware, account cracking, spyware and tools for bypassing security'},
    ],
    restricted: [
      {category: 'Lending and financing', requirement: 'SEC Certificate of Authority for a lending or financing company'},
      {category: 'Pharmacies and medicines', requirement: 'FDA License to Operate, and prescription checks for prescription medicines'},
      {
        category: 'Food supplements, cosmetics and medical devices',
        requirement: 'FDA product registration or notification for what you sell',
      },
      {
        category: 'Alcohol, tobacco and vapes',
        requirement: 'age checks at sale and delivery, and the product registrations the law requires',
      },
      {category: 'Licensed gaming', requirement: 'a current PAGCOR licence'},
      {category: 'Travel agencies and tour operators', requirement: 'DOT accreditation'},
      {category: 'Insurance', requirement: 'an Insurance Commission licence'},
      {category: 'Remittance and money services', requirement: 'BSP registration as a remittance or money service business'},
      {category: 'Schools and training', requirement: 'DepEd, CHED or TESDA permit or recognition'},
      {category: 'Charities and fundraising', requirement: 'SEC registration as a non-stock corporation and a DSWD solicitation permit'},
      {category: 'Pre-selling real estate', requirement: 'a DHSUD License to Sell for the project'},
      {category: 'Memberships and pre-paid services', requirement: 'a published cancellation and refund policy'},
    ],
  },

  checkout: {
    sessionDefaultExpiryHours: 24,
    sessionExpiryMinutes: {min: 30, max: 1_440},
    statuses: ['open', 'complete', 'expired'],
  },

  paymentLinks: {
    statuses: ['active', 'inactive'],
  },

  paymentRequests: {
    defaultExpiryDays: 30,
    allowedExpiryDays: {min: 1, max: 90},
    maxResendTimes: 5,
    statuses: ['open', 'paid', 'voided', 'expired'],
  },

  payTerminal: {
    /** The "pay on your phone" code opens a checkout session with the shortest allowed lifetime. */
    phoneCheckoutExpiryMinutes: 30,
  },

  dashboard: {
    roles: [
      {
        role: 'Owner',
        summary: 'Everything, including the payout account, team, and closing the account',
        refunds: true,
        payouts: true,
        apiKeys: true,
        team: true,
      },
      {
        role: 'Admin',
        summary: 'Everything except changing the payout account or the owner',
        refunds: true,
        payouts: false,
        apiKeys: true,
        team: true,
      },
      {
        role: 'Finance',
        summary: 'Payments, refunds, disputes, payouts and reports',
        refunds: true,
        payouts: false,
        apiKeys: false,
        team: false,
      },
      {
        role: 'Developer',
        summary: 'API keys, request logs and test mode; can view payments',
        refunds: false,
        payouts: false,
        apiKeys: true,
        team: false,
      },
      {
        role: 'Cashier',
        summary: 'PayTerminal only, and the cashier’s own sales for the day',
        refunds: false,
        payouts: false,
        apiKeys: false,
        team: false,
      },
      {
        role: 'Viewer',
        summary: 'Read-only access to payments, customers and reports',
        refunds: false,
        payouts: false,
        apiKeys: false,
        team: false,
      },
    ],
  },

  security: {
    pciDssLevel: 1,
    tlsMinimumVersion: '1.2',
    dashboardIdleSignOutMinutes: 30,
  },

  api: {
    liveRateLimitPerSecond: 100,
    testRateLimitPerSecond: 25,
    idempotencyKeyRetentionHours: 24,
    /** After an API key is rolled, the old key keeps working for at most this long (the same limit as webhook secrets). */
    keyRollOverlapMaxHours: 24,
    /** Versioning policy: a breaking change is announced this long before its new version is published. */
    breakingChangeNoticeDays: 90,
    /** Versioning policy: the old version keeps working at least this long after the new one is published. */
    oldVersionSupportDays: 365,
  },

  /** The webhook delivery contract (/api/webhooks); the specs state the same numbers. */
  webhooks: {
    /**
     * A signature older than this is refused by the verification code. Kept in seconds, as the
     * code compares them; the minutes it is shown in would clash with unrelated "five minutes".
     */
    signatureToleranceSeconds: 300,
    /** Zip waits this long for a 2xx answer before it counts the delivery as failed. */
    responseTimeoutSeconds: 10,
    /** Retries after a failed delivery, counted from the first attempt (in seconds, like the tolerance). */
    retrySchedule: [
      {afterSeconds: 300},
      {afterSeconds: 1_800},
      {afterSeconds: 7_200},
      {afterSeconds: 21_600},
      {afterSeconds: 43_200},
      {afterSeconds: 86_400},
      {afterSeconds: 172_800},
      {afterSeconds: 259_200},
    ],
    /** Zip disables an endpoint whose every delivery has failed for this long, and e-mails the Owner and the Developers. */
    endpointDisableAfterDays: 5,
    /** Events can be listed and resent for this long. */
    eventRetentionDays: 30,
    /** After a secret is rolled, the old one keeps signing for at most this long. */
    secretOverlapMaxHours: 24,
  },
} as const;

export type Facts = typeof facts;

// ---------------------------------------------------------------------------
// Formatting helpers
// ---------------------------------------------------------------------------

const EN_DASH = '–';

/**
 * 1234567.5 → "1,234,567.50". Written out rather than `toLocaleString`: the
 * first `Intl` number format on a page loads the browser's locale data, a
 * cost at start-up for amounts whose format never changes. Amounts are whole minor units divided by 100, so `toFixed`
 * rounds them exactly.
 */
function groupThousands(value: number, fractionDigits: number): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(fractionDigits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** 1500 → "PHP 15.00"; 50000000 → "PHP 500,000.00". */
export function formatPeso(minor: number): string {
  return `PHP ${groupThousands(minor / 100, 2)}`;
}

/** 100 → "USD 1.00". */
export function formatUsd(minor: number): string {
  return `USD ${groupThousands(minor / 100, 2)}`;
}

/** 3.5 → "3.5%"; 2 → "2%". */
export function formatPercent(percent: number): string {
  return `${percent}%`;
}

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** formatCount(3, 'business day') → "3 business days"; a range → "2–3 business days". */
export function formatCount(value: number | Range, unit: string): string {
  if (typeof value === 'number') {
    return `${value} ${plural(value, unit)}`;
  }
  return `${value.min}${EN_DASH}${value.max} ${plural(value.max, unit)}`;
}

export const formatBusinessDays = (value: number | Range): string => formatCount(value, 'business day');
export const formatCalendarDays = (value: number | Range): string => formatCount(value, 'calendar day');
export const formatDays = (value: number | Range): string => formatCount(value, 'day');
export const formatHours = (value: number | Range): string => formatCount(value, 'hour');
export const formatMinutes = (value: number | Range): string => formatCount(value, 'minute');
export const formatSeconds = (value: number | Range): string => formatCount(value, 'second');

/** 1 → "T+1"; the payout delay in business days after the cut-off. */
export function formatTPlus(businessDays: number): string {
  return `T+${businessDays}`;
}

/** "15:00" → "3:00 PM". */
export function formatTime24h(time: string): string {
  const [hourText = '0', minute = '00'] = time.split(':');
  const hour = Number(hourText);
  const suffix = hour >= 12 ? 'PM' : 'AM';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${minute} ${suffix}`;
}

/** {percent: 3.5, fixedMinor: 1500} → "3.5% + PHP 15.00". */
export function formatFee(fee: Fee): string {
  let text = formatPercent(fee.percent);
  if (fee.fixedMinor !== undefined) {
    text += ` + ${formatPeso(fee.fixedMinor)}`;
  }
  if (fee.minimumMinor !== undefined) {
    text += `, minimum ${formatPeso(fee.minimumMinor)}`;
  }
  return text;
}

/** Minutes as the larger unit when whole: 1440 → "24 hours", 30 → "30 minutes". */
export function formatDuration(minutes: number): string {
  return minutes % 60 === 0 ? formatHours(minutes / 60) : formatMinutes(minutes);
}

/** A peso amount, or "Free" when it is zero. */
export function formatPesoOrFree(minor: number): string {
  return minor === 0 ? 'Free' : formatPeso(minor);
}

export function methodsWhere(predicate: (method: PaymentMethod) => boolean): PaymentMethod[] {
  return facts.paymentMethodOrder.map((type) => facts.paymentMethods[type]).filter(predicate);
}

export function listNames(names: readonly string[]): string {
  if (names.length <= 1) {
    return names.join('');
  }
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const {fees, payouts, chargebacks, activation, checkout, paymentRequests, paymentMethods: pm} = facts;

/**
 * Every fact a page can print inline with `<Fact name="…" />`, already
 * formatted. The keys are the allowed values of the `name` prop.
 */
export const factText = {
  'company.supportEmail': facts.company.supportEmail,
  'company.securityEmail': facts.company.securityEmail,
  'company.timeZone': facts.company.timeZone,
  'company.businessDays': facts.company.businessDays,

  'countries.merchantRule': facts.countries.merchantRule,
  'countries.cardCustomers': facts.countries.cardCustomers,
  'countries.localMethodCustomers': facts.countries.localMethodCustomers,
  'payouts.destinations': facts.payouts.destinations,

  'fees.card.domestic': formatFee(fees.cardDomestic),
  'fees.card.international': formatFee(fees.cardInternational),
  'fees.gcash': formatFee(fees.gcash),
  'fees.maya': formatFee(fees.maya),
  'fees.qrph': formatFee(fees.qrph),
  'fees.onlineBanking': formatFee(fees.onlineBanking),
  'fees.usdConversion': formatPercent(fees.usdConversionPercent),
  'fees.chargeback': formatPeso(fees.chargebackFeeMinor),
  'fees.vat': formatPercent(facts.money.vatPercent),

  'money.settlementCurrency': facts.money.settlementCurrency,
  'money.minimumCharge': formatPeso(facts.money.minimumChargeMinor),
  'money.minimumUsdCharge': formatUsd(facts.money.minimumUsdChargeUsdMinor),
  'money.maxCard': formatPeso(pm.card.maximumChargeMinor),
  'money.maxEWallet': formatPeso(pm.gcash.maximumChargeMinor),
  'money.maxQrph': formatPeso(pm.qrph.maximumChargeMinor),
  'money.maxOnlineBanking': formatPeso(pm.bpi.maximumChargeMinor),

  'payouts.cutoff': `${formatTime24h(payouts.cutoffTime24h)} PHT`,
  'payouts.minimum': formatPeso(payouts.minimumPayoutMinor),
  'payouts.firstPayoutHold': formatCalendarDays(payouts.firstPayoutHoldCalendarDays),
  'payouts.accountChangeReview': formatBusinessDays(payouts.accountChangeReviewBusinessDays),
  'payouts.localMethods': `${formatTPlus(pm.gcash.payoutTPlusBusinessDays)} (${formatBusinessDays(pm.gcash.payoutTPlusBusinessDays)})`,
  'payouts.cards': `${formatTPlus(pm.card.payoutTPlusBusinessDays)} (${formatBusinessDays(pm.card.payoutTPlusBusinessDays)})`,
  'payouts.localMethodsDelay': formatBusinessDays(pm.gcash.payoutTPlusBusinessDays),
  'payouts.cardsDelay': formatBusinessDays(pm.card.payoutTPlusBusinessDays),

  'refunds.cardWindow': formatDays(pm.card.refundWindowDays),
  'refunds.eWalletWindow': formatDays(pm.gcash.refundWindowDays),
  'refunds.qrphWindow': formatDays(pm.qrph.refundWindowDays),
  'refunds.onlineBankingWindow': formatDays(pm.bpi.refundWindowDays),
  'refunds.cardArrival': formatBusinessDays(pm.card.refundArrivalBusinessDays),
  'refunds.eWalletArrival': formatBusinessDays(pm.gcash.refundArrivalBusinessDays),
  'refunds.qrphArrival': formatBusinessDays(pm.qrph.refundArrivalBusinessDays),
  'refunds.onlineBankingArrival': formatBusinessDays(pm.bpi.refundArrivalBusinessDays),

  'chargebacks.evidenceDeadline': formatCalendarDays(chargebacks.evidenceDeadlineCalendarDays),
  'chargebacks.issuerDecision': formatDays(chargebacks.issuerDecisionDays),
  'chargebacks.reviewThreshold': formatPercent(chargebacks.reviewThresholdPercent),

  'authorisation.expiry': formatDays(facts.authorisation.uncapturedExpiryDays),
  'authorisation.threeDSecureWindow': formatMinutes(facts.authorisation.pendingThreeDSecureMinutes),
  'approval.redirect': formatMinutes(pm.gcash.approvalWindowMinutes),
  'approval.qrph': formatMinutes(pm.qrph.approvalWindowMinutes),

  'activation.review': formatBusinessDays(activation.reviewBusinessDays),

  'checkout.defaultExpiry': formatHours(checkout.sessionDefaultExpiryHours),
  'checkout.minExpiry': formatDuration(checkout.sessionExpiryMinutes.min),
  'checkout.maxExpiry': formatDuration(checkout.sessionExpiryMinutes.max),

  'requests.defaultExpiry': formatDays(paymentRequests.defaultExpiryDays),
  'requests.allowedExpiry': formatDays(paymentRequests.allowedExpiryDays),
  'requests.maxResends': formatCount(paymentRequests.maxResendTimes, 'time'),

  'payTerminal.phoneCheckoutExpiry': formatMinutes(facts.payTerminal.phoneCheckoutExpiryMinutes),

  'security.pciDss': `PCI DSS Level ${facts.security.pciDssLevel}`,
  'security.tls': `TLS ${facts.security.tlsMinimumVersion}`,
  'security.idleSignOut': formatMinutes(facts.security.dashboardIdleSignOutMinutes),

  'api.host': facts.company.apiHost,
  'api.liveRateLimit': `${facts.api.liveRateLimitPerSecond} requests per second`,
  'api.testRateLimit': `${facts.api.testRateLimitPerSecond} requests per second`,
  'api.idempotencyRetention': formatHours(facts.api.idempotencyKeyRetentionHours),
  'api.keyRollOverlap': formatHours(facts.api.keyRollOverlapMaxHours),
  'api.breakingChangeNotice': formatDays(facts.api.breakingChangeNoticeDays),
  'api.oldVersionSupport': formatDays(facts.api.oldVersionSupportDays),

  'webhooks.signatureTolerance': formatDuration(facts.webhooks.signatureToleranceSeconds / 60),
  'webhooks.responseTimeout': formatSeconds(facts.webhooks.responseTimeoutSeconds),
  'webhooks.retrySchedule': facts.webhooks.retrySchedule.map((retry) => formatDuration(retry.afterSeconds / 60)).join(', '),
  'webhooks.retryWindow': formatDuration((facts.webhooks.retrySchedule.at(-1)?.afterSeconds ?? 0) / 60),
  'webhooks.retryCount': formatCount(facts.webhooks.retrySchedule.length, 'time'),
  'webhooks.endpointDisableAfter': formatDays(facts.webhooks.endpointDisableAfterDays),
  'webhooks.eventRetention': formatDays(facts.webhooks.eventRetentionDays),
  'webhooks.secretOverlap': formatHours(facts.webhooks.secretOverlapMaxHours),
} as const satisfies Record<string, string>;

export type FactName = keyof typeof factText;
