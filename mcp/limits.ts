/**
 * The MCP endpoint's work budget: what one request may ask of a process or an
 * isolate, so that no client, by a batch, a long query or many requests at
 * once, keeps the others waiting (endpoint.ts applies them; the load test in
 * tests/e2e/docs-mcp.test.ts holds them to a `ping` answered within 500 ms).
 */
import {mcpRequestBodyLimit} from '../plugins/delivery/policy';

/** The most characters one answer holds; longer answers are cut with a note saying how to read on. */
export const answerLimit = 32_000;

/** The most bytes a request body may have: the delivery policy's, which nginx applies too. */
export const requestBodyLimit = mcpRequestBodyLimit;

/** The most JSON-RPC messages in one batch (MCP clients since 2025-06-18 send none). */
export const batchLimit = 4;

/** The most calls one process or isolate works on at once; more get 503 with Retry-After. */
export const callsInFlightLimit = 8;

/** Seconds a refused client is asked to wait. */
export const retryAfterSeconds = 2;

/** A search query's most characters, and words: each word multiplies the queries made of it. */
export const queryCharacterLimit = 120;
export const queryWordLimit = 6;
