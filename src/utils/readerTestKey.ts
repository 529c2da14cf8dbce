/**
 * The reader's own test secret key, for this browser tab only: kept in
 * sessionStorage (gone when the tab closes, never in localStorage), and put
 * in place of the sample key in every code sample and in the request
 * explorer. Components read it with useReaderTestKey(); the server and the
 * hydrating render always see "no key", so the server's HTML is the same
 * for every reader and hydration matches it.
 */
import {useSyncExternalStore} from 'react';
import {sampleSecretKey, secretTestKeyPattern} from '@zip/model/testValues';
import {changeListeners} from '@site/src/utils/changeListeners';
import {basicAuthorization} from '@zip/model/sampleCredentials';

const storageKey = 'zip.readerTestKey';

/** Why a pasted key was not taken, in words for the reader. */
export type KeyRefusal = 'live' | 'public' | 'malformed';

export type KeyCheck = {readonly ok: true; readonly key: string} | {readonly ok: false; readonly refusal: KeyRefusal};

/** What the reader is told when a key is refused: the same words wherever a key can be pasted. */
export const refusalMessages: Readonly<Record<KeyRefusal, string>> = {
  live: 'That is a live key. Live keys move real money, so this site does not take or keep them: paste your secret test key (sk_test_…) from Developers → API keys.',
  public: 'That is a public key. The samples need your secret test key (sk_test_…) from Developers → API keys.',
  malformed: 'A secret test key starts with sk_test_ followed by letters and digits. Copy it again from Developers → API keys.',
};

// Looked for anywhere in the text, in any case, so no wrapping (`Bearer …`,
// quotes, a header line, invisible characters) lets one through: secret,
// restricted and public live keys, then any public key.
const liveKey = /(?:^|[^a-z0-9])(?:sk|rk|pk)_live_/i;
const publicKey = /(?:^|[^a-z0-9])pk_/i;

