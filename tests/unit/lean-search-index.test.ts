/**
 * The search index file holds the documents only and the browser builds the
 * index (plugins/lean-search-index): the browser's builder makes the index
 * the search plugin makes, and the build fails, naming the plugin, when it
 * would not.
 */
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, it} from 'node:test';
import type {LoadContext} from '@docusaurus/types';
import lunr from 'lunr';
import leanSearchIndexPlugin, {checkedDocumentsPerType} from '../../plugins/lean-search-index';
import {buildSearchIndex, type SearchDocument} from '../../plugins/lean-search-index/buildSearchIndex';
import searchSpellingsPlugin from '../../plugins/search-spellings';
import {tokenizerWithSpellings, type FieldTokenizer} from '../../plugins/search-spellings/spellings';

const siteDir = path.join(import.meta.dirname, '../..');
/** lunr's own tokenizer, as the browser has it: the spellings plugin replaces it in this process. */
const lunrTokenizer = lunr.tokenizer as unknown as FieldTokenizer;

type BuildIndex = (documents: SearchDocument[][], options: object) => {documents: SearchDocument[]; index?: lunr.Index}[];
const buildIndexModule = createRequire(createRequire(path.join(siteDir, 'package.json')).resolve('@easyops-cn/docusaurus-search-local'))(
  './utils/buildIndex',
) as {buildIndex: BuildIndex};
const pluginsBuildIndex = buildIndexModule.buildIndex;

/** The search plugin's options for this site's English index. */
const englishOptions = {language: ['en'], removeDefaultStopWordFilter: [], removeDefaultStemmer: false};

const documents: SearchDocument[][] = [
  [
    {i: 1, t: 'Retrieve a customer by e-mail', u: '/api/core/customers/retrieve-customer-by-email'},
    {i: 2, t: 'Refunds: the charge’s amount_refunded grows with each refund, and the e-wallet is credited.', u: '/help/payments/refunds'},
  ],
  [{i: 3, t: 'POST /v2/charges Takes a payment from a chargeable source.', u: '/api/core/charges/create-charge', p: 1}],
];

describe('lean search index', () => {
  searchSpellingsPlugin({siteDir} as LoadContext);

  it('the browser’s builder, with lunr’s tokenizer and the spellings, makes the index the search plugin builds', () => {
    const built = pluginsBuildIndex(documents, englishOptions);
    assert.equal(built.length, documents.length);
    built.forEach(({index}, type) => {
      const inBrowser = buildSearchIndex(lunr, documents[type] ?? [], tokenizerWithSpellings(lunrTokenizer));
      assert.deepEqual(JSON.parse(JSON.stringify(inBrowser)), JSON.parse(JSON.stringify(index)));
    });
  });

  it('the build writes the documents only', () => {
    leanSearchIndexPlugin({siteDir} as LoadContext);
    assert.deepEqual(buildIndexModule.buildIndex(documents, englishOptions), documents.map((group) => ({documents: group})));
  });

  it('the build checks the first documents of each type, not every one', () => {
    leanSearchIndexPlugin({siteDir} as LoadContext);
    const many = [Array.from({length: checkedDocumentsPerType + 1}, (_, i) => ({i, t: `Document ${i}`, u: `/page-${i}`}))];
    const checked: number[] = [];
    // Both builders add documents through lunr's Builder: count what they add.
    const add = lunr.Builder.prototype.add;
    lunr.Builder.prototype.add = function (this: lunr.Builder, document: object, attributes?: object) {
      checked.push(Number((document as {i: string}).i));
      add.call(this, document, attributes);
    };
    try {
      assert.deepEqual(buildIndexModule.buildIndex(many, englishOptions), [{documents: many[0]}]);
    } finally {
      lunr.Builder.prototype.add = add;
    }
    // Each checked document is added twice, once by each builder; the last one by neither.
    assert.equal(checked.length, 2 * checkedDocumentsPerType);
    assert.ok(!checked.includes(checkedDocumentsPerType));
  });

  it('the build fails, naming the plugin, when the search plugin indexes otherwise than the browser would', () => {
    leanSearchIndexPlugin({siteDir} as LoadContext);
    assert.throws(
      () => buildIndexModule.buildIndex(documents, {...englishOptions, removeDefaultStopWordFilter: ['en']}),
      /^Error: zip-lean-search-index: the index the browser builds from the documents of type 0 differs from the one the search plugin built \(@easyops-cn\/docusaurus-search-local is 0\.55\.3, checked with 0\.55\.3\)/,
    );
  });
});
