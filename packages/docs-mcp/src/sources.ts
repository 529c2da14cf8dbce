/**
 * What the docs MCP server's tools read, kept between requests of one process or isolate: the
 * site's files, the search over its index and the published operations.
 */
import {ApiOperations} from './operations';
import {DocsSearch} from './search';
import type {SiteFiles} from './site-files';

export interface DocsSources {
  readonly files: SiteFiles;
  readonly search: DocsSearch;
  readonly api: ApiOperations;
}

export function docsSources(files: SiteFiles): DocsSources {
  return {files, search: new DocsSearch(files), api: new ApiOperations(files)};
}
