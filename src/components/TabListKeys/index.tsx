import type {KeyboardEvent, ReactNode} from 'react';
import styles from './styles.module.css';

/** Key presses already answered by an inner TabListKeys (tab lists nest: a language's variants). */
const answered = new WeakSet<Event>();

/** The tabs of the tab list `tab` is in, leaving out those of lists nested in its panels. */
function tabsBeside(tab: Element): HTMLElement[] {
  const list = tab.closest('[role="tablist"]');
  if (!list) return [];
  return Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]')).filter((each) => each.closest('[role="tablist"]') === list);
}

/**
 * Completes the keyboard of the WAI-ARIA tabs pattern for the themes' tabs
 * (the classic theme's and the OpenAPI theme's), which answer Enter and the
 * left and right arrows only: Home and End move focus to the first and last
 * tab, and Space selects the focused tab as Enter does (by a click, which
 * every tab answers). The themes already keep a roving tabindex.
 */
function answerTabKeys(event: KeyboardEvent<HTMLElement>): void {
  if (answered.has(event.nativeEvent) || event.altKey || event.ctrlKey || event.metaKey) return;
  const tab = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="tab"]') : null;
  if (!tab) return;
  answered.add(event.nativeEvent);
  const tabs = tabsBeside(tab);
  if (event.key === 'Home' || event.key === 'End') {
    event.preventDefault();
    (event.key === 'Home' ? tabs[0] : tabs[tabs.length - 1])?.focus();
  } else if (event.key === ' ') {
    event.preventDefault();
    tab.click();
  }
}

/** Wraps a theme's tabs, adding no box, to answer the keys they leave out (answerTabKeys). */
export default function TabListKeys({children}: {readonly children: ReactNode}): ReactNode {
  return (
    <div className={styles.keys} onKeyDown={answerTabKeys}>
      {children}
    </div>
  );
}
