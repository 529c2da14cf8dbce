import type {ReactNode} from 'react';
import clsx from 'clsx';
import {retrySearchIndex, useSearchIndex} from '@site/src/components/SiteSearch/searchIndex';
import styles from './styles.module.css';

interface Props {
  /** Where it is shown: under the navbar box, or on the results page. */
  readonly placement: 'navbar' | 'page';
}

/**
 * Tells the reader that search cannot work because its index could not be
 * loaded, with a **Retry** button; renders nothing otherwise. The index is
 * also tried again when the browser comes back online.
 */
export default function SearchIndexUnavailable({placement}: Props): ReactNode {
  const {status} = useSearchIndex();
  if (status !== 'failed') return null;
  return (
    <div role="alert" className={clsx('alert alert--warning', styles.message, placement === 'navbar' && styles.navbar)}>
      <p className={styles.text}>Search is unavailable: the search index could not be loaded. Check your connection.</p>
      <button type="button" className="button button--sm button--primary" onClick={retrySearchIndex}>
        Retry
      </button>
    </div>
  );
}
