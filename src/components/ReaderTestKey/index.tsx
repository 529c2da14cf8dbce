/**
 * "Use my test key in samples": the reader pastes their test secret key and
 * every code sample on the site (and the request explorer) shows it in place
 * of the sample key, for this browser tab only. A live or public key is
 * refused and not kept, and whatever is refused is cleared from the field. The key itself is kept by src/utils/readerTestKey.ts.
 */
import {useEffect, useId, useRef, useState, type FormEvent, type ReactNode} from 'react';
import {
  checkTestKey,
  clearReaderTestKey,
  maskKey,
  setReaderTestKey,
  useReaderTestKey,
  type KeyRefusal,
} from '@site/src/utils/readerTestKey';
import {usePageHideClearing} from '@site/src/utils/usePageHideClearing';
import TestKeyForm from './TestKeyForm';
import styles from './styles.module.css';

/** Infima's outline button, as the theme draws secondary actions, set to the size of the page actions beside it. */
const buttonClass = `button button--sm button--outline button--secondary ${styles.button ?? ''}`;

/** Where focus goes after the reader acts, so keyboard and screen-reader users are not left on a removed button. */
type FocusTarget = 'input' | 'forget' | 'open' | null;

export default function ReaderTestKey(): ReactNode {
  const readerKey = useReaderTestKey();
  const [formOpen, setFormOpen] = useState(false);
  const [refusal, setRefusal] = useState<KeyRefusal | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const forgetRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  // A key typed but not yet used leaves with the page (src/utils/usePageHideClearing.ts).
  usePageHideClearing(() => {
    if (inputRef.current) inputRef.current.value = '';
  });
  const id = useId();
  const formId = `${id}-form`;

  // Once the element to focus has rendered.
  useEffect(() => {
    if (focusTarget === null) return;
    const element = {input: inputRef, forget: forgetRef, open: openRef}[focusTarget].current;
    if (element) {
      element.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, readerKey, formOpen]);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const input = inputRef.current;
    const check = checkTestKey(input?.value ?? '');
    if (!check.ok) {
      setRefusal(check.refusal);
      // Refused text does not linger in the page: a live key least of all.
      if (input) input.value = '';
      setFocusTarget('input');
      return;
    }
    setReaderTestKey(check.key);
    setRefusal(null);
    setFormOpen(false);
    setAnnouncement(`The samples now use your test key ${maskKey(check.key)}.`);
    setFocusTarget('forget');
  };

  const forget = (): void => {
    clearReaderTestKey();
    setAnnouncement('Your test key is forgotten; the samples show the sample key again.');
    setFocusTarget('open');
  };

  const cancel = (): void => {
    setFormOpen(false);
    setRefusal(null);
    setFocusTarget('open');
  };

  return (
    <div className={styles.readerKey}>
      {readerKey !== null ? (
        <p className={styles.row}>
          <span>
            Samples use your test key <code>{maskKey(readerKey)}</code> in this tab.
          </span>
          <button ref={forgetRef} type="button" className={buttonClass} onClick={forget}>
            Forget my key
          </button>
        </p>
      ) : (
        <>
          <p className={styles.row}>
            <button
              ref={openRef}
              type="button"
              className={buttonClass}
              aria-expanded={formOpen}
              aria-controls={formOpen ? formId : undefined}
              onClick={() => {
                setFormOpen(!formOpen);
                setRefusal(null);
                setFocusTarget(formOpen ? 'open' : 'input');
              }}>
              Use my test key in samples
            </button>
          </p>
          {formOpen && (
            <TestKeyForm id={id} inputRef={inputRef} buttonClass={buttonClass} refusal={refusal} onSubmit={submit} onCancel={cancel} />
          )}
        </>
      )}
      <p role="status" className={styles.announcement}>
        {announcement}
      </p>
    </div>
  );
}
