import {useEffect, useRef, type ReactNode} from 'react';
import Layout from '@theme-original/Navbar/MobileSidebar/Layout';
import type LayoutType from '@theme/Navbar/MobileSidebar/Layout';
import type {WrapperProps} from '@docusaurus/types';
import {useNavbarMobileSidebar, useNavbarSecondaryMenu} from '@docusaurus/theme-common/internal';
import {makeOthersInert, tabbableWithin} from '@site/src/utils/focusable';
import styles from './styles.module.css';

type Props = WrapperProps<typeof LayoutType>;

/** The theme's menu button, which opens the menu (focus returns there when nothing else opened it). */
const menuButtonSelector = '.navbar__toggle';
/** The theme's backdrop: a click on it closes the menu, so it stays live. */
const backdropSelector = '.navbar-sidebar__backdrop';
/** The theme's two panels (main menu, and the docs sidebar); the hidden one is inert. */
const activePanelSelector = '.navbar-sidebar__item:not([inert])';
/** The dialog's accessible name. */
const dialogName = 'Main menu';

/**
 * The theme's mobile menu as a modal dialog (WAI-ARIA dialog pattern): while
 * open, it is named, the page behind it is inert, focus moves into it and
 * Tab and Shift+Tab cycle within it, Escape closes it, and on closing focus
 * returns to the button that opened it. When "Back to main menu" (or a
 * link showing the docs sidebar) hides the panel focus was in, focus moves
 * to the first control of the panel shown. The theme leaves all of this
 * out: facebook/docusaurus issue 8095.
 */
export default function MobileSidebarLayoutWrapper(props: Props): ReactNode {
  const {shown, toggle} = useNavbarMobileSidebar();
  const {shown: secondaryMenuShown} = useNavbarSecondaryMenu();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!shown || !dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restoreOthers = makeOthersInert(dialog, backdropSelector);
    // The sidebar is `visibility: hidden` until its opening transition has
    // started, and a hidden control takes no focus: try again each frame.
    let frame = 0;
    const focusFirst = (framesLeft: number): void => {
      const first = tabbableWithin(dialog)[0];
      if (first) first.focus();
      else if (framesLeft > 0) frame = requestAnimationFrame(() => focusFirst(framesLeft - 1));
    };
    focusFirst(30);
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        event.preventDefault();
        toggle();
        return;
      }
      if (event.key !== 'Tab') return;
      const tabbable = tabbableWithin(dialog);
      const first = tabbable[0];
      const last = tabbable[tabbable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
      restoreOthers();
      // Only when focus would be lost (on <body>, or in the menu as it closes).
      const active = document.activeElement;
      if (active === null || active === document.body || dialog.contains(active)) {
        const menuButton = opener?.isConnected ? opener : document.querySelector<HTMLElement>(menuButtonSelector);
        menuButton?.focus();
      }
    };
  }, [shown, toggle]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!shown || !dialog) return;
    const active = document.activeElement;
    const lost = active === null || active === document.body || (dialog.contains(active) && active.closest('[inert]') !== null);
    const panel = dialog.querySelector(activePanelSelector);
    if (lost && panel) tabbableWithin(panel)[0]?.focus();
  }, [shown, secondaryMenuShown]);

  return (
    <div
      ref={dialogRef}
      className={styles.dialog}
      role={shown ? 'dialog' : undefined}
      aria-modal={shown ? true : undefined}
      aria-label={shown ? dialogName : undefined}>
      <Layout {...props} />
    </div>
  );
}
