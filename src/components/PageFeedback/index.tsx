import {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import styles from './styles.module.css';

/** Why a page did not help: a short, fixed list, so the answers can be counted. */
export const feedbackReasons = [
  {id: 'inaccurate', label: 'Something is wrong or out of date'},
  {id: 'missing', label: 'It does not cover what I need'},
  {id: 'unclear', label: 'It is hard to follow'},
  {id: 'sample', label: 'A code sample did not work'},
] as const;

type ReasonId = (typeof feedbackReasons)[number]['id'];

/** The analytics event, as the site's gtag tag sends it (plugin-google-gtag). */
export const feedbackEventName = 'page_feedback';

type Step = 'question' | 'reasons' | 'thanks';

declare global {
  interface Window {
    /** Defined by the gtag plugin only when an analytics id is configured. */
    gtag?: (command: 'event', name: string, params: Record<string, string>) => void;
  }
}

/** The per-tab record that this page was already answered, so it is sent at most once per page and session. */
const answeredKey = (pagePath: string): string => `zip-docs:feedback:${pagePath}`;

/** Pages answered in this tab when session storage cannot be used (blocked storage). */
const answeredWithoutStorage = new Set<string>();

function wasAnswered(pagePath: string): boolean {
  try {
    return window.sessionStorage.getItem(answeredKey(pagePath)) !== null;
  } catch {
    return answeredWithoutStorage.has(pagePath);
  }
}

function recordAnswer(pagePath: string): void {
  answeredWithoutStorage.add(pagePath);
  try {
    window.sessionStorage.setItem(answeredKey(pagePath), '1');
  } catch {
    // Blocked storage: remembered for this page load only.
  }
}

/** Sends the answer when the site has an analytics id (window.gtag exists); without one, nothing leaves the browser. */
function sendAnswer(pagePath: string, helpful: boolean, reason?: ReasonId): void {
  recordAnswer(pagePath);
  if (typeof window.gtag !== 'function') return;
  window.gtag('event', feedbackEventName, {
    page_path: pagePath,
    helpful: helpful ? 'yes' : 'no',
    ...(reason ? {reason} : {}),
  });
}

interface PageFeedbackProps {
  /** The page's path, as in its permalink: what the answer is about. */
  readonly pagePath: string;
}

/**
 * "Was this page helpful?" under every docs, guide and API page: Yes, or No
 * and then why. The answer goes to the site's analytics as one event (no
 * server of ours), at most once per page per browser tab.
 */
export default function PageFeedback({pagePath}: PageFeedbackProps): ReactNode {
  const [chosenStep, setStep] = useState<Step>('question');
  // In the browser, after hydration (the server cannot know), a page already
  // answered in this tab says thanks instead of asking again.
  const isBrowser = useIsBrowser();
  const step: Step = chosenStep === 'question' && isBrowser && wasAnswered(pagePath) ? 'thanks' : chosenStep;
  const headingId = useId();
  const reasonsRef = useRef<HTMLFieldSetElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);

  // Focus follows the conversation, so a keyboard user is never left on a button that went away.
  const focusNext = useRef(false);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    if (step === 'reasons') reasonsRef.current?.querySelector('button')?.focus();
    if (step === 'thanks') thanksRef.current?.focus();
  }, [step]);

  const answer = (helpful: boolean, reason?: ReasonId): void => {
    if (wasAnswered(pagePath)) {
      setStep('thanks');
      return;
    }
    sendAnswer(pagePath, helpful, reason);
    focusNext.current = true;
    setStep('thanks');
  };

  return (
    // data-page-feedback: left out of the search index (docusaurus.config.ts), like any page furniture.
    <section className={styles.feedback} aria-labelledby={headingId} data-page-feedback>
      <p id={headingId} className={styles.question}>
        Was this page helpful?
      </p>
      {step === 'question' && (
        <div className={styles.answers}>
          <button type="button" className="button button--sm button--outline button--primary" onClick={() => answer(true)}>
            Yes
          </button>
          <button
            type="button"
            className="button button--sm button--outline button--primary"
            onClick={() => {
              focusNext.current = true;
              setStep('reasons');
            }}>
            No
          </button>
        </div>
      )}
      {step === 'reasons' && (
        <fieldset ref={reasonsRef} className={styles.reasons}>
          <legend className={styles.legend}>What went wrong?</legend>
          {feedbackReasons.map((reason) => (
            <button
              key={reason.id}
              type="button"
              className={clsx('button button--sm button--outline button--primary', styles.reason)}
              onClick={() => answer(false, reason.id)}>
              {reason.label}
            </button>
          ))}
        </fieldset>
      )}
      {/* Always in the page, so screen readers announce the thanks when it appears. */}
      <p ref={thanksRef} role="status" tabIndex={-1} className={styles.thanks}>
        {step === 'thanks' ? 'Thank you for telling us.' : ''}
      </p>
    </section>
  );
}
