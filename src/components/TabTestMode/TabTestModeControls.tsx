/**
 * The testing page's controls in the explorer, when Send goes to the tab's test mode: what the
 * customer, their bank and time do (approve a source, finish 3-D Secure, pay a session, link or
 * request, open a dispute, advance the clock). Each acts on the object of this page when it is one
 * it can act on (the path parameter's id), else on the one picked, newest first; the result goes to
 * the log and the explorer's live region.
 */
import {useId, useState, type ReactNode} from 'react';
import {useTypedSelector} from '@theme/ApiItem/hooks';
import type {TabAnswer, TabControlAction, TabControlGroup, TabTestMode} from '@zip/test-mode/in-tab';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import {statusLine} from '@site/src/utils/httpStatus';
import {announceInTab, tabTestModeChanged} from './sendTarget';
import styles from './styles.module.css';

/** What the live region says of a control's answer: its status, then the events or the refusal. */
export function controlSummary(label: string, answer: TabAnswer): string {
  const status = statusLine(String(answer.status));
  if (answer.status >= 400) {
    const message = (JSON.parse(answer.body) as {error?: {message?: string}}).error?.message ?? '';
    return `${label}: ${status}. ${message}`.trim();
  }
  const events = answer.events.map((event) => event.type);
  return `${label}: ${status}, ${events.length === 0 ? 'no events' : `${events.length} ${events.length === 1 ? 'event' : 'events'}: ${events.join(', ')}`}.`;
}

function run(tab: TabTestMode, action: TabControlAction, id?: string): void {
  void tab.act(action, id).then((answer) => {
    announceInTab(controlSummary(action.label, answer));
    tabTestModeChanged();
  });
}

function ControlGroup({tab, group, pageIds}: {tab: TabTestMode; group: TabControlGroup; pageIds: readonly string[]}): ReactNode {
  const pickerId = useId();
  const [picked, setPicked] = useState<string>();
  const onPage = group.ids.find((id) => pageIds.includes(id));
  const id = picked !== undefined && group.ids.includes(picked) ? picked : (onPage ?? group.ids[0] ?? '');
  return (
    <li className={styles.control}>
      <span className={styles.controlTitle}>{group.title}</span>
      {group.ids.length > 1 ? (
        <>
          <label htmlFor={pickerId} className={styles.controlPickerLabel}>
            Acts on<VisuallyHidden> ({group.title.toLowerCase()})</VisuallyHidden>
          </label>
          <select id={pickerId} value={id} onChange={(event) => setPicked(event.target.value)}>
            {group.ids.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </>
      ) : (
        <code className={styles.eventId}>{id}</code>
      )}
      <span className={styles.actions}>
        {group.actions.map((action) => (
          <button key={action.label} type="button" className="button button--sm button--secondary" onClick={() => run(tab, action, id)}>
            {action.label}
          </button>
        ))}
      </span>
    </li>
  );
}

interface PathParams {
  readonly params: {readonly path?: readonly {readonly value?: unknown}[]};
}

export default function TabTestModeControls({tab}: {readonly tab: TabTestMode}): ReactNode {
  const headingId = useId();
  // The theme's store holds the path parameters; its declared state names only what other wrappers read.
  const pathParams = useTypedSelector((state) => (state as unknown as PathParams).params.path);
  const pageIds = (pathParams ?? []).map((param) => String(param.value ?? ''));
  const {groups, clock} = tab.controlGroups();
  return (
    <div className={styles.controls} role="group" aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.controlsTitle}>
        What the customer, the bank and time do
      </h4>
      <ul className={styles.controlList}>
        {groups.map((group) => (
          <ControlGroup key={group.key} tab={tab} group={group} pageIds={pageIds} />
        ))}
        <li className={styles.control}>
          <span className={styles.controlTitle}>Time</span>
          <span className={styles.actions}>
            {clock.map((action) => (
              <button key={action.label} type="button" className="button button--sm button--secondary" onClick={() => run(tab, action)}>
                {action.label}
              </button>
            ))}
          </span>
        </li>
      </ul>
    </div>
  );
}
