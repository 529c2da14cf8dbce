/**
 * After the crawl (this file's project depends on the crawl's, see
 * playwright.config.ts): every internal link to an anchor that a crawled page
 * had after hydration points at an element its target page had, as the
 * crawl recorded them (tests/support/crawl-records.ts).
 */
import assert from 'node:assert/strict';
import {test} from '@playwright/test';
import {readCrawlRecords} from '../support/crawl-records';

test('every internal anchor link points at an element on its target page', () => {
  const records = readCrawlRecords();
  assert.ok(records.length > 0, 'the crawl recorded the pages it visited');
  const idsByPage = new Map(records.map((record) => [record.path, new Set(record.ids)]));
  /** Link target path#anchor → the pages that link there. */
  const sourcesByTarget = new Map<string, string[]>();
  for (const record of records) {
    for (const target of record.anchorLinks) sourcesByTarget.set(target, [...(sourcesByTarget.get(target) ?? []), record.path]);
  }
  const broken: string[] = [];
  for (const [target, sources] of sourcesByTarget) {
    const hashIndex = target.indexOf('#');
    const ids = idsByPage.get(target.slice(0, hashIndex));
    if (ids && !ids.has(decodeURIComponent(target.slice(hashIndex + 1)))) {
      broken.push(`${target} (linked from ${sources.sort().join(', ')})`);
    }
  }
  assert.deepEqual(broken, []);
});
