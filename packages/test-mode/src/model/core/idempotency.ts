/**
 * The idempotency store as the specs' "Idempotency" section states it: a key is scoped to the API key
 * and the operation; a completed answer is stored and replayed; 409, 429 and 5xx are not stored, so a
 * retry runs again; the same key with another body is refused; a key is forgotten after
 * `facts.api.idempotencyKeyRetentionHours`. Bodies are compared canonically: the same fields in
 * another order are the same body, as JSON objects are unordered. The canonical text itself is kept,
 * not a digest: exact, synchronous in the browser too, and no larger than the answer stored beside it.
 */
import {facts} from '@zip/model/facts';
import type {Answer} from './errors';
import {hourMs} from './ids';

interface StoredAnswer {
  bodyHash: string;
  createdAt: number;
  answer?: Answer;
}

/** JSON with every object's keys sorted, so that key order does not change the text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export type Lookup = {kind: 'new'} | {kind: 'reused'} | {kind: 'in-progress'} | {kind: 'replay'; answer: Answer};

export class IdempotencyStore {
  private readonly stored = new Map<string, StoredAnswer>();

  /** At most `limit` keys are kept; beyond it the oldest is forgotten early, so memory stays bounded. */
  constructor(private readonly limit: number) {}

  /** What two requests' bodies are compared by. */
  static hash(body: unknown): string {
    return canonicalJson(body);
  }

  /** What the key means now; a new key is marked in progress until `finish`. */
  begin(key: string, bodyHash: string, nowMs: number): Lookup {
    const stored = this.stored.get(key);
    if (stored && nowMs - stored.createdAt >= facts.api.idempotencyKeyRetentionHours * hourMs) this.stored.delete(key);
    const live = this.stored.get(key);
    if (live && live.bodyHash !== bodyHash) return {kind: 'reused'};
    if (live && !live.answer) return {kind: 'in-progress'};
    if (live?.answer) return {kind: 'replay', answer: live.answer};
    this.stored.set(key, {bodyHash, createdAt: nowMs});
    if (this.stored.size > this.limit) this.stored.delete(this.stored.keys().next().value as string);
    return {kind: 'new'};
  }

  /** Stores a completed answer; 409, 429 and 5xx are forgotten, so the same key runs again. */
  finish(key: string, bodyHash: string, answer: Answer, nowMs: number): void {
    const stores = answer.status < 500 && answer.status !== 409 && answer.status !== 429;
    if (stores) this.stored.set(key, {bodyHash, createdAt: this.stored.get(key)?.createdAt ?? nowMs, answer});
    else this.stored.delete(key);
  }
}
