/**
 * The words site search treats specially, in one place: the words readers
 * type that the pages write another way, and the words that carry no
 * meaning in a question. The search engine (packages/model/src/siteSearch.ts) reads
 * both, in the reader's browser and in the docs MCP server's `search_docs`.
 */
// Words as a reader types them, apostrophes dropped, and compounds joined:
// cspell:ignore arent didnt doesnt dont isnt wasnt buynowpaylater mayabusiness salesassistant securitybank shopassistant storeassistant

export interface SearchSynonym {
  /** What a reader types, lower case; a phrase of several words is matched as written. */
  readonly typed: readonly string[];
  /** What the pages write for it; each word is searched as well as what was typed. */
  readonly written: readonly string[];
}

/**
 * Readers' words → the pages' words. A hyphenated word is found in every
 * spelling without an entry here ("e-mail", "email", "e mail"): the engine
 * indexes and searches a hyphenated word both joined and split.
 */
export const searchSynonyms: readonly SearchSynonym[] = [
  {typed: ['money back', 'reimburse', 'reimbursement', 'give back'], written: ['refund']},
  {typed: ['ewallet', 'e-wallet', 'wallet', 'e wallet'], written: ['gcash', 'maya', 'e-wallet']},
  {typed: ['paymaya'], written: ['maya']},
  {typed: ['notification', 'notify', 'callback', 'webhook', 'hook'], written: ['webhook', 'event']},
  {typed: ['qrph', 'qr code', 'qr'], written: ['qr ph']},
  {typed: ['dispute', 'contest'], written: ['chargeback', 'dispute']},
  {typed: ['payout', 'settlement', 'settle', 'withdraw', 'deposit'], written: ['payout']},
  {typed: ['bank account'], written: ['payout account']},
  {typed: ['price', 'cost', 'charge me', 'commission', 'mdr'], written: ['fee']},
  {typed: ['token', 'credential', 'credentials', 'password'], written: ['key']},
  {typed: ['pesos', 'peso', 'php'], written: ['php', 'centavo']},
  {typed: ['dollar', 'dollars'], written: ['usd']},
  {typed: ['2fa', 'mfa', 'otp'], written: ['two-factor']},
  {typed: ['sandbox'], written: ['test mode']},
  {typed: ['production'], written: ['live mode']},
  {typed: ['duplicate', 'twice', 'double'], written: ['duplicate', 'idempotency']},
  {typed: ['authorize', 'authorise', 'pre-auth', 'preauth', 'hold'], written: ['capture', 'held']},
  {typed: ['3ds', '3d secure', '3-ds'], written: ['3-d secure']},
  {typed: ['kyc', 'verification', 'verify my business'], written: ['activate', 'documents']},
  {
    typed: ['staff', 'employee', 'employees', 'colleague', 'user', 'team', 'cashier', 'shopassistant', 'storeassistant', 'salesassistant'],
    written: ['team member'],
  },
  {typed: ['quit', 'quits', 'resign', 'resigned', 'leave', 'leaves', 'left', 'fired', 'let go'], written: ['leaves', 'remove access']},
  // Banks by name: the pages say "bank" (payouts go to a Philippine bank account; online banking).
  {
    typed: ['bdo', 'bpi', 'metrobank', 'unionbank', 'landbank', 'securitybank', 'rcbc', 'chinabank', 'pnb', 'eastwest'],
    written: ['bank'],
  },
  // Paying in parts: no page yet offers it, so only the words a page on it would use.
  {
    typed: ['installment', 'installments', 'instalments', 'downpayment', 'billease', 'bnpl', 'buynowpaylater', 'hulugan', 'layaway'],
    written: ['instalment', 'downpayment'],
  },
  // Shop platforms: a plugin, or the hosted checkout a website sends its customers to.
  {
    typed: [
      'shopify',
      'woocommerce',
      'wix',
      'magento',
      'opencart',
      'prestashop',
      'plugin',
      'plugins',
      'extension',
      'ecommerce',
      'e-commerce',
    ],
    written: ['plugin', 'checkout', 'website'],
  },
  // Other providers' names: moving from them to Zip.
  {
    typed: ['paymongo', 'xendit', 'paypal', 'dragonpay', 'mayabusiness', 'stripe', 'switch provider', 'another provider'],
    written: ['provider', 'migrate', 'switch'],
  },
  {typed: ['sales', 'earnings', 'proceeds', 'my money'], written: ['payout']},
  {typed: ['logo', 'colours', 'colors', 'brand'], written: ['branding', 'brand']},
  {typed: ['sms', 'text message'], written: ['sms']},
  {typed: ['remove', 'delete'], written: ['remove', 'detach']},
  {typed: ['cancel', 'stop'], written: ['cancel', 'void', 'expire']},
  {typed: ['return', 'respond', 'reply'], written: ['answer']},
  {typed: ['how long', 'take to'], written: ['days', 'time']},
  {typed: ['reach', 'receive', 'get back'], written: ['arrive', 'show up']},
  {typed: ['remind', 'reminder', 'follow up', 'chase'], written: ['reminder', 'resend']},
  {typed: ['transaction', 'transactions'], written: ['payment']},
  {typed: ['how much to pay', 'any amount', 'choose the amount'], written: ['amount']},
  {typed: ['how much', 'per transaction'], written: ['fee']},
  {typed: ['outside the philippines', 'abroad', 'international', 'overseas'], written: ['foreign']},
  {typed: ['page through', 'paginate', 'next page', 'paging'], written: ['pagination', 'cursor']},
];

/**
 * Phrases read as one word, in a query and on the pages alike: a page's
 * "down payment" is found by "downpayment", and "down payment" never finds
 * "the endpoint was down". The one word is the phrase's words joined; the
 * vocabulary above says what it means.
 */
export const searchCompounds: readonly string[] = [
  'down payment',
  'shop assistant',
  'store assistant',
  'sales assistant',
  'security bank',
  'maya business',
  'buy now pay later',
];

/**
 * Words the stemmer would join to unrelated ones, as the pages' word for
 * them: "installment" is not "install" (both "instal" to the stemmer).
 */
export const searchWordForms: ReadonlyMap<string, string> = new Map([
  ['installment', 'instalment'],
  ['installments', 'instalment'],
  ['instalment', 'instalment'],
  ['instalments', 'instalment'],
]);

/**
 * Words that carry no meaning in a query: question words, pronouns,
 * auxiliaries and particles. They are dropped from a query unless nothing
 * else is left ("how to" still searches).
 */
export const searchStopWords: ReadonlySet<string> = new Set(
  `a about after again am an and any are as at be been before being but by can could did do does doing done during each
  for from get gets getting got had has have having her here his how i if in into is it its just me might more most must
  my need needs of on once only or other our out own same shall she should so some such than that the their them then
  there these they this those through to too under until up us very want was way we were what when where which while who
  whom why will with would you your yours zip im ive id ill dont doesnt didnt cant wont isnt arent wasnt please hi hello
  thanks thank also already still yet even really ok okay`
    .split(/\s+/)
    .filter(Boolean),
);
