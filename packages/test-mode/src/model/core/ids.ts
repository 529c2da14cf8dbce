/** Ids and times as the specs write them: a prefix and 24 letters and digits; ISO 8601 to the second. */
import {randomBytes} from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const randomText = (length: number) => [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
export const newId = (prefix: string) => prefix + randomText(24);

export const minuteMs = 60_000;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;
export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
