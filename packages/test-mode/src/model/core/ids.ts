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

/** Ids the next objects of a prefix take, in order, while `withIds` runs (the specs' example objects). */
const chosen = new Map<string, string[]>();
export const newId = (prefix: string) => chosen.get(prefix)?.shift() ?? prefix + randomText(24);

/** The prefix of an id as the specs write it: `ch_` of `ch_N87dOaNZrbnfElnMJLBnmoJi`. */
export const prefixOf = (id: string): string => /^[a-z]+_/.exec(id)?.[0] ?? '';

/** Queues each id for the next new object of its prefix, after the ids already queued. */
function queueIds(ids: readonly string[]): void {
  for (const id of ids) chosen.set(prefixOf(id), [...(chosen.get(prefixOf(id)) ?? []), id]);
}

/** The next new objects of each id's prefix take these ids, in order (the `ids` control); `[]` forgets them. */
export function chooseIds(ids: readonly string[]): void {
  chosen.clear();
  queueIds(ids);
}

/** The ids chosen and not yet taken. */
export const chosenIds = (): string[] => [...chosen.values()].flat();

/**
 * Runs `make` with the next new object of each id's prefix taking that id; an id left untaken is an
 * error, as it means the recipe made something else than it says.
 */
export function withIds<T>(ids: readonly string[], make: () => T): T {
  queueIds(ids);
  try {
    const made = make();
    const left = chosenIds();
    if (left.length > 0) throw new Error(`withIds: nothing took the ids ${left.join(', ')}`);
    return made;
  } finally {
    chosen.clear();
  }
}

export const minuteMs = 60_000;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;
export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
