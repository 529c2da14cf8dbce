/**
 * Test mode's values, rendered from `packages/model/src/testValues.ts` so the testing
 * page, the guides and the sample check never disagree.
 *
 *   import {TestCard, TestCardTable} from '@site/src/components/TestValues';
 *   Pay with <TestCard outcome="card_declined" /> to see a decline.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {formatPeso} from '@zip/model/facts';
import {
  amountOutcome,
  approvalActions,
  approvalOutcome,
  cardGroups,
  formatCardNumber,
  testAmounts,
  testCardFor,
  testCards,
  type CardGroup,
  type CardOutcome,
  type TestCard as TestCardData,
} from '@zip/model/testValues';
import ScrollableTable from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

/** The testing page, where every value has a row with its outcome as the anchor. */
export const testingPagePath = '/guides/developer-guide/testing';

const brandNames: Readonly<Record<TestCardData['brand'], string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  jcb: 'JCB',
  amex: 'American Express',
};

/** `code` spans and **bold** in the data file's sentences. */
export function InlineMarkup({text}: {text: string}): ReactNode {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, index) => {
    if (part.startsWith('`')) return <code key={index}>{part.slice(1, -1)}</code>;
    if (part.startsWith('**')) return <strong key={index}>{part.slice(2, -2)}</strong>;
    return part;
  });
}

/** One test card number, inline, linked to its row on the testing page. */
export function TestCard({outcome}: {outcome: CardOutcome}): ReactNode {
  const card = testCardFor(outcome);
  return (
    <Link to={`${testingPagePath}#${card.outcome}`} className={styles.card}>
      <code>{formatCardNumber(card.number)}</code>
    </Link>
  );
}

function Row({id, children}: {id: string; children: ReactNode}): ReactNode {
  useBrokenLinks().collectAnchor(id);
  return <tr id={id}>{children}</tr>;
}

/** A table of test cards: number, brand, the charge's status and failure_code, and what happens. */
export function TestCardTable({group}: {group: CardGroup}): ReactNode {
  const cards = testCards.filter(cardGroups[group]);
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Card number</th>
          <th scope="col">Brand</th>
          <th scope="col">Charge</th>
          <th scope="col">What happens</th>
        </tr>
      </thead>
      <tbody>
        {cards.map((card) => (
          <Row key={card.outcome} id={card.outcome}>
            <th scope="row" className={styles.number}>
              <code>{formatCardNumber(card.number)}</code>
            </th>
            <td>{brandNames[card.brand]}</td>
            <td>
              <code>{card.chargeStatus}</code>
              {card.failureCode ? (
                <>
                  {' '}
                  <Link to={`/api/errors#${card.failureCode}`}>
                    <code>{card.failureCode}</code>
                  </Link>
                </>
              ) : null}
            </td>
            <td>
              <InlineMarkup text={card.result} />
            </td>
          </Row>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** The buttons of the test approval page and the source status each one gives. */
export function ApprovalTable(): ReactNode {
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Button</th>
          <th scope="col">Source</th>
          <th scope="col">Event</th>
          <th scope="col">What happens</th>
        </tr>
      </thead>
      <tbody>
        {approvalActions.map((action) => (
          <Row key={action.button} id={approvalOutcome(action)}>
            <th scope="row">
              <strong>{action.button}</strong>
            </th>
            <td>
              <code>{action.sourceStatus}</code>
            </td>
            <td>
              <code>{action.event}</code>
            </td>
            <td>
              <InlineMarkup text={action.result} />
            </td>
          </Row>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** Amounts that make the charge of an approved e-wallet, QR Ph or online-banking source fail. */
export function TestAmountTable(): ReactNode {
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Amount</th>
          <th scope="col">Methods</th>
          <th scope="col">Charge</th>
        </tr>
      </thead>
      <tbody>
        {testAmounts.map((amount) => (
          <Row key={amount.failureCode} id={amountOutcome(amount)}>
            <th scope="row" className={styles.number}>
              <code>{amount.amountMinor}</code> ({formatPeso(amount.amountMinor)})
            </th>
            <td>{amount.methods}</td>
            <td>
              <code>failed</code>{' '}
              <Link to={`/api/errors#${amount.failureCode}`}>
                <code>{amount.failureCode}</code>
              </Link>
            </td>
          </Row>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
