/**
 * Stands in for `@docusaurus/core`'s `preload` in its client entry only
 * (plugins/fault-recovery.ts). The entry renders the app once the page's
 * route chunks are loaded, and has no failure path: when they cannot be
 * loaded (a deploy removed them, the network dropped), it never renders, and
 * the reader is left with the server's HTML, nothing on it working and no
 * word of why. This happens on the reload Docusaurus makes after a chunk
 * fails during a client-side navigation, so a chunk that keeps failing ended
 * there. Rendering anyway lets each route's loader fail in view: the theme's
 * `Loading` shows the error text with a **Retry** button (SITE-SPEC,
 * "Behaviour and errors"), and no second reload is made.
 */
import preload from '@docusaurus/core/lib/client/preload';

export default function preloadForFirstRender(pathname: string): Promise<void> {
  return preload(pathname).then(
    () => undefined,
    (error: unknown) => {
      console.error(`Loading the page ${pathname} failed; it shows the error and a Retry button.`, error);
    },
  );
}
