import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
// Written by `npm run gen:api`: the union of the four specs' ErrorType and ErrorCode enums,
// each code described alike wherever it is listed (plugins/api-reference/catalogues.ts).
import catalogue from '@site/.generated/error-catalogue.json';
import InlineCode from '@site/src/components/InlineCode';
// A wide table scrolls in a named, focusable region of its own at narrow widths (WCAG 1.4.10).
import ScrollableTable from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

interface ErrorCodeEntry {
  readonly code: string;
  readonly description: string;
  readonly status?: number;
  readonly type?: string;
}

/**
 * A table row other pages can link to (/api/errors#card_declined). Rows are
 * not headings, so the anchor is declared to the build's broken-anchor check.
 */
function AnchoredRow({id, children}: {readonly id: string; readonly children: ReactNode}): ReactNode {
  useBrokenLinks().collectAnchor(id);
  return <tr id={id}>{children}</tr>;
}

/** Every `error.type`, with its HTTP status and what to do. */
export function ErrorTypeTable(): ReactNode {
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Meaning and fix</th>
        </tr>
      </thead>
      <tbody>
        {catalogue.types.map(({type, description}) => (
          <AnchoredRow key={type} id={type}>
            <td>
              <code>{type}</code>
            </td>
            <td>
              <InlineCode text={description} />
            </td>
          </AnchoredRow>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

interface ErrorCodeTableProps {
  /** `errors`: codes returned in an error response; `declines`: a charge's `failure_code` values. */
  readonly kind: 'errors' | 'declines';
}

/** Every error or decline code from the specs, with its meaning and fix. */
export function ErrorCodeTable({kind}: ErrorCodeTableProps): ReactNode {
  const codes: readonly ErrorCodeEntry[] = catalogue.codes.filter((entry: ErrorCodeEntry) =>
    kind === 'errors' ? entry.status !== undefined : entry.status === undefined,
  );
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Code</th>
          {kind === 'errors' && <th scope="col">Status</th>}
          <th scope="col">Meaning and fix</th>
        </tr>
      </thead>
      <tbody>
        {codes.map((entry) => (
          <AnchoredRow key={entry.code} id={entry.code}>
            <td>
              <code>{entry.code}</code>
            </td>
            {kind === 'errors' && (
              <td className={styles.status}>
                {entry.status}
                <br />
                <span className={styles.type}>{entry.type}</span>
              </td>
            )}
            <td>
              <InlineCode text={entry.description} />
            </td>
          </AnchoredRow>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/**
 * Every error type and code as the page's search keywords. The site search
 * ranks keyword matches above body text, so a reader who types a code
 * (`card_declined`) lands on this catalogue before the guides that mention it.
 * Render it once per page: a page has one keywords meta tag.
 */
export function ErrorCatalogueSearchKeywords(): ReactNode {
  const keywords = [...catalogue.types.map(({type}) => type), ...catalogue.codes.map(({code}) => code)];
  return (
    <Head>
      <meta name="keywords" content={keywords.join(', ')} />
    </Head>
  );
}
