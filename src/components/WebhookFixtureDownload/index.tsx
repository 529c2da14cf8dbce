/**
 * Downloads a fixture file of webhook deliveries: the given event types in order, each the
 * event's example payload from the specs, signed in the browser with the reader's secret at
 * increasing times. A test suite replays the file against the reader's endpoint with no Zip
 * account. The examples load when the reader asks for the file, not with the page.
 */
import {useId, useState, type FormEvent, type ReactNode} from 'react';
import {buildFixture, eventBody, fixtureFileName, secretProblem} from '@site/src/utils/webhookDelivery';
import styles from './styles.module.css';

interface Props {
  /** Event types in the order Zip sends them, such as `['charge.pending', 'charge.succeeded']`. */
  readonly events: readonly string[];
  /** What the deliveries tell, such as "A card payment with 3-D Secure"; names the fixture. */
  readonly label: string;
}

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
    const {default: examples} = (await import('@site/.generated/webhook-event-examples.json')) as {default: Record<string, unknown>};
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
    <section className={styles.fixture} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className={styles.title}>
        Fixture: {label}
      </p>
      <ol className={styles.events}>
        {events.map((type, index) => (
          <li key={`${index}-${type}`}>
            <code>{type}</code>
          </li>
        ))}
      </ol>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
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
      </form>
      <div role="status" aria-live="polite">
        {status && <p className={status.kind === 'problem' ? styles.problem : undefined}>{status.text}</p>}
      </div>
    </section>
  );
}
