/**
 * Site search: one engine for the navbar box, the search page and the docs
 * MCP server's `search_docs`. The build writes the site's sections (a page's
 * top and each of its h2 and h3 headings with the text under them) to
 * `search-index.json` (plugins/search); whoever searches loads that file and
 * builds a MiniSearch index from it here, with the same words, spellings and
 * ranking everywhere.
 *
 * A query is read as a reader writes it: words that carry no meaning are
 * dropped, each remaining word (with the words the pages use for it,
 * packages/model/src/searchVocabulary.ts) is one thing to find, and a section ranks by
 * how well it matches (BM25) times how many of those things it holds, so
 * "which field detects a duplicate webhook" finds the section that holds
 * most of the words, not only one that holds all of them.
 */
import MiniSearch, {type Query, type SearchResult} from 'minisearch';
import {conceptsOf, termOf, termsOf, withCompounds, wordsOf, type Concept} from './searchTerms';

export {isQuestion} from './searchQuestion';

/** The file the build writes at the site's root. */
export const searchIndexPath = '/search-index.json';

/** The index file's version: the engine refuses a file written for another. */
const indexFileVersion = 1;

/**
 * The index file: pages once, sections pointing at their page. Tuples, not
 * objects, because key names repeated per section were a fifth of the file.
 */
export interface SearchIndexFile {
  readonly version: typeof indexFileVersion;
  /** [path, title, keywords] */
  readonly pages: readonly (readonly [string, string, string])[];
  /** [page's position in `pages`, heading anchor ('' for the page's top), heading, text] */
  readonly sections: readonly (readonly [number, string, string, string])[];
}

/** One section of a page, as the build found it. */
export interface SearchSection {
  /** The page's URL path, e.g. `/api/webhooks`. */
  readonly path: string;
  readonly pageTitle: string;
  /** The page's search keywords (endpoint pages, the errors page), on its top section only. */
  readonly keywords: string;
  /** The heading's anchor without `#`; '' for the text above the first heading. */
  readonly anchor: string;
  /** The heading; '' for the page's top. */
  readonly heading: string;
  readonly text: string;
}

export function toIndexFile(sections: readonly SearchSection[]): SearchIndexFile {
  const pages: [string, string, string][] = [];
  const pageIndex = new Map<string, number>();
  const rows: [number, string, string, string][] = [];
  for (const section of sections) {
    let page = pageIndex.get(section.path);
    if (page === undefined) {
      page = pages.push([section.path, section.pageTitle, section.keywords]) - 1;
      pageIndex.set(section.path, page);
    }
    rows.push([page, section.anchor, section.heading, section.text]);
  }
  return {version: indexFileVersion, pages, sections: rows};
}

function sectionsOf(file: SearchIndexFile): SearchSection[] {
  if (file?.version !== indexFileVersion || !Array.isArray(file.sections)) {
    throw new Error(`${searchIndexPath} is not a version ${indexFileVersion} search index: rebuild the site.`);
  }
  return file.sections.map(([page, anchor, heading, text]) => {
    const [path, pageTitle, keywords] = file.pages[page] ?? ['', '', ''];
    return {path, pageTitle, keywords: anchor === '' ? keywords : '', anchor, heading, text};
  });
}

/** One result: a section, with the passage of it that matched. */
export interface SearchHit {
  /** Site path with the heading's anchor, e.g. `/api/webhooks#duplicates`. */
  readonly path: string;
  readonly pageTitle: string;
  /** The section's heading; '' when the match is the page's top. */
  readonly heading: string;
  /** The sentences of the section that hold most of the query's words. */
  readonly passage: string;
  /** Where the passage holds a matched word: [start, end) offsets. */
  readonly marks: readonly (readonly [number, number])[];
  readonly score: number;
}

/**
 * How much a section's title says the query: three times when it is the
 * query's words in order ("refund a charge" and "Refund a charge"), half as
 * much again when it holds them in order among others, else once.
 */
function titleBonus(title: string, queryTerms: readonly string[]): number {
  if (queryTerms.length === 0) return 1;
  const titleTerms = termsOf(title);
  const query = ` ${queryTerms.join(' ')} `;
  const written = ` ${titleTerms.join(' ')} `;
  if (written === query) return 3;
  return queryTerms.length > 1 && written.includes(query) ? 1.5 : 1;
}

/**
 * What each section is searched by: its title (the heading, or the page's
 * title for the page's top), the page it is on, the page's keywords and its
 * text. A word in the title counts most.
 */
const fieldBoosts = {title: 4, page: 1, keywords: 3, text: 1};

function fieldOf(section: IndexedSection, field: string): string {
  switch (field) {
    case 'title':
      return section.anchor === '' ? section.pageTitle : section.heading;
    case 'page':
      return section.anchor === '' ? '' : section.pageTitle;
    case 'keywords':
      return section.keywords;
    default:
      return section.text;
  }
}

interface IndexedSection extends SearchSection {
  readonly id: number;
}

/** A sentence: up to a full stop, question or exclamation mark followed by a space ("₱15.00" stays whole). */
const sentencePattern = /(?:[^.!?]|[.!?](?!\s|$))+(?:[.!?]+(?=\s|$)|$)/g;

