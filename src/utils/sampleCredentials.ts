/**
 * The credentials code samples show: the sample keys of src/data/testMode.ts, as HTTP Basic with
 * Zip's empty password. The endpoint pages' generated samples (in the browser and at build time)
 * and the hand-written ones show the same key, so "Use my test key" replaces it everywhere.
 */
import {publicKeyScheme, samplePublicKey, sampleSecretKey} from '../data/testMode';

/**
 * The sample key for a security scheme of the specs: the public test key for `publicKey` (the
 * scheme of the operations a browser may call), the secret test key for every other.
 */
export function sampleKeyFor(schemeId: string): string {
  return schemeId === publicKeyScheme ? samplePublicKey : sampleSecretKey;
}

/** An `Authorization` header value: the key as the Basic user name, the password empty. */
export function basicAuthorization(key: string): string {
  return `Basic ${btoa(`${key}:`)}`;
}
