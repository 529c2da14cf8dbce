/**
 * The three sections a search result can belong to, and how to tell which one
 * a result is in. The search bar and the search page label every result with
 * its section (src/theme/SearchBar, src/components/SiteSearch/SearchPage.tsx).
 */

export type SearchSectionLabel = 'Help' | 'Guides' | 'API';

export interface SearchSection {
  /** What a reader sees on each result. */
  readonly label: SearchSectionLabel;
  /** Route prefix of the section's docs instance. */
  readonly routePrefix: string;
}

/** Most specific route prefix first: the help centre owns everything else under `/`. */
export const searchSections: readonly SearchSection[] = [
  {label: 'API', routePrefix: '/api/'},
  {label: 'Guides', routePrefix: '/guides/'},
  {label: 'Help', routePrefix: '/'},
];

/** The section a page of this site belongs to, from its path (`/api/errors` → API). */
export function sectionOfPath(pathname: string): SearchSection | undefined {
  const withSlash = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return searchSections.find((section) => withSlash.startsWith(section.routePrefix));
}
