import {useEffect, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import VisuallyHidden from '@site/src/components/VisuallyHidden';

/**
 * The page the reader was last told about: kept outside the component, which
 * the theme's Layout mounts afresh when a route leaves one section for another
 * (the help centre for the guides, a search result in the API reference).
 */
let shownPathname: string | undefined;

/** The page's main heading, where its name is. */
function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
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
  useEffect(() => {
    // The first page of a visit is a page load, which says where the reader is by itself.
    const first = shownPathname === undefined;
    if (first || shownPathname === pathname) {
      shownPathname = pathname;
      return undefined;
    }
    shownPathname = pathname;
    const arrive = (where: HTMLElement): void => {
      if (!window.location.hash) focusInPlace(where);
      const name = where.tagName === 'H1' ? where.textContent?.replace(/\u200b/g, '').trim() : undefined;
      // Written into the region, which React leaves empty: the page's DOM is what changed, not this component's state.
      const region = document.querySelector('[data-route-announcer]');
      if (region) region.textContent = name || document.title;
    };
    const heading = mainHeading();
    if (heading) {
      arrive(heading);
      return undefined;
    }
    // Part of a page can be a chunk of its own that renders after the route
    // does (an endpoint page's layout): until its heading is there, focus is
    // on the main content, or stays where it was, and the heading takes it
    // once it appears, if nothing else has.
    const main = document.querySelector<HTMLElement>('main');
    if (main) arrive(main);
    const observer = new MutationObserver(() => {
      const late = mainHeading();
      if (!late) return;
      observer.disconnect();
      const active = document.activeElement;
      if (active === null || active === document.body || active === main || !active.isConnected) arrive(late);
    });
    observer.observe(document.body, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [pathname]);
  return (
    <VisuallyHidden as="div" role="status" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {null}
    </VisuallyHidden>
  );
}
