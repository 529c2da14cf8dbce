/**
 * Checks one webhook delivery in the reader's browser: they paste the Zip-Signature header, the
 * raw body and their secret, and learn whether it verifies and, if not, why (src/utils/
 * webhookVerification.ts). The event's payload is then checked against its schema from the specs:
 * a chunk of its own, fetched once the verifier is on screen, so no other page's bundle carries
 * it and the check itself makes no request. Nothing the reader pastes is sent anywhere. Another
 * page of the tab can hand it a delivery to check (src/utils/webhookVerifierPrefill.ts).
 */
import {useEffect, useId, useRef, useState, type FormEvent, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {facts} from '@zip/model/facts';
import {webhookSignatureVector} from '@zip/model/webhookSignatureVector';
import type {JsonSchema} from '@zip/model/jsonSchemaCheck';
import {diagnose, ordinal, type Diagnosis} from '@site/src/utils/webhookVerification';
import {takeVerifierPrefill} from '@site/src/utils/webhookVerifierPrefill';
import {usePageHideClearing} from '@site/src/utils/usePageHideClearing';
import styles from './styles.module.css';

const toleranceSeconds = facts.webhooks.signatureToleranceSeconds;
const toleranceMinutes = toleranceSeconds / 60;

interface EventSchemas {
  readonly events: Record<string, {readonly spec: string; readonly ref: string}>;
  readonly specs: Record<string, Record<string, JsonSchema>>;
}

// Both load when a reader first checks a payload, never with the page.
let eventSchemas: Promise<EventSchemas> | undefined;
const loadEventSchemas = (): Promise<EventSchemas> =>
  (eventSchemas ??= import('@site/.generated/webhook-event-schemas.json').then((module) => module.default as EventSchemas));
const loadSchemaCheck = () => import('@zip/model/jsonSchemaCheck');

/** What the payload is, by its `type`, and how it fares against that event's schema. */
async function checkPayload(body: string): Promise<string> {
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    return 'The body is not JSON, so it is not an event Zip sent.';
  }
  const type = typeof event === 'object' && event !== null && 'type' in event ? String(event.type) : '';
  const [schemas, {schemaProblems}] = await Promise.all([loadEventSchemas(), loadSchemaCheck()]);
  const entry = schemas.events[type];
  if (!entry) return type ? `Event type ${type} is not one Zip sends.` : 'The body has no event type.';
  const components = schemas.specs[entry.spec] ?? {};
  const problems = schemaProblems(event, entry.ref, components);
  const schemaName = entry.ref.split('/').at(-1) ?? '';
  if (problems.length === 0) return `Event type ${type}: the payload matches its schema, ${schemaName} in ${entry.spec}.`;
  const shown = problems.slice(0, 5).join('; ');
  return `Event type ${type}: the payload does not match its schema, ${schemaName} in ${entry.spec}: ${shown}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}.`;
}

function describeAge(ageSeconds: number): string {
  const minutes = Math.round(Math.abs(ageSeconds) / 60);
  const amount =
    minutes < 120 ? `${minutes} minutes` : minutes < 2880 ? `${Math.round(minutes / 60)} hours` : `${Math.round(minutes / 1440)} days`;
  return ageSeconds >= 0 ? `${amount} ago` : `${amount} ahead of this computer's clock`;
}

/** The verdict in words: a headline and the reason. */
function explain(diagnosis: Diagnosis): {readonly valid: boolean; readonly headline: string; readonly reason: string} {
  switch (diagnosis.outcome) {
    case 'malformed':
      return {valid: false, headline: 'Malformed header', reason: diagnosis.problem};
    case 'valid':
      return {
        valid: true,
        headline: 'Valid signature',
        reason: `The ${ordinal(diagnosis.matched)} v1 of ${diagnosis.count} matches, and t is within ${toleranceMinutes} minutes of this computer's clock.`,
      };
    case 'outside-tolerance':
      return {
        valid: false,
        headline: 'Timestamp outside the tolerance',
        reason: `The ${ordinal(diagnosis.matched)} v1 of ${diagnosis.count} matches, but t was ${describeAge(diagnosis.ageSeconds)}: more than ${toleranceMinutes} minutes, so your endpoint must refuse it as a possible replay.`,
      };
    case 'no-match':
      return {
        valid: false,
        headline: diagnosis.matchingBody ? 'Body changed' : 'No signature matches',
        reason: diagnosis.matchingBody
          ? `No v1 matches this body, but ${diagnosis.matchingBody} does: the body is not the bytes that were signed. Check you verify the raw body, not a re-serialised one.`
          : `None of the ${diagnosis.count} v1 values matches. Either the body is not the bytes that were signed (check you verify the raw body, not a re-serialised one), or the secret is not the one that signed it (each endpoint has its own; test and live differ).${diagnosis.secretHint ? ` ${diagnosis.secretHint}` : ''}`,
      };
  }
}

