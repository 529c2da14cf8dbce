import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import SearchIndexUnavailable from '@site/src/components/SearchIndexUnavailable';
import SearchSectionLabel from '@site/src/components/SearchSectionLabel';
import AnswerCard from '@site/src/components/SiteSearch/AnswerCard';
import MarkedText from '@site/src/components/SiteSearch/MarkedText';
import {hitHref, hitTitle, searchPageHref} from '@site/src/components/SiteSearch/links';
import {loadSearchIndex, useSearchIndex} from '@site/src/components/SiteSearch/searchIndex';
import {isQuestion, searchedQueryLength} from '@zip/model/searchQuestion';
import {sectionOfPath} from '@site/src/utils/searchSections';
import type {SearchHit} from '@zip/model/siteSearch';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import styles from './styles.module.css';

/** How many results the list shows; "See all results" opens /search with more. */
const resultLimit = 8;

const noSubscription = (): (() => void) => () => undefined;

/** True on a Mac, where the shortcut is ⌘K. The server renders Ctrl. */
function useIsMac(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => /Mac|iPhone|iPad/.test(navigator.platform),
    () => false,
  );
}

/** How long typing pauses before the status is announced. */
const statusDelayMs = 600;

/** The words of the status line screen readers announce; none for one letter with no result yet. */
function statusText(status: string, query: string, hits: readonly SearchHit[] | undefined, cut: boolean): string {
  const trimmed = query.trim();
  if (trimmed === '') return '';
  if (status === 'loading' || status === 'idle') return 'Loading search…';
  if (!hits) return '';
  const searched = cut ? ` in the first ${searchedQueryLength} characters` : '';
  if (hits.length === 0) return trimmed.length < 2 ? '' : cut ? `No results${searched}` : `No results for “${trimmed}”`;
  return `${hits.length} result${hits.length === 1 ? '' : 's'}${hits.length >= resultLimit ? ' shown' : ''}${searched}`;
}

/**
 * The value once it has stayed the same for `delayMs`: the status a screen
 * reader hears waits for the reader to stop typing, so "No results for “r”"
 * is never said on the way to "refund".
 */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

interface Props {
  readonly id: string;
  readonly hit: SearchHit;
  readonly href: string;
  readonly active: boolean;
  readonly onHover: () => void;
  readonly onChoose: () => void;
}

/**
 * One result of the navbar's list: named by its title and section ("Refunds ›
 * Refund a payment, section: Help"), a few words a screen reader says as the
 * arrow keys reach it, with the passage as its description.
 */
function SearchOption({id, hit, href, active, onHover, onChoose}: Props): ReactNode {
  const section = sectionOfPath(hit.path.split('#')[0] ?? '');
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      aria-describedby={`${id}-passage`}
      data-href={href}
      className={clsx(styles.option, active && styles.active)}
      onMouseMove={onHover}
      onClick={onChoose}>
      <span id={`${id}-title`} className={styles.optionTitle}>
        {hitTitle(hit)}
        {section && <SearchSectionLabel section={section} />}
      </span>
      {/* Left out of the option's name, which is its title and section; read as its description. */}
      <span id={`${id}-passage`} className={styles.optionText} aria-hidden="true">
        <MarkedText text={hit.passage} marks={hit.marks} />
      </span>
    </li>
  );
}

/**
 * Keeps the open panel within the window below where it starts, which moves
 * with the announcement bar above the navbar: its room, as a CSS variable
 * its max-height reads.
 */
