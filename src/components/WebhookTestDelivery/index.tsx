/**
 * "Send a test delivery" on every event page, beside the reference (src/theme/ApiItem/OperationItem.tsx):
 * the reader gives their local endpoint's URL and a test secret; the page signs the event's
 * example in the browser and shows curl, Node.js and Python commands that post it as Zip would.
 * The page sends nothing: the reader runs the command.
 */
import {useId, useState, type FormEvent, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import {
  curlCommand,
  defaultEndpointUrl,
  endpointUrlProblem,
  nodeScript,
  pythonScript,
  secretProblem,
  signDelivery,
  type SignedDelivery,
} from '@zip/model/webhookDelivery';
import {usePageHideClearing} from '@site/src/utils/usePageHideClearing';
import styles from './styles.module.css';

interface Props {
  readonly eventType: string;
  /** The event's example payload, as the exact string to sign and send: the page's operation comes after hydration. */
  readonly loadBody: () => Promise<string>;
}

export default function WebhookTestDelivery({eventType, loadBody}: Props): ReactNode {
  const id = useId();
  // Until the page is hydrated the form would submit as plain HTML, putting the fields in a URL.
  const hydrated = useIsBrowser();
  const [url, setUrl] = useState(defaultEndpointUrl);
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState('');
  const [delivery, setDelivery] = useState<{signed: SignedDelivery; at: number}>();
  // The secret leaves with the page (src/utils/usePageHideClearing.ts).
  usePageHideClearing(() => {
    setSecret('');
    setDelivery(undefined);
  });

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found = endpointUrlProblem(url) ?? secretProblem(secret);
    setProblem(found ?? '');
    if (found) {
      setDelivery(undefined);
      return;
    }
    const at = Math.floor(Date.now() / 1000);
    void loadBody().then(
      (payload) => signDelivery(url, secret, payload, at).then((signed) => setDelivery({signed, at})),
      (error: unknown) =>
        setProblem(
          `The event's example did not load: ${error instanceof Error ? error.message : String(error)} Reload the page to try again.`,
        ),
    );
  };

  return (
    <section className={styles.delivery} aria-labelledby="send-a-test-delivery">
      <Heading as="h2" id="send-a-test-delivery">
        Send a test delivery
      </Heading>
      {/* The form and how to use it are for a reader in the browser; the page's Markdown twin gives an
          agent the same delivery as a shell recipe (plugins/machine-readable/endpoint-markdown.ts), and
          `data-markdown-ignore` says so to agents comparing the two (AFDocs). */}
      <p data-markdown-ignore="">
        Post this <code>{eventType}</code> example to an endpoint on your computer, signed with a test secret, as Zip would: the same body,
        a fresh <code>Zip-Signature</code> and <code>Content-Type: application/json</code>. The page signs it in your browser and sends
        nothing; you run the command. The receiving guide&apos;s Node.js endpoint listens on the default URL.
      </p>
      {/* Commands are for what the fields said when they were built: editing a field clears them. */}
      <form
        data-markdown-ignore=""
        className={styles.form}
        autoComplete="off"
        onSubmit={submit}
        onInput={() => setDelivery(undefined)}
        noValidate>
        <fieldset className={styles.fields} disabled={!hydrated}>
          <label htmlFor={`${id}-url`}>Endpoint URL</label>
          <input id={`${id}-url`} name="url" type="url" value={url} onChange={(event) => setUrl(event.target.value)} spellCheck={false} />
          <label htmlFor={`${id}-secret`}>Test signing secret</label>
          <input
            id={`${id}-secret`}
            name="secret"
            type="text"
            value={secret}
            placeholder="whsec_…"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-secret-hint`}
            onChange={(event) => setSecret(event.target.value)}
          />
          <p id={`${id}-secret-hint`} className={styles.hint}>
            The secret your endpoint verifies with (<code>ZIP_WEBHOOK_SECRET</code>). Use a test one: it stays in this page.
          </p>
          <button type="submit" className="button button--primary button--sm">
            {delivery ? 'Sign again now' : 'Build the signed command'}
          </button>
        </fieldset>
      </form>
      <div role="status" aria-live="polite">
        {problem && <p className={styles.problem}>{problem}</p>}
        {delivery && (
          <p>
            Signed at <code>t={delivery.at}</code>. Run it within your endpoint&apos;s <Link to="/api/webhooks#signatures">time limit</Link>
            , or sign again.
          </p>
        )}
      </div>
      {delivery && <DeliveryCommands signed={delivery.signed} />}
    </section>
  );
}

/** The signed delivery as a command in each of the reader's languages. */
function DeliveryCommands({signed}: {readonly signed: SignedDelivery}): ReactNode {
  return (
    <Tabs groupId="code-language">
      <TabItem value="curl" label="curl">
        <CodeBlock language="bash" title="Send the test delivery">
          {curlCommand(signed)}
        </CodeBlock>
      </TabItem>
      <TabItem value="node" label="Node.js">
        <CodeBlock language="js" title="send-test-event.mjs">
          {nodeScript(signed)}
        </CodeBlock>
      </TabItem>
      <TabItem value="python" label="Python">
        <CodeBlock language="python" title="send_test_event.py">
          {pythonScript(signed)}
        </CodeBlock>
      </TabItem>
    </Tabs>
  );
}
