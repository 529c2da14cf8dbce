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

/**
 * A public document that a Philippine rule on the help pages comes from. `checkedOn` is the day Zip's
 * docs team last read it against what the pages say (YYYY-MM-DD); `published` is the document's own date.
 */
export interface PublicSource {
  readonly title: string;
  readonly publisher: string;
  readonly url: string;
  readonly published: string;
  readonly checkedOn: string;
}

/**
 * The public documents behind the Philippine rules (tax, payout rails, disputed funds). Each rule group
 * in `facts.philippineRules` names the ones it comes from in `sources`; a unit test checks every name.
 */
export const publicSources = {
  'rr-16-2023': {
    title: 'Revenue Regulations No. 16-2023 (text of Sections 2.57.2 and 2.57.3 as amended)',
    publisher: 'Bureau of Internal Revenue, copy on Scribd',
    url: 'https://www.scribd.com/document/726826736/RR-16-2023',
    published: '2023-12-21',
    checkedOn: '2026-11-26',
  },
  'rr-16-2023-kpmg': {
    title: 'Special InTAX, January 2024: RR No. 16-2023',
    publisher: 'KPMG in the Philippines (R.G. Manabat & Co.)',
    url: 'https://kpmg.com/ph/en/home/insights/2024/01/special-intax-january-2024-issue1-volume1.html',
    published: '2024-01',
    checkedOn: '2026-11-26',
  },
  'rmc-8-2024-pwc': {
    title: 'Tax Alert No. 5 (2024): RMC No. 8-2024 on RR No. 16-2023',
    publisher: 'PwC Philippines',
    url: 'https://www.pwc.com/ph/en/tax/tax-publications/tax-alerts/2024/tax-alert-05.html',
    published: '2024-01-26',
    checkedOn: '2026-11-26',
  },
  'rmc-8-2024-gpp': {
    title: 'Revenue Memorandum Circular No. 8-2024',
    publisher: 'GPP CPAs',
    url: 'https://gppcpas.com.ph/2024/01/revenue-memorandum-circular-no-8-2024/',
    published: '2024-01',
    checkedOn: '2026-11-26',
  },
  'rmc-8-2024-baker': {
    title: 'BIR clarifies the withholding tax imposed on remittances by e-marketplace operators and DFSPs',
    publisher: 'Baker McKenzie, on Global Compliance News',
    url: 'https://www.globalcompliancenews.com/2024/02/17/https-insightplus-bakermckenzie-com-bm-consumer-goods-retail_1-philippines-bureau-of-internal-revenue-bir-clarifies-the-withholding-tax-imposed-on-the-remittances-by-e-marketplace-operators-digital/',
    published: '2024-02-17',
    checkedOn: '2026-11-26',
  },
  'bir-form-2307': {
    title: 'BIR Form No. 2307: Certificate of Creditable Tax Withheld at Source',
    publisher: 'Full Suite',
    url: 'https://www.full-suite.com/blog/bir-form-2307/',
    published: 'undated',
    checkedOn: '2026-11-26',
  },
  'instapay-bsp-launch': {
    title: 'BSP launches InstaPay electronic fund transfer system',
    publisher: 'GMA News, quoting the Bangko Sentral ng Pilipinas',
    url: 'https://gmanetwork.com/news/money/economy/650960/bsp-launches-instapay-electronic-fund-transfer-system/story',
    published: '2018-04-23',
    checkedOn: '2026-11-26',
  },
  'instapay-pesonet-nextpay': {
    title: 'InstaPay vs PESONet: Which Is Right for Your PH Business?',
    publisher: 'NextPay, citing PPMI and the BSP',
    url: 'https://nextpay.ph/blog/instapay-vs-pesonet-which-is-right-for-your-ph-business',
    published: '2026-05-21',
    checkedOn: '2026-11-26',
  },
  'pesonet-3mbs': {
    title: 'Advisory on additional PESONet cut-off time (PPMI Advisory 2024-0715-013)',
    publisher: 'Philippine Bulletin, quoting the Philippine Payments Management, Inc.',
    url: 'https://philippinebulletin.com/advisory-on-additional-pesonet-cut-off-time',
    published: '2024-08',
    checkedOn: '2026-11-26',
  },
  'afasa-syp': {
    title: 'The Anti-Financial Account Scamming Act',
    publisher: 'SyCip Salazar Hernandez & Gatmaitan',
    url: 'https://syp-law.com/2025/06/02/the-anti-financial-account-scamming-act/',
    published: '2025-06-02',
    checkedOn: '2026-11-26',
  },
  'afasa-divina': {
    title: 'Deep dive into AFASA, part 2',
    publisher: 'DivinaLaw, first published in The Daily Tribune',
    url: 'https://www.divinalaw.com/dose-of-law/deep-dive-into-afasa-part-2',
    published: '2025-04-11',
    checkedOn: '2026-11-26',
  },
  'bsp-circular-1215-summary': {
    title: 'BSP Circular No. 1215 (2025): temporary holding of disputed funds',
    publisher: 'attyferdi.com regulation summary',
    url: 'https://www.attyferdi.com/regulations/bsp-circular-1215-temporary-holding-disputed-funds',
    published: '2025',
    checkedOn: '2026-11-26',
  },
  'bsp-circular-1215-inquirer': {
    title: 'BSP enables banks to freeze funds',
    publisher: 'Philippine Daily Inquirer, via Jiji Press',
    url: 'https://jen.jiji.com/jc/eng_agt?g=inq&k=20250604INQR-business-inquirer-net-528900',
    published: '2025-06-04',
    checkedOn: '2026-11-26',
  },
} as const satisfies Record<string, PublicSource>;

