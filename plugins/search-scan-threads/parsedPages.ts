/**
 * What the search plugin's parser made of each page in the last build, kept
 * for the next one (node_modules/.cache, which `npm run clear` empties, as
 * the bench does before a cold build).
 *
 * A page is keyed by its type, its URL and its HTML, less the hashed names of
 * the site's scripts and style sheet in its head. Those names are in every
 * page and change in every page whenever any page's content changes (Rspack's
 * runtime names every chunk), and the parser never reads them: it reads the
 * text, the headings, the description, keywords and robots, and the active
 * navigation items. So an edit to one page parses that page again, not all.
 *
 * The cache holds the last build's pages only (plugins/kept-between-builds.ts),
 * under a fingerprint of what else decides the parse: the lockfile (the
 * search plugin's and cheerio's versions), the plugin's options and the key's
 * own rule.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {keptFolder} from '../kept-between-builds';

/**
 * A `src` or `href` holding the hashed name of one of the site's scripts or
 * its style sheet, as Docusaurus links them from every page's head.
 */
const hashedAssetAttribute = /(\s(?:src|href)=["']?)\/assets\/(?:js|css)\/[^"'\s>]+/g;

/** The key of a page's parse: its type, URL and HTML, the head's hashed asset names left out (see the top of this file). */
export function pageKey(html: string, type: string, url: string): string {
  const headEnd = html.indexOf('</head>');
  const head = headEnd === -1 ? '' : html.slice(0, headEnd);
  return createHash('sha1')
    .update(`${type}\n${url}\n`)
    .update(head.replace(hashedAssetAttribute, '$1'))
    .update(html.slice(head.length))
    .digest('hex');
}

export function parsedPagesFile(siteDir: string): string {
  return path.join(keptFolder(siteDir, 'zip-search-scan'), 'parsed-pages.json');
}

/** The options as text, regular expressions and functions included (JSON would write them as `{}`). */
function optionsText(options: object): string {
  return JSON.stringify(options, (_key, value: unknown) => (value instanceof RegExp || typeof value === 'function' ? String(value) : value));
}

export function parsedPagesFingerprint(siteDir: string, options: object): string {
  return createHash('sha256')
    .update(readFileSync(path.join(siteDir, 'package-lock.json')))
    .update(`\0${optionsText(options)}\0${hashedAssetAttribute.source}`)
    .digest('hex');
}
