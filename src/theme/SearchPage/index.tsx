import type {ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';
import {createSectionLabel, hasSectionLabel} from '@site/src/components/SearchSectionLabel';
import {sectionOfPath} from '@site/src/utils/searchSections';
import {useMarkupMending} from '@site/src/utils/useMarkupMending';
import styles from './styles.module.css';

/**
 * Adds a section label ("Help", "Guides", "API") to every result on the full
 * results page, from the URL its title links to. The label goes inside the
 * result's heading, after the link, so reading the heading names the section.
 */
function labelResults(root: HTMLElement): void {
  root.querySelectorAll<HTMLElement>('article > h2').forEach((heading) => {
    const link = heading.querySelector<HTMLAnchorElement>(':scope > a[href]');
    if (!link || hasSectionLabel(heading)) return;
    const section = sectionOfPath(new URL(link.href).pathname);
    if (section) heading.append(createSectionLabel(section));
  });
}

/**
 * The plugin's search page, with each result labelled with its section.
 * Results arrive after the index loads and change as the reader types, so
 * the labels are added whenever the page's markup changes.
 */
export default function SearchPageWrapper(props: Record<string, unknown>): ReactNode {
  const container = useMarkupMending<HTMLDivElement>(labelResults);
  return (
    <div ref={container} className={styles.contents}>
      <SearchPage {...props} />
    </div>
  );
}