/** Characters a copy brings along unseen: soft hyphen, zero-width spaces and joiners, direction marks, word joiner, byte order mark. */
const invisibleCharacters = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;
/** Quotes a shell, a chat or a word processor puts around a value, straight or curly, matched or not. */
const quotesAround = /^["'`\u2018-\u201F\u00AB\u00BB\u2039\u203A\u300C-\u300F]+|["'`\u2018-\u201F\u00AB\u00BB\u2039\u203A\u300C-\u300F]+$/g;

/**
 * The key without what often comes with a pasted one: invisible characters,
 * spaces of any kind (no-break ones too), quotes of any kind, an Authorization
 * scheme, curl's trailing colon.
 */
export function bareKey(input: string): string {
  return input
    .replace(invisibleCharacters, '')
    .trim()
    .replace(quotesAround, '')
    .trim()
    .replace(/^(?:bearer|basic)\s+/i, '')
    .replace(/:$/, '')
    .replace(quotesAround, '')
    .trim();
}

/** The refusal of a key the site must never take, a live or a public one; null for any other text, a partly typed key included. */
export function forbiddenKey(input: string): Exclude<KeyRefusal, 'malformed'> | null {
  const visible = input.replace(invisibleCharacters, '');
  if (liveKey.test(visible)) return 'live';
  if (publicKey.test(visible)) return 'public';
  return null;
}

/** Whether `input` is a test secret key the site may keep and show; a live or public key never is. */
export function checkTestKey(input: string): KeyCheck {
  const forbidden = forbiddenKey(input);
  if (forbidden !== null) return {ok: false, refusal: forbidden};
  const key = bareKey(input);
  if (!secretTestKeyPattern.test(key)) return {ok: false, refusal: 'malformed'};
  return {ok: true, key};
}

const testKeyPrefix = 'sk_test_';
/** A test secret key, whole or as far as it is typed: `s`, `sk_te`, `sk_test_Rd8f`. */
const testKeySoFar = /^sk_test_[A-Za-z0-9]{0,128}$/;

/**
 * A value typed or pasted into a key field that sends what it holds at once
 * (the request explorer's): kept, bare, while it is a test secret key or the
 * start of one, so a key typed a character at a time is taken; anything else
 * is refused whole, so no live key gets in from its eighth character on.
 */
export function checkKeyInput(input: string): KeyCheck {
  const forbidden = forbiddenKey(input);
  if (forbidden !== null) return {ok: false, refusal: forbidden};
  const key = bareKey(input);
  if (testKeySoFar.test(key) || testKeyPrefix.startsWith(key)) return {ok: true, key};
  // The start of a live key (`sk_l`, `rk_`) or a public one (`pk`) is no test key's start.
  if (/^pk/i.test(key)) return {ok: false, refusal: 'public'};
  if (/^(?:sk_l|rk_)/i.test(key)) return {ok: false, refusal: 'live'};
  return {ok: false, refusal: 'malformed'};
}

/**
 * The sample key replaced by the reader's key, everywhere in `text`: as written, and as the
 * `Authorization: Basic …` value the endpoint pages' generated samples send.
 */
export function withReaderKey(text: string, key: string | null): string {
  if (key === null) return text;
  const sampleHeader = basicAuthorization(sampleSecretKey);
  return text.split(sampleSecretKey).join(key).split(sampleHeader).join(basicAuthorization(key));
}

/** The key with its middle hidden, as the page names it: sk_test_…9f2c. */
export function maskKey(key: string): string {
  return `sk_test_…${key.slice(-4)}`;
}

const keyChanges = changeListeners();
// Read once: the tab's storage can only change through this module (sessionStorage is per tab).
let currentKey: string | null | undefined;
// Where storage is blocked, the key lives as long as the page.
let storageBlocked = false;

function readStoredKey(): string | null {
  try {
    const stored = window.sessionStorage.getItem(storageKey);
    if (stored === null) return null;
    // Whatever another version of the site or a hand kept there, only a test key is used; anything else is dropped.
    const check = checkTestKey(stored);
    if (!check.ok) window.sessionStorage.removeItem(storageKey);
    else if (check.key !== stored) window.sessionStorage.setItem(storageKey, check.key);
    return check.ok ? check.key : null;
  } catch {
    storageBlocked = true;
    return null;
  }
}

function getKey(): string | null {
  if (currentKey === undefined) currentKey = readStoredKey();
  return currentKey;
}

/** The fields in which the request explorer keeps a credential (docusaurus-theme-openapi-docs's auth-types). */
const explorerCredentialFields = ['username', 'password', 'token', 'apiKey'];

/**
 * Whether an entry of the explorer's storage may fill its form: anything but
 * credentials, or credentials that are a test secret key and Zip's empty
 * password. Whatever else is there (a live key, a curly quote kept by an
 * earlier version of the site) is not used.
 */
export function storedCredentialsAllowed(entry: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(entry);
  } catch {
    return true;
  }
  if (typeof value !== 'object' || value === null) return true;
  return Object.entries(value).every(([field, credential]: [string, unknown]) => {
    if (!explorerCredentialFields.includes(field) || credential === undefined || credential === null || credential === '') return true;
    return field !== 'password' && typeof credential === 'string' && secretTestKeyPattern.test(credential);
  });
}

/**
 * Removes the request explorer's own copies of credentials from `storage`. The
 * explorer keeps one JSON entry per security scheme (`{"username": …,
 * "password": …}` under the scheme's name) and fills its form from them on
 * every endpoint page, so forgetting the key anywhere must remove them too.
 */
function removeExplorerCredentials(storage: Storage): void {
  const names = Array.from({length: storage.length}, (_, index) => storage.key(index)).filter((name) => name !== null);
  for (const name of names) {
    try {
      const value: unknown = JSON.parse(storage.getItem(name) ?? '');
      if (typeof value === 'object' && value !== null && explorerCredentialFields.some((field) => field in value)) {
        storage.removeItem(name);
      }
    } catch {
      // Not JSON, so not a credential: the explorer's chosen content type or scheme.
    }
  }
}

function writeKey(key: string | null): void {
  currentKey = key;
  if (!storageBlocked) {
    try {
      if (key === null) {
        window.sessionStorage.removeItem(storageKey);
        removeExplorerCredentials(window.sessionStorage);
      } else {
        window.sessionStorage.setItem(storageKey, key);
      }
    } catch {
      storageBlocked = true;
    }
  }
  keyChanges.notify();
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

const noKeyOnServer = (): null => null;

/** The reader's test key, or null; always null on the server and while hydrating. */
export function useReaderTestKey(): string | null {
  return useSyncExternalStore(keyChanges.subscribe, getKey, noKeyOnServer);
}
