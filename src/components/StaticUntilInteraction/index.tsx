import {Suspense, useEffect, useId, useRef, useState, type ReactNode} from 'react';
import {flushSync} from 'react-dom';
import useIsBrowser from '@docusaurus/useIsBrowser';

interface Props {
  readonly className?: string;
  /**
   * Names the content (the same key, the same markup). A component that
   * remounts its children right after hydration (the classic theme's tabs do,
   * to apply a remembered tab) would otherwise render them live at once;
   * with a key, the new island finds the markup the server wrote.
   */
  readonly contentKey?: string;
  /** False to hydrate the content as usual instead (decided when the page is hydrated). Default true. */
  readonly staticOnHydration?: boolean;
  /** Also go live when a stored setting whose key starts with this changes (another tab group's choice). */
  readonly liveOnStorageKey?: string;
  /** Go live now (and whenever this turns true): the content must show something the server's markup cannot, such as the reader's own key. */
  readonly liveWhen?: boolean;
  /** Loads the code the live content needs; the markup is swapped only once it has. */
  readonly prepare?: () => Promise<unknown>;
  /** Shown while the content's code loads, when the island mounts live (client-side navigation). */
  readonly liveFallback?: ReactNode;
  readonly children: ReactNode;
}

/**
 * `server`: rendering the page's HTML. `static`: in the browser, showing the
 * server's markup (kept by hydration, or written from a known copy). `live`:
 * rendered by React; `mountedLive` when it was never static.
 */
type Island =
  | {readonly mode: 'server'}
  | {readonly mode: 'static'; readonly markup: {readonly __html: string}; readonly withoutServerMarkup?: true}
  | {readonly mode: 'live'; readonly mountedLive: boolean};

/** Markup the server wrote, by content key, for islands mounted after hydration. */
const serverMarkupByKey = new Map<string, string>();

/** Events after which the reader may act on the content: it starts going live. */
const approachEvents = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'click'] as const;

/** Where a node sits inside the island, as child indexes, to find its twin once the island is live. */
function pathTo(root: HTMLElement, target: EventTarget | null): number[] | undefined {
  const path: number[] = [];
  let node = target instanceof Element ? target : null;
  if (!node || !root.contains(node) || node === root) return undefined;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    if (!parent) return undefined;
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return path;
}

function elementAt(root: HTMLElement, path: readonly number[]): HTMLElement | undefined {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement ? node : undefined;
}

/**
 * The server's markup for the island, read from the page while it is being
 * hydrated; undefined when the page has none (the dev server renders in the
 * browser alone).
 */
function serverMarkup(islandId: string): string | undefined {
  return document.querySelector(`[data-static-island="${CSS.escape(islandId)}"]`)?.innerHTML;
}

/**
 * Server-rendered content the browser keeps as it is, without hydrating it,
 * until the reader comes to use it: points at it, touches it, moves focus
 * into it, or presses a key anywhere. Then its code loads (`prepare`) and
 * React renders it live, with the same markup, in one swap.
 *
 * Hydration re-runs every component of the content on the main thread; for
 * an endpoint page's reference (parameters, schemas, responses) that was most
 * of the time the page was unresponsive on a phone, for markup that is only
 * read. Pages reached by client-side navigation render live at once.
 *
 * The swap waits while a pointer is pressed, so a tap or click is not lost
 * under the reader's finger: it is remembered and carried out on the live
 * content, and focus is put back where it was.
 */
