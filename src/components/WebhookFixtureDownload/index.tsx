/**
 * Downloads a fixture file of webhook deliveries: the given event types in order, each the
 * event's example payload from the specs, signed in the browser with the reader's secret at
 * increasing times. A test suite replays the file against the reader's endpoint with no Zip
 * account. The examples are a chunk of their own, fetched when the reader comes to a form (pointer,
 * touch or focus): no other page's bundle carries them, a page whose fixtures stay folded fetches
 * nothing, and building the file makes no request.
 */
import {useId, useState, type FormEvent, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {eventBody, secretProblem} from '@site/src/utils/webhookDelivery';
import {buildFixture, fixtureFileName} from '@site/src/utils/webhookFixture';
import styles from './styles.module.css';

interface Props {
  /** Event types in the order Zip sends them, such as `['charge.pending', 'charge.succeeded']`. */
  readonly events: readonly string[];
  /** What the deliveries tell, such as "A card payment with 3-D Secure"; names the fixture. */
  readonly label: string;
}

let eventExamples: Promise<Record<string, unknown>> | undefined;
const loadEventExamples = (): Promise<Record<string, unknown>> =>
  (eventExamples ??= import('@site/.generated/webhook-event-examples.json').then((module) => module.default as Record<string, unknown>));

/** Saves `text` as a file through an object URL, which is revoked once the download has started. */
function saveFile(name: string, text: string): void {
  const href = URL.createObjectURL(new Blob([text], {type: 'application/json'}));
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href));
}

export default function WebhookFixtureDownload({events, label}: Props): ReactNode {
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
    const examples = await loadEventExamples();
    const unknown = events.filter((type) => !(type in examples));
    if (unknown.length > 0) {
      setStatus({kind: 'problem', text: `No example payload for ${unknown.join(', ')}: not an event type of the specs.`});
      return;
    }
    const bodies = events.map((type) => ({type, body: eventBody(examples[type])}));
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
        onPointerEnter={() => void loadEventExamples()}
        onFocus={() => void loadEventExamples()}
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
