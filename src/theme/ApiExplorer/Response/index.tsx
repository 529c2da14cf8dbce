import type {ReactNode} from 'react';
import Response from '@theme-original/ApiExplorer/Response';
import {useTypedSelector} from '@theme/ApiItem/hooks';
import {statusLine} from '@site/src/utils/httpStatus';
import styles from './styles.module.css';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import TabTestModeLog from '@site/src/components/TabTestMode/TabTestModeLog';
import {useTabAnnouncement} from '@site/src/components/TabTestMode/sendTarget';

/** What the explorer stores as the response while a request is under way. */
const fetchingMessage = 'Fetching...';
/** The longest message from the body an announcement repeats. */
const longestMessage = 160;

/** The message an error body carries (`message`, or `error.message`, or `error` as text), if any. */
function bodyMessage(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const {message, error} = parsed as {message?: unknown; error?: unknown};
    const nested = typeof error === 'object' && error !== null ? (error as {message?: unknown}).message : error;
    const text = [message, nested].find((candidate): candidate is string => typeof candidate === 'string');
    return text && text.length > longestMessage ? `${text.slice(0, longestMessage)}…` : text;
  } catch {
    return undefined;
  }
}

/** What the live region says of an answer: its status, then the body's message or its size. */
function summaryOf(code: string, body: string): string {
  const message = bodyMessage(body);
  const lines = body.split('\n').length;
  const detail = message ?? (body.trim() ? `${lines} ${lines === 1 ? 'line' : 'lines'} in the response body` : 'empty response body');
  return `Response ${statusLine(code)}: ${detail}.`;
}

/**
 * The explorer's response, announced. The theme shows the answer to **Send**
 * silently; here a polite live region says its status and a short summary
 * (the body's error message, or its length), the panel is `aria-busy` while
 * the request runs, and the status's decorative dot is not read.
 *
 * When a request fails without an HTTP answer (it timed out, the network or
 * CORS refused it), the explorer stores its message but shows only the "click
 * Send" placeholder, because there is no status code. The wrapper shows that
 * message in an alert, so the reader learns what went wrong. With the tab's test mode chosen, its
 * log of requests and events follows the answer, and the live region also says what its controls did.
 */
export default function ResponseWrapper(props: Record<string, never>): ReactNode {
  const {value, code} = useTypedSelector((state) => state.response);
  const busy = value === fetchingMessage;
  const failure = !code && value && !busy ? value : undefined;
  // The tab's test mode says what its controls and "Send again with the same key" did (TabTestModeLog).
  const tabAnnouncement = useTabAnnouncement();
  const announcement = busy ? 'Sending the request…' : tabAnnouncement || (code && value !== undefined ? summaryOf(code, value) : '');
  return (
    <>
      {/* Outside the busy panel, so that "Sending" is read at once. */}
      <VisuallyHidden as="div" role="status">
        {announcement}
      </VisuallyHidden>
      <div className={styles.response} aria-busy={busy}>
        {failure && (
          <div role="alert" className="alert alert--danger margin-bottom--sm">
            {failure}
          </div>
        )}
        <Response {...props} />
      </div>
      <TabTestModeLog />
    </>
  );
}
