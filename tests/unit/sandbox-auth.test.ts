/**
 * The sandbox's key check (scripts/sandbox-auth.ts), against a running sandbox: no key, a
 * placeholder, a malformed key, a public key where a secret one is needed, and a live key each get
 * the specs' own error answer; the sample keys get through. The sandbox listens on
 * ZIP_SANDBOX_PORT (4010) and the four ports after it.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {after, before, describe, it} from 'node:test';
import yaml from 'js-yaml';
import {samplePublicKey, sampleSecretKey} from '../../src/data/testMode';
import {startSandbox, type RunningSandbox} from '../../scripts/sandbox';
import {basicUserName, refusalOf} from '../../scripts/sandbox-auth';

const port = Number(process.env.ZIP_SANDBOX_PORT ?? 4010);
const basic = (userName: string): string => `Basic ${Buffer.from(`${userName}:`).toString('base64')}`;

/** The payments spec's example answer for an error code (components.responses.Unauthorized or Forbidden). */
function specExample(code: string): {error: Record<string, unknown>} {
  const spec = yaml.load(readFileSync('openapi/payments.yaml', 'utf8')) as {
    components: {responses: Record<string, {content: {'application/json': {examples: Record<string, {value: unknown}>}}}>};
  };
  for (const name of ['Unauthorized', 'Forbidden']) {
    const example = spec.components.responses[name]?.content['application/json'].examples[code];
    if (example) return example.value as {error: Record<string, unknown>};
  }
  throw new Error(`openapi/payments.yaml has no example for ${code}`);
}

describe('the sandbox’s key check', () => {
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await startSandbox(port);
  });
  after(async () => {
    await sandbox.close();
  });

  const call = async (path: string, authorization: string | undefined, init: RequestInit = {}) => {
    const response = await fetch(`${sandbox.origin}${path}`, {
      ...init,
      headers: {...(authorization === undefined ? {} : {authorization}), ...(init.headers as Record<string, string> | undefined)},
    });
    const text = await response.text();
    return {status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown)};
  };

  /** A refused answer: the status, and the spec's example with only the message changed. */
  const assertRefused = async (authorization: string | undefined, status: number, code: string, path = '/v2/charges') => {
    const answer = await call(path, authorization);
    assert.equal(answer.status, status, `${authorization ?? 'no key'}: ${JSON.stringify(answer.body)}`);
    const example = specExample(code);
    const {error} = answer.body as {error: Record<string, unknown>};
    assert.deepEqual({...error, message: ''}, {...example.error, message: ''}, `${authorization ?? 'no key'}: the spec's ${code} example`);
    assert.equal(typeof error.message, 'string');
    assert.equal(answer.headers.get('request-id'), example.error.request_id);
    return String(error.message);
  };

  it('answers 401 api_key_missing to a request without a key, or without Basic credentials', async () => {
    await assertRefused(undefined, 401, 'api_key_missing');
    await assertRefused(`Bearer ${sampleSecretKey}`, 401, 'api_key_missing');
    await assertRefused(basic(''), 401, 'api_key_missing');
  });

  it('answers 401 api_key_invalid to the explorer’s placeholder credentials', async () => {
    const message = await assertRefused(`Basic ${Buffer.from('<username>:<password>').toString('base64')}`, 401, 'api_key_invalid');
    assert.match(message, /<username>/);
  });

  it('answers 401 api_key_invalid to a malformed key', async () => {
    for (const key of ['sk_test_', 'sk_test_short', `${sampleSecretKey}!`, 'my-secret-key'])
      await assertRefused(basic(key), 401, 'api_key_invalid');
  });

  it('answers 401 api_key_invalid to a live key, naming it only by its last characters', async () => {
    for (const key of ['sk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6', 'rk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6', 'pk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6']) {
      const message = await assertRefused(basic(key), 401, 'api_key_invalid');
      assert.ok(!message.includes(key), message);
      assert.match(message, /live key/);
    }
  });

  it('answers 403 api_key_public_not_allowed to a public key where the spec asks for the secret key', async () => {
    const message = await assertRefused(basic(samplePublicKey), 403, 'api_key_public_not_allowed');
    assert.equal(message, specExample('api_key_public_not_allowed').error.message);
    await assertRefused(basic(samplePublicKey), 403, 'api_key_public_not_allowed', '/v2/charges/ch_N87dOaNZrbnfElnMJLBnmoJi');
  });

  it('lets the sample secret key through on all four APIs, and the public key where the spec allows it', async () => {
    for (const path of ['/v2/charges', '/v1/checkout/sessions', '/v1/links', '/v1/requests']) {
      assert.equal((await call(path, basic(sampleSecretKey))).status, 200, path);
    }
    const cardSource = JSON.stringify({type: 'card', card: {number: '4111111111111111', exp_month: 12, exp_year: 2030, cvc: '123'}});
    const created = await call('/v2/sources', basic(samplePublicKey), {
      method: 'POST',
      body: cardSource,
      headers: {'content-type': 'application/json'},
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
  });

  it('answers a CORS preflight, which carries no key, and refuses with CORS headers so the explorer can show the error', async () => {
    const preflight = await call('/v1/links', undefined, {
      method: 'OPTIONS',
      headers: {origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization'},
    });
    assert.ok(preflight.status < 300, `preflight answered ${preflight.status}`);
    const refused = await call('/v1/links', undefined, {headers: {origin: 'http://localhost:3000'}});
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('access-control-allow-origin'), 'http://localhost:3000');
  });
});

describe('refusalOf', () => {
  it('needs no key where the operation’s security is empty', () => {
    assert.equal(refusalOf([], undefined), undefined);
  });

  it('reads the key from Basic credentials, with or without the colon', () => {
    assert.equal(basicUserName(basic(sampleSecretKey)), sampleSecretKey);
    assert.equal(basicUserName(`Basic ${Buffer.from(sampleSecretKey).toString('base64')}`), sampleSecretKey);
    assert.equal(basicUserName('Basic'), undefined);
  });
});
