/**
 * The search index file holds the documents only and the reader's browser
 * builds the lunr indexes (the search plugin as patches/ changes it): the
 * build writes the documents, the browser's builder makes the index the
 * plugin's server builder made before, and the plugin refuses options that
 * builder would not reproduce.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, it} from 'node:test';
import lunr from 'lunr';
import {
  buildIndex as buildInBrowser,
  type SearchDocument,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/buildIndex.js';
import indexEverySpelling, {withAlternativeSpellings} from '../../plugins/search/spellings';

const siteDir = path.join(import.meta.dirname, '../..');
const requireFromPlugin = createRequire(createRequire(path.join(siteDir, 'package.json')).resolve('@easyops-cn/docusaurus-search-local'));
const {buildIndex: buildForFile} = requireFromPlugin('./utils/buildIndex') as {
  buildIndex: (documents: SearchDocument[][]) => object[];
};
const {generate} = requireFromPlugin('./utils/generate') as {generate: (config: object, dir: string) => string};

/** The search plugin's options for this site's English index, as its option processing leaves them. */
const englishOptions = {language: ['en'], removeDefaultStopWordFilter: [], removeDefaultStemmer: false};

const documents: SearchDocument[][] = [
  [
    {i: 1, t: 'Retrieve a customer by e-mail', u: '/api/core/customers/retrieve-customer-by-email'},
    {i: 2, t: 'Refunds: the charge’s amount_refunded grows with each refund, and the e-wallet is credited.', u: '/help/payments/refunds'},
  ],
  [{i: 3, t: 'POST /v2/charges Takes a payment from a chargeable source.', u: '/api/core/charges/create-charge', p: 1}],
];

type FieldTokenizer = (input?: unknown, metadata?: object) => lunr.Token[];

/**
 * The index the search plugin built for English in the build before the
 * patch (its dist/server/server/utils/buildIndex.js), with the tokenizer the
 * site then put in place of lunr's in the build's process.
 */
function builtByPluginServer(group: readonly SearchDocument[]): lunr.Index {
  const tokenize = lunr.tokenizer as FieldTokenizer;
  return lunr(function (this: lunr.Builder) {
    this.tokenizer = ((input, metadata) => withAlternativeSpellings(tokenize(input, metadata))) as FieldTokenizer as typeof lunr.tokenizer;
    this.ref('i');
    this.field('t');
    this.metadataWhitelist = ['position'];
    group.forEach((document) => this.add({...document, i: document.i.toString()}));
  });
}

describe('lean search index', () => {
  it('the build writes the documents only, an empty list for a type without any', () => {
    assert.deepEqual(
      buildForFile(documents),
      documents.map((group) => ({documents: group})),
    );
    assert.deepEqual(buildForFile(new Array<SearchDocument[]>(1)), [{documents: []}]);
  });

  it('the browser’s builder, with the site’s spellings, makes the index the plugin built in the build', () => {
    for (const group of documents) {
      assert.deepEqual(
        JSON.parse(JSON.stringify(buildInBrowser(group, indexEverySpelling))),
        JSON.parse(JSON.stringify(builtByPluginServer(group))),
      );
    }
  });

  it('the browser’s bundle gets the site’s lunr plugin, and the plugin refuses options its builder would not follow', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-search-generate-'));
    try {
      const lunrPluginPath = path.join(siteDir, 'plugins/search/spellings.ts');
      generate({...englishOptions, lunrPluginPath}, dir);
      assert.match(
        readFileSync(path.join(dir, 'generated-constants.js'), 'utf8'),
        new RegExp(`export \\{ default as lunrPlugin \\} from ${JSON.stringify(lunrPluginPath).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')};`),
      );
      for (const options of [{language: ['en', 'zh']}, {removeDefaultStopWordFilter: ['en']}, {removeDefaultStemmer: true}]) {
        assert.throws(
          () => generate({...englishOptions, ...options}, dir),
          /builds its indexes in the browser for `language: \["en"\]`/,
          JSON.stringify(options),
        );
      }
    } finally {
      rmSync(dir, {recursive: true});
    }
  });
});
