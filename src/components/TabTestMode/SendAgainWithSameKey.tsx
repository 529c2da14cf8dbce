/**
 * "Send again with the same key", after a POST to the tab's test mode on this page: the last POST's
 * Idempotency-Key with the body the editor holds now. The same body gets the stored answer again,
 * nothing done twice (the log marks it replayed; the specs define no header for a replay); another
 * body gets `409 idempotency_key_reused`. The answer shows where Send's does.
 */
import type {ReactNode} from 'react';
import {setCode, setHeaders, setResponse} from '@theme/ApiExplorer/Response/slice';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';
import type {TabAnswer, TabTestMode} from '@zip/test-mode/in-tab';
import {statusLine} from '@site/src/utils/httpStatus';
import {announceInTab, lastPostOfPage, tabTestModeChanged} from './sendTarget';

interface EditorBody {
  readonly body?: {readonly type?: string; readonly content?: {readonly type?: string; readonly value?: unknown}};
}

/** What the live region says of the resend. */
export function resendSummary(answer: TabAnswer): string {
  const status = statusLine(String(answer.status));
  if (answer.replayed) return `Sent again with the same key: ${status}, replayed: the stored answer, nothing done again.`;
  const code = answer.status >= 400 ? (JSON.parse(answer.body) as {error?: {code?: string}}).error?.code : undefined;
  return `Sent again with the same key: ${status}${code ? ` (${code})` : ''}.`;
}

export default function SendAgainWithSameKey({tab}: {readonly tab: TabTestMode}): ReactNode {
  const dispatch = useTypedDispatch();
  // The editor's text: the theme's store holds it; its declared state names only what other wrappers read.
  const editor = useTypedSelector((state) => (state as unknown as EditorBody).body);
  const last = lastPostOfPage();
  if (!last) return null;
  const typed = editor?.type === 'raw' && editor.content?.type === 'string' ? editor.content.value : undefined;

  const sendAgain = async (): Promise<void> => {
    const answer = await tab.send({...last, body: typeof typed === 'string' ? typed : last.body});
    dispatch(setResponse(answer.body));
    dispatch(setCode(answer.status));
    dispatch(setHeaders(answer.headers));
    announceInTab(resendSummary(answer));
    tabTestModeChanged();
  };

  return (
    <button type="button" className="button button--sm button--secondary" onClick={() => void sendAgain()}>
      Send again with the same key
    </button>
  );
}
