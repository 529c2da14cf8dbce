import {useEffect, useMemo, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import SearchIndexUnavailable from '@site/src/components/SearchIndexUnavailable';
import SearchSectionLabel from '@site/src/components/SearchSectionLabel';
import {isQuestion, searchedQueryLength} from '@zip/model/searchQuestion';
import {sectionOfPath} from '@site/src/utils/searchSections';
import AnswerCard from './AnswerCard';
import MarkedText from './MarkedText';
import {hitHref, hitTitle, searchPageHref} from './links';
import {loadSearchIndex, useSearchIndex} from './searchIndex';
import styles from './styles.module.css';
import VisuallyHidden from '@site/src/components/VisuallyHidden';

/** How many results the page lists. */
const resultLimit = 50;

/**
 * What the page searches and how, under the field until there is a query.
 * It is the page's description too, so its Markdown twin says it
 * (plugins/machine-readable/twins.ts).
 */
const searchIntro =
  'Search the help centre, the developer guides and the API reference at once. Ask a question, such as “How do I refund a charge?”, ' +
  'and the section that answers it comes first; or type words from a page, an endpoint or a field name, such as amount_refunded, ' +
  'to list the sections that have them. Each result opens at the section it was found in, and Ctrl K (⌘ K on a Mac) searches from any page.';

/**
 * The full results page, `/search?q=…` (added by plugins/search): the answer
 * card for a question, then every matching section with its passage. The
 * query is in the URL, so a search can be shared and opened from a link.
 */
export default function SearchPage(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const {status, engine} = useSearchIndex();
  // The query lives in the URL: typing replaces it, a link opens it. The
  // server renders the page without one, so the first render in the browser
  // does too, and reads it once hydrated (React error #418 otherwise).
  const hydrated = useIsBrowser();
  const written = hydrated ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  /** Whether the field cut what was typed or pasted: the URL holds what is searched. */
  const [typedCut, setTypedCut] = useState(false);
  const cut = typedCut || written.length > searchedQueryLength;
  const query = written.slice(0, searchedQueryLength);

  useEffect(loadSearchIndex, []);

  const trimmed = query.trim();
  const hits = useMemo(() => (engine && trimmed ? engine.search(trimmed, resultLimit) : undefined), [engine, trimmed]);
  const answer = hits?.[0] && isQuestion(trimmed) ? hits[0] : undefined;
  const count =
    trimmed === ''
      ? ''
      : !hits
        ? 'Loading search…'
        : hits.length === 0
          ? `No results for “${trimmed}”`
          : `${hits.length} result${hits.length === 1 ? '' : 's'} found`;

  return (
    <Layout title={trimmed ? `Search results for "${trimmed}"` : 'Search'} description={searchIntro}>
      <main className={`container ${styles.page}`}>
        <h1>{trimmed ? `Search results for "${trimmed}"` : 'Search'}</h1>
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
          }}>
          <VisuallyHidden as="label" htmlFor="search-page-field">
            Search the docs
          </VisuallyHidden>
          <input
            id="search-page-field"
            type="search"
            className={styles.pageField}
            value={query}
            placeholder="Ask a question or type words"
            autoComplete="off"
            onChange={(event) => {
              const typed = event.target.value;
              setTypedCut(typed.length > searchedQueryLength);
              history.replace(searchPageHref(typed.slice(0, searchedQueryLength)));
            }}
          />
        </form>
        {trimmed === '' && <p>{searchIntro}</p>}
        {cut && <p>Only the first {searchedQueryLength} characters are searched.</p>}
        <SearchIndexUnavailable placement="page" />
        <p role="status">{status === 'failed' ? '' : count}</p>
        {answer && <AnswerCard hit={answer} query={trimmed} />}
        {hits?.map((hit) => {
          const section = sectionOfPath(hit.path.split('#')[0] ?? '');
          return (
            <article key={hit.path} className={styles.result}>
              <h2>
                <Link to={hitHref(hit, trimmed)}>{hitTitle(hit)}</Link>
                {section && <SearchSectionLabel section={section} />}
              </h2>
              <p>
                <MarkedText text={hit.passage} marks={hit.marks} />
              </p>
            </article>
          );
        })}
      </main>
    </Layout>
  );
}
