/**
 * The site search's lunr index, as the search plugin's builder makes it for
 * English (`dist/server/server/utils/buildIndex.js` of
 * @easyops-cn/docusaurus-search-local 0.55.3): one field, `t`, the document's
 * id as its ref, and each match's position kept to mark it in results.
 *
 * The browser builds the index with this function from the documents the
 * build writes (searchWorker.ts), and the build checks that it makes exactly
 * the index the plugin made (index.ts). It imports types only, so the same
 * code runs in the search worker and in Node.
 */
import type lunr from 'lunr';
import type {FieldTokenizer} from '../search-spellings/spellings';

/** A document of the search index file: what a result shows and where it leads. */
export interface SearchDocument {
  /** Its id, unique across the index file. */
  readonly i: number;
  /** The text searched and shown. */
  readonly t: string;
  readonly [field: string]: unknown;
}

export function buildSearchIndex(lunrLibrary: typeof lunr, documents: readonly SearchDocument[], tokenizer: FieldTokenizer): lunr.Index {
  return lunrLibrary(function (this: lunr.Builder) {
    this.tokenizer = tokenizer as unknown as typeof lunr.tokenizer;
    this.ref('i');
    this.field('t');
    this.metadataWhitelist = ['position'];
    for (const document of documents) this.add({...document, i: document.i.toString()});
  });
}
