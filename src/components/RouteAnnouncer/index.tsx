import {useEffect, useRef, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import VisuallyHidden from '@site/src/components/VisuallyHidden';

/** Where a page's name is: its main heading, or the main content when it has none. */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
}

/** Focuses an element that is not a control, for as long as it keeps focus (the theme's skip link does the same to `main`). */
function focusInPlace(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), {once: true});
  }
  element.focus({preventScroll: true});
}

/**
 * Says where the reader is after a client-side route change, as a full page
 * load would: focus moves to the new page's main heading (so Tab goes on from
 * the content, and a screen reader reads it), and a polite live region says
 * the page's name. A change of the query or fragment alone (typing on the
 * search page, a link to a section) is left to the page. Rendered after the
 * theme's skip link, whose own reset (focus on its zero-height region) this
 * replaces: effects run in tree order, so this one runs last.
 */
export default function RouteAnnouncer(): ReactNode {
  const {pathname} = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const heading = pageHeading();
    if (!heading) return;
    if (!window.location.hash) focusInPlace(heading);
    const name = heading.tagName === 'H1' ? heading.textContent?.replace(/\u200b/g, '').trim() : undefined;
    // Written into the region, which React leaves empty: the page's DOM is what changed, not this component's state.
    const region = document.querySelector('[data-route-announcer]');
    if (region) region.textContent = name || document.title;
  }, [pathname]);
  return (
    <VisuallyHidden as="div" role="status" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {null}
    </VisuallyHidden>
  );
}
