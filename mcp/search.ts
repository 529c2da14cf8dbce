/**
 * `search_docs`: the site search's own documents and ranking. The build's
 * `search-index.json` holds the documents (the search plugin as patches/
 * changes it); lunr indexes are built from them with the plugin's builder and
 * the site's spellings plugin, as the reader's browser does, and queried as
 * the plugin's search worker queries them.
 */
import lunr from 'lunr';
import {buildIndex, type SearchDocument} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/buildIndex.js';
import {tokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js';
import {sortSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults.js';
import indexEverySpelling from '../plugins/search/spellings';
import type {SiteFiles} from './site-files';

/** The index file the search plugin writes (`hashed: true` adds a query string, not a new name). */
const searchIndexPath = '/search-index.json';

/** The plugin's document types, in the index file's order. */
const documentTypes = ['title', 'heading', 'description', 'keywords', 'content'] as const;

interface IndexedDocument extends SearchDocument {
  /** The page's URL path. */
  readonly u: string;
  /** The heading anchor, for headings and content. */
  readonly h?: string;
  /** The section title, for content. */
  readonly s?: string;
  /** The id of the page's title document. */
  readonly p?: number;
  /** Breadcrumbs, for titles. */
  readonly b?: readonly string[];
}

interface TypedIndex {
  readonly type: number;
  readonly documents: readonly IndexedDocument[];
  readonly index: lunr.Index;
}

interface SearchHit {
  /** The page's title. */
  readonly page: string;
  /** The heading or section the match is under, when it is not the page's title. */
  readonly section?: string;
  /** Site path with the heading's anchor, e.g. `/help/security#two-factor`. */
  readonly path: string;
  readonly kind: (typeof documentTypes)[number];
  /** The matched text, shortened. */
  readonly text: string;
}

/**
 * The queries the plugin's `smartQueries` makes of English tokens with the
 * site's settings (stop words kept in the index, fuzzy distance 1): every
 * token required; then without stop words; with three tokens or more, each
 * one left out in turn; each first exact, then with the last token as a
 * prefix, then with an edit distance of one. `smartQueries` itself reads the
 * build's generated constants, a bundler alias no other runtime has.
 */
interface QueryTerm {
  readonly value: string;
  readonly wildcard: number;
  readonly editDistance?: number;
}

function queriesFor(tokens: readonly string[]): QueryTerm[][] {
  const words = tokens.slice(0, 12).map((value, index, all) => ({value, maybeTyping: index === all.length - 1}));
  const withoutStopWords = words.filter((word) => lunr.stopWordFilter(new lunr.Token(word.value, {})) !== undefined);
  const terms = withoutStopWords.length > 0 && withoutStopWords.length < words.length ? [words, withoutStopWords] : [words];
  const dropOne =
    withoutStopWords.length > 2 ? withoutStopWords.map((_, left) => withoutStopWords.filter((__, index) => index !== left)).reverse() : [];
  const queries: QueryTerm[][] = [];
  for (const group of [terms, dropOne]) {
    for (const distance of [0, 1]) {
      for (const typing of [false, true]) {
        for (const term of group) {
          if (typing && !term.at(-1)?.maybeTyping) continue;
          const query = term.map((word) => ({
            value: word.value,
            wildcard: typing && word.maybeTyping ? lunr.Query.wildcard.TRAILING : lunr.Query.wildcard.NONE,
            ...(distance > 0 && word.value.length > distance ? {editDistance: distance} : {}),
          }));
          // Tokens too short for an edit distance would repeat the exact query.
          if (distance > 0 && query.every((item) => item.editDistance === undefined)) continue;
          queries.push(query);
        }
      }
    }
  }
  return queries;
}

/** Shortens text around the first token it contains. */
function excerpt(text: string, tokens: readonly string[], length = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const lower = flat.toLowerCase();
  const at = Math.max(
    0,
    ...tokens
      .map((token) => lower.indexOf(token))
      .filter((index) => index >= 0)
      .slice(0, 1),
  );
  const start = Math.max(0, at - length / 3);
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + length).trim()}…`;
}

export class DocsSearch {
  private indexes: Promise<TypedIndex[]> | undefined;

  constructor(private readonly files: SiteFiles) {}

  private load(): Promise<TypedIndex[]> {
    this.indexes ??= (async () => {
      const text = await this.files(searchIndexPath);
      if (text === undefined) throw new Error(`The site has no ${searchIndexPath}: it was built without its search index.`);
      const groups = JSON.parse(text) as {documents: IndexedDocument[]}[];
      return groups.map(({documents}, type) => ({type, documents, index: buildIndex(documents, indexEverySpelling)}));
    })();
    // A failed load is not kept: the next search reads the file again.
    this.indexes.catch(() => (this.indexes = undefined));
    return this.indexes;
  }

  /** The site search's results for a query, best first, at most `limit`. */
  async search(query: string, limit: number): Promise<SearchHit[]> {
    const tokens = tokenize(query, ['en']);
    if (tokens.length === 0) return [];
    const indexes = await this.load();
    const titles = indexes[0]?.documents ?? [];
    const results: {document: IndexedDocument; type: number; page: IndexedDocument | undefined | false}[] = [];
    search: for (const term of queriesFor(tokens)) {
      for (const {documents, index, type} of indexes) {
        const matches = index.query((builder) => {
          for (const item of term) builder.term(item.value, {presence: lunr.Query.presence.REQUIRED, ...item});
        });
        for (const match of matches) {
          if (results.length >= limit) break search;
          if (results.some((result) => result.document.i.toString() === match.ref)) continue;
          const document = documents.find((candidate) => candidate.i.toString() === match.ref);
          if (!document) continue;
          results.push({document, type, page: type !== 0 && titles.find((title) => title.i === document.p)});
        }
      }
    }
    sortSearchResults(results);
    return results.map(({document, type, page}) => {
      const pageTitle = type === 0 ? document.t : page ? page.t : document.u;
      const section = type === 1 ? document.t : type === 4 && document.s && document.s !== pageTitle ? document.s : undefined;
      return {
        page: pageTitle,
        ...(section ? {section} : {}),
        path: `${document.u}${document.h ?? ''}`,
        kind: documentTypes[type] ?? 'content',
        text: excerpt(document.t, tokens),
      };
    });
  }
}
