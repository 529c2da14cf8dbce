/** Elements a reader can reach with Tab, unless disabled, inert or hidden. */
const tabbableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(', ');

/** The elements inside `container` that Tab reaches, in document order. */
export function tabbableWithin(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(tabbableSelector)).filter(
    (element) =>
      element.tabIndex >= 0 &&
      element.closest('[inert]') === null &&
      // Rendered and visible (an element hidden by CSS has no client rects).
      element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility !== 'hidden',
  );
}

/**
 * Makes everything on the page but `keep` (and what contains it) inert, as
 * a modal dialog needs: the elements beside it and beside each of its
 * ancestors up to <body>, except those matching `spare` (a backdrop that
 * must still take a click). Returns the function that restores them.
 */
export function makeOthersInert(keep: Element, spare?: string): () => void {
  const madeInert: Element[] = [];
  for (let node: Element = keep; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling === node || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue;
      if (spare && sibling.matches(spare)) continue;
      sibling.setAttribute('inert', '');
      madeInert.push(sibling);
    }
  }
  return () => {
    for (const element of madeInert) element.removeAttribute('inert');
  };
}
