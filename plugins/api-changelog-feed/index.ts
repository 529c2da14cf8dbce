/**
 * Publishes the API changelog's Atom feed (feed.ts) and names it in every
 * page's head, so feed readers find it from any page of the site. Written
 * into a static folder when content loads, so `npm start` serves it too.
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {apiChangelog} from '@zip/model/apiChangelog';
import {changelogFeed} from './feed';

export interface ApiChangelogFeedOptions {
  /** The changelog page's path, `/api/changelog`. */
  readonly pagePath: string;
  /** A folder listed in the site's `staticDirectories`; the feed goes to `<pagePath>/atom.xml` in it. */
  readonly staticDirectory: string;
}

export default function apiChangelogFeedPlugin(context: LoadContext, options: ApiChangelogFeedOptions): Plugin {
  const feedPath = `${options.pagePath}/atom.xml`;
  return {
    name: 'zip-api-changelog-feed',

    async loadContent() {
      const {url, baseUrl} = context.siteConfig;
      const pagePath = `${baseUrl.replace(/\/$/, '')}${options.pagePath}`;
      const atom = changelogFeed(apiChangelog, {siteUrl: url, pagePath, feedPath: `${baseUrl.replace(/\/$/, '')}${feedPath}`});
      const file = path.join(context.siteDir, options.staticDirectory, feedPath);
      await mkdir(path.dirname(file), {recursive: true});
      await writeFile(file, atom);
    },

    injectHtmlTags() {
      return {
        headTags: [
          {
            tagName: 'link',
            attributes: {
              rel: 'alternate',
              type: 'application/atom+xml',
              title: 'Zip API changelog',
              href: `${context.siteConfig.baseUrl.replace(/\/$/, '')}${feedPath}`,
            },
          },
        ],
      };
    },
  };
}
