/**
 * Where a page's Markdown twin is served: the page's path with `.md` added
 * (`/help/security` → `/help/security.md`), and `index.md` in the base URL for
 * the site's root page. The build writes the twins there
 * (plugins/machine-readable) and the "Copy page as Markdown" button reads them
 * from there, so both use this one function.
 */
export function markdownTwinPath(pagePath: string, baseUrl = '/'): string {
  const page = pagePath.replace(/\/+$/, '');
  const base = baseUrl.replace(/\/+$/, '');
  return page === base ? `${base}/index.md` : `${page}.md`;
}
