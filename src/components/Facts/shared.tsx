/** What the fact components share: a capitalised word, every payment method, a Yes or No cell, a note under a cell. */
import type {ReactNode} from 'react';
import {methodsWhere, type PaymentMethod} from '@zip/model/facts';
import styles from './styles.module.css';

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const allMethods = (): PaymentMethod[] => methodsWhere(() => true);

export function YesNo({value}: {value: boolean}): ReactNode {
  return value ? <span className={styles.yes}>Yes</span> : <span className={styles.no}>No</span>;
}

/**
 * A note under a table cell's value, on a line of its own: a line break, not only styling, so
 * the value and the note never run together where the page is read as text (its Markdown twin).
 */
export function CellNote({children}: {children: ReactNode}): ReactNode {
  return (
    <>
      <br />
      <span className={styles.note}>{children}</span>
    </>
  );
}
