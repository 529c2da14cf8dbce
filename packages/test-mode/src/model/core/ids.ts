/** Ids and times as the specs write them: a prefix and 24 letters and digits; ISO 8601 to the second. */

/** Fills `bytes` with random values; Web Crypto's, in Node and the browser alike. */
export type RandomSource = (bytes: Uint8Array) => Uint8Array;

let random: RandomSource = (bytes) => crypto.getRandomValues(bytes);

/**
 * Draws ids from `source` from now on. The browser tab's test mode (src/browser/inTab.ts) uses a
 * seeded one, so replaying the tab's requests makes the same objects with the same ids.
 */
export function useRandomSource(source: RandomSource): void {
  random = source;
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const randomText = (length: number) => [...random(new Uint8Array(length))].map((byte) => alphabet[byte % alphabet.length]).join('');
export const newId = (prefix: string) => prefix + randomText(24);

export const minuteMs = 60_000;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;
export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
