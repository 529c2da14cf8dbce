/**
 * Two actions on each event in the tab's log, signed as Zip signs a delivery (Zip-Signature, the
 * time of the action, the reader's test secret or the sample one): open it in the webhook verifier
 * with the header, body and secret filled in, or copy a `curl` command that delivers it to the
 * receiving guide's local endpoint. Signing happens in the browser; nothing is sent.
 */
import {useState, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {TabEvent, TabTestMode} from '@zip/test-mode/in-tab';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import {sampleWebhookSecret} from '@zip/model/testValues';
import {curlCommand, defaultEndpointUrl, signDelivery} from '@zip/model/webhookDelivery';
import {offerToVerifier} from '@site/src/utils/webhookVerifierPrefill';
import {secretShapeProblem} from '@zip/model/webhookSignature';
import {announceInTab} from './sendTarget';
import styles from './styles.module.css';

/** The test secret the reader gave in the log for this page's visit; the sample secret when none. */
let readerSecret = '';
export const eventSecret = (): string => readerSecret || sampleWebhookSecret;
export const setEventSecret = (secret: string): void => void (readerSecret = secret.trim());

/** The event's delivery, signed now, or why it cannot be. */
async function signedNow(tab: TabTestMode, event: TabEvent): Promise<Awaited<ReturnType<typeof signDelivery>> | string> {
  const body = tab.eventJson(event.id);
  if (body === undefined) return `${event.id} is no longer held by the test mode in this tab (only the newest events are kept).`;
  const secret = eventSecret();
  const problem = secretShapeProblem(secret);
  if (problem) return problem;
  return signDelivery(defaultEndpointUrl, secret, body, Math.floor(Date.now() / 1000));
}

export default function TabEventActions({tab, event}: {readonly tab: TabTestMode; readonly event: TabEvent}): ReactNode {
  const history = useHistory();
  const verifierPage = useBaseUrl('/api/webhooks');
  const [shownCommand, setShownCommand] = useState<string>();
  const named = (
    <VisuallyHidden>
      {' '}
      {event.type} {event.id}
    </VisuallyHidden>
  );

  const openInVerifier = async (): Promise<void> => {
    const signed = await signedNow(tab, event);
    if (typeof signed === 'string') return announceInTab(signed);
    const label = `${event.id} (${event.type})`;
    offerToVerifier({header: signed.headers['Zip-Signature'], body: signed.body, secret: eventSecret(), label});
    history.push(`${verifierPage}#check-a-delivery`);
  };

  const copyCurl = async (): Promise<void> => {
    const signed = await signedNow(tab, event);
    if (typeof signed === 'string') return announceInTab(signed);
    const command = curlCommand(signed);
    const at = /t=(\d+)/.exec(signed.headers['Zip-Signature'])?.[1] ?? '';
    try {
      await navigator.clipboard.writeText(command);
      setShownCommand(undefined);
      announceInTab(`Copied a curl command that delivers ${event.type} to ${defaultEndpointUrl}, signed at t=${at}.`);
    } catch {
      setShownCommand(command);
      announceInTab(`The clipboard refused the command: it is shown under ${event.type}, signed at t=${at}.`);
    }
  };

  return (
    <>
      <span className={styles.eventActions}>
        <button type="button" className="button button--sm button--link" onClick={() => void openInVerifier()}>
          Open in the verifier{named}
        </button>
        <button type="button" className="button button--sm button--link" onClick={() => void copyCurl()}>
          Copy curl{named}
        </button>
      </span>
      {shownCommand && (
        <pre className={styles.command} tabIndex={0} aria-label={`curl command for ${event.id}`}>
          {shownCommand}
        </pre>
      )}
    </>
  );
}
