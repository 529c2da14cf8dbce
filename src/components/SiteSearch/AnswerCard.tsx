import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {SearchHit} from '@zip/model/siteSearch';
import MarkedText from './MarkedText';
import {hitHref, hitTitle} from './links';
import styles from './styles.module.css';

interface Props {
  readonly hit: SearchHit;
  readonly query: string;
  /** In the navbar's list, the link is reached with the arrow keys (the first result), not Tab. */
  readonly inList?: boolean;
}

/**
 * The answer to a query that reads as a question: the best section's
 * passage, quoted, with its heading and a link to it. Drawn from the docs
 * alone, in the reader's browser.
 */
export default function AnswerCard({hit, query, inList = false}: Props): ReactNode {
  const href = hitHref(hit, query);
  return (
    <figure className={clsx(styles.answer, inList && styles.answerInList)} aria-label="Answer from the docs" data-search-answer="">
      <figcaption className={styles.answerCaption}>From the docs</figcaption>
      <blockquote className={styles.answerQuote} cite={hit.path}>
        <p>
          <MarkedText text={hit.passage} marks={hit.marks} />
        </p>
      </blockquote>
      <p className={styles.answerSource}>
        <Link to={href} tabIndex={inList ? -1 : undefined}>
          {hitTitle(hit)}
        </Link>
      </p>
    </figure>
  );
}
