import type {ComponentProps, ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * Markdown tables in a region that scrolls sideways on narrow screens and can
 * be scrolled with the keyboard (focusable, named), as WCAG 2.1.1 asks of
 * scrollable content.
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  return (
    <div className={styles.scroll} tabIndex={0} role="region" aria-label="Table">
      <table {...props} />
    </div>
  );
}
