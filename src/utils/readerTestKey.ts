/**
 * The reader's own test secret key, for this browser tab only: kept in
 * sessionStorage (gone when the tab closes, never in localStorage), and put
 * in place of the sample key in every code sample and in the request
 * explorer. Components read it with useReaderTestKey(); the server and the
 * hydrating render always see "no key", so the server's HTML is the same
 * for every reader and hydration matches it.
 */
import {useSyncExternalStore} from 'react';
import {sampleSecretKey, secretTestKeyPattern} from '@site/src/data/testMode';

const storageKey = 'zip.readerTestKey';

/** Why a pasted key was not taken, in words for the reader. */
export type KeyRefusal = 'live' | 'public' | 'malformed';

export type KeyCheck = {readonly ok: true; readonly key: string} | {readonly ok: false; readonly refusal: KeyRefusal};

/** Whether `input` is a test secret key the site may keep and show; a live or public key never is. */
export function checkTestKey(input: string): KeyCheck {
  const key = input.trim();
  if (/^(sk|pk)_live_/.test(key)) return {ok: false, refusal: 'live'};
  if (key.startsWith('pk_')) return {ok: false, refusal: 'public'};
  if (!secretTestKeyPattern.test(key)) return {ok: false, refusal: 'malformed'};
  return {ok: true, key};
}

/** The sample key replaced by the reader's key, everywhere in `text`. */
export function withReaderKey(text: string, key: string | null): string {
  return key === null ? text : text.split(sampleSecretKey).join(key);
}

/** The key with its middle hidden, as the page names it: sk_test_…9f2c. */
export function maskKey(key: string): string {
  return `sk_test_…${key.slice(-4)}`;
}

const listeners = new Set<() => void>();
// Read once: the tab's storage can only change through this module (sessionStorage is per tab).
let currentKey: string | null | undefined;
// Where storage is blocked, the key lives as long as the page.
let storageBlocked = false;

function readStoredKey(): string | null {
  try {
    const stored = window.sessionStorage.getItem(storageKey);
    return stored !== null && checkTestKey(stored).ok ? stored : null;
  } catch {
    storageBlocked = true;
    return null;
  }
}

function getKey(): string | null {
  if (currentKey === undefined) currentKey = readStoredKey();
  return currentKey;
}

function writeKey(key: string | null): void {
  currentKey = key;
  if (!storageBlocked) {
    try {
      if (key === null) window.sessionStorage.removeItem(storageKey);
      else window.sessionStorage.setItem(storageKey, key);
    } catch {
      storageBlocked = true;
    }
  }
  listeners.forEach((listener) => listener());
}

/** Keeps a checked test key for this tab. */
export function setReaderTestKey(key: string): void {
  const check = checkTestKey(key);
  if (!check.ok) throw new Error(`Not a test secret key (${check.refusal}).`);
  writeKey(check.key);
}

export function clearReaderTestKey(): void {
  writeKey(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const noKeyOnServer = (): null => null;

/** The reader's test key, or null; always null on the server and while hydrating. */
export function useReaderTestKey(): string | null {
  return useSyncExternalStore(subscribe, getKey, noKeyOnServer);
}
