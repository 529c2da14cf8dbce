/**
 * Beside **Send** when the tab's test mode is chosen: each request it answered with its status,
 * and the webhook events it caused (type and id), oldest first. **Settle refunds** is the card
 * networks answering the pending refunds (the test mode's `refunds/settle` control); **Reset** gives
 * a fresh test mode.
 */
import {useId, type ReactNode} from 'react';
import {statusLine} from '@site/src/utils/httpStatus';
import {tabTestModeChanged, useTabTestMode} from './sendTarget';
import styles from './styles.module.css';

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
          <button
            type="button"
            className="button button--sm button--secondary"
            onClick={() => void tab.control('refunds/settle').then(tabTestModeChanged)}>
            Settle refunds
          </button>
          <button type="button" className="button button--sm button--secondary" onClick={() => void tab.reset().then(tabTestModeChanged)}>
            Reset
          </button>
        </div>
      </div>
      {log.length === 0 ? (
        <p className={styles.empty}>No requests yet: press Send. Objects you create here can be used on the other endpoint pages.</p>
      ) : (
        <ol className={styles.entries} aria-label="Requests and the events they caused">
          {log.map((entry) => (
            <li key={entry.requestId} className={styles.entry}>
              <code>
                {entry.method} {entry.path}
              </code>{' '}
              <span className={entry.status < 400 ? styles.ok : styles.failed}>{statusLine(String(entry.status))}</span>
              {entry.events.length > 0 && (
                <ul className={styles.events} aria-label="Events">
                  {entry.events.map((event) => (
                    <li key={event.id}>
                      <code>{event.type}</code> <span className={styles.eventId}>{event.id}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
