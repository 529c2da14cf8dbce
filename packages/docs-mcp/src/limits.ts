/**
 * The MCP endpoint's work budget: what one request may ask of a process or an
 * isolate, so that no client, by a batch, a long query or many requests at
 * once, keeps the others waiting (endpoint.ts applies them; the load test in
 * tests/e2e/docs-mcp.test.ts holds them to a `ping` answered within 500 ms).
 */
import {searchStopWords} from '@zip/model/searchVocabulary';
import {mcpRequestBodyLimit} from '@zip/model/docsMcp';

/** The most characters one answer holds; longer answers are cut with a note saying how to read on. */
export const answerLimit = 32_000;

/**
 * The size an answer about a page aims at: a digest and one section fit in an assistant's context
 * beside its code. A page longer than this answers with its outline and opening, then by section.
 */
export const answerBudget = 8_000;

/** The most bytes a request body may have: the delivery policy's, which nginx applies too. */
export const requestBodyLimit = mcpRequestBodyLimit;

/** The most JSON-RPC messages in one batch (MCP clients since 2025-06-18 send none). */
export const batchLimit = 4;

/**
 * The most calls one client (an address) has in flight at once: two of the largest batches. More
 * get 503 with Retry-After, that client's only; others' calls are answered meanwhile.
 */
export const clientCallsInFlightLimit = 2 * batchLimit;

/** The most calls one process or isolate works on at once, whoever sent them: a bound of its memory. */
export const callsInFlightLimit = 64;

/** Seconds a refused client is asked to wait. */
export const retryAfterSeconds = 2;

/**
 * A search query's most characters: a guard of the server's time and memory, not of the reader's
 * wording. A question quoting a field, a URL and an error message fits many times over; the site
 * search picks a long question's useful words itself (packages/model/src/siteSearch.ts).
 */
export const queryCharacterLimit = 2_000;

/**
 * The most distinct words besides stop words ("how", "to", "a") that reach the engine, whose work
 * grows with the words it keeps (a search of this many holds the event loop for tens of
 * milliseconds, which the load tests hold): a longer question is searched on its first ones, and
 * the answer says so. Words repeated add nothing, and are searched once.
 */
export const searchedWordLimit = 16;

/** The words of a text the engine counts: those the site search does not drop as stop words. */
function countedWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((word) => word !== '' && !searchStopWords.has(word));
}

/**
 * The query the engine gets: the reader's words in their order, without tokens whose counted
 * words came before, until `searchedWordLimit` of them; `cut` when the rest was left out.
 */
export function searchedQuery(query: string): {text: string; cut: boolean} {
  const seen = new Set<string>();
  const kept: string[] = [];
  let cut = false;
  for (const token of query.split(/\s+/)) {
    const words = countedWords(token);
    const fresh = words.filter((word) => !seen.has(word));
    if (words.length > 0 && fresh.length === 0) continue;
    if (seen.size + fresh.length > searchedWordLimit) {
      cut = true;
      break;
    }
    for (const word of fresh) seen.add(word);
    kept.push(token);
  }
  return {text: kept.join(' '), cut};
}
