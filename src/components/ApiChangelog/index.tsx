import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {apiChangelog, apiNames, changelogAnchors, formatChangelogDate, type ApiChangelogEntry} from '@zip/model/apiChangelog';
// Each operation's page, by spec and operationId, as Docusaurus loaded the API reference (plugins/api-reference).
import pages from '@generated/zip-api-reference/default/operation-pages.json';
import InlineCode from '@site/src/components/InlineCode';
import styles from './styles.module.css';

/** An operation an entry names: a link to its page, or its id when no spec has it any more. */
function OperationLink({entry, operationId}: {readonly entry: ApiChangelogEntry; readonly operationId: string}): ReactNode {
  const page = entry.apis.map((api) => pages[api]?.[operationId]).find(Boolean);
  if (!page) return <code>{operationId}</code>;
  return <Link to={page.permalink}>{page.title}</Link>;
}

function Entry({entry, anchor}: {readonly entry: ApiChangelogEntry; readonly anchor: string}): ReactNode {
  return (
    <article className={styles.entry}>
      <Heading as="h3" id={anchor}>
        {formatChangelogDate(entry.date)}
      </Heading>
      <p className={styles.apis}>
        {entry.apis.map((api) => apiNames[api]).join(', ')}
        {entry.breaking ? <span className={styles.breaking}>Breaking change</span> : null}
      </p>
      <p>
        <InlineCode text={entry.summary} />
      </p>
      {(entry.operations ?? []).length > 0 ? (
        <ul className={styles.operations} aria-label="Operations changed">
          {(entry.operations ?? []).map((operationId) => (
            <li key={operationId}>
              <OperationLink entry={entry} operationId={operationId} />
            </li>
          ))}
        </ul>
      ) : null}
      {(entry.schemas ?? []).length > 0 ? (
        <p className={styles.schemas}>
          Schemas: <InlineCode text={(entry.schemas ?? []).map((schema) => `\`${schema}\``).join(', ')} />
        </p>
      ) : null}
    </article>
  );
}

/** Every entry of packages/model/src/apiChangelog.ts, newest first, each under its date (an H3: the page's H2 introduces them). */
export default function ApiChangelog(): ReactNode {
  const anchors = changelogAnchors(apiChangelog);
  return (
    <div>
      {apiChangelog.map((entry, index) => (
        <Entry key={anchors[index]} entry={entry} anchor={anchors[index] ?? entry.date} />
      ))}
    </div>
  );
}
