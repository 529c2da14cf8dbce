/**
 * Scores a search engine on a set of queries (plugins/search/queries/):
 * the share whose first result answers, whose first three results hold an
 * answer, and with no result at all. `npm run bench` prints it for the
 * site's search on the bench build.
 */

export interface ScoredQuery {
  readonly query: string;
  /**
   * Sections that answer, best first: `/page#anchor` is that section, `/page`
   * any section of the page, `/folder/` any page under it.
   */
  readonly answers: readonly string[];
}

export interface QueryScore {
  readonly total: number;
  readonly top1: number;
  readonly top3: number;
  readonly noResult: number;
  /** The queries without an answer in their first three results, with what came first. */
  readonly misses: readonly {readonly query: string; readonly results: readonly string[]}[];
}

/** True when a result (a site path, maybe with `#anchor`) is one the answer names. */
export function answers(answer: string, result: string): boolean {
  if (answer.includes('#')) return result === answer;
  const page = result.split('#')[0] ?? '';
  return answer.endsWith('/') ? page.startsWith(answer) : page === answer;
}

/** Runs every query through `search` (result paths, best first) and scores the answers. */
export async function scoreQueries(
  queries: readonly ScoredQuery[],
  search: (query: string) => Promise<readonly string[]> | readonly string[],
): Promise<QueryScore> {
  let top1 = 0;
  let top3 = 0;
  let noResult = 0;
  const misses: {query: string; results: readonly string[]}[] = [];
  for (const {query, answers: expected} of queries) {
    const results = await search(query);
    const answered = (result: string | undefined): boolean => result !== undefined && expected.some((answer) => answers(answer, result));
    if (results.length === 0) noResult += 1;
    if (answered(results[0])) top1 += 1;
    if (results.slice(0, 3).some(answered)) top3 += 1;
    else misses.push({query, results: results.slice(0, 3)});
  }
  return {total: queries.length, top1, top3, noResult, misses};
}

const percent = (count: number, total: number): string => `${Math.round((100 * count) / Math.max(total, 1))} %`;

/** One line: "questions (52): top-1 75 %, top-3 92 %, no result 0 %". */
export function formatScore(name: string, score: QueryScore): string {
  const {total, top1, top3, noResult} = score;
  return `${name} (${total}): top-1 ${percent(top1, total)}, top-3 ${percent(top3, total)}, no result ${percent(noResult, total)}`;
}
