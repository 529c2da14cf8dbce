import type {ClipboardEvent, Dispatch, KeyboardEvent, RefObject, SetStateAction} from 'react';
import {searchedQueryLength} from '@zip/model/searchQuestion';
import type {SearchHit} from '@zip/model/siteSearch';
import {hitHref, searchPageHref} from '@site/src/components/SiteSearch/links';

/** What the box's keys read and change. */
export interface Combobox {
  readonly query: string;
  readonly searched: string;
  readonly hits: readonly SearchHit[] | undefined;
  /** The options: each result, then "See all results". */
  readonly optionCount: number;
  readonly active: number;
  readonly expanded: boolean;
  readonly setOpen: (open: boolean) => void;
  readonly setActive: Dispatch<SetStateAction<number>>;
  readonly go: (href: string) => void;
  readonly input: RefObject<HTMLInputElement | null>;
  /** Where focus was before the box: a second Escape returns it there. */
  readonly cameFrom: RefObject<HTMLElement | null>;
}

/**
 * The keys of an ARIA 1.2 combobox: the arrows move through the options while
 * focus stays in the box, Enter opens the highlighted one, Escape closes the
 * list and a second Escape returns focus to where the reader was.
 */
export function onComboboxKey(event: KeyboardEvent<HTMLInputElement>, box: Combobox): void {
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (box.optionCount === 0) return;
      event.preventDefault();
      box.setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the box to the first option and on, then back to the box (-1), and round.
      box.setActive((current) => {
        const next = current + step;
        if (next >= box.optionCount) return -1;
        return next < -1 ? box.optionCount - 1 : next;
      });
      return;
    }
    case 'Enter': {
      if (box.query.trim() === '') return;
      event.preventDefault();
      // The highlighted option (a result, or "See all results"), else the search page.
      const hit = box.hits?.[box.active];
      box.go(hit ? hitHref(hit, box.searched) : searchPageHref(box.query));
      return;
    }
    case 'Escape': {
      event.preventDefault();
      if (box.expanded) {
        box.setOpen(false);
        box.setActive(-1);
      } else {
        const back = box.cameFrom.current;
        if (back?.isConnected) back.focus();
        else box.input.current?.blur();
      }
      return;
    }
    default:
  }
}

/**
 * What the box would hold after a paste too long to search, else undefined.
 * A long paste is cut before the browser puts it in the box: 100,000
 * characters there would hold the tab.
 */
export function overlongPaste(event: ClipboardEvent<HTMLInputElement>): string | undefined {
  const box = event.currentTarget;
  const pasted = event.clipboardData.getData('text');
  const end = box.selectionEnd ?? box.value.length;
  const whole = `${box.value.slice(0, box.selectionStart ?? end)}${pasted}${box.value.slice(end)}`;
  return whole.length <= searchedQueryLength ? undefined : whole;
}
