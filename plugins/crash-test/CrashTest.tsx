import {useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';

/**
 * Test builds only (ZIP_CRASH_TEST=true): a page that throws while rendering
 * when asked, so the end-to-end tests can exercise the crash fallback and its
 * "Try again" button. The error carries a cause to check the cause chain.
 */
function Bomb(): ReactNode {
  throw new Error('Rendering the test widget failed', {
    cause: new Error('Test fixture: the widget data could not be parsed'),
  });
}

/** Holds the crash switch below the layout's error boundary, so "Try again" remounts it reset. */
function CrashSwitch(): ReactNode {
  const [crashed, setCrashed] = useState(false);
  return (
    <main className="container margin-vert--lg">
      <h1>Crash test</h1>
      <p>This page exists only in test builds.</p>
      <button type="button" className="button button--danger" onClick={() => setCrashed(true)}>
        Crash this page
      </button>
      {crashed && <Bomb />}
    </main>
  );
}

export default function CrashTest(): ReactNode {
  return (
    <Layout title="Crash test" noFooter>
      <CrashSwitch />
    </Layout>
  );
}
