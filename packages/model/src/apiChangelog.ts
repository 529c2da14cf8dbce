/**
 * The API changelog: what changed in each Zip API, and when. The page
 * /api/changelog and its Atom feed render this list, endpoint pages say
 * "Changed on …" where an entry names their operation, and
 * `npm run check:changelog` holds it against the specs: every operation that
 * differs between `openapi/published/` (the specs as last published) and
 * `openapi/` must be named by an entry added since that publication, with
 * `breaking: true` when the change is breaking. CONTRIBUTING.md says how to
 * record a change and publish it.
 */

import type {SpecName} from './apiReference';
import {november2026Entries} from './apiChangelog/2026-11';
import {unreleased, type ApiChangelogEntry} from './apiChangelog/entry';
import {latestEntries} from './apiChangelog/latest';

export {unreleased, type ApiChangelogEntry} from './apiChangelog/entry';

/** The API's names on the changelog page. */
export const apiNames: Readonly<Record<SpecName, string>> = {
  payments: 'Payments API',
  checkout: 'Checkout Sessions API',
  links: 'Payment Links API',
  requests: 'Payment Requests API',
};

/** Newest first. */
export const apiChangelog: readonly ApiChangelogEntry[] = [...latestEntries, ...november2026Entries];

/** The anchor of each entry on /api/changelog: its date, `-2`, `-3`… for a date's later entries; `unreleased` likewise. */
export function changelogAnchors(entries: readonly ApiChangelogEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const count = (seen.get(entry.date) ?? 0) + 1;
    seen.set(entry.date, count);
    return count === 1 ? entry.date : `${entry.date}-${count}`;
  });
}

/** `2026-11-21` → `21 November 2026`, the site's way of writing a date. */
export function formatChangelogDate(date: string): string {
  if (date === unreleased) return 'Unreleased';
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'});
}

/** The latest published entry naming an operation of a spec, and its anchor: what the operation's page says it changed on. */
export function lastChangeOf(
  api: SpecName,
  operationId: string,
  entries: readonly ApiChangelogEntry[],
): {entry: ApiChangelogEntry; anchor: string} | undefined {
  const anchors = changelogAnchors(entries);
  const index = entries.findIndex(
    (entry) => entry.date !== unreleased && entry.apis.includes(api) && (entry.operations ?? []).includes(operationId),
  );
  const entry = entries[index];
  return entry ? {entry, anchor: anchors[index] ?? entry.date} : undefined;
}