/** The sentences of a text, as [start, end) offsets. */
function sentencesOf(text: string): (readonly [number, number])[] {
  const sentences: [number, number][] = [];
  for (const match of text.matchAll(sentencePattern)) {
    const start = match.index + (match[0].length - match[0].trimStart().length);
    const end = match.index + match[0].trimEnd().length;
    if (end > start) sentences.push([start, end]);
  }
  return sentences.length > 0 ? sentences : [[0, text.length]];
}

/** Where in `text` a word whose term is in `terms` is written, as [start, end) offsets. */
function markedWords(text: string, terms: ReadonlySet<string>): (readonly [number, number])[] {
  const marks: [number, number][] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}_]+(?:['’-][\p{L}\p{N}_]+)*/gu)) {
    const found = wordsOf(match[0]).some((word) => {
      const term = termOf(word);
      return term !== null && terms.has(term);
    });
    if (found) marks.push([match.index, match.index + match[0].length]);
  }
  return marks;
}

/** The longest passage quoted, in characters. */
const passageLength = 280;

/**
 * The run of whole sentences, at most passageLength long, that holds most of
 * the matched words (distinct words first); a longer sentence is cut around
 * its first match, with "…" where it was cut.
 */
function passageOf(text: string, terms: ReadonlySet<string>): {passage: string; marks: (readonly [number, number])[]} {
  const sentences = sentencesOf(text);
  const allMarks = markedWords(text, terms);
  let best = {start: 0, end: text.length, score: -1};
  sentences.forEach(([start], from) => {
    let end = sentences[from]?.[1] ?? text.length;
    for (const [, next] of sentences.slice(from + 1)) {
      if (next - start > passageLength) break;
      end = next;
    }
    const inside = allMarks.filter(([markStart]) => markStart >= start && markStart < end);
    const score = new Set(inside.map(([a, b]) => text.slice(a, b).toLowerCase())).size * 10 + inside.length;
    if (score > best.score) best = {start, end, score};
  });
  let {start, end} = best;
  let prefix = '';
  let suffix = '';
  if (end - start > passageLength) {
    const firstMark = allMarks.find(([markStart]) => markStart >= start)?.[0] ?? start;
    const cut = Math.min(Math.max(start, firstMark - 60), end - passageLength);
    if (cut > start) {
      const wordStart = text.indexOf(' ', cut);
      start = wordStart > 0 && wordStart < firstMark ? wordStart + 1 : cut;
      prefix = '…';
    }
    if (end - start > passageLength) {
      const wordEnd = text.lastIndexOf(' ', start + passageLength);
      end = wordEnd > start ? wordEnd : start + passageLength;
      suffix = '…';
    }
  }
  const marks = allMarks
    .filter(([a, b]) => a >= start && b <= end)
    .map(([a, b]) => [a - start + prefix.length, b - start + prefix.length] as const);
  return {passage: `${prefix}${text.slice(start, end)}${suffix}`, marks};
}

/**
 * The most of a query the engine reads, in characters: an assistant's long
 * question is far shorter, and a pasted page is not read to its end.
 */
const readQueryLength = 1000;

/**
 * The most things a query is searched for: a longer question is searched on
 * its rarest words (those in the fewest sections), which say what it is
 * about, as "next_action.redirect_url" does and "payment" does not.
 */
const conceptLimit = 10;

/** How many results one page may have: the rest go to other pages, so the first three are three places to look. */
const resultsPerPage = 2;

export class SiteSearch {
  private readonly engine: MiniSearch<IndexedSection>;
  private readonly sections: readonly IndexedSection[];

  private constructor(sections: readonly SearchSection[]) {
    this.sections = sections.map((section, id) => ({...section, id}));
    this.engine = new MiniSearch<IndexedSection>({
      fields: Object.keys(fieldBoosts),
      extractField: (section, field) => (field === 'id' ? String(section.id) : fieldOf(section, field)),
      // A field or event name in a title ("charge.refund_failed") is one word
      // there; in the text its parts are words too ("statement descriptor").
      tokenize: (text, field) => withCompounds(wordsOf(text, field !== 'title')),
      processTerm: termOf,
      searchOptions: {
        boost: fieldBoosts,
        // A word being typed matches the words it begins; a longer word
        // matches one written with a letter or two different.
        fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
        maxFuzzy: 1,
      },
    });
  }

  private sectionOf(result: SearchResult): IndexedSection {
    const section = this.sections[Number(result.id)];
    if (!section) throw new Error(`The search engine found section ${String(result.id)}, which the index does not have.`);
    return section;
  }

  /** The engine over the sections of an index file (as JSON text or parsed). */
  static fromIndexFile(file: SearchIndexFile | string): SiteSearch {
    const search = new SiteSearch(sectionsOf(typeof file === 'string' ? (JSON.parse(file) as SearchIndexFile) : file));
    search.engine.addAll(search.sections);
    return search;
  }

