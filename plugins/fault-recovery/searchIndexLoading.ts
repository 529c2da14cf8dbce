/**
 * Stands in for the search plugin's `searchByWorker` module where its
 * `SearchBar` and `SearchPage` import it (plugins/fault-recovery.ts).
 *
 * The plugin's index loading has no failure path. When the index cannot be
 * fetched, its search bar stays "loading" for good (it marks the index as
 * loading and never asks again), the results page spins for good, and the
 * worker keeps the failed fetch as the index of that URL, so even a new
 * request would fail. Here a failed load is reported to the reader
 * (searchIndexStatus.ts) and tried again when the reader presses Retry or
 * the browser comes back online; the plugin's call resolves once a load
 * succeeds, so the plugin carries on as if the index had just arrived.
 */
import {
  fetchIndexesByWorker as fetchInWorker,
  searchByWorker as searchInWorker,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker';
import {nextRetry, reportIndexFailed, reportIndexLoaded} from './searchIndexStatus';

/**
 * The worker caches each load, failed ones too, under the base URL it was
 * asked for. Each new attempt asks for the same file under an equivalent URL
 * ("/./search-index.json" is "/search-index.json"), which the worker has not
 * seen.
 */
function baseUrlForAttempt(baseUrl: string, attempt: number): string {
  return baseUrl + './'.repeat(attempt);
}

/** Each index's load, by base URL and search context: resolves to the base URL it loaded under. */
const loads = new Map<string, Promise<string>>();

async function loadUntilLoaded(baseUrl: string, searchContext: string): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const attemptBaseUrl = baseUrlForAttempt(baseUrl, attempt);
    try {
      await fetchInWorker(attemptBaseUrl, searchContext);
      reportIndexLoaded();
      return attemptBaseUrl;
    } catch (error) {
      reportIndexFailed(error);
      await nextRetry();
    }
  }
}

function loadIndex(baseUrl: string, searchContext: string): Promise<string> {
  const key = `${baseUrl}\n${searchContext}`;
  let load = loads.get(key);
  if (!load) {
    load = loadUntilLoaded(baseUrl, searchContext);
    loads.set(key, load);
  }
  return load;
}

export async function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void> {
  await loadIndex(baseUrl, searchContext);
}

export async function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<unknown> {
  return searchInWorker(await loadIndex(baseUrl, searchContext), searchContext, input, limit);
}
