/**
 * What happens after each test value, step by step, from packages/model/src/testOutcomes.ts: who acts, which
 * objects change status and which events arrive, in order. Placed under each table of the testing
 * page; each story has an anchor, `steps-<outcome>`, and links to its value's row.
 *
 *   import TestOutcomeStories from '@site/src/components/TestOutcomes';
 *   <TestOutcomeStories values="threeDSecure" />
 *
 * Below the steps of a story that sends events, a closed "Download…" holds the fixture download
 * (src/components/WebhookFixtureDownload): those deliveries, in order, signed with the reader's secret.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Details from '@theme/Details';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {formatPeso} from '@zip/model/facts';
import {
  amountOutcome,
  approvalActions,
  approvalOutcome,
  cardGroups,
  formatCardNumber,
  testAmounts,
  testCards,
  type CardGroup,
} from '@zip/model/testValues';
import {eventsOf, stepsOf, type OutcomeStep, type StatusChange, type TestOutcome} from '@zip/model/testOutcomes';
import {InlineMarkup} from '@site/src/components/TestValues';
import WebhookFixtureDownload from '@site/src/components/WebhookFixtureDownload';
import styles from './styles.module.css';
import VisuallyHidden from '@site/src/components/VisuallyHidden';

/** The values of one table of the testing page: a group of cards, the approval buttons, or the amounts. */
export type TestValues = CardGroup | 'approval' | 'amounts';

interface Story {
  readonly outcome: TestOutcome;
  /** The value as the table shows it, in a code span. */
  readonly value: string;
  readonly label: string;
}

function storiesOf(values: TestValues): Story[] {
  if (values === 'approval') {
    return approvalActions.map((action) => ({
      outcome: approvalOutcome(action),
      value: action.button,
      label: `The ${action.button} button`,
    }));
  }
  if (values === 'amounts') {
    return testAmounts.map((amount) => ({
      outcome: amountOutcome(amount),
      value: String(amount.amountMinor),
      label: `Amount ${amount.amountMinor} (${formatPeso(amount.amountMinor)})`,
    }));
  }
  return testCards.filter(cardGroups[values]).map((card) => {
    const number = formatCardNumber(card.number);
    return {outcome: card.outcome, value: number, label: `Card ${number}`};
  });
}

/**
 * A space before every item of an inline list but the first, after the comma the list's CSS draws:
 * in the text, so the items do not run together where the page is read as text (a selection,
 * innerText), which leaves CSS-drawn text out.
 */
const spaceBefore = (index: number): string => (index > 0 ? ' ' : '');

function Change({change, index}: {change: StatusChange; index: number}): ReactNode {
  return (
    <li>
      {spaceBefore(index)}
      <code>{change.object}</code>{' '}
      {change.from === null ? (
        <>
          created <code>{change.to}</code>
        </>
      ) : (
        <>
          <code>{change.from}</code>
          <span aria-hidden="true"> → </span>
          <VisuallyHidden> becomes </VisuallyHidden>
          <code>{change.to}</code>
        </>
      )}
    </li>
  );
}

function Step({step}: {step: OutcomeStep}): ReactNode {
  return (
    <li className={styles.step}>
      <InlineMarkup text={step.action} />
      {step.call !== undefined && (
        <>
          {' '}
          <code className={styles.call}>{step.call}</code>
        </>
      )}
      {(step.changes.length > 0 || step.events.length > 0) && (
        <dl className={styles.effects}>
          {step.changes.length > 0 && (
            <>
              <dt>Status</dt>
              <dd>
                <ul className={styles.inlineList}>
                  {step.changes.map((change, index) => (
                    <Change key={`${change.object}-${change.to}`} change={change} index={index} />
                  ))}
                </ul>
              </dd>
            </>
          )}
          {step.events.length > 0 && (
            <>
              <dt>{step.events.length === 1 ? 'Event' : 'Events, in order'}</dt>
              <dd>
                <ol className={styles.inlineList}>
                  {step.events.map((event, index) => (
                    <li key={event}>
                      {spaceBefore(index)}
                      <code>{event}</code>
                    </li>
                  ))}
                </ol>
              </dd>
            </>
          )}
        </dl>
      )}
    </li>
  );
}

function OutcomeStory({story}: {story: Story}): ReactNode {
  const id = `steps-${story.outcome}`;
  const events = eventsOf(story.outcome);
  useBrokenLinks().collectAnchor(id);
  return (
    <div id={id} className={styles.story}>
      <p id={`${id}-title`} className={styles.title}>
        <Link to={`#${story.outcome}`}>
          <code>{story.value}</code>
        </Link>
        , step by step:
      </p>
      <ol aria-labelledby={`${id}-title`} className={styles.steps}>
        {stepsOf(story.outcome).map((step, index) => (
          <Step key={index} step={step} />
        ))}
      </ol>
      {events.length > 0 && (
        <Details summary={<summary>Download these deliveries as a signed fixture</summary>}>
          <WebhookFixtureDownload events={events} label={story.label} outcome={story.outcome} />
        </Details>
      )}
    </div>
  );
}

/** The stories of one table's values, in the table's order. */
export default function TestOutcomeStories({values}: {values: TestValues}): ReactNode {
  return (
    <div className={styles.stories}>
      {storiesOf(values).map((story) => (
        <OutcomeStory key={story.outcome} story={story} />
      ))}
    </div>
  );
}
