/**
 * Client module: route prefetching waits for idle time.
 *
 * Docusaurus's `Link` prefetches the chunks of every link that scrolls into
 * view (`window.docusaurus.prefetch`). The links of a page report together,
 * as it finishes hydrating: on a guide, some two hundred script chunks for
 * the routes of the sidebar and the article, matched and added as
 * `<link rel="prefetch">` in one task, the longest of the page's start-up on
 * a phone. The same prefetches now run in idle periods, a few at a time;
 * the 2g and data-saving checks are Docusaurus's own, and hovering a link
 * still loads its route at once (`preload`, unchanged).
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type Prefetch = Window['docusaurus']['prefetch'];
type PrefetchResult = ReturnType<Prefetch>;

interface PendingPrefetch {
  readonly routePath: string;
  readonly settle: (result: PrefetchResult) => void;
}

/**
 * Longest stretch of prefetching in one go. Idle periods can last 50 ms, but
 * a phone's CPU can be four times slower than the one that measured it; a
 * task of 50 ms or more there counts as blocking.
 */
const sliceMs = 4;

let installed = false;

function install(): void {
  const client = window.docusaurus as Window['docusaurus'] | undefined;
  if (!client) return;
  installed = true;
  const prefetchNow = client.prefetch;
  const pending: PendingPrefetch[] = [];
  let scheduled = false;
  const whenIdle =
    typeof window.requestIdleCallback === 'function'
      ? (work: (deadline: IdleDeadline) => void) => window.requestIdleCallback(work, {timeout: 5000})
      : (work: (deadline: IdleDeadline) => void) => window.setTimeout(() => work({didTimeout: true, timeRemaining: () => 10}), 50);
  const drain = (deadline: IdleDeadline): void => {
    scheduled = false;
    const started = performance.now();
    // One route at least per period, so a page that never idles still gets there.
    do {
      const next = pending.shift();
      if (!next) return;
      next.settle(prefetchNow(next.routePath));
    } while (performance.now() - started < sliceMs && deadline.timeRemaining() > 0);
    schedule();
  };
  const schedule = (): void => {
    if (scheduled || pending.length === 0) return;
    scheduled = true;
    whenIdle(drain);
  };
  const prefetchWhenIdle: Prefetch = (routePath) =>
    new Promise((resolve, reject) => {
      pending.push({
        routePath,
        settle: (result) => (result === false ? resolve([]) : result.then(resolve, reject)),
      });
      schedule();
    });
  // The client object is frozen; `Link` reads `window.docusaurus` on each call.
  window.docusaurus = Object.freeze({...client, prefetch: prefetchWhenIdle});
}

/** Runs in the first commit, before any link's visibility is reported. */
export function onRouteDidUpdate(): void {
  if (!installed && ExecutionEnvironment.canUseDOM) install();
}
