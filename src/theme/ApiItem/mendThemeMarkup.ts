const arrowLabels: readonly [selector: string, label: string][] = [
  ['button.openapi-tabs__arrow.left:not([aria-label])', 'Scroll tabs left'],
  ['button.openapi-tabs__arrow.right:not([aria-label])', 'Scroll tabs right'],
];

/**
 * Mends three accessibility faults in the OpenAPI theme's markup:
 * - its tab strips show icon-only scroll buttons (when the tabs overflow)
 *   with no accessible name;
 * - its parameter and schema trees put <div>s directly in <ul>s, so the
 *   lists are broken lists; they are marked presentational (plain groups);
 * - the explorer's security summary ("Authorization: http") is an <h4>
 *   straight after the reference's <h2> sections, skipping a level (axe
 *   "heading-order"); it is given level 3, as a subheading of the page's
 *   last section would have.
 */
export function mendThemeMarkup(root: HTMLElement): void {
  for (const [selector, label] of arrowLabels) {
    root.querySelectorAll(selector).forEach((button) => button.setAttribute('aria-label', label));
  }
  root.querySelectorAll('h4.openapi-security__summary-header:not([aria-level])').forEach((heading) => {
    heading.setAttribute('aria-level', '3');
  });
  root.querySelectorAll('ul:not([role])').forEach((list) => {
    if (Array.from(list.children).some((child) => !['LI', 'SCRIPT', 'TEMPLATE'].includes(child.tagName))) {
      list.setAttribute('role', 'presentation');
    }
  });
}
