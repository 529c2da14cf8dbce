import {useDeferredValue, useEffect, useMemo} from 'react';
import {isQuestion} from '@zip/model/searchQuestion';
import type {SearchHit, SiteSearch} from '@zip/model/siteSearch';

/** How many results the list shows; "See all results" opens /search with more. */
export const resultLimit = 8;

interface SearchResults {
  /** The query the results are for, which may trail what the box shows. */
  readonly searched: string;
  readonly hits: readonly SearchHit[] | undefined;
  /** The first result, shown as an answer card when the query is a question. */
  readonly answer: SearchHit | undefined;
}

/** The box shows what was typed at once; the results follow, so a long search never holds the typing. */
export function useSearchResults(engine: SiteSearch | undefined, query: string): SearchResults {
  const searched = useDeferredValue(query);
  const hits = useMemo(() => (engine && searched.trim() ? engine.search(searched, resultLimit) : undefined), [engine, searched]);
  const answer = useMemo(() => {
    if (!hits?.[0] || !engine) return undefined;
    return isQuestion(searched) ? hits[0] : undefined;
  }, [engine, hits, searched]);
  return {searched, hits, answer};
}

/** The highlighted option is the only sign of focus: it is always in view, in a list that scrolls. */
export function useActiveInView(activeId: string | undefined): void {
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({block: 'nearest'});
  }, [activeId]);
}

/** Performance marks for the browser tests and the bench. */
export function useSearchMarks(hits: readonly SearchHit[] | undefined, query: string): void {
  useEffect(() => {
    // The time from input to these results.
    if (hits) performance.mark('zip-search-results');
  }, [hits]);

  useEffect(() => {
    // The box holds the edit (cut to what is searched): the answer to the reader's input.
    performance.mark('zip-search-answered');
  }, [query]);
}