  /**
   * The same, built in small steps that leave the browser free between them,
   * so a reader's page never stalls while the index is built.
   */
  static async fromIndexFileInSteps(file: SearchIndexFile): Promise<SiteSearch> {
    const search = new SiteSearch(sectionsOf(file));
    await search.engine.addAllAsync(search.sections, {chunkSize: 50});
    return search;
  }

  /** In how many sections a concept's own words are: fewer says more. */
  private sectionsWith(concept: Concept): number {
    const terms = concept.terms.length > 0 ? concept.terms : concept.added;
    return this.engine.search({queries: [...terms], combineWith: 'OR'}, {prefix: false, fuzzy: false}).length;
  }

  /** The query's concepts, each once; of a long question the conceptLimit rarest, in the question's order. */
  private usefulConcepts(concepts: readonly Concept[]): Concept[] {
    const seen = new Set<string>();
    const distinct = concepts.filter((concept) => {
      const key = [...concept.terms, '|', ...concept.added, '|', ...concept.parts].join(' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (distinct.length <= conceptLimit) return distinct;
    // A word no section holds may be a typo the fuzzy match still finds: it comes after every word found.
    const rarity = distinct.map((concept) => this.sectionsWith(concept) || Number.MAX_SAFE_INTEGER);
    const kept = new Set(
      distinct
        .map((_, index) => index)
        .sort((a, b) => (rarity[a] ?? 0) - (rarity[b] ?? 0) || a - b)
        .slice(0, conceptLimit),
    );
    return distinct.filter((_, index) => kept.has(index));
  }

  /**
   * The sections that answer a query, best first, at most `limit`. A query of
   * any length is searched, on its first readQueryLength characters.
   */
  search(written: string, limit: number): SearchHit[] {
    const query = written.slice(0, readQueryLength);
    const concepts = this.usefulConcepts(conceptsOf(query));
    if (concepts.length === 0) return [];
    // Which concept a matched term finds, and how fully: a part of an identifier half.
    const conceptOfTerm = new Map<string, {index: number; weight: number}>();
    concepts.forEach((concept, index) => {
      for (const term of [...concept.terms, ...concept.added]) if (!conceptOfTerm.has(term)) conceptOfTerm.set(term, {index, weight: 1});
      for (const term of concept.parts) if (!conceptOfTerm.has(term)) conceptOfTerm.set(term, {index, weight: 0.5});
    });
    const queries: Query[] = concepts.flatMap((concept) => [
      ...(concept.terms.length > 0 ? [{queries: [...concept.terms], combineWith: 'OR' as const}] : []),
      ...(concept.added.length > 0 ? [{queries: [...concept.added], combineWith: 'OR' as const, boostTerm: () => 0.6, prefix: false}] : []),
      ...(concept.parts.length > 0
        ? [{queries: [...concept.parts], combineWith: 'OR' as const, boostTerm: () => 0.3, prefix: false, fuzzy: false}]
        : []),
    ]);
    // The last word may be still being typed: it also finds the words it begins.
    const lastWord = /[\p{L}\p{N}_]$/u.test(query) ? termsOf(query).at(-1) : undefined;
    const results = this.engine.search({queries, combineWith: 'OR'}, {prefix: (term) => term === lastWord && term.length >= 2});
    const queryTerms = termsOf(query);
    // An HTTP path ("/v2/charges") finds the operations at that path, not those below it.
    const literalPath = /^\/[\w/{}:.-]+$/.test(query.trim()) ? query.trim() : undefined;
    const ranked = results
      .map((result: SearchResult) => {
        const covered = new Map<number, number>();
        for (const term of result.queryTerms) {
          const found = conceptOfTerm.get(term);
          if (found) covered.set(found.index, Math.max(covered.get(found.index) ?? 0, found.weight));
        }
        const coverage = [...covered.values()].reduce((sum, weight) => sum + weight, 0) / concepts.length;
        const section = this.sectionOf(result);
        const pathBonus = literalPath && ` ${section.text} `.includes(` ${literalPath} `) ? 2 : 1;
        return {result, score: result.score * coverage * coverage * titleBonus(fieldOf(section, 'title'), queryTerms) * pathBonus};
      })
      .sort((a, b) => b.score - a.score);
    const perPage = new Map<string, number>();
    const listed = new Set<string>();
    const hits: SearchHit[] = [];
    for (const {result, score} of ranked) {
      if (hits.length >= limit) break;
      const section = this.sectionOf(result);
      const path = `${section.path}${section.anchor ? `#${section.anchor}` : ''}`;
      const count = perPage.get(section.path) ?? 0;
      // A place is listed once, even from an index that holds it twice: a list keyed by path needs each path once.
      if (count >= resultsPerPage || listed.has(path)) continue;
      perPage.set(section.path, count + 1);
      listed.add(path);
      const matchedTerms = new Set(Object.keys(result.match).map((term) => termOf(term) ?? term));
      const {passage, marks} = passageOf(section.text || section.heading || section.pageTitle, matchedTerms);
      hits.push({
        path,
        pageTitle: section.pageTitle,
        heading: section.heading,
        passage,
        marks,
        score,
      });
    }
    return hits;
  }
}
