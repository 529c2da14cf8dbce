import type {ReactNode} from 'react';
import Loading from '@theme-original/Loading';
import type {LoadingComponentProps} from 'react-loadable';
import styles from './styles.module.css';

/**
 * Loads the page afresh. The loaders of a page's nested routes keep their
 * first, failed result (react-loadable retries only the one whose Retry was
 * pressed), so retrying in place would fail again one level down.
 */
function reloadPage(): void {
  window.location.reload();
}

/**
 * A page whose code could not be loaded: says so in the site's own alert,
 * with the error text and a **Retry** button that loads the page again
 * (the site's rule: a page that fails to load says so and offers a retry). Docusaurus's fallback shows the same
 * in white on red, 3.6:1, below WCAG AA, and as a bare box that no screen
 * reader announces. While the code is on its way, the original's spinner is
 * unchanged.
 */
export default function LoadingWrapper(props: LoadingComponentProps): ReactNode {
  const {error} = props;
  if (!error) return <Loading {...props} />;
  return (
    <main className={`container margin-vert--xl ${styles.failure}`}>
      <div role="alert" className="alert alert--danger">
        <p className={styles.title}>This page could not be loaded.</p>
        <p>
          <code className={styles.error}>{String(error)}</code>
        </p>
        <p>Check your connection, then try again.</p>
        <button type="button" className="button button--primary" onClick={reloadPage}>
          Retry
        </button>
      </div>
    </main>
  );
}
