/**
 * Words the site writes with a hyphen that readers also type as one word,
 * or the other way round: "e-mail" and "email", "e-wallet" and "ewallet".
 * The search plugin's query splits "e-mail" into "e" and "mail", while the
 * index holds "email" as one token, so each spelling found only the pages
 * that used it. Indexing every spelling of these words at each place one of
 * them is written makes both queries find the same pages.
 */
import type lunr from 'lunr';

export interface Spelling {
  /** The word as one token, as the index and a query hold it. */
  readonly joined: string;
  /** The same word split at its hyphen, as a query splits it. */
  readonly parts: readonly [string, string];
}

export const spellings: readonly Spelling[] = [
  {joined: 'email', parts: ['e', 'mail']},
  {joined: 'ewallet', parts: ['e', 'wallet']},
];

/**
 * The tokens, with every spelling of a listed word added where one is
 * written: beside "email", the tokens "e" and "mail"; beside "mail" after
 * "e", the token "email". Added tokens carry the position of the word they
 * stand for, so a match highlights what is written.
 */
export function withAlternativeSpellings(tokens: lunr.Token[]): lunr.Token[] {
  const out: lunr.Token[] = [];
  tokens.forEach((token, index) => {
    out.push(token);
    const word = token.toString();
    for (const {joined, parts} of spellings) {
      if (word === joined) {
        out.push(
          token.clone(() => parts[0]),
          token.clone(() => parts[1]),
        );
      } else if (word === parts[1] && tokens[index - 1]?.toString() === parts[0]) {
        out.push(token.clone(() => joined));
      }
    }
  });
  return out;
}

/** lunr's tokenizer as lunr's builder calls it: with the field's metadata too, which its types leave out. */
type FieldTokenizer = (input?: unknown, metadata?: object) => lunr.Token[];

/**
 * The lunr plugin the search plugin's index builder uses in the reader's
 * browser (its `lunrPluginPath` option, set in docusaurus.config.ts): the
 * builder's tokenizer, adding every spelling of a listed word where one is
 * written (withAlternativeSpellings). Queries are split by the search
 * plugin's own code, unchanged.
 */
export default function indexEverySpelling(builder: lunr.Builder): void {
  const tokenize = builder.tokenizer as FieldTokenizer;
  builder.tokenizer = ((input, metadata) => withAlternativeSpellings(tokenize(input, metadata))) as FieldTokenizer as typeof lunr.tokenizer;
}
