const arrowLabels: readonly [selector: string, label: string][] = [
  ['button.openapi-tabs__arrow.left:not([aria-label])', 'Scroll tabs left'],
  ['button.openapi-tabs__arrow.right:not([aria-label])', 'Scroll tabs right'],
];

/**
 * Mends two accessibility faults in the OpenAPI theme's markup:
 * - its tab strips show icon-only scroll buttons (when the tabs overflow)
 *   with no accessible name;
 * - its parameter and schema trees put <div>s directly in <ul>s, so the
 *   lists are broken lists; they are marked presentational (plain groups).
 */
export function mendThemeMarkup(root: HTMLElement): void {
  for (const [selector, label] of arrowLabels) {
    root.querySelectorAll(selector).forEach((button) => button.setAttribute('aria-label', label));
  }
  root.querySelectorAll('ul:not([role])').forEach((list) => {
    if (Array.from(list.children).some((child) => !['LI', 'SCRIPT', 'TEMPLATE'].includes(child.tagName))) {
      list.setAttribute('role', 'presentation');
    }
  });
}
