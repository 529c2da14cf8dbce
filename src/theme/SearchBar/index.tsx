import {useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import SearchIndexUnavailable from '@site/src/components/SearchIndexUnavailable';
import SearchSectionLabel from '@site/src/components/SearchSectionLabel';
import AnswerCard from '@site/src/components/SiteSearch/AnswerCard';
import MarkedText from '@site/src/components/SiteSearch/MarkedText';
import {hitHref, hitTitle, searchPageHref} from '@site/src/components/SiteSearch/links';
import {loadSearchIndex, useSearchIndex} from '@site/src/components/SiteSearch/searchIndex';
import {isQuestion} from '@site/src/utils/searchQuestion';
import {sectionOfPath} from '@site/src/utils/searchSections';
import type {SearchHit} from '@site/src/utils/siteSearch';
import styles from './styles.module.css';
import VisuallyHidden from '@site/src/components/VisuallyHidden';

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

/** The words of the status line screen readers announce. */
function statusText(status: string, query: string, hits: readonly SearchHit[] | undefined): string {
  if (query.trim() === '') return '';
  if (status === 'loading' || status === 'idle') return 'Loading search…';
  if (!hits) return '';
  if (hits.length === 0) return `No results for “${query.trim()}”`;
  return `${hits.length} result${hits.length === 1 ? '' : 's'}${hits.length >= resultLimit ? ' shown' : ''}`;
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
  /** Where focus was before the box: a second Escape returns it there. */
  const cameFrom = useRef<HTMLElement | null>(null);
  const history = useHistory();
  const isMac = useIsMac();
  const {status, engine} = useSearchIndex();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const hits = useMemo(() => (engine && query.trim() ? engine.search(query, resultLimit) : undefined), [engine, query]);
  const answer = useMemo(() => {
    if (!hits?.[0] || !engine) return undefined;
    return isQuestion(query) ? hits[0] : undefined;
  }, [engine, hits, query]);
  /** The options: each result, then "See all results". */
  const optionCount = hits && hits.length > 0 ? hits.length + 1 : 0;
  const expanded = open && query.trim() !== '';

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
        go(hit ? hitHref(hit, query) : searchPageHref(query));
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

  const status_ = statusText(status, query, hits);

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
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder="Search"
        autoComplete="off"
        spellCheck={false}
        className={clsx('navbar__search-input', styles.input)}
        value={query}
        onFocus={(event) => {
          if (event.relatedTarget instanceof HTMLElement) cameFrom.current = event.relatedTarget;
          loadSearchIndex();
          setOpen(true);
        }}
        onChange={(event) => {
          loadSearchIndex();
          setQuery(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <span className={styles.shortcut} aria-hidden="true">
        <kbd>{isMac ? '⌘' : 'ctrl'}</kbd>
        <kbd>K</kbd>
      </span>
      <div
        className={clsx(styles.dropdown, !expanded && styles.hidden)}
        // A click on a result must not blur the box before the link opens.
        onMouseDown={(event) => event.preventDefault()}>
        {expanded && answer && <AnswerCard hit={answer} query={query} inList />}
        <ul id={listId} role="listbox" aria-label="Search results" className={styles.list}>
          {expanded &&
            hits?.map((hit, index) => {
              const section = sectionOfPath(hit.path.split('#')[0] ?? '');
              return (
                <li
                  key={hit.path}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  data-href={hitHref(hit, query)}
                  className={clsx(styles.option, index === active && styles.active)}
                  onMouseMove={() => setActive(index)}
                  onClick={() => go(hitHref(hit, query))}>
                  <span className={styles.optionTitle}>
                    {hitTitle(hit)}
                    {section && <SearchSectionLabel section={section} />}
                  </span>
                  <span className={styles.optionText}>
                    <MarkedText text={hit.passage} marks={hit.marks} />
                  </span>
                </li>
              );
            })}
          {expanded && hits && hits.length > 0 && (
            <li
              id={optionId(hits.length)}
              role="option"
              aria-selected={active === hits.length}
              data-href={searchPageHref(query)}
              data-search-see-all=""
              className={clsx(styles.option, styles.seeAll, active === hits.length && styles.active)}
              onMouseMove={() => setActive(hits.length)}
              onClick={() => go(searchPageHref(query))}>
              See all results
            </li>
          )}
        </ul>
        {expanded && status_ && (!hits || hits.length === 0) && <p className={styles.empty}>{status_}</p>}
      </div>
      <VisuallyHidden role="status" aria-live="polite">
        {expanded ? status_ : ''}
      </VisuallyHidden>
      <SearchIndexUnavailable placement="navbar" />
    </div>
  );
}
