/**
 * How well site search answers the query sets of plugins/search/queries
 * (questions, keywords and a shop owner's searches), on the test build's
 * index: at least nine in ten with an answer among the first three results,
 * and none without a result. No browser: the engine is the one the box and
 * search_docs run (packages/model/src/siteSearch.ts). It needs the build, so it runs
 * with the browser tests.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from '@playwright/test';
import {keywordQueries} from '../../plugins/search/queries/keywords';
import {merchantQueries} from '../../plugins/search/queries/merchants';
import {questions} from '../../plugins/search/queries/questions';
import {formatScore, scoreQueries} from '../../plugins/search/queries/score';
import {SiteSearch, searchIndexPath} from '@zip/model/siteSearch';
import {buildDir} from '../support/site';

/** The least share of a set's queries with an answer among the first three results. */
const top3Floor = 0.9;

test.describe('search quality on the query sets', () => {
  const engine = SiteSearch.fromIndexFile(readFileSync(join(buildDir, searchIndexPath), 'utf8'));

  for (const [name, set] of [
    ['Questions', questions],
    ['Keywords', keywordQueries],
    ['Merchants', merchantQueries],
  ] as const) {
    test(`${name}: top-3 at least ${top3Floor * 100} %, every query with a result`, async () => {
      const score = await scoreQueries(set, (query) => engine.search(query, 8).map((hit) => hit.path));
      const misses = score.misses.map(({query, results}) => `“${query}” → ${results.join(', ') || 'no result'}`).join('\n');
      assert.equal(score.noResult, 0, `${formatScore(name, score)}\n${misses}`);
      assert.ok(score.top3 >= top3Floor * score.total, `${formatScore(name, score)}; not in the first three:\n${misses}`);
    });
  }
});
