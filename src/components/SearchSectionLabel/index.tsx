import type {ReactNode} from 'react';
import type {SearchSection} from '@site/src/utils/searchSections';
import styles from './styles.module.css';

/**
 * A result's section label: "Help", "Guides" or "API", visible as a badge and
 * announced by screen readers as part of the result ("…, section: API").
 */
export default function SearchSectionLabel({section}: {readonly section: SearchSection}): ReactNode {
  return (
    <span className={styles.sectionLabel} data-search-section={section.label}>
      <span className={styles.visuallyHidden}>, section: </span>
      {section.label}
    </span>
  );
}
