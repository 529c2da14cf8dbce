/** The facts themselves, named as ../facts.ts's table says (re-exported there). */
import {paymentMethods} from './paymentMethods';

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
