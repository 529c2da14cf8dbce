/**
 * Signed test deliveries built in the reader's browser: the commands an event page offers (curl,
 * Node.js, Python), and what the fixture file of webhookFixture.ts is made of. Pure apart from the signing,
 * so the components and tests/unit/webhook-test-delivery.test.ts use the same code; the unit
 * test runs the commands against the receiving guide's endpoints.
 */
import {secretShapeProblem, signatureHeader} from './webhookSignature';

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
  return secretShapeProblem(secret);
}

/** The delivery of `body` to `url`, signed with `secret` at `timestamp` (Unix seconds). */
export async function signDelivery(url: string, secret: string, body: string, timestamp: number): Promise<SignedDelivery> {
  return {url, body, headers: {'Content-Type': 'application/json', 'Zip-Signature': await signatureHeader(secret, timestamp, body)}};
}

/** A string in single quotes for a POSIX shell: nothing in it is expanded. */
const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A shell recipe that signs `body` with the reader's secret at the time it runs and posts it to
 * their endpoint, as Zip would: what "Send a test delivery" does in the page, for a reader (or an
 * assistant) with a terminal. POSIX shell, openssl and curl.
 */
export function signingRecipe(body: string, url = defaultEndpointUrl): string {
  return [
    "SECRET='whsec_…'  # your test endpoint's signing secret",
    `URL=${shellQuote(url)}`,
    "BODY=$(cat <<'EVENT'",
    body,
    'EVENT',
    ')',
    'T=$(date +%s)',
    `SIG=$(printf '%s.%s' "$T" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" -r | cut -d' ' -f1)`,
    `curl -sS --fail-with-body -w 'HTTP %{http_code}\\n' -X POST "$URL" \\`,
    `  -H 'Content-Type: application/json' -H "Zip-Signature: t=$T,v1=$SIG" --data-raw "$BODY"`,
  ].join('\n');
}

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
