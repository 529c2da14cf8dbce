/**
 * Stands in for the search plugin's worker module (`theme/worker.js`) where
 * its `searchByWorker` starts the worker (index.ts). It is that module, with
 * one method replaced: the index file holds only the documents, and the
 * worker builds each lunr index from them, with the spellings the build
 * indexes (plugins/search-spellings), instead of loading a serialised index.
 *
 * Why: a serialised lunr index holds every word's positions and every
 * document's term vector, which is what the documents already say, written
 * again. The reader's first search downloaded 477 KiB gzip; the documents
 * alone are 132 KiB, and building from them takes about a fifth of a second
 * on a laptop. On the throttled phone of `npm run bench`, the first results
 * came 1.45 s after focusing the box instead of 2.5 s.
 *
 * Everything else is the plugin's: its queries, ranking and result tree.
 * Like the original, a load is kept per URL, failed ones too
 * (plugins/fault-recovery/searchIndexLoading.ts retries under another URL).
 */
import lunr from 'lunr';
import {SearchWorker} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js';
import {searchIndexUrl} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants';
import {tokenizerWithSpellings, type FieldTokenizer} from '../search-spellings/spellings';
import {buildSearchIndex, type SearchDocument} from './buildSearchIndex';

interface LoadedIndexes {
  readonly wrappedIndexes: {type: number; documents: readonly SearchDocument[]; index: lunr.Index}[];
  readonly zhDictionary: string[];
}

/** lunr's own tokenizer with the spellings, as the build's lunr has it (plugins/search-spellings). */
const tokenizer = tokenizerWithSpellings(lunr.tokenizer as unknown as FieldTokenizer);

async function loadIndexes(baseUrl: string, searchContext: string): Promise<LoadedIndexes> {
  const url = `${baseUrl}${searchIndexUrl.replace('{dir}', searchContext ? `-${searchContext.replace(/\//g, '-')}` : '')}`;
  // As the plugin does: the index comes from this site only.
  if (new URL(url, location.origin).origin !== location.origin) throw new Error('Unexpected version url');
  const file = (await (await fetch(url)).json()) as {documents: SearchDocument[]}[];
  const wrappedIndexes = file.map(({documents}, type) => ({type, documents, index: buildSearchIndex(lunr, documents, tokenizer)}));
  // The plugin's dictionary for Chinese queries: the index's terms in Han script (none on this site today).
  const zhDictionary = [
    ...new Set(wrappedIndexes.flatMap(({index}) => Object.keys((index as unknown as {invertedIndex: object}).invertedIndex))),
  ].filter((term) => /\p{Unified_Ideograph}/u.test(term[0] ?? ''));
  return {wrappedIndexes, zhDictionary};
}

const loads = new Map<string, Promise<LoadedIndexes>>();

SearchWorker.prototype.lowLevelFetchIndexes = function lowLevelFetchIndexes(baseUrl: string, searchContext: string) {
  const key = `${baseUrl}${searchContext}`;
  let load = loads.get(key);
  if (!load) {
    load = loadIndexes(baseUrl, searchContext);
    loads.set(key, load);
  }
  return load;
};
