/**
 * Secrets typed into a page (a test key, a signing secret, a webhook's raw
 * body) are not kept by the browser when the reader leaves: the fields are
 * emptied on `pagehide`, before the browser saves the page for back-forward
 * navigation or for restoring the session after a restart, both of which
 * otherwise keep what a form holds. `autocomplete="off"` on each field keeps
 * them out of autofill.
 */
import {useEffect} from 'react';

/** Calls `clear` whenever the page is hidden for navigation or closing. */
export function usePageHideClearing(clear: () => void): void {
  useEffect(() => {
    window.addEventListener('pagehide', clear);
    return () => window.removeEventListener('pagehide', clear);
  }, [clear]);
}
