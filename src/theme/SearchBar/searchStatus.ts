import {useEffect, useState} from 'react';
import {searchedQueryLength} from '@zip/model/searchQuestion';
import type {SearchHit} from '@zip/model/siteSearch';
import {resultLimit} from './useSearchResults';

/** How long typing pauses before the status is announced. */
export const statusDelayMs = 600;

/** The words of the status line screen readers announce; none for one letter with no result yet. */
export function statusText(status: string, query: string, hits: readonly SearchHit[] | undefined, cut: boolean): string {
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
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
