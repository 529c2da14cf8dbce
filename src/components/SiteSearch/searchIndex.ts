/**
 * The reader's copy of the search index: fetched once, when the reader
 * reaches for search (focus, pointer or typing in the box, or the search
 * page), and kept for the rest of the visit, so searching needs no network
 * after that and no storage at all. A failed load is not kept: **Retry**
 * (src/components/SearchIndexUnavailable) or the browser coming back online
 * loads it again.
 */
import {useSyncExternalStore} from 'react';
import type {SiteSearch} from '@zip/model/siteSearch';

export type SearchIndexStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface State {
  readonly status: SearchIndexStatus;
  readonly engine?: SiteSearch;
}

let state: State = {status: 'idle'};
const listeners = new Set<() => void>();

function setState(next: State): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/** The index file, next to the site's pages. */
const indexUrl = '/search-index.json';

/**
 * Starts loading the engine (its code and the index) unless it is loaded or
 * on its way. The engine's code is a chunk of its own, so no page carries it
 * until the reader searches.
 */
export function loadSearchIndex(): void {
  if (state.status === 'loading' || state.status === 'ready') return;
  setState({status: 'loading'});
  void (async () => {
    try {
      const [{SiteSearch}, response] = await Promise.all([import('@zip/model/siteSearch'), fetch(indexUrl)]);
      if (!response.ok) throw new Error(`${indexUrl} answered ${response.status}`);
      const engine = await SiteSearch.fromIndexFileInSteps(await response.json());
      setState({status: 'ready', engine});
    } catch (error) {
      console.error('The search index could not be loaded:', error);
      setState({status: 'failed'});
    }
  })();
}

/** Loads again after a failure: the reader pressed Retry, or the browser is back online. */
export function retrySearchIndex(): void {
  if (state.status === 'failed') {
    setState({status: 'idle'});
    loadSearchIndex();
  }
}

if (typeof window !== 'undefined') window.addEventListener('online', retrySearchIndex);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: State = {status: 'idle'};

/** The index's status and, once loaded, the engine. */
export function useSearchIndex(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}
