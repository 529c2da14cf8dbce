import type {ReactNode} from 'react';
import ParamsItem from '@theme-original/ParamsItem';
import styles from './styles.module.css';

/**
 * The theme renders each parameter as a <div> directly inside a <ul>,
 * which screen readers do not announce as a list item (axe: "list"). The
 * wrapper makes each one a real list item; the theme's markup is unchanged.
 */
export default function ParamsItemWrapper(props: Record<string, unknown>): ReactNode {
  return (
    <li className={styles.item}>
      <ParamsItem {...props} />
    </li>
  );
}
