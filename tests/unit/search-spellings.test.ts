/**
 * "email" and "e-mail" find the same pages (plugins/search/spellings.ts): the
 * tokens the index gets, and an index built by the search plugin's builder
 * in the browser (as patches/ changes it) with the site's lunr plugin.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import lunr from 'lunr';
import {buildIndex} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/buildIndex.js';
import indexEverySpelling, {withAlternativeSpellings} from '../../plugins/search/spellings';

const words = (text: string): string[] => withAlternativeSpellings(lunr.tokenizer(text)).map(String);

describe('search spellings', () => {
  it('adds "email" where "e-mail" is written, and "e" and "mail" where "email" is', () => {
    assert.deepEqual(words('Retrieve a customer by e-mail'), ['retrieve', 'a', 'customer', 'by', 'e', 'mail', 'email']);
    assert.deepEqual(words('the email address'), ['the', 'email', 'e', 'mail', 'address']);
    assert.deepEqual(words('an e-wallet or ewallet'), ['an', 'e', 'wallet', 'ewallet', 'or', 'ewallet', 'e', 'wallet']);
    assert.deepEqual(words('send mail'), ['send', 'mail'], '"mail" alone is not "email"');
  });

  it('the search plugin’s index finds both spellings with either query', () => {
    const index = buildIndex(
      [
        {i: 1, t: 'Retrieve a customer by e-mail', u: '/hyphen'},
        {i: 2, t: 'The customer’s email address', u: '/joined'},
      ],
      indexEverySpelling,
    );
    const found = (terms: string[]): string[] =>
      index
        .query((query) => terms.forEach((term) => query.term(term, {presence: lunr.Query.presence.REQUIRED})))
        .map((result) => result.ref)
        .sort();
    // The plugin's query splits at hyphens: "e-mail" is asked for as "e" and "mail".
    assert.deepEqual(found(['email']), ['1', '2']);
    assert.deepEqual(found(['e', 'mail']), ['1', '2']);
    assert.deepEqual(found(['mail']), ['1', '2']);
  });
});
