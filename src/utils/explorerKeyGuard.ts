/**
 * Keeps everything but test secret keys out of the request explorer, as the
 * "Use my test key" control does out of the samples (src/utils/readerTestKey.ts).
 * Every credential the explorer's form, the reader's key or anything else
 * writes goes through the store's `setAuthData`; this middleware keeps a test
 * key (or its start, as it is typed) without the quotes, spaces and invisible
 * characters a copy brings, and turns anything else (a live or public key in
 * any case, typed or pasted, or text no key starts with) into "no value"
 * before the store keeps it, the persistence middleware stores it, the
 * samples show it or Send sends it. The field, which shows the store's value,
 * is emptied with it. The refusal is kept here for the form to show (one
 * explorer per page).
 */
import {useSyncExternalStore} from 'react';
import type {Middleware} from 'redux';
import {setAuthData, type AuthDataPayload} from '@theme/ApiExplorer/Authorization/slice';
import {checkKeyInput, type KeyRefusal} from '@site/src/utils/readerTestKey';
import {changeListeners} from '@site/src/utils/changeListeners';

type Refusal = KeyRefusal;

let refusal: Refusal | null = null;
const refusalChanges = changeListeners();

function setRefusal(next: Refusal | null): void {
  if (next === refusal) return;
  refusal = next;
  refusalChanges.notify();
}

function isSetAuthData(action: unknown): action is {readonly type: string; readonly payload: AuthDataPayload} {
  return typeof action === 'object' && action !== null && (action as {type?: unknown}).type === setAuthData.type;
}

export const refuseForbiddenKeys: Middleware = () => (next) => (action) => {
  // An empty value (a cleared field, the password Zip leaves empty) neither refuses nor accepts a key.
  if (!isSetAuthData(action) || !action.payload.value) return next(action);
  const check = checkKeyInput(action.payload.value);
  setRefusal(check.ok ? null : check.refusal);
  if (check.ok && check.key === action.payload.value) return next(action);
  return next(setAuthData({...action.payload, value: check.ok && check.key !== '' ? check.key : undefined}));
};

/** Clears the refusal, when the form it belongs to goes away. */
export function clearKeyRefusal(): void {
  setRefusal(null);
}

/** Why the explorer last refused a credential, or null once an accepted one is given. */
export function useKeyRefusal(): Refusal | null {
  return useSyncExternalStore(
    refusalChanges.subscribe,
    () => refusal,
    () => null,
  );
}
