/**
 * What the site accepts as the reader's test key, and how samples change
 * with it (src/utils/readerTestKey.ts). The browser side is in
 * tests/e2e/reader-features.test.ts.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {sampleSecretKey} from '../../src/data/testMode';
import {checkTestKey, forbiddenKey, maskKey, withReaderKey} from '../../src/utils/readerTestKey';

const readerKey = 'sk_test_Rd8fK2mQ9pL4sV7xZ1nB3cT6';

describe("the reader's test key", () => {
  it('takes a secret test key, trimmed', () => {
    assert.deepEqual(checkTestKey(`  ${readerKey}\n`), {ok: true, key: readerKey});
    assert.deepEqual(checkTestKey(sampleSecretKey), {ok: true, key: sampleSecretKey});
  });

  it('refuses live keys, public keys and anything else, saying which', () => {
    assert.deepEqual(checkTestKey('sk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6'), {ok: false, refusal: 'live'});
    assert.deepEqual(checkTestKey('pk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6'), {ok: false, refusal: 'live'});
    assert.deepEqual(checkTestKey('pk_test_Rd8fK2mQ9pL4sV7xZ1nB3cT6'), {ok: false, refusal: 'public'});
    assert.deepEqual(checkTestKey('sk_test_short'), {ok: false, refusal: 'malformed'});
    assert.deepEqual(checkTestKey('sk_test_Rd8fK2mQ9pL4 sV7xZ1nB3cT6'), {ok: false, refusal: 'malformed'});
    assert.deepEqual(checkTestKey(''), {ok: false, refusal: 'malformed'});
  });

  it('refuses a live or public key however it is wrapped: Bearer, quotes, a header line, white space', () => {
    const live = 'sk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6';
    for (const input of [
      `Bearer ${live}`,
      `"${live}"`,
      `'${live}'`,
      `  ${live}\t`,
      `Authorization: Bearer ${live}`,
      `${live}:`,
      'rk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6',
      'sk_live_',
    ]) {
      assert.deepEqual(checkTestKey(input), {ok: false, refusal: 'live'}, input);
      assert.equal(forbiddenKey(input), 'live', input);
    }
    assert.deepEqual(checkTestKey('"pk_test_Rd8fK2mQ9pL4sV7xZ1nB3cT6"'), {ok: false, refusal: 'public'});
    assert.equal(forbiddenKey('Bearer pk_test_Rd8fK2mQ9pL4sV7xZ1nB3cT6'), 'public');
  });

  it('takes a test key out of the same wrappings, and lets a key being typed through the explorer', () => {
    for (const input of [`Bearer ${readerKey}`, `"${readerKey}"`, ` '${readerKey}' `, `${readerKey}:`]) {
      assert.deepEqual(checkTestKey(input), {ok: true, key: readerKey}, input);
    }
    for (const partial of ['s', 'sk_', 'sk_l', 'sk_live', 'sk_test_', readerKey]) assert.equal(forbiddenKey(partial), null, partial);
  });

  it('replaces every sample key in a sample, and nothing without a key', () => {
    const sample = `curl -u ${sampleSecretKey}: https://api.example.com/v2/charges\nexport ZIP_SECRET_KEY=${sampleSecretKey}`;
    assert.equal(
      withReaderKey(sample, readerKey),
      `curl -u ${readerKey}: https://api.example.com/v2/charges\nexport ZIP_SECRET_KEY=${readerKey}`,
    );
    assert.equal(withReaderKey(sample, null), sample);
  });

  it('replaces the sample key in the Basic header of a generated sample', () => {
    const header = (key: string) => `Authorization: Basic ${Buffer.from(`${key}:`).toString('base64')}`;
    const sample = `curl -L 'https://api.example.com/v2/charges' -H '${header(sampleSecretKey)}'`;
    const replaced = withReaderKey(sample, readerKey);
    assert.ok(replaced.includes(header(readerKey)), replaced);
    assert.ok(!replaced.includes(header(sampleSecretKey)), replaced);
  });

  it('names the key by its last four characters only', () => {
    assert.equal(maskKey(readerKey), 'sk_test_…3cT6');
  });
});
