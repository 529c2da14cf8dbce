/**
 * "Changed on …" on an endpoint or event page whose operation a published
 * entry of the API changelog (packages/model/src/apiChangelog.ts) names: the latest
 * such entry's date, linked to it on /api/changelog, under the method and path.
 */
import {formatChangelogDate, lastChangeOf, type ApiChangelogEntry, apiChangelog} from '@zip/model/apiChangelog';
import type {SpecName} from '@zip/model/apiReference';

/** The element the line goes after: the page's method and path. */
const methodEndpointEnd = '</MethodEndpoint>';

export function withChangedOn(
  body: string,
  api: SpecName,
  operationId: string | undefined,
  entries: readonly ApiChangelogEntry[] = apiChangelog,
): string {
  const change = operationId === undefined ? undefined : lastChangeOf(api, operationId, entries);
  if (!change) return body;
  const breaking = change.entry.breaking ? ' (a breaking change)' : '';
  const line = `\n\n_Changed on [${formatChangelogDate(change.entry.date)}](/api/changelog#${change.anchor})${breaking}._\n`;
  const at = body.indexOf(methodEndpointEnd);
  if (at < 0) return `${body.trimEnd()}${line}`;
  const end = at + methodEndpointEnd.length;
  return `${body.slice(0, end)}${line}${body.slice(end)}`;
}
