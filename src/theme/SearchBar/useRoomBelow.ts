import {useEffect, type RefObject} from 'react';

/**
 * Keeps the open panel within the window below where it starts, which moves
 * with the announcement bar above the navbar: its room, as a CSS variable
 * its max-height reads.
 */
export function useRoomBelow(panel: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    const element = panel.current;
    if (!open || !element) return undefined;
    const fit = (): void => {
      const room = Math.max(0, window.innerHeight - element.getBoundingClientRect().top - 8);
      element.style.setProperty('--search-panel-room', `${room}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    window.addEventListener('scroll', fit, {passive: true});
    return () => {
      window.removeEventListener('resize', fit);
      window.removeEventListener('scroll', fit);
    };
  }, [panel, open]);
}
