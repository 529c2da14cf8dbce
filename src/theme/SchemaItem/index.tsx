import type {ReactNode} from 'react';
import SchemaItem from '@theme-original/SchemaItem';
import styles from './styles.module.css';

/**
 * The theme renders each schema property as a <div> directly inside a <ul>,
 * which screen readers do not announce as a list item (axe: "list"). The
 * wrapper makes each one a real list item; the theme's markup is unchanged.
 */
export default function SchemaItemWrapper(props: Record<string, unknown>): ReactNode {
  return (
    <li className={styles.item}>
      <SchemaItem {...props} />
    </li>
  );
}
