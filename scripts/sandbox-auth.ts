/**
 * The sandbox's key check, in front of Prism, which takes any Basic credentials: a request must
 * send a key as the real API takes it, or a sample that never sets a real key would pass every
 * test. Like the API in test mode, the sandbox takes a secret test key (`sk_test_…`) on every
 * operation that needs a key, and a public test key (`pk_test_…`) where the operation's `security`
 * names the public key's scheme. Everything else gets the answer the specs declare:
 *
 *  - no key, or credentials that are not HTTP Basic: `401` `api_key_missing`;
 *  - a placeholder (`<username>`), a malformed key, or a live key: `401` `api_key_invalid`
 *    (the sandbox is test mode, where Zip knows no live key);
 *  - a public test key where only a secret key may call: `403` `api_key_public_not_allowed`, as the
 *    payments spec's introduction says.
 *
 * The body is the spec's own example for that code (`components.responses.Unauthorized` or
 * `Forbidden`); a 401's message names what was wrong with the key.
 */
import {publicKeyScheme, publicTestKeyPattern, secretTestKeyPattern} from '../src/data/testMode';
import {isRecord, pathPattern} from './sandbox-examples';

const liveKeyPattern = /^(?:sk|pk|rk)_live_/;

type Json = unknown;

export interface KeyRule {
  readonly method: string;
  readonly path: RegExp;
  /** The security schemes any one of which lets the request through; empty when it needs no key. */
  readonly schemes: readonly string[];
  /** The example bodies of its spec's 401 and 403 answers, by error code. */
  readonly examples: Readonly<Record<string, Json>>;
}

/** The key rule of every operation of the parsed specs: its `security`, or its spec's. */
export function keyRules(documents: readonly Record<string, unknown>[]): KeyRule[] {
  const rules: KeyRule[] = [];
  for (const document of documents) {
    const components = isRecord(document.components) ? document.components : {};
    const responses = isRecord(components.responses) ? components.responses : {};
    const examples: Record<string, Json> = {};
    for (const name of ['Unauthorized', 'Forbidden']) {
      const response = responses[name];
      const content = isRecord(response) && isRecord(response.content) ? response.content['application/json'] : undefined;
      for (const [code, example] of Object.entries(isRecord(content) && isRecord(content.examples) ? content.examples : {})) {
        if (isRecord(example)) examples[code] = example.value;
      }
    }
    const schemesOf = (security: Json): string[] | undefined =>
      Array.isArray(security) ? security.filter(isRecord).flatMap((requirement) => Object.keys(requirement)) : undefined;
    const documentSchemes = schemesOf(document.security) ?? [];
    for (const [template, item] of Object.entries(isRecord(document.paths) ? document.paths : {})) {
      if (!isRecord(item)) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (!isRecord(operation) || method === 'parameters') continue;
        rules.push({
          method: method.toUpperCase(),
          path: pathPattern(template),
          schemes: schemesOf(operation.security) ?? documentSchemes,
          examples,
        });
      }
    }
  }
  return rules;
}

export interface KeyRefusal {
  readonly status: 401 | 403;
  /** The error code, which names the spec's example. */
  readonly code: 'api_key_missing' | 'api_key_invalid' | 'api_key_public_not_allowed';
  /** What was wrong, when the spec's example does not say it already. */
  readonly message?: string;
}

/** The key of a Basic `Authorization` header (the user name), or undefined when there is none. */
export function basicUserName(authorization: string | undefined): string | undefined {
  const match = /^\s*basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const userName = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : decoded;
  return userName === '' ? undefined : userName;
}

/** A key as an error message may name it: its prefix and last four characters, or a short text. */
function named(key: string): string {
  const prefix = /^[a-z]{2}_(?:test|live)_/.exec(key)?.[0];
  if (prefix !== undefined && key.length > prefix.length + 4) return `${prefix}…${key.slice(-4)}`;
  return key.length > 24 ? `${key.slice(0, 24)}…` : key;
}

/** Why the sandbox refuses a request's credentials, or undefined when its key may make it. */
export function refusalOf(schemes: readonly string[], authorization: string | undefined): KeyRefusal | undefined {
  if (schemes.length === 0) return undefined;
  const key = basicUserName(authorization);
  if (key === undefined) {
    return {
      status: 401,
      code: 'api_key_missing',
      message: 'No API key provided. Send your secret key as the Basic auth user name, with an empty password.',
    };
  }
  const invalid = (why: string): KeyRefusal => ({status: 401, code: 'api_key_invalid', message: `Invalid API key: ${named(key)}. ${why}`});
  if (liveKeyPattern.test(key)) return invalid('The sandbox is test mode, which knows no live key: send your secret test key (sk_test_…).');
  if (secretTestKeyPattern.test(key)) return undefined;
  if (publicTestKeyPattern.test(key)) {
    if (schemes.includes(publicKeyScheme)) return undefined;
    return {status: 403, code: 'api_key_public_not_allowed'};
  }
  return invalid('A secret test key is sk_test_ followed by letters and digits: copy it from Developers → API keys.');
}

/** The answer's body: the spec's example for the code, with the refusal's message if it has one. */
export function refusalBody(rule: KeyRule, refusal: KeyRefusal): {body: string; requestId: string | undefined} {
  const example = rule.examples[refusal.code];
  const error = isRecord(example) && isRecord(example.error) ? example.error : {code: refusal.code, message: refusal.code, param: null};
  const requestId = typeof error.request_id === 'string' ? error.request_id : undefined;
  return {body: JSON.stringify({error: {...error, ...(refusal.message === undefined ? {} : {message: refusal.message})}}), requestId};
}
