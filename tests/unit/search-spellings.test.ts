/**
 * "email" and "e-mail" find the same pages (plugins/search-spellings): the
 * tokens the index gets, and an index built by the search plugin's own
 * builder once the site's plugin is installed.
 */
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, it} from 'node:test';
import type {LoadContext} from '@docusaurus/types';
import lunr from 'lunr';
import searchSpellingsPlugin from '../../plugins/search-spellings';
import {withAlternativeSpellings} from '../../plugins/search-spellings/spellings';

const siteDir = path.join(import.meta.dirname, '../..');
const words = (text: string): string[] => withAlternativeSpellings(lunr.tokenizer(text)).map(String);

describe('search spellings', () => {
  it('adds "email" where "e-mail" is written, and "e" and "mail" where "email" is', () => {
    assert.deepEqual(words('Retrieve a customer by e-mail'), ['retrieve', 'a', 'customer', 'by', 'e', 'mail', 'email']);
    assert.deepEqual(words('the email address'), ['the', 'email', 'e', 'mail', 'address']);
    assert.deepEqual(words('an e-wallet or ewallet'), ['an', 'e', 'wallet', 'ewallet', 'or', 'ewallet', 'e', 'wallet']);
    assert.deepEqual(words('send mail'), ['send', 'mail'], '"mail" alone is not "email"');
  });

  it('the search plugin’s index finds both spellings with either query', () => {
    searchSpellingsPlugin({siteDir} as LoadContext);
    const requireFromPlugin = createRequire(createRequire(path.join(siteDir, 'package.json')).resolve('@easyops-cn/docusaurus-search-local'));
    const {buildIndex} = requireFromPlugin('./utils/buildIndex') as {
      buildIndex: (documents: {i: number; t: string; u: string}[][], options: object) => {index: lunr.Index}[];
    };
    const [built] = buildIndex(
      [[{i: 1, t: 'Retrieve a customer by e-mail', u: '/hyphen'}, {i: 2, t: 'The customer’s email address', u: '/joined'}]],
      {language: ['en'], removeDefaultStopWordFilter: [], removeDefaultStemmer: false},
    );
    assert.ok(built);
    const index = lunr.Index.load(JSON.parse(JSON.stringify(built.index)) as object);
    const found = (terms: string[]): string[] =>
      index
        .query((query) => terms.forEach((term) => query.term(term, {presence: lunr.Query.presence.REQUIRED})))
        .map((result) => result.ref)
        .sort();
    // The plugin's query splits at hyphens: "e-mail" is asked for as "e" and "mail".
    assert.deepEqual(found(['email']), ['1', '2']);
    assert.deepEqual(found(['e', 'mail']), ['1', '2']);
  });
});
