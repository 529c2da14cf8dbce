import type {ReactNode, RefObject} from 'react';
import clsx from 'clsx';
import AnswerCard from '@site/src/components/SiteSearch/AnswerCard';
import {hitHref, searchPageHref} from '@site/src/components/SiteSearch/links';
import {searchedQueryLength} from '@zip/model/searchQuestion';
import type {SearchHit} from '@zip/model/siteSearch';
import {SearchOption, SeeAllOption} from './SearchOption';
import styles from './styles.module.css';

interface Props {
  readonly panelRef: RefObject<HTMLDivElement | null>;
  readonly listId: string;
  readonly optionId: (index: number) => string;
  readonly expanded: boolean;
  /** Whether the box cut what was typed or pasted to searchedQueryLength. */
  readonly cut: boolean;
  readonly searched: string;
  readonly hits: readonly SearchHit[] | undefined;
  readonly answer: SearchHit | undefined;
  readonly active: number;
  readonly setActive: (index: number) => void;
  readonly go: (href: string) => void;
  readonly shownStatus: string;
}

/** The panel below the box: the answer card, the listbox of results and "See all results", or the status. */
export default function SearchPanel({
  panelRef,
  listId,
  optionId,
  expanded,
  cut,
  searched,
  hits,
  answer,
  active,
  setActive,
  go,
  shownStatus,
}: Props): ReactNode {
  return (
    <div
      ref={panelRef}
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
          <SeeAllOption
            id={optionId(hits.length)}
            href={searchPageHref(searched)}
            active={active === hits.length}
            onHover={() => setActive(hits.length)}
            onChoose={() => go(searchPageHref(searched))}
          />
        )}
      </ul>
      {expanded && shownStatus && (!hits || hits.length === 0) && <p className={styles.empty}>{shownStatus}</p>}
    </div>
  );
}
