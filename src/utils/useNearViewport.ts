import {useCallback, useEffect, useRef, useState, type RefObject} from 'react';

/**
 * Whether the element behind `ref` has come within `rootMargin` of the
 * viewport (once true, it stays true). `markNear` sets it early, for example
 * when the reader points at or tabs into the element. Used to fetch heavy
 * code only when the reader gets to what needs it.
 */
export function useNearViewport<T extends Element>(rootMargin: string): {ref: RefObject<T | null>; near: boolean; markNear: () => void} {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || near) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      {rootMargin},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);

  const markNear = useCallback(() => setNear(true), []);
  return {ref, near, markNear};
}
