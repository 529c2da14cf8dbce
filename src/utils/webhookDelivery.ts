/**
 * Signed test deliveries built in the reader's browser: the commands an event page offers (curl,
 * Node.js, Python) and the fixture file of WebhookFixtureDownload. Pure apart from the signing,
 * so the components and tests/unit/webhook-test-delivery.test.ts use the same code; the unit
 * test runs the commands against the receiving guide's endpoints.
 */
import {signatureHeader} from './webhookSignature';

/** The receiving guide's Node.js endpoint (guides/developer-guide/webhooks.mdx, server.mjs). */
export const defaultEndpointUrl = 'http://localhost:4242/zip/webhooks';

/** The body Zip sends for an event: its JSON, compact, encoded in UTF-8 when sent. */
export const eventBody = (event: unknown): string => JSON.stringify(event);

export interface SignedDelivery {
  readonly url: string;
  /** The exact body that was signed. */
  readonly body: string;
  /** The headers the delivery contract promises: Content-Type and Zip-Signature. */
  readonly headers: {readonly 'Content-Type': 'application/json'; readonly 'Zip-Signature': string};
}

/** Why `url` cannot receive a test delivery, or undefined when it can. */
export function endpointUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not a URL: give the full address, such as ${defaultEndpointUrl}.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return `${parsed.protocol} is not HTTP: the endpoint's URL starts with http:// or https://.`;
  return undefined;
}

/** Why `secret` cannot sign a test delivery, or undefined when it can. */
export function secretProblem(secret: string): string | undefined {
  if (secret === '') return 'Enter the secret your endpoint verifies with (whsec_…).';
  if (secret.trim() !== secret) return 'The secret has spaces around it: the key is the exact whsec_… string.';
  if (!secret.startsWith('whsec_')) return 'A signing secret starts with whsec_: use the whole string, prefix included.';
  return undefined;
}

/** The delivery of `body` to `url`, signed with `secret` at `timestamp` (Unix seconds). */
export async function signDelivery(url: string, secret: string, body: string, timestamp: number): Promise<SignedDelivery> {
  return {url, body, headers: {'Content-Type': 'application/json', 'Zip-Signature': await signatureHeader(secret, timestamp, body)}};
}

/** A string in single quotes for a POSIX shell: nothing in it is expanded. */
const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** curl: prints the endpoint's status, and exits non-zero when it is not 2xx. */
export function curlCommand({url, body, headers}: SignedDelivery): string {
  return [
    `curl -sS --fail-with-body -w 'HTTP %{http_code}\\n' -X POST ${shellQuote(url)}`,
    ...Object.entries(headers).map(([name, value]) => `  -H ${shellQuote(`${name}: ${value}`)}`),
    `  --data-raw ${shellQuote(body)}`,
  ].join(' \\\n');
}

/** Node.js 18 or later, as an ES module (send-test-event.mjs). JSON string literals are JavaScript string literals. */
export function nodeScript({url, body, headers}: SignedDelivery): string {
  return [
    '// The body must stay these exact bytes: the signature covers them.',
    `const body = ${JSON.stringify(body)};`,
    `const response = await fetch(${JSON.stringify(url)}, {`,
    "  method: 'POST',",
    `  headers: ${JSON.stringify(headers)},`,
    '  body,',
    '});',
    "console.log('HTTP', response.status, await response.text());",
    'if (!response.ok) process.exitCode = 1;',
    '',
  ].join('\n');
}

/** Python 3 with the standard library only (send_test_event.py). A JSON string literal is a Python one. */
export function pythonScript({url, body, headers}: SignedDelivery): string {
  return [
    'import urllib.error',
    'import urllib.request',
    '',
    '# The body must stay these exact bytes: the signature covers them.',
    `body = ${JSON.stringify(body)}.encode("utf-8")`,
    `request = urllib.request.Request(${JSON.stringify(url)}, data=body, method="POST", headers=${JSON.stringify(headers)})`,
    'try:',
    '    with urllib.request.urlopen(request) as response:',
    '        print("HTTP", response.status, response.read().decode())',
    'except urllib.error.HTTPError as error:',
    '    print("HTTP", error.code, error.read().decode())',
    '    raise SystemExit(1)',
    '',
  ].join('\n');
}

/** One delivery of a fixture file: what an endpoint receives, the body as the exact string that was signed. */
export interface FixtureDelivery {
  readonly event_type: string;
  readonly headers: SignedDelivery['headers'];
  readonly body: string;
}

export interface WebhookFixture {
  readonly description: string;
  readonly deliveries: readonly FixtureDelivery[];
}

/**
 * The deliveries of `events` in order, each signed with `secret` one second after the one
 * before, the last at `now`: a replay of them passes a verifier's time limit for as long as the
 * first one does.
 */
export async function buildFixture(
  description: string,
  events: readonly {readonly type: string; readonly body: string}[],
  secret: string,
  now: number,
): Promise<WebhookFixture> {
  const first = now - (events.length - 1);
  const deliveries = await Promise.all(
    events.map(async ({type, body}, index) => {
      const {headers} = await signDelivery('', secret, body, first + index);
      return {event_type: type, headers, body};
    }),
  );
  return {description, deliveries};
}

/** `charge.pending, charge.succeeded` → `zip-webhooks-charge-pending-charge-succeeded.json`. */
export const fixtureFileName = (events: readonly string[]): string =>
  `zip-webhooks-${events.map((type) => type.replace(/[._]/g, '-')).join('-')}.json`;
