import {useEffect, type Dispatch, type RefObject, type SetStateAction} from 'react';
import {flushSync} from 'react-dom';
import {elementAt, pathTo, type Island} from './island';

/** Events after which the reader may act on the content: it starts going live. */
const approachEvents = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'click'] as const;

interface Approach {
  readonly rootRef: RefObject<HTMLDivElement | null>;
  readonly mode: Island['mode'];
  readonly setIsland: Dispatch<SetStateAction<Island>>;
  /** Where focus was in the static markup, set at the swap. */
  readonly pendingFocusRef: RefObject<number[] | undefined>;
  readonly prepare: (() => Promise<unknown>) | undefined;
  readonly liveOnStorageKey: string | undefined;
  readonly liveWhen: boolean;
  readonly withoutServerMarkup: boolean;
}

/**
 * While the island is static: when the reader approaches it (or presses a
 * key, or `liveWhen`), loads its code and swaps it live, never while a
 * pointer is pressed.
 */
export function useLiveOnApproach({
  rootRef,
  mode,
  setIsland,
  pendingFocusRef,
  prepare,
  liveOnStorageKey,
  liveWhen,
  withoutServerMarkup,
}: Approach): void {
  useEffect(() => {
    const root = rootRef.current;
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
      pendingFocusRef.current = pathTo(root, document.activeElement);
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
  }, [rootRef, mode, setIsland, pendingFocusRef, prepare, liveOnStorageKey, liveWhen, withoutServerMarkup]);
}

/**
 * Once live, puts focus back where it was and carries out a click made on
 * the static markup (anything but a link, which works as a plain link).
 */
export function useCarriedOverInteraction(
  rootRef: RefObject<HTMLDivElement | null>,
  mode: Island['mode'],
  pendingFocusRef: RefObject<number[] | undefined>,
  pendingClickRef: RefObject<number[] | undefined>,
): void {
  useEffect(() => {
    const root = rootRef.current;
    if (mode !== 'live' || !root) return;
    const focusTarget = pendingFocusRef.current;
    const clickTarget = pendingClickRef.current;
    pendingFocusRef.current = undefined;
    pendingClickRef.current = undefined;
    if (focusTarget) elementAt(root, focusTarget)?.focus({preventScroll: true});
    if (clickTarget) elementAt(root, clickTarget)?.click();
  }, [rootRef, mode, pendingFocusRef, pendingClickRef]);
}
