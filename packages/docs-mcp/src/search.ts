/**
 * `search_docs`: the site search itself (packages/model/src/siteSearch.ts) over the
 * build's `search-index.json`, so an assistant gets the sections a reader
 * gets, in the same order.
 */
import {SiteSearch, searchIndexPath, type SearchHit} from '@zip/model/siteSearch';
import {searchedQuery} from './limits';
import type {SiteFiles} from './site-files';

export class DocsSearch {
  private engine: Promise<SiteSearch> | undefined;

  constructor(private readonly files: SiteFiles) {}

  private load(): Promise<SiteSearch> {
    this.engine ??= (async () => {
      const text = await this.files(searchIndexPath);
      if (text === undefined) throw new Error(`The site has no ${searchIndexPath}: it was built without its search index.`);
      return SiteSearch.fromIndexFile(text);
    })();
    // A failed load is not kept: the next search reads the file again.
    this.engine.catch(() => (this.engine = undefined));
    return this.engine;
  }

  /** The site search's results for a query, best first, at most `limit`: on its first words when it is very long (limits.ts). */
  async search(query: string, limit: number): Promise<SearchHit[]> {
    return (await this.load()).search(searchedQuery(query).text, limit);
  }
}
