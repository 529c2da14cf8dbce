import type {SearchSection} from '@site/src/utils/searchSections';
import styles from './styles.module.css';

/** Marks a label we added, so each result is labelled once however often the markup changes. */
export const sectionLabelAttribute = 'data-search-section';

/**
 * A result's section label: "Help", "Guides" or "API", visible as a badge and
 * announced by screen readers as part of the result ("…, section: API").
 *
 * Built as plain DOM, not React: the dropdown's results are markup written by
 * the search plugin's autocomplete library, outside React's tree.
 */
export function createSectionLabel(section: SearchSection): HTMLSpanElement {
  const label = document.createElement('span');
  label.className = styles.sectionLabel ?? '';
  label.setAttribute(sectionLabelAttribute, section.label);
  const spokenPrefix = document.createElement('span');
  spokenPrefix.className = styles.visuallyHidden ?? '';
  spokenPrefix.textContent = ', section: ';
  label.append(spokenPrefix, section.label);
  return label;
}

/** True when the element already carries a section label we added. */
export function hasSectionLabel(element: Element): boolean {
  return element.querySelector(`[${sectionLabelAttribute}]`) !== null;
}
