/**
 * The changelog's rules (`npm run check:changelog`): each operation that
 * differs between the published snapshot and `openapi/` is named by an
 * entry added since the snapshot was published, for its API; a breaking change
 * is named by such an entry that says `breaking: true`. Entries are checked
 * too: dates, API names, and the operations the entries in force name.
 */
import {unreleased, type ApiChangelogEntry} from '@zip/model/apiChangelog';
import type {SpecName} from '@zip/model/apiReference';
import {operationIds, specChanges} from './diff';

type Document = Record<string, unknown>;

export interface SpecVersions {
  readonly api: SpecName;
  /** Where the spec is, for messages: `openapi/links.yaml`. */
  readonly file: string;
  readonly published: Document;
  readonly current: Document;
}

/** The file the entries are in, for messages. */
export const changelogFile = 'packages/model/src/apiChangelog.ts';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** How an entry is named in a message: its date and APIs. */
export function entryName(entry: ApiChangelogEntry, index: number): string {
  return `entry ${index + 1} (${entry.date}, ${entry.apis.join(', ')})`;
}

/**
 * The entries a change now in `openapi/` may be recorded in: those added since the snapshot was
 * published (`publishedEntries` is how many entries there were then; entries go newest first), or,
 * without that record, the unreleased ones and those of the latest date.
 */
export function entriesInForce(entries: readonly ApiChangelogEntry[], publishedEntries?: number): ApiChangelogEntry[] {
  if (publishedEntries !== undefined) return entries.slice(0, Math.max(0, entries.length - publishedEntries));
  const dates = entries.map((entry) => entry.date).filter((date) => date !== unreleased);
  const latest = dates.sort().at(-1);
  return entries.filter((entry) => entry.date === unreleased || entry.date === latest);
}

/** Changes as a message lists them: the first few, then how many more. */
function listed(changes: readonly string[], shown = 4): string {
  const more = changes.length - shown;
  return changes.slice(0, shown).join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** What is wrong with the entries themselves, each message naming the entry. */
function entryProblems(entries: readonly ApiChangelogEntry[], specs: readonly SpecVersions[], publishedEntries?: number): string[] {
  const problems: string[] = [];
  const known = new Map(specs.map((spec) => [spec.api, new Set([...operationIds(spec.current), ...operationIds(spec.published)])]));
  const inForce = new Set(entriesInForce(entries, publishedEntries));
  entries.forEach((entry, index) => {
    const name = entryName(entry, index);
    if (entry.date !== unreleased && (!isoDate.test(entry.date) || Number.isNaN(Date.parse(entry.date)))) {
      problems.push(`${changelogFile}: ${name}: date "${entry.date}" is neither YYYY-MM-DD nor "${unreleased}".`);
    }
    const previous = entries[index - 1];
    if (previous && previous.date !== unreleased && (entry.date === unreleased || entry.date > previous.date)) {
      problems.push(`${changelogFile}: ${name}: entries go newest first, unreleased ones at the top.`);
    }
    if (entry.apis.length === 0) problems.push(`${changelogFile}: ${name}: names no API.`);
    if (entry.summary.trim() === '') problems.push(`${changelogFile}: ${name}: has no summary.`);
    for (const api of entry.apis) {
      if (!known.has(api)) problems.push(`${changelogFile}: ${name}: no spec openapi/${api}.yaml.`);
    }
    if (!inForce.has(entry)) return;
    for (const operation of entry.operations ?? []) {
      if (!entry.apis.some((api) => known.get(api)?.has(operation))) {
        problems.push(
          `${changelogFile}: ${name}: no operation "${operation}" in ${entry.apis.map((api) => `openapi/${api}.yaml`).join(' or ')}.`,
        );
      }
    }
  });
  return problems;
}

/** Every problem, as a message naming the spec and operation or the entry; none when the changelog is complete. */
export function changelogProblems(
  entries: readonly ApiChangelogEntry[],
  specs: readonly SpecVersions[],
  publishedEntries?: number,
): string[] {
  const problems = entryProblems(entries, specs, publishedEntries);
  const inForce = entriesInForce(entries, publishedEntries);
  for (const spec of specs) {
    const {operations, whole} = specChanges(spec.published, spec.current);
    const naming = (operationId: string) =>
      inForce.filter((entry) => entry.apis.includes(spec.api) && (entry.operations ?? []).includes(operationId));
    for (const change of operations) {
      const entriesNaming = naming(change.operationId);
      const what = `${change.operationId} (${change.label})`;
      if (entriesNaming.length === 0) {
        problems.push(
          `${spec.file}: ${what} changed since it was published, but no entry added to ${changelogFile} since then names it: ` +
            `${listed([...change.breaking, ...change.other])}. Add "${change.operationId}" to an entry's operations (apis: ['${spec.api}']).`,
        );
      } else if (change.breaking.length > 0 && !entriesNaming.some((entry) => entry.breaking === true)) {
        problems.push(
          `${spec.file}: ${what} has a breaking change (${listed(change.breaking)}), but the entry naming it does not say breaking: true. ` +
            `Zip's APIs change only by addition: make the change additive, or mark the entry breaking: true.`,
        );
      }
    }
    if (whole.length > 0 && !inForce.some((entry) => entry.apis.includes(spec.api))) {
      problems.push(
        `${spec.file}: the API as a whole changed since it was published (${whole.join('; ')}), but no entry added to ${changelogFile} since then names '${spec.api}'.`,
      );
    }
  }
  return problems;
}
