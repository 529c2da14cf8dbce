import {useEffect} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import {isFieldAnchor} from '@zip/model/fieldAnchors';

/** The search plugin's parameter for the words of the search that opened the page. */
const searchWordsParameter = '_highlight';

/**
 * Whether `name` (`statement_descriptor`) is what the search asked for: one
 * of its words, or several in a row ("statement descriptor").
 */
function searchNamesField(words: readonly string[], name: string): boolean {
  const field = name.toLowerCase();
  const spaced = ` ${words.join(' ')} `;
  return words.includes(field) || spaced.includes(` ${field.replaceAll('_', ' ')} `);
}

/**
 * An endpoint page opened from a search result for a field's name scrolls to
 * that field: the URL's fragment becomes the field's anchor (which opens the
 * sections around it, src/components/FieldAnchor). The first field in page
 * order that the search names wins (parameters, then the request body, then
 * the responses), unless the word is also in the page's title: "refund
 * charge" opens Refund a charge at its top, "refund amount" at its amount.
 */
export function useSearchLandsOnField(root: React.RefObject<HTMLElement | null>): void {
  const {pathname, search, hash} = useLocation();
  const history = useHistory();
  useEffect(() => {
    const words = new URLSearchParams(search).getAll(searchWordsParameter).map((word) => word.toLowerCase());
    const container = root.current;
    if (words.length === 0 || !container || isFieldAnchor(hash.slice(1))) return;
    const title = (document.querySelector('article h1')?.textContent ?? '').toLowerCase();
    const asked = words.filter((word) => !title.includes(word));
    const field = Array.from(container.querySelectorAll<HTMLElement>('[data-field-name]')).find((element) =>
      searchNamesField(asked, element.dataset.fieldName ?? ''),
    );
    if (field) history.replace(`${pathname}${search}#${field.id}`);
  }, [pathname, search, hash, history, root]);
}
