/**
 * The Zip-Signature scheme of the delivery contract (/api/webhooks#signatures), with Web Crypto, so
 * that the same code signs in the reader's browser (the verifier, the test delivery, the fixture
 * download) and in Node.js (the unit tests). Checking a delivery is webhookVerification.ts, which
 * only the verifier loads. Nothing here sends anything anywhere.
 */

const utf8 = new TextEncoder();

/** HMAC-SHA256 of `<timestamp>.<body>` keyed with the whole secret, as UTF-8; lower-case hex. */
export async function signPayload(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', utf8.encode(secret), {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, utf8.encode(`${timestamp}.${body}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The Zip-Signature value Zip would send for this body, secret and time. */
export async function signatureHeader(secret: string, timestamp: number, body: string): Promise<string> {
  return `t=${timestamp},v1=${await signPayload(secret, timestamp, body)}`;
}

/** What is wrong with a secret that is not a whole `whsec_…` string, or undefined when nothing is. */
export function secretShapeProblem(secret: string): string | undefined {
  if (secret.trim() !== secret) return 'The secret has spaces or a line break around it; the key is the exact whsec_… string.';
  if (!secret.startsWith('whsec_')) return 'The secret does not start with whsec_: the key is the whole whsec_… string, prefix included.';
  return undefined;
}
