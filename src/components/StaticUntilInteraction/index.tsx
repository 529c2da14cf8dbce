import {Suspense, useId, useRef, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {initialIsland, pathTo, type Island} from './island';
import {useCarriedOverInteraction, useLiveOnApproach} from './useLiveOnApproach';

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
  // Decided once, at mount (initialIsland).
  const [island, setIsland] = useState<Island>(() => initialIsland(isBrowser, islandId, staticOnHydration, contentKey));
  const ref = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number[] | undefined>(undefined);
  const pendingClick = useRef<number[] | undefined>(undefined);
  const {mode} = island;
  const withoutServerMarkup = island.mode === 'static' && island.withoutServerMarkup === true;

  useLiveOnApproach({
    rootRef: ref,
    mode,
    setIsland,
    pendingFocusRef: pendingFocus,
    prepare,
    liveOnStorageKey,
    liveWhen,
    withoutServerMarkup,
  });
  useCarriedOverInteraction(ref, mode, pendingFocus, pendingClick);

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
