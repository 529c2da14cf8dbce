import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
// Written by `npm run gen:api` from the specs' webhooks and the payments spec's EventType,
// after checking that the four specs agree (plugins/api-reference/catalogues.ts).
import catalogue from '@site/.generated/event-catalogue.json';
// Each webhook's page, as Docusaurus loaded the API reference (plugins/api-reference).
import operationPages from '@generated/zip-api-reference/default/operation-pages.json';
import InlineCode from '@site/src/components/InlineCode';
// A wide table scrolls in a named, focusable region of its own at narrow widths (WCAG 1.4.10).
import ScrollableTable from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

interface EventCatalogueEntry {
  readonly type: string;
  readonly description: string;
  readonly spec: string;
  readonly operationId: string;
}

const entries: readonly EventCatalogueEntry[] = catalogue;

/** The page of an event's webhook; the build stops on an event with none (an unknown link is a broken link). */
function routeOf(entry: EventCatalogueEntry): string {
  const page = operationPages[entry.spec.replace(/^.*\//, '').replace(/\.yaml$/, '')]?.[entry.operationId];
  if (!page) throw new Error(`Event ${entry.type}: no page documents its webhook ${entry.operationId} (${entry.spec}).`);
  return page.permalink;
}

/** A row other pages can link to (/api/webhooks#charge.succeeded); declared to the broken-anchor check. */
function AnchoredRow({id, children}: {readonly id: string; readonly children: ReactNode}): ReactNode {
  useBrokenLinks().collectAnchor(id);
  return <tr id={id}>{children}</tr>;
}

/** Every event type Zip sends, each linked to its generated page with payload and example. */
export function EventCatalogueTable(): ReactNode {
  return (
    <ScrollableTable className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Event type</th>
          <th scope="col">What happened</th>
          <th scope="col">Spec</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <AnchoredRow key={entry.type} id={entry.type}>
            <th scope="row">
              <Link to={routeOf(entry)}>
                <code>{entry.type}</code>
              </Link>
            </th>
            <td>
              <InlineCode text={entry.description} />
            </td>
            <td>
              <code>{entry.spec.replace(/^openapi\//, '')}</code>
            </td>
          </AnchoredRow>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** The event types as search keywords, so searching for an event type finds the webhooks page too. */
export function eventTypeKeywords(): string[] {
  return entries.map((entry) => entry.type);
}
