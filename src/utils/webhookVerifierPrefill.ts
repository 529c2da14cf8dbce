/**
 * A delivery handed to the webhook verifier (/api/webhooks#check-a-delivery) by another page of the
 * tab, such as the explorer's log of the test mode in this tab: the signature header, the raw body
 * and the secret that signed it. Kept in session storage (memory when storage is off) until the
 * verifier takes it, once; nothing leaves the browser.
 */
export interface VerifierPrefill {
  readonly header: string;
  readonly body: string;
  readonly secret: string;
  /** What the delivery is, for the verifier to say: "evt_… (source.chargeable)". */
  readonly label: string;
}

const storageKey = 'zip-webhook-verifier-prefill';
let inMemory: VerifierPrefill | undefined;

function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function offerToVerifier(prefill: VerifierPrefill): void {
  inMemory = prefill;
  try {
    tabStorage()?.setItem(storageKey, JSON.stringify(prefill));
  } catch {
    // Storage refused: the verifier, in this same tab, reads the copy in memory.
  }
}

const isPrefill = (value: unknown): value is VerifierPrefill =>
  typeof value === 'object' &&
  value !== null &&
  ['header', 'body', 'secret', 'label'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/** The delivery offered to the verifier, if any, forgotten as it is taken. */
export function takeVerifierPrefill(): VerifierPrefill | undefined {
  let stored: unknown;
  try {
    const storage = tabStorage();
    stored = JSON.parse(storage?.getItem(storageKey) ?? 'null');
    storage?.removeItem(storageKey);
  } catch {
    stored = undefined;
  }
  const taken = isPrefill(stored) ? stored : inMemory;
  inMemory = undefined;
  return taken;
}
