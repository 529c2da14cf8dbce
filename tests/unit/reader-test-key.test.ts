/**
 * What the site accepts as the reader's test key, and how samples change
 * with it (src/utils/readerTestKey.ts). The browser side is in
 * tests/e2e/reader-features.test.ts.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {sampleSecretKey} from '@zip/model/testValues';
import {checkKeyInput, checkTestKey, forbiddenKey, maskKey, storedCredentialsAllowed, withReaderKey} from '../../src/utils/readerTestKey';
import {basicAuthorization} from '@zip/model/sampleCredentials';

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

  it('takes a test key out of what a chat or a word processor pastes: curly quotes, no-break and zero-width spaces, a BOM', () => {
    for (const input of [
      `“${readerKey}”`,
      `‘${readerKey}’`,
      `«${readerKey}»`,
      `“${readerKey}`,
      `\u00A0${readerKey}\u00A0`,
      `\u200B${readerKey}\u200D`,
      `\uFEFF${readerKey}`,
      `sk_test_\u200BRd8fK2mQ9pL4sV7xZ1nB3cT6`,
      `Bearer “${readerKey}”`,
    ]) {
      assert.deepEqual(checkTestKey(input), {ok: true, key: readerKey}, JSON.stringify(input));
      assert.deepEqual(checkKeyInput(input), {ok: true, key: readerKey}, JSON.stringify(input));
    }
  });

  it('refuses a live or public key in any case and however split by invisible characters', () => {
    for (const input of [
      'SK_LIVE_Rd8fK2mQ9pL4sV7xZ1nB3cT6',
      'Sk_Live_Rd8fK2mQ9pL4sV7xZ1nB3cT6',
      'sk_\u200Blive_Rd8fK2mQ9pL4sV7xZ1nB3cT6',
      '“RK_live_x”',
    ]) {
      assert.equal(forbiddenKey(input), 'live', JSON.stringify(input));
      assert.deepEqual(checkKeyInput(input), {ok: false, refusal: 'live'}, JSON.stringify(input));
    }
    assert.deepEqual(checkKeyInput('PK_TEST_Rd8fK2mQ9pL4sV7xZ1nB3cT6'), {ok: false, refusal: 'public'});
  });

  it('in a field that sends at once, keeps a test key as it is typed and refuses anything else from its first wrong character', () => {
    let typed = '';
    for (const character of readerKey) {
      typed += character;
      assert.deepEqual(checkKeyInput(typed), {ok: true, key: typed}, typed);
    }
    // A live key typed a character at a time: refused from "sk_l", and each character after it on its own.
    const live = 'sk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6';
    let field = '';
    const kept: string[] = [];
    for (const character of live) {
      field += character;
      const check = checkKeyInput(field);
      if (check.ok) field = check.key;
      else field = '';
      if (check.ok) kept.push(check.key);
    }
    assert.ok(
      kept.every((value) => 'sk_test_'.startsWith(value)),
      `only what starts every test key is ever kept, nothing of the live key's own: ${kept.join(', ')}`,
    );
    assert.equal(field, '', 'the field ends empty');
    for (const input of ['“sk_test_…”', 'sk_test_…', 'hello', '🔑', 'x'.repeat(10_000)]) {
      assert.equal(checkKeyInput(input).ok, false, input.slice(0, 20));
    }
  });

  it('writes a Basic header for any text, never throwing as btoa does beyond Latin-1', () => {
    assert.equal(basicAuthorization(readerKey), `Basic ${Buffer.from(`${readerKey}:`).toString('base64')}`);
    assert.equal(basicAuthorization('“sk_test_…”'), `Basic ${Buffer.from('“sk_test_…”:').toString('base64')}`);
  });

  it('lets the explorer fill its form from storage only with a test key and an empty password', () => {
    assert.equal(storedCredentialsAllowed(JSON.stringify({username: readerKey, password: ''})), true);
    assert.equal(storedCredentialsAllowed(JSON.stringify({username: undefined})), true);
    assert.equal(storedCredentialsAllowed('"https://sandbox"'), true, 'not credentials');
    assert.equal(storedCredentialsAllowed('not json'), true, 'not credentials');
    for (const entry of [
      {username: `“${readerKey}”`, password: ''},
      {username: 'sk_live_Rd8fK2mQ9pL4sV7xZ1nB3cT6', password: ''},
      {username: readerKey, password: 'secret'},
      {token: 'anything'},
    ]) {
      assert.equal(storedCredentialsAllowed(JSON.stringify(entry)), false, JSON.stringify(entry));
    }
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
