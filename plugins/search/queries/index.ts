/**
 * Both query sets scored against a build's search index, as `npm run bench`
 * prints them: the site search's engine (packages/model/src/siteSearch.ts) over the
 * build's `search-index.json`, its first results as the search box lists them.
 */
import {readFile} from 'node:fs/promises';
import {join} from 'node:path';
import {SiteSearch, searchIndexPath} from '@zip/model/siteSearch';
import {keywordQueries} from './keywords';
import {merchantQueries} from './merchants';
import {questions} from './questions';
import {formatScore, scoreQueries} from './score';

/** One line per set: "questions (52): top-1 77 %, top-3 92 %, no result 0 %", then each question without an answer in the first three. */
export async function searchQualityReport(buildDir: string): Promise<string[]> {
  const engine = SiteSearch.fromIndexFile(await readFile(join(buildDir, searchIndexPath), 'utf8'));
  const lines: string[] = [];
  for (const [name, set] of [
    ['Questions', questions],
    ['Keywords', keywordQueries],
    ['Merchants', merchantQueries],
  ] as const) {
    const score = await scoreQueries(set, (query) => engine.search(query, 8).map((hit) => hit.path));
    lines.push(
      formatScore(name, score),
      ...score.misses.map(({query, results}) => `  not in the first three: “${query}” → ${results.join(', ') || 'no result'}`),
    );
  }
  return lines;
}
