import {useEffect, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

/** Set before hydration by the theme's inline script; hides the bar with CSS. */
const initiallyDismissedAttribute = 'data-announcement-bar-initially-dismissed';

/**
 * The theme's inline script hides the bar before hydration when *any*
 * announcement was dismissed, without comparing ids. When a new announcement
 * (new id) replaces a dismissed one, the theme's state says "show" but that
 * attribute keeps it hidden until the next full page load. Clearing the
 * attribute once the bar is active shows a new announcement straight away.
 */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) {
      document.documentElement.setAttribute(initiallyDismissedAttribute, 'false');
    }
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
