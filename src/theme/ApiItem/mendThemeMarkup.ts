const arrowLabels: readonly [selector: string, label: string][] = [
  ['button.openapi-tabs__arrow.left:not([aria-label])', 'Scroll tabs left'],
  ['button.openapi-tabs__arrow.right:not([aria-label])', 'Scroll tabs right'],
];

/**
 * Mends two accessibility faults in the OpenAPI theme's markup, which appear
 * only in the browser (so the server's HTML has nothing of them to mend):
 * - its tab strips show icon-only scroll buttons (when the tabs overflow)
 *   with no accessible name;
 * - the explorer's security summary ("Authorization: http") is an <h4>
 *   straight after the reference's <h2> sections, skipping a level (axe
 *   "heading-order"); it is given level 3, as a subheading of the page's
 *   last section would have.
 *
 * The schema trees' lists, whose items are <div>s, are presentational in the
 * theme's own render (patches/), not marked here: a script changing them after
 * hydration made the server's markup and the page the reader gets differ.
 */
export function mendThemeMarkup(root: HTMLElement): void {
  for (const [selector, label] of arrowLabels) {
    root.querySelectorAll(selector).forEach((button) => button.setAttribute('aria-label', label));
  }
  root.querySelectorAll('h4.openapi-security__summary-header:not([aria-level])').forEach((heading) => {
    heading.setAttribute('aria-level', '3');
  });
}
