/**
 * `find_test_value`: every value of the testing page (packages/model/src/testValues.ts), grouped and written as
 * the page writes them (`4000 0000 0000 0002`, `400200 (PHP 4,002.00)`), with what happens after
 * each one (packages/model/src/testOutcomes.ts). A query names an outcome (its anchor on the testing page), a
 * failure code, a button, a source status, an event, a brand or a payment method, in the reader's
 * own spelling: "wallet_limit_exceeded", "GCash", "qrph", "3DS", "dispute".
 */
import {formatPeso} from '@zip/model/facts';
import {
  amountOutcome,
  approvalActions,
  approvalOutcome,
  cardGroups,
  formatCardNumber,
  testAmounts,
  testCardDetails,
  testCards,
  type CardGroup,
} from '@zip/model/testValues';
import {eventsOf, stepsOf, type TestOutcome} from '@zip/model/testOutcomes';

export const testingPagePath = '/guides/developer-guide/testing';

/** The testing page's headings, in its order: where each value's row is. */
const cardGroupTitles: Readonly<Record<CardGroup, string>> = {
  success: 'Cards that succeed',
  declines: 'Declined cards',
  threeDSecure: '3-D Secure',
  afterPayment: 'Disputes and failed refunds',
};
const redirectMethodsTitle = 'E-wallets, QR Ph and online banking';
/** The methods the test approval page stands in for (its heading on the testing page says so). */
const approvalPageMethods = 'GCash, Maya, QR Ph, BPI, UnionBank';

export interface TestValue {
  readonly outcome: TestOutcome;
  readonly group: string;
  /** As the page writes it. */
  readonly value: string;
  /** What the value is, in a few words: "Visa card", "approval page button". */
  readonly kind: string;
  readonly result: string;
  /** Words a query may name it by, normalised (`normalise`). */
  readonly terms: readonly string[];
}

const brandNames = {visa: 'Visa', mastercard: 'Mastercard', jcb: 'JCB', amex: 'American Express'} as const;

/** "Wallet_Limit exceeded" → "wallet limit exceeded"; the spellings readers use for the same thing made one. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/(\d)\s+(?=\d)/g, '$1')
    .replace(/[‘’“”"'`]/g, '')
    .replace(/[\s_\-./,()]+/g, ' ')
    .replace(/\b3 ?ds\b|\b3 ?d secure\b|\bthree d secure\b/g, 'three d secure')
    .replace(/\bqrph\b/g, 'qr ph')
    .replace(/\be ?wallets?\b/g, 'e wallet')
    .replace(/\bamerican express\b/g, 'amex')
    .replace(/\b(declines?|declined)\b/g, 'decline')
    .replace(/\b(disputes?|disputed|chargebacks?)\b/g, 'dispute')
    .replace(/\b(refunds?|refunded)\b/g, 'refund')
    .trim();
}

const cardValues: TestValue[] = (Object.keys(cardGroupTitles) as CardGroup[]).flatMap((group) =>
  testCards.filter(cardGroups[group]).map((card) => ({
    outcome: card.outcome,
    group: cardGroupTitles[group],
    value: formatCardNumber(card.number),
    kind: `${brandNames[card.brand]} card`,
    result: `${card.result} Charge: \`${card.chargeStatus}\`${card.failureCode ? `, \`failure_code\` \`${card.failureCode}\`` : ''}.`,
    terms: [card.outcome, card.number, card.failureCode ?? '', card.brand, brandNames[card.brand], cardGroupTitles[group], 'card'].map(
      normalise,
    ),
  })),
);

const approvalValues: TestValue[] = approvalActions.map((action) => ({
  outcome: approvalOutcome(action),
  group: redirectMethodsTitle,
  value: `**${action.button}**`,
  kind: `button of the test approval page (${approvalPageMethods}; payment links, requests and checkout sessions too)`,
  result: `${action.result} Source: \`${action.sourceStatus}\`; event \`${action.event}\`.`,
  terms: [
    approvalOutcome(action),
    action.button,
    action.sourceStatus,
    action.event,
    approvalPageMethods,
    redirectMethodsTitle,
    'approval',
    'bank',
    'online banking',
  ]
    .flatMap((term) => term.split(/, /))
    .map(normalise),
}));

const amountValues: TestValue[] = testAmounts.map((amount) => ({
  outcome: amountOutcome(amount),
  group: redirectMethodsTitle,
  value: `${amount.amountMinor} (${formatPeso(amount.amountMinor)})`,
  kind: `amount of an approved source (${amount.methods})`,
  result: `The charge of the approved source answers \`failed\` with \`failure_code\` \`${amount.failureCode}\`.`,
  terms: [amountOutcome(amount), String(amount.amountMinor), amount.failureCode, amount.methods, redirectMethodsTitle, 'amount']
    .flatMap((term) => term.split(/, /))
    .map(normalise),
}));

/** Every value of the testing page, in its order. */
export const testValues: readonly TestValue[] = [...cardValues, ...approvalValues, ...amountValues];

/**
 * The values a query names: those with a term equal to it, else those whose terms hold every word of
 * it. Empty when none does.
 */
export function findTestValues(query: string): TestValue[] {
  const wanted = normalise(query);
  if (!wanted) return [];
  const exact = testValues.filter((value) => value.terms.includes(wanted));
  if (exact.length > 0) return exact;
  const words = wanted.split(' ');
  return testValues.filter((value) => {
    const text = ` ${value.terms.join(' ')} `;
    return words.every((word) => text.includes(` ${word} `) || (word.length >= 4 && text.includes(` ${word}`)));
  });
}

const link = (outcome: TestOutcome): string => `${testingPagePath}#${outcome}`;

/** One line per value, under the page's headings: the list an assistant chooses from. */
export function testValueList(): string {
  const lines: string[] = [];
  let group = '';
  for (const value of testValues) {
    if (value.group !== group) {
      group = value.group;
      lines.push('', `## ${group}`);
    }
    lines.push(`- ${value.value}: \`${value.outcome}\`, ${value.kind}. ${value.result}`);
  }
  return [
    `# Test values (${testingPagePath})`,
    `Cards take any future expiry (e.g. ${testCardDetails.expMonth}/${testCardDetails.expYear}) and any CVC (${testCardDetails.cvc}; ${testCardDetails.amexCvc} for American Express). Only test keys (sk_test_, pk_test_) react to these values. Call find_test_value with an outcome (the name in backticks), a failure code, a button or a method for what happens step by step.`,
    ...lines,
  ].join('\n');
}

/** The values found, each with what happens step by step and the events it sends. */
export function testValueAnswer(values: readonly TestValue[]): string {
  return values
    .map((value) => {
      const steps = stepsOf(value.outcome).map(
        (step, index) => `${index + 1}. ${step.action}${step.events.length > 0 ? ` Events: ${step.events.join(', ')}.` : ''}`,
      );
      const card = value.kind.endsWith('card')
        ? [
            `Expiry: any future date (e.g. ${testCardDetails.expMonth}/${testCardDetails.expYear}); CVC: any (${value.kind.startsWith('American Express') ? testCardDetails.amexCvc : testCardDetails.cvc}).`,
          ]
        : [];
      return [
        `## ${value.value}: \`${value.outcome}\` (${value.group})`,
        `${/^[aeiou]/i.test(value.kind) ? 'An' : 'A'} ${value.kind}. ${value.result}`,
        ...card,
        'What happens:',
        ...steps,
        `Events, in order: ${eventsOf(value.outcome).join(', ') || 'none'}.`,
        `Page: ${link(value.outcome)}`,
      ].join('\n');
    })
    .join('\n\n');
}
