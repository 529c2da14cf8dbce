import {useEffect, useRef, type ReactNode} from 'react';
import ApiItem from '@theme-original/ApiItem';
import styles from './styles.module.css';

const arrowLabels: readonly [selector: string, label: string][] = [
  ['button.openapi-tabs__arrow.left:not([aria-label])', 'Scroll tabs left'],
  ['button.openapi-tabs__arrow.right:not([aria-label])', 'Scroll tabs right'],
];

function labelTabArrows(root: HTMLElement): void {
  for (const [selector, label] of arrowLabels) {
    root.querySelectorAll(selector).forEach((button) => button.setAttribute('aria-label', label));
  }
}

/**
 * The OpenAPI theme's tab strips show icon-only scroll buttons (when the tabs
 * overflow) with no accessible name. They appear and disappear as the reader
 * resizes or opens sections, so they are labelled whenever the page changes.
 */
export default function ApiItemWrapper(props: Record<string, unknown>): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    labelTabArrows(root);
    const observer = new MutationObserver(() => labelTabArrows(root));
    observer.observe(root, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={container} className={styles.contents}>
      <ApiItem {...props} />
    </div>
  );
}
