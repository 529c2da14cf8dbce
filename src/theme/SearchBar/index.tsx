import {useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import SearchIndexUnavailable from '@site/src/components/SearchIndexUnavailable';
import {loadSearchIndex, useSearchIndex} from '@site/src/components/SiteSearch/searchIndex';
import {searchedQueryLength} from '@zip/model/searchQuestion';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import {onComboboxKey, overlongPaste} from './comboboxKeys';
import SearchPanel from './SearchPanel';
import {statusDelayMs, statusText, useSettled} from './searchStatus';
import {useRoomBelow} from './useRoomBelow';
import {useActiveInView, useSearchMarks, useSearchResults} from './useSearchResults';
import {useIsMac, useSearchShortcut} from './useSearchShortcut';
import styles from './styles.module.css';

/**
 * The navbar's search box, a combobox as ARIA 1.2 describes it: the results
 * are a listbox the arrow keys move through while focus stays in the box;
 * Enter opens the highlighted result; Tab moves on to the next control;
 * Escape closes the list and keeps focus in the box, and a second Escape
 * returns focus to where the reader was. A status line tells screen readers
 * how many results there are, or that there are none. The classic theme
 * leaves this component to the site (its own renders nothing).
 *
 * The index loads when the reader reaches for the box (pointer, focus,
 * Ctrl+K), never before, and never moves focus.
 */
export default function SearchBar(): ReactNode {
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (index: number): string => `${id}-option-${index}`;
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  /** Where focus was before the box: a second Escape returns it there. */
  const cameFrom = useRef<HTMLElement | null>(null);
  const history = useHistory();
  const isMac = useIsMac();
  const {status, engine} = useSearchIndex();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Whether the box cut what was typed or pasted to searchedQueryLength. */
  const [cut, setCut] = useState(false);

  const {searched, hits, answer} = useSearchResults(engine, query);
  /** The options: each result, then "See all results". */
  const optionCount = hits && hits.length > 0 ? hits.length + 1 : 0;
  const expanded = open && query.trim() !== '';
  const activeId = expanded && active >= 0 ? optionId(active) : undefined;
  useRoomBelow(panel, expanded);
  useActiveInView(activeId);
  useSearchMarks(hits, query);
  useSearchShortcut(input);

  /** What the box holds after an edit: at most searchedQueryLength characters of it, saying so when it cut. */
  const read = (typed: string): void => {
    performance.mark('zip-search-input');
    loadSearchIndex();
    setCut(typed.length > searchedQueryLength);
    setQuery(typed.slice(0, searchedQueryLength));
    setActive(-1);
    setOpen(true);
  };

  const go = (href: string): void => {
    setOpen(false);
    history.push(href);
  };

  const shownStatus = statusText(status, searched, hits, cut);
  const announced = useSettled(expanded ? shownStatus : '', statusDelayMs);
  const box = {query, searched, hits, optionCount, active, expanded, setOpen, setActive, go, input, cameFrom};

  return (
    <div
      className={clsx('navbar__search', styles.search)}
      onPointerEnter={loadSearchIndex}
      onBlur={(event) => {
        // Focus left the search altogether (Tab, a click elsewhere): the list closes.
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}>
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        placeholder="Search docs"
        autoComplete="off"
        spellCheck={false}
        className={clsx('navbar__search-input', styles.input)}
        value={query}
        onFocus={(event) => {
          if (event.relatedTarget instanceof HTMLElement) cameFrom.current = event.relatedTarget;
          loadSearchIndex();
          setOpen(true);
        }}
        onChange={(event) => read(event.target.value)}
        onPaste={(event) => {
          const whole = overlongPaste(event);
          if (whole === undefined) return;
          event.preventDefault();
          read(whole);
        }}
        onKeyDown={(event) => onComboboxKey(event, box)}
      />
      <span className={styles.shortcut} aria-hidden="true">
        <kbd>{isMac ? '⌘' : 'ctrl'}</kbd>
        <kbd>K</kbd>
      </span>
      <SearchPanel
        panelRef={panel}
        listId={listId}
        optionId={optionId}
        expanded={expanded}
        cut={cut}
        searched={searched}
        hits={hits}
        answer={answer}
        active={active}
        setActive={setActive}
        go={go}
        shownStatus={shownStatus}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announced}
      </VisuallyHidden>
      <SearchIndexUnavailable placement="navbar" />
    </div>
  );
}
