/**
 * Beside **Send** when the tab's test mode is chosen: the testing page's controls
 * (TabTestModeControls), each request and control it answered with its status, and the webhook
 * events each caused (type and id, each openable in the verifier or copyable as a signed `curl`
 * delivery), oldest first. **Send again with the same key** repeats this page's last POST;
 * **Settle refunds** is the card networks answering the pending refunds (the test mode's
 * `refunds/settle` control); **Reset** gives a fresh test mode.
 */
import {useId, type ReactNode} from 'react';
import type {TabLogEntry, TabTestMode} from '@zip/test-mode/in-tab';
import {sampleWebhookSecret} from '@zip/model/testValues';
import {statusLine} from '@site/src/utils/httpStatus';
import SendAgainWithSameKey from './SendAgainWithSameKey';
import TabEventActions, {eventSecret, setEventSecret} from './TabEventActions';
import TabTestModeControls from './TabTestModeControls';
import {forgetLastPost, tabTestModeChanged, useTabTestMode} from './sendTarget';
import styles from './styles.module.css';

function LogEntry({tab, entry}: {readonly tab: TabTestMode; readonly entry: TabLogEntry}): ReactNode {
  return (
    <li className={styles.entry}>
      <code>
        {entry.method} {entry.control ? `/_test-mode/${entry.path}` : entry.path}
      </code>{' '}
      <span className={entry.status < 400 ? styles.ok : styles.failed}>{statusLine(String(entry.status))}</span>
      {entry.replayed && <span className={styles.replayed}> replayed: the stored answer, nothing done again</span>}
      {entry.events.length > 0 && (
        <ul className={styles.events} aria-label="Events">
          {entry.events.map((event) => (
            <li key={event.id}>
              <code>{event.type}</code> <span className={styles.eventId}>{event.id}</span> <TabEventActions tab={tab} event={event} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function SigningSecret(): ReactNode {
  const id = useId();
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>Events signed with</label>
      <input
        id={id}
        type="text"
        defaultValue={eventSecret() === sampleWebhookSecret ? '' : eventSecret()}
        placeholder="whsec_… (empty: the sample)"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setEventSecret(event.target.value)}
      />
      <small id={`${id}-hint`} className={styles.hint}>
        Your test endpoint&apos;s secret, or empty for the sample one; it stays in this page.
      </small>
    </div>
  );
}

export default function TabTestModeLog(): ReactNode {
  const {tab} = useTabTestMode();
  const headingId = useId();
  if (!tab) return null;
  const log = tab.log;
  return (
    <section className={styles.log} aria-labelledby={headingId}>
      <div className={styles.logHeader}>
        <h3 id={headingId} className={styles.logTitle}>
          Test mode in this tab
        </h3>
        <div className={styles.actions}>
          <SendAgainWithSameKey tab={tab} />
          <button
            type="button"
            className="button button--sm button--secondary"
            onClick={() => void tab.control('refunds/settle').then(tabTestModeChanged)}>
            Settle refunds
          </button>
          <button
            type="button"
            className="button button--sm button--secondary"
            onClick={() => {
              forgetLastPost();
              void tab.reset().then(tabTestModeChanged);
            }}>
            Reset
          </button>
        </div>
      </div>
      <TabTestModeControls tab={tab} />
      {log.length === 0 ? (
        <p className={styles.empty}>No requests yet: press Send. Objects you create here can be used on the other endpoint pages.</p>
      ) : (
        <>
          <SigningSecret />
          <ol className={styles.entries} aria-label="Requests and the events they caused">
            {log.map((entry) => (
              <LogEntry key={entry.requestId} tab={tab} entry={entry} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
