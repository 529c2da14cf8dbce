import type {ReactNode} from 'react';
import styles from './styles.module.css';

/** Text for screen readers only, such as "(opens in a new tab)" after a link's label. */
export default function VisuallyHidden({children}: {readonly children: ReactNode}): ReactNode {
  return <span className={styles.visuallyHidden}>{children}</span>;
}
