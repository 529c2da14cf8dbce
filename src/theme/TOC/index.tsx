import type {ReactNode} from 'react';
import TOC from '@theme-original/TOC';
import type TOCType from '@theme/TOC';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof TOCType>;

/** The page's table of contents as a navigation landmark named "On this page", which screen readers list with the others. */
export default function TOCWrapper(props: Props): ReactNode {
  return (
    <nav className={styles.landmark} aria-label="On this page">
      <TOC {...props} />
    </nav>
  );
}
