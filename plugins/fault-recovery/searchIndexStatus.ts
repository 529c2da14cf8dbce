/**
 * Whether the search index could be loaded, shared by the index loader
 * (searchIndexLoading.ts) and what the reader sees (the navbar search box and
 * the results page, through `SearchIndexUnavailable`).
 */
import {useSyncExternalStore} from 'react';

export interface SearchIndexStatus {
  /** The last attempt to load the index failed, and no new attempt is under way. */
  readonly failed: boolean;
}

const loadingOrLoaded: SearchIndexStatus = {failed: false};
const failed: SearchIndexStatus = {failed: true};

let status = loadingOrLoaded;
const listeners = new Set<() => void>();
let waitingForRetry: (() => void)[] = [];

function setStatus(next: SearchIndexStatus): void {
  status = next;
  listeners.forEach((listener) => listener());
}

export function reportIndexFailed(error: unknown): void {
  console.warn('The search index could not be loaded; search waits for a retry.', error);
  setStatus(failed);
}

export function reportIndexLoaded(): void {
  setStatus(loadingOrLoaded);
}

/** Resolves when the reader asks to try again, or the browser is back online. */
export function nextRetry(): Promise<void> {
  return new Promise((resolve) => {
    waitingForRetry.push(resolve);
  });
}

export function retryIndexLoad(): void {
  const waiting = waitingForRetry;
  waitingForRetry = [];
  setStatus(loadingOrLoaded);
  waiting.forEach((resume) => resume());
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (status.failed) retryIndexLoad();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSearchIndexStatus(): SearchIndexStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => loadingOrLoaded,
  );
}
