import type {ReactNode} from 'react';
import type {SearchSection} from '@site/src/utils/searchSections';
import styles from './styles.module.css';
import VisuallyHidden from '@site/src/components/VisuallyHidden';

/**
 * A result's section label: "Help", "Guides" or "API", visible as a badge and
 * announced by screen readers as part of the result ("…, section: API").
 */
export default function SearchSectionLabel({section}: {readonly section: SearchSection}): ReactNode {
  return (
    <span className={styles.sectionLabel} data-search-section={section.label}>
      <VisuallyHidden>, section: </VisuallyHidden>
      {section.label}
    </span>
  );
}
