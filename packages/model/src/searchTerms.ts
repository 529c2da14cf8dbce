/**
 * How site search reads words (packages/model/src/siteSearch.ts): a text's words in
 * every spelling, a word as the index holds it (stemmed, stop words
 * dropped), and a query as the things it asks for, with the words the pages
 * use for each (packages/model/src/searchVocabulary.ts).
 */
import lunr from 'lunr';
import {searchCompounds, searchStopWords, searchSynonyms, searchWordForms} from './searchVocabulary';

/**
 * Stemmed as lunr stems English (Porter), so "refunds", "refunded" and
 * "refunding" are one word; a word the stemmer would join to an unrelated
 * one is the vocabulary's form of it.
 */
function stem(word: string): string {
  // Marked, so no word being typed ("install") finds it by its beginning.
  const form = searchWordForms.get(word);
  if (form) return `=${form}`;
  return /^[a-z]+$/.test(word) ? lunr.stemmer(new lunr.Token(word, {})).toString() : word;
}

const compoundWords = searchCompounds.map((phrase) => phrase.split(' '));

/** The compound that starts at `at` in `words`, by its words, or undefined. */
function compoundAt(words: readonly string[], at: number): readonly string[] | undefined {
  return compoundWords.find((parts) => parts.every((part, offset) => words[at + offset] === part));
}

/** The words of a text with each compound of the vocabulary ("down payment") also as its one word ("downpayment"). */
export function withCompounds(words: readonly string[]): string[] {
  const joined: string[] = [];
  words.forEach((word, at) => {
    const parts = compoundAt(words, at);
    if (parts) joined.push(parts.join(''));
  });
  return joined.length > 0 ? [...words, ...joined] : [...words];
}

/** A query's words with each compound, spaced or hyphenated ("down-payment"), read as its one word. */
function joinCompounds(words: readonly string[]): string[] {
  const read: string[] = [];
  for (let at = 0; at < words.length;) {
    const word = words[at] ?? '';
    const parts = compoundAt(words, at) ?? (word.includes('-') ? compoundWords.find((compound) => compound.join('-') === word) : undefined);
    const length = parts && !word.includes('-') ? parts.length : 1;
    read.push(parts ? parts.join('') : word);
    at += length;
  }
  return read;
}

/**
 * Words as written: lower case, apostrophes and a trailing "'s" dropped. A
 * word written with hyphens or underscores ("e-wallet", "statement_descriptor")
 * is also each of its parts, and a hyphenated one also the parts joined
 * ("ewallet"), so every spelling finds it.
 */
export function wordsOf(text: string, splitUnderscores = true): string[] {
  const words: string[] = [];
  for (const [written] of text.toLowerCase().matchAll(/[\p{L}\p{N}_]+(?:['’-][\p{L}\p{N}_]+)*/gu)) {
    const word = written.replace(/['’]s$/, '').replace(/['’]/g, '');
    words.push(word);
    if (word.includes('-')) words.push(...word.split('-'), word.replaceAll('-', ''));
    if (splitUnderscores && /[^_]_[^_]/.test(word)) words.push(...word.split('_'));
  }
  return words;
}

/** The terms of a text in order, as the index holds them, stop words left out. */
export function termsOf(text: string): string[] {
  return wordsOf(text, false)
    .filter((word) => !word.includes('-'))
    .map(termOf)
    .filter((term): term is string => term !== null);
}

/** Terms already worked out: the stemmer is the costliest step of quoting a result's passage. */
const termCache = new Map<string, string | null>();

/** A word as the index holds it, or null for one that carries no meaning. */
export function termOf(word: string): string | null {
  const known = termCache.get(word);
  if (known !== undefined) return known;
  const term = (word.length < 2 && !/\d/.test(word)) || searchStopWords.has(word) ? null : stem(word);
  if (termCache.size < 50_000) termCache.set(word, term);
  return term;
}

/** One thing the query asks for: a word, or a phrase of the vocabulary, each with the words the pages use for it. */
export interface Concept {
  /** The terms that find it, as the index holds them. */
  readonly terms: readonly string[];
  /** Terms from the vocabulary, not typed: they weigh less. */
  readonly added: readonly string[];
  /** The parts of a typed identifier ("last", "sent" of "last_sent_at"): they find it only in part. */
  readonly parts: readonly string[];
}

/** The query's concepts: its words without stop words, phrases of the vocabulary joined, synonyms added. */
export function conceptsOf(query: string): Concept[] {
  // A hyphenated word counts once: as its joined form plus its parts.
  const typedWords: string[] = [];
  for (const [written] of query.toLowerCase().matchAll(/[\p{L}\p{N}_]+(?:['’-][\p{L}\p{N}_]+)*/gu)) {
    typedWords.push(written.replace(/['’]s$/, '').replace(/['’]/g, ''));
  }
  const words = joinCompounds(typedWords);
  const concepts: {words: string[]; added: string[]}[] = [];
  const used = new Set<number>();
  const joinedQuery = ` ${words.join(' ')} `;
  for (const {typed, written} of searchSynonyms) {
    for (const phrase of typed) {
      const phraseWords = phrase.toLowerCase().split(/\s+/).filter(Boolean);
      const at = joinedQuery.indexOf(` ${phraseWords.join(' ')} `);
      if (at < 0 || phraseWords.length === 0) continue;
      const first = joinedQuery.slice(0, at).trim().split(' ').filter(Boolean).length;
      const positions = phraseWords.map((_, offset) => first + offset);
      const existing = concepts.find((concept) => concept.words.some((word) => phraseWords.includes(word)));
      const addedWords = written.flatMap((item) => wordsOf(item));
      if (existing) existing.added.push(...addedWords);
      else concepts.push({words: [...phraseWords], added: addedWords});
      positions.forEach((position) => used.add(position));
    }
  }
  words.forEach((word, position) => {
    if (!used.has(position)) concepts.push({words: [word], added: []});
  });
  const result: Concept[] = [];
  const identifier = (word: string): boolean => /[^_]_[^_]/.test(word);
  const toTerms = (list: readonly string[]): string[] => [...new Set(list.map(termOf).filter((term): term is string => term !== null))];
  for (const concept of concepts) {
    // "e-wallet" is "ewallet", "e" and "wallet"; an identifier
    // ("last_sent_at") is itself, and its parts weigh less.
    const typed = concept.words.flatMap((word) => (word.includes('-') ? wordsOf(word) : [word]));
    const parts = concept.words.filter(identifier).flatMap((word) => word.split('_'));
    const terms = toTerms(typed);
    const added = toTerms(concept.added.flatMap((word) => wordsOf(word))).filter((term) => !terms.includes(term));
    const partTerms = toTerms(parts).filter((term) => !terms.includes(term) && !added.includes(term));
    if (terms.length > 0 || (added.length > 0 && concept.words.length > 1)) result.push({terms, added, parts: partTerms});
  }
  return result;
}
