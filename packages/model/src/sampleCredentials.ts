/**
 * The credentials code samples show: the sample keys of packages/model/src/testValues.ts, as HTTP Basic with
 * Zip's empty password. The endpoint pages' generated samples (in the browser and at build time)
 * and the hand-written ones show the same key, so "Use my test key" replaces it everywhere.
 */
import {publicKeyScheme, samplePublicKey, sampleSecretKey} from './testValues';

/**
 * The sample key for a security scheme of the specs: the public test key for `publicKey` (the
 * scheme of the operations a browser may call), the secret test key for every other.
 */
export function sampleKeyFor(schemeId: string): string {
  return schemeId === publicKeyScheme ? samplePublicKey : sampleSecretKey;
}

/**
 * Base64 of the text's UTF-8 bytes. `btoa` takes Latin-1 only and throws on
 * anything else (a curly quote pasted with a key): never on this.
 */
export function base64OfText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** An `Authorization` header value: the key as the Basic user name, the password empty. */
export function basicAuthorization(key: string): string {
  return `Basic ${base64OfText(`${key}:`)}`;
}
