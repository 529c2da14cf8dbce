/**
 * Downloads a fixture file of webhook deliveries: the given event types in order, signed in the
 * browser with the reader's secret at increasing times. A test value's fixture (`outcome`) is the
 * events the test mode sent when it played that outcome (plugins/api-reference/test-outcome-events.ts),
 * so they carry the value's own failure code and ids that belong together; other fixtures are each
 * event's example payload from the specs. A test suite replays the file against the reader's endpoint with no Zip
 * account. The examples are a chunk of their own, fetched when the reader comes to a form (pointer,
 * touch or focus): no other page's bundle carries them, a page whose fixtures stay folded fetches
 * nothing, and building the file makes no request.
 */
import {useId, useState, type FormEvent, type ReactNode} from 'react';
import type {TestOutcome} from '@zip/model/testOutcomes';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {eventBody, secretProblem} from '@zip/model/webhookDelivery';
import {buildFixture, fixtureFileName} from '@site/src/utils/webhookFixture';
import styles from './styles.module.css';

interface Props {
  /** Event types in the order Zip sends them, such as `['charge.pending', 'charge.succeeded']`. */
  readonly events: readonly string[];
  /** What the deliveries tell, such as "A card payment with 3-D Secure"; names the fixture. */
  readonly label: string;
  /** The test value whose outcome the deliveries are, as the test mode played it. */
  readonly outcome?: TestOutcome;
}

let eventExamples: Promise<Record<string, unknown>> | undefined;
const loadEventExamples = (): Promise<Record<string, unknown>> =>
  (eventExamples ??= import('@site/.generated/webhook-event-examples.json').then((module) => module.default as Record<string, unknown>));

let outcomeEvents: Promise<Record<string, readonly unknown[]>> | undefined;
const loadOutcomeEvents = (): Promise<Record<string, readonly unknown[]>> =>
  (outcomeEvents ??= import('@site/.generated/test-outcome-events.json').then(
    (module) => module.default as Record<string, readonly unknown[]>,
  ));

/** The event bodies of the fixture: the outcome's events as played, or each type's example from the specs. */
async function fixtureEvents(events: readonly string[], outcome: TestOutcome | undefined): Promise<unknown[] | string> {
  if (outcome) {
    const played = (await loadOutcomeEvents())[outcome] ?? [];
    const types = played.map((event) => (event as {type?: unknown}).type);
    if (types.join() !== events.join())
      return `The test mode sent ${types.join(', ') || 'no event'} for ${outcome}, not ${events.join(', ')}.`;
    return [...played];
  }
  const examples = await loadEventExamples();
  const unknown = events.filter((type) => !(type in examples));
  if (unknown.length > 0) return `No example payload for ${unknown.join(', ')}: not an event type of the specs.`;
  return events.map((type) => examples[type]);
}

/** How long a file's object URL outlives its link's click: a browser may read it after the click returns. */
const objectUrlLifetimeMs = 60_000;

/**
 * Saves `text` as a file through an object URL. Browsers start a link's download after its click
 * returns, some only after the next task, so the URL is revoked a minute later, not at once.
 */
function saveFile(name: string, text: string): void {
  const href = URL.createObjectURL(new Blob([text], {type: 'application/json'}));
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), objectUrlLifetimeMs);
}

export default function WebhookFixtureDownload({events, label, outcome}: Props): ReactNode {
  const id = useId();
  // Until the page is hydrated the form would submit as plain HTML, putting the fields in a URL.
  const hydrated = useIsBrowser();
  const [secret, setSecret] = useState('');
  const [status, setStatus] = useState<{readonly kind: 'done' | 'problem'; readonly text: string}>();
  const fileName = fixtureFileName(events);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const problem = secretProblem(secret);
    if (problem) {
      setStatus({kind: 'problem', text: problem});
      return;
    }
    const payloads = await fixtureEvents(events, outcome);
    if (typeof payloads === 'string') {
      setStatus({kind: 'problem', text: payloads});
      return;
    }
    const bodies = payloads.map((payload, index) => ({type: events[index] ?? '', body: eventBody(payload)}));
    const fixture = await buildFixture(label, bodies, secret, Math.floor(Date.now() / 1000));
    saveFile(fileName, `${JSON.stringify(fixture, null, 2)}\n`);
    setStatus({kind: 'done', text: `Downloaded ${fileName}: ${events.length} signed deliveries.`});
  };

  return (
    <section className={styles.fixture} aria-label={`Fixture: ${label}`}>
      <p className={styles.title}>Fixture: {label}</p>
      <ol className={styles.events}>
        {events.map((type, index) => (
          <li key={`${index}-${type}`}>
            <code>{type}</code>
          </li>
        ))}
      </ol>
      <form
        onSubmit={(event) => void submit(event)}
        onPointerEnter={() => void (outcome ? loadOutcomeEvents() : loadEventExamples())}
        onFocus={() => void (outcome ? loadOutcomeEvents() : loadEventExamples())}
        noValidate>
        <fieldset className={styles.form} disabled={!hydrated}>
          <label htmlFor={`${id}-secret`}>Test signing secret</label>
          <input
            id={`${id}-secret`}
            name="secret"
            type="text"
            value={secret}
            placeholder="whsec_…"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setSecret(event.target.value)}
          />
          <button type="submit" className="button button--secondary button--sm">
            Download signed deliveries (JSON)
          </button>
        </fieldset>
      </form>
      <div role="status" aria-live="polite">
        {status && <p className={status.kind === 'problem' ? styles.problem : undefined}>{status.text}</p>}
      </div>
    </section>
  );
}
