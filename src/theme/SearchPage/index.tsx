import {useCallback, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import SearchPage from '@theme-original/SearchPage';
import SearchIndexUnavailable from '@site/src/components/SearchIndexUnavailable';
import {createSectionLabel, hasSectionLabel} from '@site/src/components/SearchSectionLabel';
import {sectionOfPath} from '@site/src/utils/searchSections';
import {useMarkupMending} from '@site/src/utils/useMarkupMending';
import styles from './styles.module.css';

/**
 * Adds a section label ("Help", "Guides", "API") to every result on the full
 * results page, from the URL its title links to. The label goes inside the
 * result's heading, after the link, so reading the heading names the section.
 */
/**
 * The plugin's page puts its content straight into the layout's wrapper,
 * with no <main>: the page had no main landmark and content outside any
 * landmark (axe "landmark-one-main", "region"). Its content container
 * becomes the main landmark.
 */
function markMainContent(root: HTMLElement): void {
  root.querySelector('#__docusaurus_skipToContent_fallback > .container:not([role])')?.setAttribute('role', 'main');
}

function mendSearchPage(root: HTMLElement): void {
  markMainContent(root);
  labelResults(root);
}

function labelResults(root: HTMLElement): void {
  root.querySelectorAll<HTMLElement>('article > h2').forEach((heading) => {
    const link = heading.querySelector<HTMLAnchorElement>(':scope > a[href]');
    if (!link || hasSectionLabel(heading)) return;
    const section = sectionOfPath(new URL(link.href).pathname);
    if (section) heading.append(createSectionLabel(section));
  });
}

/**
 * The plugin's search page, with each result labelled with its section, its
 * content as the main landmark, and a message with Retry when the search
 * index could not be loaded.
 * Results arrive after the index loads and change as the reader types, so
 * the labels are added whenever the page's markup changes.
 */
export default function SearchPageWrapper(props: Record<string, unknown>): ReactNode {
  const container = useMarkupMending<HTMLDivElement>(mendSearchPage);
  // The plugin's page renders its own layout, so the message about an index
  // that could not be loaded goes into its content, after the search field.
  const [pageContent, setPageContent] = useState<Element | null>(null);
  const findPageContent = useCallback((node: HTMLDivElement | null) => {
    setPageContent(node?.querySelector('#__docusaurus_skipToContent_fallback > .container') ?? null);
  }, []);
  return (
    <div ref={findPageContent} className={styles.contents}>
      <div ref={container} className={styles.contents}>
        <SearchPage {...props} />
      </div>
      {pageContent && createPortal(<SearchIndexUnavailable placement="page" />, pageContent)}
    </div>
  );
}
