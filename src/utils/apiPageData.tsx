import {use, type ReactNode} from 'react';
import type {Preloadable} from './preloadable';

/**
 * An endpoint page's data (its operation, its sections' parameters, request
 * body and responses), as the page's module holds it
 * (plugins/api-reference/page-data.ts): the data itself in the server's
 * render, the URL of its JSON file in the browser, fetched when the page
 * needs it.
 */
export type PageData<T> = T | string;

const fetched = new Map<string, unknown>();
const fetching = new Map<string, Promise<unknown>>();

/** Fetches a page data file once; a failed fetch is tried again the next time it is asked for. */
export function fetchPageData(url: string): Promise<unknown> {
  let pending = fetching.get(url);
  if (!pending) {
    pending = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`This page's data (${url}) did not load: ${response.status} ${response.statusText}.`);
      const data: unknown = await response.json();
      fetched.set(url, data);
      return data;
    });
    fetching.set(url, pending);
    pending.catch(() => fetching.delete(url));
  }
  return pending;
}

/** The data, if it is here: the server's, or a file already fetched; undefined while it is not. */
export function pageDataIfHere<T>(data: PageData<T>): T | undefined {
  return typeof data === 'string' ? (fetched.get(data) as T | undefined) : data;
}

/** The data, suspending while its file is fetched. */
export function usePageData<T>(data: PageData<T>): T {
  return pageDataIfHere(data) ?? (use(fetchPageData(data as string)) as T);
}

/** Fetches the data of a page's sections (its module's `sectionData` export); settles once every file is there. */
export function preloadSectionData(sectionData: unknown): Promise<unknown> {
  const urls = Array.isArray(sectionData) ? sectionData.filter((entry): entry is string => typeof entry === 'string') : [];
  return Promise.all(urls.map(fetchPageData));
}

/**
 * A reference section that takes its props as `data`: rendered at once when
 * the data is here (the server's, or fetched by `preloadSectionData`),
 * suspending while it is fetched otherwise.
 */
export function withSectionData<P extends object>(Section: Preloadable<P>): Preloadable<{readonly data: PageData<P>}> {
  function SectionWithData({data}: {readonly data: PageData<P>}): ReactNode {
    return <Section {...usePageData(data)} />;
  }
  return Object.assign(SectionWithData, {preload: Section.preload});
}
