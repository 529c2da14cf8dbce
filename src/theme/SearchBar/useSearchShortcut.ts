import {useEffect, useSyncExternalStore, type RefObject} from 'react';

const noSubscription = (): (() => void) => () => undefined;

/** True on a Mac, where the shortcut is ⌘K. The server renders Ctrl. */
export function useIsMac(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => /Mac|iPhone|iPad/.test(navigator.platform),
    () => false,
  );
}

/** Ctrl+K (⌘K on a Mac) focuses the box from anywhere, as on most documentation sites. */
export function useSearchShortcut(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [input]);
}