function useRoomBelow(panel: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    const element = panel.current;
    if (!open || !element) return undefined;
    const fit = (): void => {
      const room = Math.max(0, window.innerHeight - element.getBoundingClientRect().top - 8);
      element.style.setProperty('--search-panel-room', `${room}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    window.addEventListener('scroll', fit, {passive: true});
    return () => {
      window.removeEventListener('resize', fit);
      window.removeEventListener('scroll', fit);
    };
  }, [panel, open]);
}

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

  // The box shows what was typed at once; the results follow, so a long search never holds the typing.
  const searched = useDeferredValue(query);
  const hits = useMemo(() => (engine && searched.trim() ? engine.search(searched, resultLimit) : undefined), [engine, searched]);
  const answer = useMemo(() => {
    if (!hits?.[0] || !engine) return undefined;
    return isQuestion(searched) ? hits[0] : undefined;
  }, [engine, hits, searched]);
  /** The options: each result, then "See all results". */
  const optionCount = hits && hits.length > 0 ? hits.length + 1 : 0;
  const expanded = open && query.trim() !== '';
  const activeId = expanded && active >= 0 ? optionId(active) : undefined;
  useRoomBelow(panel, expanded);

  useEffect(() => {
    // The highlighted option is the only sign of focus: it is always in view, in a list that scrolls.
    if (activeId) document.getElementById(activeId)?.scrollIntoView({block: 'nearest'});
  }, [activeId]);

  useEffect(() => {
    // The time from input to these results, for the browser tests and the bench.
    if (hits) performance.mark('zip-search-results');
  }, [hits]);

  useEffect(() => {
    // The box holds the edit (cut to what is searched): the answer to the reader's input.
    performance.mark('zip-search-answered');
  }, [query]);

  useEffect(() => {
    // Ctrl+K (⌘K on a Mac) focuses the box from anywhere, as on most documentation sites.
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (optionCount === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // From the box to the first option and on, then back to the box (-1), and round.
        setActive((current) => {
          const next = current + step;
          if (next >= optionCount) return -1;
          return next < -1 ? optionCount - 1 : next;
        });
        return;
      }
      case 'Enter': {
        if (query.trim() === '') return;
        event.preventDefault();
        // The highlighted option (a result, or "See all results"), else the search page.
        const hit = hits?.[active];
        go(hit ? hitHref(hit, searched) : searchPageHref(query));
        return;
      }
      case 'Escape': {
        event.preventDefault();
        if (expanded) {
          setOpen(false);
          setActive(-1);
        } else {
          const back = cameFrom.current;
          if (back?.isConnected) back.focus();
          else input.current?.blur();
        }
        return;
      }
      default:
    }
  };

  const shownStatus = statusText(status, searched, hits, cut);
  const announced = useSettled(expanded ? shownStatus : '', statusDelayMs);

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
          // A long paste is cut before the browser puts it in the box: 100,000 characters there would hold the tab.
          const box = event.currentTarget;
          const pasted = event.clipboardData.getData('text');
          const end = box.selectionEnd ?? box.value.length;
          const whole = `${box.value.slice(0, box.selectionStart ?? end)}${pasted}${box.value.slice(end)}`;
          if (whole.length <= searchedQueryLength) return;
          event.preventDefault();
          read(whole);
        }}
        onKeyDown={onKeyDown}
      />
      <span className={styles.shortcut} aria-hidden="true">
        <kbd>{isMac ? '⌘' : 'ctrl'}</kbd>
        <kbd>K</kbd>
      </span>
      <div
        ref={panel}
        className={clsx(styles.dropdown, !expanded && styles.hidden)}
        data-search-panel=""
        // A click on a result must not blur the box before the link opens.
        onMouseDown={(event) => event.preventDefault()}>
        {expanded && cut && (
          <p className={styles.note} data-search-cut="">
            Only the first {searchedQueryLength} characters are searched.
          </p>
        )}
        {expanded && answer && <AnswerCard hit={answer} query={searched} inList />}
        <ul id={listId} role="listbox" aria-label="Search results" className={styles.list}>
          {expanded &&
            hits?.map((hit, index) => (
              <SearchOption
                key={hit.path}
                id={optionId(index)}
                hit={hit}
                href={hitHref(hit, searched)}
                active={index === active}
                onHover={() => setActive(index)}
                onChoose={() => go(hitHref(hit, searched))}
              />
            ))}
          {expanded && hits && hits.length > 0 && (
            <li
              id={optionId(hits.length)}
              role="option"
              aria-selected={active === hits.length}
              data-href={searchPageHref(searched)}
              data-search-see-all=""
              className={clsx(styles.option, styles.seeAll, active === hits.length && styles.active)}
              onMouseMove={() => setActive(hits.length)}
              onClick={() => go(searchPageHref(searched))}>
              See all results
            </li>
          )}
        </ul>
        {expanded && shownStatus && (!hits || hits.length === 0) && <p className={styles.empty}>{shownStatus}</p>}
      </div>
      <VisuallyHidden role="status" aria-live="polite">
        {announced}
      </VisuallyHidden>
      <SearchIndexUnavailable placement="navbar" />
    </div>
  );
}
