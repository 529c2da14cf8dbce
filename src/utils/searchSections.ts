/**
 * The three sections a search result can belong to, and how to tell which one
 * a result is in. The search bar and the search page label every result with
 * its section (src/theme/SearchBar, src/theme/SearchPage).
 */

export type SearchSectionLabel = 'Help' | 'Guides' | 'API';

export interface SearchSection {
  /** What a reader sees on each result. */
  readonly label: SearchSectionLabel;
  /** Route prefix of the section's docs instance. */
  readonly routePrefix: string;
  /**
   * The section's navbar label in docusaurus.config.ts. The search index
   * records the page's active navbar item as the first breadcrumb of every
   * result, so in the dropdown (which shows breadcrumbs, not URLs) this is
   * how a result's section is recognised. tests/unit/search.test.ts
   * checks these against the config.
   */
  readonly navbarLabel: string;
}

/** Most specific route prefix first: the help centre owns everything else under `/`. */
export const searchSections: readonly SearchSection[] = [
  {label: 'API', routePrefix: '/api/', navbarLabel: 'API Reference'},
  {label: 'Guides', routePrefix: '/guides/', navbarLabel: 'Guides'},
  {label: 'Help', routePrefix: '/', navbarLabel: 'Docs'},
];

/** The section a page of this site belongs to, from its path (`/api/errors` → API). */
export function sectionOfPath(pathname: string): SearchSection | undefined {
  const withSlash = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return searchSections.find((section) => withSlash.startsWith(section.routePrefix));
}

/** Separator the search plugin puts between breadcrumbs ("API Reference › Charges"). */
const breadcrumbSeparator = ' › ';

/** The section named by the first breadcrumb of a result's path, if any. */
export function sectionOfBreadcrumbs(breadcrumbs: string): SearchSection | undefined {
  const first = breadcrumbs.split(breadcrumbSeparator)[0]?.trim();
  return searchSections.find((section) => section.navbarLabel === first);
}
