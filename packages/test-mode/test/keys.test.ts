/**
 * The key check, as the API makes it in test mode: no key is `401 api_key_missing`; a placeholder
 * (the explorer's `<username>`), a malformed key or a live key is `401 api_key_invalid`; the public
 * test key may only create sources (`403 api_key_public_not_allowed` elsewhere); the sample secret
 * test key gets through.
 */
import assert from 'node:assert/strict';
import {after, before, describe, it} from 'node:test';
import {samplePublicKey, sampleSecretKey} from '@zip/model/testValues';
import {serveTestMode, type RunningTestMode} from '../src/server';
import {call, errorOf} from './http-client';

const basic = (userName: string) => `Basic ${Buffer.from(`${userName}:`).toString('base64')}`;
const cardSource = {type: 'card', card: {number: '4111111111111111', exp_month: 12, exp_year: 2030, cvc: '123'}};

describe('the test mode’s key check', () => {
  let server: RunningTestMode;
  before(async () => {
    server = await serveTestMode();
  });
  after(() => server.close());

  const refused = async (authorization: string, status: number, code: string, method = 'GET', path = '/v2/charges') => {
    const reply = await call(server.url, method, path, method === 'POST' ? cardSource : undefined, {authorization});
    assert.equal(reply.status, status, `${authorization}: ${JSON.stringify(reply.body)}`);
    assert.equal(errorOf(reply).code, code, authorization);
  };

  it('answers 401 api_key_missing without a key', async () => {
    await refused('', 401, 'api_key_missing');
    await refused(basic(''), 401, 'api_key_missing');
  });

  it('answers 401 api_key_invalid to a placeholder, a malformed key or a live key', async () => {
    await refused(`Basic ${Buffer.from('<username>:<password>').toString('base64')}`, 401, 'api_key_invalid');
    for (const key of ['sk_test_', 'sk_test_mistyped', `${sampleSecretKey}!`, 'my-secret-key', 'sk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6'])
      await refused(basic(key), 401, 'api_key_invalid');
  });

  it('lets the public test key create a source only, and the secret test key call anything', async () => {
    await refused(basic(samplePublicKey), 403, 'api_key_public_not_allowed');
    assert.equal((await call(server.url, 'POST', '/v2/sources', cardSource, {authorization: basic(samplePublicKey)})).status, 201);
    assert.equal((await call(server.url, 'GET', '/v2/charges', undefined, {authorization: basic(sampleSecretKey)})).status, 200);
  });
});
