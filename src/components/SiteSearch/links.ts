import type {SearchHit} from '@zip/model/siteSearch';

/**
 * Where a result leads: its section, with the query's words as `_highlight`
 * so an endpoint page opened for a field's name scrolls to that field
 * (src/components/FieldAnchor/useSearchLandsOnField.ts).
 */
export function hitHref(hit: SearchHit, query: string): string {
  const [path = '', anchor] = hit.path.split('#');
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_-]+/u)
    .filter((word) => word.length > 1);
  const search = words.length > 0 ? `?${new URLSearchParams(words.map((word) => ['_highlight', word])).toString()}` : '';
  return `${path}${search}${anchor ? `#${anchor}` : ''}`;
}

/** "Webhooks › Duplicates", or the page's title for the page's top. */
export function hitTitle(hit: SearchHit): string {
  return hit.heading ? `${hit.pageTitle} › ${hit.heading}` : hit.pageTitle;
}

/** The full results page for a query. */
export function searchPageHref(query: string): string {
  return `/search?${new URLSearchParams({q: query}).toString()}`;
}
