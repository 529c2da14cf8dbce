import {useEffect, useRef, type RefObject} from 'react';

/**
 * Runs `mend` on the element behind the returned ref now and whenever its
 * markup changes: for third-party markup that appears or changes outside
 * React's control (tab strips, autocomplete dropdowns, search results).
 * `mend` must be idempotent and stable (a module-level function).
 */
export function useMarkupMending<T extends HTMLElement>(mend: (root: HTMLElement) => void): RefObject<T | null> {
  const container = useRef<T>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    mend(root);
    const observer = new MutationObserver(() => mend(root));
    observer.observe(root, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [mend]);
  return container;
}
