import type {ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import clsx from 'clsx';
import SearchIndexUnavailable from '@site/src/components/SearchIndexUnavailable';
import {useSearchIndexStatus} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/searchIndexStatus';
import {createSectionLabel, hasSectionLabel} from '@site/src/components/SearchSectionLabel';
import {sectionOfBreadcrumbs, type SearchSection} from '@site/src/utils/searchSections';
import {useMarkupMending} from '@site/src/utils/useMarkupMending';
import styles from './styles.module.css';

/**
 * The plugin's CSS-module class names, stable up to the hash Docusaurus
 * appends in production ("hitPath_x1Yz").
 */
const titleSelector = '[class^="hitTitle_"]';
const pathSelector = '[class^="hitPath_"]';
const treeSelector = '[class^="hitTree_"]';
const actionSelector = '[class^="hitAction_"]';

/** Visible text of a part of a suggestion. */
function textOf(suggestion: Element, selector: string): string {
  return (suggestion.querySelector(selector)?.textContent ?? '').trim();
}

/** True when a result's title is this page title, or its start when the plugin shortened it ("Taking payments…"). */
function isTitleOf(resultTitle: string, pageTitle: string): boolean {
  return resultTitle.endsWith('…') ? pageTitle.startsWith(resultTitle.slice(0, -1)) : resultTitle === pageTitle;
}

/**
 * Adds a section label ("Help", "Guides", "API") to every suggestion in the
 * dropdown. The plugin writes suggestions as HTML strings with no URL, only
 * the result's path, whose first breadcrumb is the section's navbar label
 * ("API Reference › Charges › Refund a charge"). A heading or paragraph
 * listed under a page result (drawn with a tree line) shows just the page's
 * title as its path; it takes the section of the nearest result above that
 * is that page (the page's title is that result's title).
 */
function labelSuggestions(root: HTMLElement): void {
  /** The results above the current one that carry a path, nearest first. */
  const resultsAbove: {title: string; section: SearchSection | undefined}[] = [];
  root.querySelectorAll<HTMLElement>('[role="option"]').forEach((suggestion) => {
    let section: SearchSection | undefined;
    if (suggestion.querySelector(treeSelector)) {
      const pageTitle = textOf(suggestion, pathSelector);
      section = resultsAbove.find(({title}) => isTitleOf(title, pageTitle))?.section;
    } else {
      section = sectionOfBreadcrumbs(textOf(suggestion, pathSelector));
      resultsAbove.unshift({title: textOf(suggestion, titleSelector), section});
    }
    if (!section || hasSectionLabel(suggestion)) return;
    suggestion.insertBefore(createSectionLabel(section), suggestion.querySelector(actionSelector));
  });
}

/**
 * ARIA 1.2 has a combobox name the list it controls with aria-controls; the
 * plugin's autocomplete library still uses ARIA 1.1's aria-owns only (axe
 * "aria-required-attr", critical).
 */
function mendComboboxMarkup(root: HTMLElement): void {
  root.querySelectorAll('input[role="combobox"][aria-owns]:not([aria-controls])').forEach((input) => {
    input.setAttribute('aria-controls', input.getAttribute('aria-owns') ?? '');
  });
}

function mendSearchBar(root: HTMLElement): void {
  mendComboboxMarkup(root);
  labelSuggestions(root);
}

/**
 * The plugin's search bar, with each result labelled with its section and
 * the combobox markup mended, and a message with Retry under it when the
 * search index could not be loaded (the plugin's status, as patches/ adds it). The dropdown is rendered by the plugin's
 * autocomplete library outside React, so both happen whenever its markup
 * changes.
 */
export default function SearchBarWrapper(props: Record<string, unknown>): ReactNode {
  const container = useMarkupMending<HTMLDivElement>(mendSearchBar);
  const {failed} = useSearchIndexStatus();
  return (
    <div ref={container} className={clsx(styles.contents, failed && styles.indexFailed)}>
      <SearchBar {...props} />
      <SearchIndexUnavailable placement="navbar" />
    </div>
  );
}
