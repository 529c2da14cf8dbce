import type {ReactNode} from 'react';
import clsx from 'clsx';
import SearchSectionLabel from '@site/src/components/SearchSectionLabel';
import MarkedText from '@site/src/components/SiteSearch/MarkedText';
import {hitTitle} from '@site/src/components/SiteSearch/links';
import {sectionOfPath} from '@site/src/utils/searchSections';
import type {SearchHit} from '@zip/model/siteSearch';
import styles from './styles.module.css';

interface OptionProps {
  readonly id: string;
  readonly href: string;
  readonly active: boolean;
  readonly onHover: () => void;
  readonly onChoose: () => void;
}

/**
 * One result of the navbar's list: named by its title and section ("Refunds ›
 * Refund a payment, section: Help"), a few words a screen reader says as the
 * arrow keys reach it, with the passage as its description.
 */
export function SearchOption({id, hit, href, active, onHover, onChoose}: OptionProps & {readonly hit: SearchHit}): ReactNode {
  const section = sectionOfPath(hit.path.split('#')[0] ?? '');
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      aria-describedby={`${id}-passage`}
      data-href={href}
      className={clsx(styles.option, active && styles.active)}
      onMouseMove={onHover}
      onClick={onChoose}>
      <span id={`${id}-title`} className={styles.optionTitle}>
        {hitTitle(hit)}
        {section && <SearchSectionLabel section={section} />}
      </span>
      {/* Left out of the option's name, which is its title and section; read as its description. */}
      <span id={`${id}-passage`} className={styles.optionText} aria-hidden="true">
        <MarkedText text={hit.passage} marks={hit.marks} />
      </span>
    </li>
  );
}

/** The last option, "See all results", which opens the search page. */
export function SeeAllOption({id, href, active, onHover, onChoose}: OptionProps): ReactNode {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      data-href={href}
      data-search-see-all=""
      className={clsx(styles.option, styles.seeAll, active && styles.active)}
      onMouseMove={onHover}
      onClick={onChoose}>
      See all results
    </li>
  );
}
