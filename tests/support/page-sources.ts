/**
 * The routes of page sources, as the last build recorded them: Docusaurus writes each doc's
 * metadata (its `source` and `permalink`) under `.docusaurus/`. The pages lane (scripts/ci/lanes.ts)
 * crawls only the pages a change touches: `ZIP_CRAWL_SOURCES=docs/help/a.mdx,guides/b.mdx`.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';

const docsMetadata = join('.docusaurus', 'docusaurus-plugin-content-docs');

/** Source path (`docs/help/a.mdx`) → route (`/help/a`), for every doc of the last build. */
export function routesBySource(): Map<string, string> {
  const routes = new Map<string, string>();
  for (const instance of readdirSync(docsMetadata, {withFileTypes: true}).filter((entry) => entry.isDirectory())) {
    const folder = join(docsMetadata, instance.name);
    for (const file of readdirSync(folder).filter((name) => /^site-.+\.json$/.test(name))) {
      const doc = JSON.parse(readFileSync(join(folder, file), 'utf8')) as {source?: string; permalink?: string};
      if (doc.source?.startsWith('@site/') && doc.permalink) routes.set(doc.source.slice('@site/'.length), doc.permalink);
    }
  }
  return routes;
}

/** The pages to crawl: every page, or the routes of `ZIP_CRAWL_SOURCES` when it is set. */
export function crawlSelection(pagePaths: readonly string[], sources = process.env.ZIP_CRAWL_SOURCES): string[] {
  const wanted = (sources ?? '').split(',').filter(Boolean);
  if (wanted.length === 0) return [...pagePaths];
  const routes = routesBySource();
  return wanted.map((source) => {
    const route = routes.get(source);
    if (!route || !pagePaths.includes(route)) {
      throw new Error(`ZIP_CRAWL_SOURCES names ${source}, which the last build made into no page of the sitemap`);
    }
    return route;
  });
}
