/**
 * What the crawl (tests/e2e/crawl.test.ts) saw on each page after hydration,
 * written beside the page's test output so the anchor check, which runs once
 * every page is crawled (tests/e2e/crawl-anchors.test.ts, a project of its
 * own that depends on the crawl's, playwright.config.ts), can read what
 * pages crawled in other workers saw.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {testOutputDir} from './site';

export interface CrawlRecord {
  /** The page's path, as the sitemap lists it. */
  readonly path: string;
  /** Every element id on the page. */
  readonly ids: readonly string[];
  /** The page's internal links with an anchor: `/target/path#anchor`. */
  readonly anchorLinks: readonly string[];
}

/** The file name of a page's record, in its test's output folder. */
export const crawlRecordFile = 'crawl-record.json';

/** Every record of this run (the runner empties its output folder when a run starts). */
export function readCrawlRecords(): CrawlRecord[] {
  return readdirSync(testOutputDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name === crawlRecordFile)
    .map((entry) => JSON.parse(readFileSync(join(entry.parentPath, entry.name), 'utf8')) as CrawlRecord);
}