/** Writes a delivery's three values into the form's fields. */
function fillForm(form: HTMLFormElement | null, values: {readonly header: string; readonly body: string; readonly secret: string}): void {
  for (const name of ['header', 'body', 'secret'] as const) {
    const element = form?.elements.namedItem(name);
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.value = values[name];
  }
}

interface Result {
  readonly valid: boolean;
  readonly headline: string;
  readonly reason: string;
  readonly payload: string;
}

export default function WebhookVerifier(): ReactNode {
  const id = useId();
  // Until the page is hydrated the form would submit as plain HTML, putting the fields in a URL.
  const hydrated = useIsBrowser();
  const form = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<Result>();
  // A delivery another page of the tab handed over (the explorer's test mode in this tab), taken once.
  const [offer] = useState(() => (typeof window === 'undefined' ? undefined : takeVerifierPrefill()));
  const [offerShown, setOfferShown] = useState(true);
  useEffect(() => {
    void loadEventSchemas();
  }, []);

  const field = (name: string): string => {
    const element = form.current?.elements.namedItem(name);
    return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : '';
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setResult(undefined);
    const diagnosis = await diagnose({
      header: field('header'),
      body: field('body'),
      secret: field('secret'),
      now: Math.floor(Date.now() / 1000),
      toleranceSeconds,
    });
    setResult({...explain(diagnosis), payload: await checkPayload(field('body'))});
  };

  // What was pasted here leaves with the page (src/utils/usePageHideClearing.ts).
  usePageHideClearing(() => {
    form.current?.reset();
    setResult(undefined);
    setOfferShown(false);
  });

  const fill = (values: {readonly header: string; readonly body: string; readonly secret: string}): void => {
    fillForm(form.current, values);
    setResult(undefined);
  };
  const fillExample = (): void => {
    setOfferShown(false);
    fill(webhookSignatureVector);
  };

  // Filled in once the form is live, with focus on Verify.
  useEffect(() => {
    if (!hydrated || !offer) return;
    fillForm(form.current, offer);
    form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [hydrated, offer]);

  return (
    <section className={styles.verifier} aria-label="Check a delivery">
      {/* A verdict is about what was checked: editing a field clears it. The form is a tool for a reader
          in the browser, which the page's Markdown twin leaves out: `data-markdown-ignore` says so to
          agents comparing the two (AFDocs). */}
      <form
        data-markdown-ignore=""
        ref={form}
        autoComplete="off"
        onSubmit={(event) => void submit(event)}
        onInput={() => (setResult(undefined), setOfferShown(false))}
        noValidate>
        <fieldset className={styles.form} disabled={!hydrated}>
          <label htmlFor={`${id}-header`}>Zip-Signature header</label>
          <input id={`${id}-header`} name="header" type="text" autoComplete="off" spellCheck={false} placeholder="t=…,v1=…" />
          <label htmlFor={`${id}-body`}>Raw body</label>
          <textarea id={`${id}-body`} name="body" rows={6} autoComplete="off" spellCheck={false} aria-describedby={`${id}-body-hint`} />
          <p id={`${id}-body-hint`} className={styles.hint}>
            Exactly as your endpoint received it: log the raw bytes, before any JSON parsing.
          </p>
          <label htmlFor={`${id}-secret`}>Signing secret</label>
          <input id={`${id}-secret`} name="secret" type="text" autoComplete="off" spellCheck={false} placeholder="whsec_…" />
          <div className={styles.actions}>
            <button type="submit" className="button button--primary button--sm">
              Verify
            </button>
            <button type="button" className="button button--secondary button--sm" onClick={fillExample}>
              Use the example
            </button>
          </div>
        </fieldset>
      </form>
      <div role="status" aria-live="polite" aria-atomic="true">
        {hydrated && offer && offerShown && !result && <p>Filled in with {offer.label} from the test mode in your tab: press Verify.</p>}
        {result && (
          <div className={`alert ${result.valid ? 'alert--success' : 'alert--danger'} ${styles.result}`}>
            <p>
              <strong>{result.headline}.</strong> {result.reason}
            </p>
            <p>{result.payload}</p>
          </div>
        )}
      </div>
    </section>
  );
}
