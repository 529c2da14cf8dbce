/**
 * The MCP endpoint's work budget: what one request may ask of a process or an
 * isolate, so that no client, by a batch, a long query or many requests at
 * once, keeps the others waiting (endpoint.ts applies them; the load test in
 * tests/e2e/docs-mcp.test.ts holds them to a `ping` answered within 500 ms).
 */
import {searchStopWords} from '../src/data/searchVocabulary';
import {mcpRequestBodyLimit} from '../plugins/delivery/policy';

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

/** The most calls one process or isolate works on at once; more get 503 with Retry-After. */
export const callsInFlightLimit = 8;

/** Seconds a refused client is asked to wait. */
export const retryAfterSeconds = 2;

/**
 * A search query's most characters, and words that are not stop words ("how", "to", "a"): room
 * for a question an assistant asks in a developer's own words. The site search's work grows
 * with the words it keeps, a few milliseconds for a question of eleven (plugins/search/README.md).
 */
export const queryCharacterLimit = 200;
export const queryWordLimit = 16;

/** The words of a query the limit counts: those the site search does not drop as stop words. */
export function countedQueryWords(query: string): number {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((word) => word !== '' && !searchStopWords.has(word)).length;
}