export type PublicSourceName = keyof typeof publicSources;

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
  sources: {
    /** An approved (`chargeable`) e-wallet, QR Ph or online-banking source you do not charge expires this long after approval. */
    approvedChargeWindowMinutes: 60,
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
    /** Zip sends each business day's payouts at this time. */
    sendTime24h: '09:00',
    /** A payout up to this amount goes by InstaPay (the scheme's own per-transfer ceiling); a larger one by PESONet. */
    instapayMaximumMinor: 5_000_000,
    /** A payout Zip sends by PESONet joins the PESONet batch with this cut-off (see philippineRules.pesonet). */
    pesonetBatchCutoffTime24h: '10:00',
  },

  chargebacks: {
    evidenceDeadlineCalendarDays: 7,
    issuerDecisionDays: {min: 60, max: 75},
    reviewThresholdPercent: 1,
    /** Zip keeps the fee of a disputed payment whatever the outcome, as it does for a refunded one. */
    paymentFeeReturnedWhenLost: false,
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
    /** After `idempotency_request_in_progress`, wait this long before retrying with the same key, doubling it each time. */
    idempotencyInProgressRetrySeconds: 1,
    /** After an API key is rolled, the old key keeps working for at most this long (the same limit as webhook secrets). */
    keyRollOverlapMaxHours: 24,
    /** What the dashboard's Roll key dialog offers first for the old key's overlap (the webhook secret's default too). */
    keyRollOverlapDefaultHours: 24,
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

  /** Zip's own practice under the Philippine rules below. */
  tax: {
    /** Zip withholds under RR No. 16-2023 as a digital financial services provider. */
    withholdingCertificate: 'BIR Form 2307 (Certificate of Creditable Tax Withheld at Source)',
    /** When Zip makes each quarter's Form 2307 available in the dashboard. */
    certificateAvailable: 'by the 20th day of the month after each calendar quarter',
    /** Zip deducts the fee and the VAT on it from each payment; the monthly invoice records both and asks for nothing. */
    vatOnFeesCollected: 'deducted with each fee, before the payment joins your balance',
  },

  /** What Zip does when a transfer paid to you is disputed under RA No. 12010 (see philippineRules.afasa). */
  disputedFunds: {
    /** A held amount is shown as On hold in Payouts and is not paid out until released. */
    dashboardLabel: 'On hold',
  },

  /** The versions the guides' samples are written and tested for. */
  developer: {
    /** The one Node.js release the samples ask for: the active LTS line. Node.js 20 reached end of life in April 2026. */
    nodeJsRelease: '24',
  },

  /**
   * Philippine rules that a merchant's money follows, from public documents. `sources` names entries of
   * `publicSources` (each with the day it was checked). Where a rule is summarised from a secondary source,
   * the help page says so.
   */
  philippineRules: {
    withholdingTax: {
      regulation: 'Revenue Regulations No. 16-2023',
      issued: '2023-12-21',
      inForceFrom: '2024-01-11',
      /** RMC No. 8-2024 (dated 15 January 2024) gave platforms a transition period before withholding started. */
      guidance: 'Revenue Memorandum Circular No. 8-2024',
      guidanceIssued: '2024-01-15',
      ratePercent: 1,
      /** The rate applies to this share of the gross remittance: one-half. */
      baseSharePercent: 50,
      effectivePercent: 0.5,
      /** No withholding while the year's gross remittances stay at or under this amount (sworn declaration needed). */
      thresholdMinor: 50_000_000,
      sources: ['rr-16-2023', 'rr-16-2023-kpmg', 'rmc-8-2024-pwc', 'rmc-8-2024-gpp', 'rmc-8-2024-baker'],
    },
    creditableCertificate: {
      form: 'BIR Form 2307',
      quarterlyReturns: 'BIR Form 1701Q (individuals) or 1702Q (corporations and partnerships)',
      annualReturns: 'BIR Form 1701 or 1701A (individuals) or 1702 (corporations and partnerships)',
      sources: ['bir-form-2307'],
    },
    instapay: {
      /** The scheme's ceiling per transfer, set by the BSP at launch (23 April 2018). */
      maximumPerTransferMinor: 5_000_000,
      availability: 'around the clock, every day of the year, including weekends and holidays',
      speed: 'credited within seconds to minutes',
      sources: ['instapay-bsp-launch', 'instapay-pesonet-nextpay'],
    },
    pesonet: {
      /** The three batch cut-offs since 1 August 2024; a bank or e-wallet may set an earlier cut-off for its own customers. */
      batchCutoffs: [{cutoffTime24h: '10:00'}, {cutoffTime24h: '13:00'}, {cutoffTime24h: '16:00'}],
      batchCutoffsSince: '2024-08-01',
      availability: 'banking days only: not on weekends or bank holidays',
      speed: 'credited the same banking day when sent before a cut-off',
      sources: ['pesonet-3mbs', 'instapay-pesonet-nextpay'],
    },
    afasa: {
      law: 'Republic Act No. 12010, the Anti-Financial Account Scamming Act (AFASA)',
      signed: '2024-07-20',
      /** A disputed transaction may be held for at most this long, unless a court extends it. */
      holdMaximumCalendarDays: 30,
      sources: ['afasa-syp', 'afasa-divina'],
    },
    bspHoldingRules: {
      circular: 'BSP Circular No. 1215, Series of 2025',
      signed: '2025-05-30',
      /** The first hold lasts up to this long; an extension brings the total to holdMaximumCalendarDays of the law. */
      initialHoldMaximumCalendarDays: 5,
      sources: ['bsp-circular-1215-summary', 'bsp-circular-1215-inquirer'],
    },
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

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2024-01-11" → "11 January 2024"; "2024-08" → "August 2024"; anything else as it is ("2025", "undated"). */
export function formatDate(date: string): string {
  const [year, month, day] = date.split('-');
  const monthName = month === undefined ? undefined : MONTHS[Number(month) - 1];
  if (year === undefined || monthName === undefined) return date;
  return day === undefined ? `${monthName} ${year}` : `${Number(day)} ${monthName} ${year}`;
}

/** 50 → "one-half"; any other share as a percentage. */
function formatShare(percent: number): string {
  return percent === 50 ? 'one-half' : formatPercent(percent);
}

const {fees, payouts, chargebacks, activation, checkout, paymentRequests, paymentMethods: pm, philippineRules: ph} = facts;

/**
 * Every fact a page can print inline with `<Fact name="…" />`, already
 * formatted. The keys are the allowed values of the `name` prop.
 */
/**
 * The fees page's worked example for one domestic card payment, carried on to the payout: the fee
 * and its VAT come off the payment, and by default Zip then withholds income tax on what is left
 * (the payout's gross remittance, as the taxes page counts it). Rounded to the centavo at each step,
 * as Zip does.
 */
function domesticCardPayout(amountMinor: number) {
  const {percent, fixedMinor} = facts.fees.cardDomestic;
  const fee = Math.round((amountMinor * percent) / 100) + fixedMinor;
  const vat = Math.round((fee * facts.money.vatPercent) / 100);
  const gross = amountMinor - fee - vat;
  const {baseSharePercent, ratePercent} = facts.philippineRules.withholdingTax;
  const withheld = Math.round((Math.round((gross * baseSharePercent) / 100) * ratePercent) / 100);
  return {amount: amountMinor, gross, withheld, received: gross - withheld};
}
const feeExample = domesticCardPayout(100_000);

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
  'feeExample.amount': formatPeso(feeExample.amount),
  'feeExample.domesticCardAfterFees': formatPeso(feeExample.gross),
  'feeExample.domesticCardWithheld': formatPeso(feeExample.withheld),
  'feeExample.domesticCardReceived': formatPeso(feeExample.received),

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
  'approval.chargeWindow': formatMinutes(facts.sources.approvedChargeWindowMinutes),

  'activation.review': formatBusinessDays(activation.reviewBusinessDays),

  'checkout.defaultExpiry': formatHours(checkout.sessionDefaultExpiryHours),
  'checkout.minExpiry': formatDuration(checkout.sessionExpiryMinutes.min),
  'checkout.maxExpiry': formatDuration(checkout.sessionExpiryMinutes.max),

  'requests.defaultExpiry': formatDays(paymentRequests.defaultExpiryDays),
  'requests.allowedExpiry': formatDays(paymentRequests.allowedExpiryDays),
  'requests.maxResends': formatCount(paymentRequests.maxResendTimes, 'time'),

  'payTerminal.phoneCheckoutExpiry': formatMinutes(facts.payTerminal.phoneCheckoutExpiryMinutes),

  'payouts.sendTime': `${formatTime24h(payouts.sendTime24h)} PHT`,
  'payouts.instapayMaximum': formatPeso(payouts.instapayMaximumMinor),
  'payouts.pesonetBatchCutoff': `${formatTime24h(payouts.pesonetBatchCutoffTime24h)} PHT`,
  'disputedFunds.label': facts.disputedFunds.dashboardLabel,

  'tax.regulation': ph.withholdingTax.regulation,
  'tax.issued': formatDate(ph.withholdingTax.issued),
  'tax.inForceFrom': formatDate(ph.withholdingTax.inForceFrom),
  'tax.guidance': ph.withholdingTax.guidance,
  'tax.guidanceIssued': formatDate(ph.withholdingTax.guidanceIssued),
  'tax.rate': `${formatPercent(ph.withholdingTax.ratePercent)} of ${formatShare(ph.withholdingTax.baseSharePercent)}`,
  'tax.effectiveRate': formatPercent(ph.withholdingTax.effectivePercent),
  'tax.threshold': formatPeso(ph.withholdingTax.thresholdMinor),
  'tax.certificate': facts.tax.withholdingCertificate,
  'tax.certificateForm': ph.creditableCertificate.form,
  'tax.certificateAvailable': facts.tax.certificateAvailable,
  'tax.quarterlyReturns': ph.creditableCertificate.quarterlyReturns,
  'tax.annualReturns': ph.creditableCertificate.annualReturns,
  'tax.vatOnFeesCollected': facts.tax.vatOnFeesCollected,

  'instapay.maximum': formatPeso(ph.instapay.maximumPerTransferMinor),
  'instapay.availability': ph.instapay.availability,
  'instapay.speed': ph.instapay.speed,
  'pesonet.cutoffs': listNames(ph.pesonet.batchCutoffs.map((batch) => formatTime24h(batch.cutoffTime24h))),
  'pesonet.cutoffsSince': formatDate(ph.pesonet.batchCutoffsSince),
  'pesonet.availability': ph.pesonet.availability,
  'pesonet.speed': ph.pesonet.speed,

  'afasa.law': ph.afasa.law,
  'afasa.signed': formatDate(ph.afasa.signed),
  'afasa.holdMaximum': formatCalendarDays(ph.afasa.holdMaximumCalendarDays),
  'bsp.holdingCircular': ph.bspHoldingRules.circular,
  'bsp.holdingCircularSigned': formatDate(ph.bspHoldingRules.signed),
  'bsp.initialHold': formatCalendarDays(ph.bspHoldingRules.initialHoldMaximumCalendarDays),

  'developer.nodeJs': `Node.js ${facts.developer.nodeJsRelease}`,

  'security.pciDss': `PCI DSS Level ${facts.security.pciDssLevel}`,
  'security.tls': `TLS ${facts.security.tlsMinimumVersion}`,
  'security.idleSignOut': formatMinutes(facts.security.dashboardIdleSignOutMinutes),

  'api.host': facts.company.apiHost,
  'api.liveRateLimit': `${facts.api.liveRateLimitPerSecond} requests per second`,
  'api.testRateLimit': `${facts.api.testRateLimitPerSecond} requests per second`,
  'api.idempotencyRetention': formatHours(facts.api.idempotencyKeyRetentionHours),
  'api.idempotencyInProgressRetry': formatSeconds(facts.api.idempotencyInProgressRetrySeconds),
  'api.keyRollOverlap': formatHours(facts.api.keyRollOverlapMaxHours),
  'api.keyRollOverlapDefault': formatHours(facts.api.keyRollOverlapDefaultHours),
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
