import {useEffect, useRef, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import {tabbableWithin} from '@site/src/utils/focusable';

type Props = WrapperProps<typeof AnnouncementBarType>;

/** The theme's navigation bar, just below the announcement. */
const navbarSelector = 'nav.navbar';

/** Set before hydration by the theme's inline script; hides the bar with CSS. */
const initiallyDismissedAttribute = 'data-announcement-bar-initially-dismissed';

/**
 * The theme's inline script hides the bar before hydration when *any*
 * announcement was dismissed, without comparing ids. When a new announcement
 * (new id) replaces a dismissed one, the theme's state says "show" but that
 * attribute keeps it hidden until the next full page load. Clearing the
 * attribute once the bar is active shows a new announcement straight away.
 *
 * Closing the bar removes its close button, and focus with it, to <body>;
 * focus moves on to the first control of the navigation bar below, where
 * Tab would have gone next.
 */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) {
      document.documentElement.setAttribute(initiallyDismissedAttribute, 'false');
    }
  }, [isActive]);
  const wasActive = useRef(isActive);
  useEffect(() => {
    const closed = wasActive.current && !isActive;
    wasActive.current = isActive;
    const active = document.activeElement;
    if (!closed || (active !== null && active !== document.body)) return;
    const navbar = document.querySelector(navbarSelector);
    if (navbar) tabbableWithin(navbar)[0]?.focus();
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
