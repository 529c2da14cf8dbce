/**
 * Reading a request body without trusting it: read as a stream up to a limit (a larger body is
 * `413` before it is held in memory), parsed as JSON, and refused when it nests deeper than any
 * schema of the specs or carries a key that would reach an object's prototype (`__proto__`,
 * which `Object.assign` would follow).
 */
import type {IncomingMessage} from 'node:http';
import {HttpError, invalidRequest} from './errors';

export const bodyLimitBytes = 1024 * 1024;
const maxDepth = 32;
const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** The body's bytes; throws a `413` as soon as it passes the limit, declared or streamed. */
export async function readBody(request: IncomingMessage, limit = bodyLimitBytes): Promise<Buffer> {
  const tooLarge = () =>
    new HttpError(413, {type: 'invalid_request_error', code: 'request_malformed', message: `The body is over ${limit} bytes.`});
  if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Walks the parsed value without recursion, so a deep value cannot exhaust the stack. */
function checkShape(value: unknown): void {
  const stack: {value: unknown; depth: number; path: string}[] = [{value, depth: 0, path: ''}];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next || typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= maxDepth)
      throw invalidRequest(400, 'request_malformed', `The body nests deeper than ${maxDepth} levels at ${next.path || 'its root'}.`);
    for (const [key, child] of Object.entries(next.value)) {
      const path = next.path ? `${next.path}.${key}` : key;
      if (forbiddenKeys.has(key)) throw invalidRequest(400, 'request_malformed', `The body may not have a key named ${key}.`, path);
      stack.push({value: child, depth: next.depth + 1, path});
    }
  }
}

/** The body as a JSON object, or a `400 request_malformed` saying why it is not one. */
export function parseJsonObject(raw: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(raw));
  } catch (error) {
    throw invalidRequest(400, 'request_malformed', `The request body is not valid JSON: ${(error as Error).message}.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidRequest(400, 'request_malformed', 'The request body must be a JSON object.');
  checkShape(value);
  return value as Record<string, unknown>;
}