export default function StaticUntilInteraction({
  className,
  contentKey,
  staticOnHydration = true,
  liveOnStorageKey,
  liveWhen = false,
  prepare,
  liveFallback,
  children,
}: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const islandId = useId();
  // Decided once, at mount. The server renders the content. The first render
  // in the browser is hydration (isBrowser is still false): it keeps the
  // server's markup, read once so that later renders do not write it again;
  // without any (the dev server's pages), it goes live at once. A later mount
  // is live, unless its content's markup is known.
  const [island, setIsland] = useState<Island>(() => {
    if (typeof window === 'undefined') return {mode: 'server'};
    if (!isBrowser) {
      if (!staticOnHydration) return {mode: 'live', mountedLive: false};
      const markup = serverMarkup(islandId);
      // Empty until its code is ready, then live, as if the reader had come to it.
      if (markup === undefined) return {mode: 'static', markup: {__html: ''}, withoutServerMarkup: true};
      if (contentKey !== undefined) serverMarkupByKey.set(contentKey, markup);
      return {mode: 'static', markup: {__html: markup}};
    }
    const known = contentKey === undefined ? undefined : serverMarkupByKey.get(contentKey);
    return known === undefined ? {mode: 'live', mountedLive: true} : {mode: 'static', markup: {__html: known}};
  });
  const ref = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number[] | undefined>(undefined);
  const pendingClick = useRef<number[] | undefined>(undefined);
  const {mode} = island;
  const withoutServerMarkup = island.mode === 'static' && island.withoutServerMarkup === true;

  useEffect(() => {
    const root = ref.current;
    if (mode !== 'static' || !root) return undefined;
    let started = false;
    let ready = false;
    let pointerPressed = false;
    let swapped = false;
    const timers = new Set<number>();
    // The decision and the commit happen together (flushSync): a render
    // merely scheduled here could land after a press that comes next, and
    // replace the node under the pointer, losing the click.
    const swap = (): void => {
      if (swapped || !ready || pointerPressed) return;
      swapped = true;
      pendingFocus.current = pathTo(root, document.activeElement);
      flushSync(() => setIsland({mode: 'live', mountedLive: false}));
    };
    // In a task of its own, so the events of the same input (a touch brings
    // pointerenter and pointerdown together) are all seen first.
    const swapSoon = (): void => {
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        swap();
      }, 0);
      timers.add(timer);
    };
    const goLive = (event?: Event): void => {
      if (event?.type === 'pointerdown') pointerPressed = true;
      if (started) return;
      started = true;
      void Promise.resolve(prepare?.()).then(() => {
        ready = true;
        swapSoon();
      });
    };
    // Swap after the click that follows the release has been dispatched.
    const release = (): void => {
      if (!pointerPressed) return;
      pointerPressed = false;
      swapSoon();
    };
    for (const type of approachEvents) root.addEventListener(type, goLive, {passive: true});
    // A keyboard user is about to move through the page: be live before focus arrives.
    document.addEventListener('keydown', goLive);
    const onStorage = (event: StorageEvent): void => {
      if (liveOnStorageKey !== undefined && event.key?.startsWith(liveOnStorageKey)) goLive(event);
    };
    window.addEventListener('storage', onStorage);
    document.addEventListener('pointerup', release);
    document.addEventListener('pointercancel', release);
    if (liveWhen || withoutServerMarkup) goLive();
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
      for (const type of approachEvents) root.removeEventListener(type, goLive);
      document.removeEventListener('keydown', goLive);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('pointerup', release);
      document.removeEventListener('pointercancel', release);
    };
  }, [mode, prepare, liveOnStorageKey, liveWhen, withoutServerMarkup]);

  // Once live, put focus back where it was and carry out a click made on the
  // static markup (anything but a link, which works as a plain link).
  useEffect(() => {
    const root = ref.current;
    if (mode !== 'live' || !root) return;
    const focusTarget = pendingFocus.current;
    const clickTarget = pendingClick.current;
    pendingFocus.current = undefined;
    pendingClick.current = undefined;
    if (focusTarget) elementAt(root, focusTarget)?.focus({preventScroll: true});
    if (clickTarget) elementAt(root, clickTarget)?.click();
  }, [mode]);

  if (island.mode === 'static') {
    // React hydrates nothing inside an element with inner HTML, and keeps it:
    // it is given what the server wrote. The object is kept in state, because
    // React writes the HTML again whenever it gets a new one, even with the
    // same text (measured: ten tab groups re-parsed on a guide's start-up).
    return (
      <div
        ref={ref}
        className={className}
        data-static-island={islandId}
        onClickCapture={(event) => {
          const onLink = event.target instanceof Element && event.target.closest('a[href]');
          pendingClick.current = onLink ? undefined : pathTo(event.currentTarget, event.target);
        }}
        dangerouslySetInnerHTML={island.markup}
        suppressHydrationWarning
      />
    );
  }
  const content = (
    <div ref={ref} className={className} data-static-island={islandId}>
      {children}
    </div>
  );
  if (island.mode === 'live' && island.mountedLive && liveFallback !== undefined) {
    return <Suspense fallback={liveFallback}>{content}</Suspense>;
  }
  return content;
}
