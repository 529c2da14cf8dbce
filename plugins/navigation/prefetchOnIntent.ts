/**
 * Client module: a link's route is fetched when the reader shows they may follow it, not when the
 * link scrolls into view.
 *
 * Docusaurus's `Link` prefetches the route chunks of every link that enters the viewport
 * (`window.docusaurus.prefetch`, called from an IntersectionObserver). On a guide or an endpoint
 * page that is the sidebar's and the article's links: more script than the page itself, which a
 * phone on prepaid data pays for routes its reader mostly never opens. Here that call does
 * nothing. What makes the next click instant stays: `Link` loads a route as the pointer enters the
 * link or a finger touches it (`window.docusaurus.preload`, unchanged), and focusing a link from
 * the keyboard prefetches its route (below). Both keep Docusaurus's own 2g and Save-Data checks.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type Prefetch = Window['docusaurus']['prefetch'];

let installed = false;

/** The route an internal link leads to, or undefined for other targets (another origin, a download, this page). */
function internalRoute(target: EventTarget | null): string | undefined {
  if (!(target instanceof Element)) return undefined;
  const link = target.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return undefined;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return undefined;
  return url.pathname;
}

function install(): void {
  const client = window.docusaurus as Window['docusaurus'] | undefined;
  if (!client) return;
  installed = true;
  const prefetchRoute = client.prefetch;
  // Links in view: nothing. `false` is what Docusaurus's own prefetch returns when it skips a route.
  const prefetchNothing: Prefetch = () => false;
  // The client object is frozen; `Link` reads `window.docusaurus` on each call.
  window.docusaurus = Object.freeze({...client, prefetch: prefetchNothing});
  // A keyboard reader's intent: the link that takes focus. Prefetched (fetched at low priority, not
  // run), as tabbing passes over many links; Docusaurus prefetches each route once.
  document.addEventListener(
    'focusin',
    (event) => {
      const route = internalRoute(event.target);
      if (route !== undefined) void Promise.resolve(prefetchRoute(route)).catch(() => undefined);
    },
    {passive: true},
  );
}

/** Runs in the first commit, before any link's visibility is reported. */
export function onRouteDidUpdate(): void {
  if (!installed && ExecutionEnvironment.canUseDOM) install();
}
