/**
 * The API changelog as an Atom feed, made with `feed` from
 * packages/model/src/apiChangelog.ts: one item per published entry, linked to its place
 * on the changelog page. Unreleased entries have no date and are left out.
 * The feed's `updated` is the latest entry's date, so the file changes only
 * when the changelog does.
 */
import {Feed} from 'feed';
import {apiNames, changelogAnchors, unreleased, type ApiChangelogEntry} from '@zip/model/apiChangelog';

export interface ChangelogFeedSettings {
  /** The site's public origin, `https://docs.example.com`. */
  readonly siteUrl: string;
  /** The changelog page's path, `/api/changelog`. */
  readonly pagePath: string;
  /** The feed's path, `/api/changelog/atom.xml`. */
  readonly feedPath: string;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The summary's code spans as <code>, the rest escaped. */
const summaryHtml = (summary: string): string =>
  summary
    .split(/(`[^`]+`)/)
    .map((part) => (part.startsWith('`') && part.endsWith('`') ? `<code>${escapeHtml(part.slice(1, -1))}</code>` : escapeHtml(part)))
    .join('');

export function changelogFeed(entries: readonly ApiChangelogEntry[], settings: ChangelogFeedSettings): string {
  const siteUrl = settings.siteUrl.replace(/\/$/, '');
  const pageUrl = `${siteUrl}${settings.pagePath}`;
  const anchors = changelogAnchors(entries);
  const published = entries.flatMap((entry, index) => (entry.date === unreleased ? [] : [{entry, anchor: anchors[index] ?? entry.date}]));
  const latest = published[0]?.entry.date;
  const feed = new Feed({
    title: 'Zip API changelog',
    description: "Every change to Zip's APIs, newest first; breaking changes are marked.",
    id: pageUrl,
    link: pageUrl,
    language: 'en',
    updated: latest === undefined ? new Date(0) : new Date(`${latest}T00:00:00Z`),
    feedLinks: {atom: `${siteUrl}${settings.feedPath}`},
    copyright: 'Copyright © Zip',
    generator: false,
  });
  for (const {entry, anchor} of published) {
    const apis = entry.apis.map((api) => apiNames[api]).join(', ');
    const operations = entry.operations ?? [];
    feed.addItem({
      title: `${entry.breaking ? 'Breaking change: ' : ''}${apis}`,
      id: `${pageUrl}#${anchor}`,
      link: `${pageUrl}#${anchor}`,
      date: new Date(`${entry.date}T00:00:00Z`),
      description: entry.summary.replace(/`/g, ''),
      content: [
        `<p>${summaryHtml(entry.summary)}</p>`,
        ...(operations.length > 0 ? [`<p>Operations: ${operations.map((id) => `<code>${escapeHtml(id)}</code>`).join(', ')}</p>`] : []),
      ].join(''),
    });
  }
  return feed.atom1();
}
