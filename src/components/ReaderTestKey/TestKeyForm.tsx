import type {FormEvent, ReactNode, RefObject} from 'react';
import {refusalMessages, type KeyRefusal} from '@site/src/utils/readerTestKey';
import styles from './styles.module.css';

interface Props {
  /** The component's useId, which the form's ids start with. */
  readonly id: string;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly buttonClass: string;
  readonly refusal: KeyRefusal | null;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  readonly onCancel: () => void;
}

/** The form the reader pastes their secret test key into, with why a key was refused. */
export default function TestKeyForm({id, inputRef, buttonClass, refusal, onSubmit, onCancel}: Props): ReactNode {
  const inputId = `${id}-key`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form id={`${id}-form`} className={styles.form} autoComplete="off" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId}>Secret test key</label>
      <input
        ref={inputRef}
        id={inputId}
        className={styles.input}
        type="text"
        name="test-key"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="sk_test_…"
        aria-invalid={refusal !== null}
        aria-describedby={refusal !== null ? `${errorId} ${hintId}` : hintId}
      />
      <button type="submit" className={buttonClass}>
        Use key
      </button>
      <button type="button" className={buttonClass} onClick={onCancel}>
        Cancel
      </button>
      <p id={hintId} className={styles.hint}>
        Kept in this browser tab only, until you close it. It replaces the sample key in every code sample and in Send API Request.
      </p>
      {refusal !== null && (
        <p id={errorId} role="alert" className={styles.error}>
          {refusalMessages[refusal]}
        </p>
      )}
    </form>
  );
}
