/**
 * One page parsed by the search plugin's own `parse`, on whichever thread:
 * index.ts's and each worker's (parseWorker.mjs). Plain JavaScript, so that
 * the workers import it as they are.
 *
 * The page is parsed without the docs sidebar's items that hold no active
 * link.
 *
 * The plugin's `parse` loads the whole page into cheerio and runs its
 * selectors over every element, but reads the docs sidebar for one thing
 * only: the active category links (`.main-wrapper .menu` then
 * `.menu__list-item-collapsible .menu__link--active`), which become the
 * entry's breadcrumb. The sidebar lists every page of its section; at 943
 * pages it was a third of each endpoint page's HTML and of its parse time. So
 * an item (`<li>`, whatever it nests) that holds no active link is left out
 * before the page is parsed: the active chain, the sidebar's own elements and
 * everything else stay as they were.
 *
 * The plugin's result must not change: some pages in every build, and every
 * page in a checked build (`npm run build:checked`, `npm run build:test`), are
 * parsed both ways, and the build fails, naming zip-search-scan-threads, when
 * the two differ.
 */

import {readFileSync} from 'node:fs';

/** Where the sidebar's list starts: the theme's class for it (ThemeClassNames.docs.docSidebarMenu). */
const sidebarMenu = '<ul class="theme-doc-sidebar-menu';
/** An active link, in the sidebar's items: the class the plugin's selector asks for. */
const activeLink = 'menu__link--active';
/** A list or item tag opening or closing. The minifier leaves out `</li>`, as HTML allows, so an item also ends where the next one starts or its list ends. */
const listTag = /<(\/?)(ul|li)(?=[\s>])[^>]*>/g;

/**
 * `html` without the sidebar items that hold no active link; `html` itself
 * when it has no docs sidebar, or when its sidebar's lists do not close.
 * @param {string} html
 * @returns {string}
 */
export function withoutUnreadSidebarItems(html) {
  const menuStart = html.indexOf(sidebarMenu);
  if (menuStart === -1) return html;
  /** @type {[number, number][]} the ranges to leave out, in order, none inside another */
  const unread = [];
  /** @type {number[]} for each open list, where its open item starts (-1: none) */
  const openItems = [];
  const closeItem = (/** @type {number} */ end) => {
    const start = openItems[openItems.length - 1];
    if (start === undefined || start === -1) return;
    openItems[openItems.length - 1] = -1;
    if (html.slice(start, end).includes(activeLink)) return;
    // Its nested items, left out already, are inside it.
    while (unread.length > 0 && unread[unread.length - 1][0] >= start) unread.pop();
    unread.push([start, end]);
  };
  listTag.lastIndex = menuStart;
  for (let tag = listTag.exec(html); tag !== null; tag = listTag.exec(html)) {
    const [text, closing, name] = tag;
    if (name === 'ul' && !closing) {
      openItems.push(-1);
    } else if (name === 'li' && !closing) {
      closeItem(tag.index);
      openItems[openItems.length - 1] = tag.index;
    } else if (name === 'li') {
      closeItem(tag.index + text.length);
    } else {
      closeItem(tag.index);
      openItems.pop();
      if (openItems.length === 0) {
        let kept = '';
        let from = 0;
        for (const [start, end] of unread) {
          kept += html.slice(from, start);
          from = end;
        }
        return kept + html.slice(from);
      }
    }
  }
  return html;
}

/**
 * @typedef {(html: string, type: string, url: string, config: object) => unknown} Parse
 * @typedef {{filePath: string, type: string, url: string, key: string, check: boolean}} PageToParse
 */

/**
 * The page's key and what the plugin's `parse` makes of it without its unread
 * sidebar items. When `page.check` is set, it is parsed whole too, and a
 * difference fails, naming the plugin and the page.
 * @param {PageToParse} page
 * @param {Parse} parse
 * @param {object} config
 * @returns {{key: string, parsed: unknown}}
 */
export function parsePage({filePath, type, url, key, check}, parse, config) {
  const html = readFileSync(filePath, 'utf8');
  try {
    const parsed = parse(withoutUnreadSidebarItems(html), type, url, config);
    if (check && JSON.stringify(parsed) !== JSON.stringify(parse(html, type, url, config))) {
      throw new Error(
        `zip-search-scan-threads: the search plugin's parse of ${filePath} differs without the docs sidebar's items that hold no active link, ` +
          'so the plugin now reads more of the sidebar than its active links (plugins/search-scan-threads/parsePage.mjs).',
      );
    }
    return {key, parsed};
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('zip-search-scan-threads:')) throw error;
    throw new Error(`${filePath}: the search plugin could not parse it: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
  }
}
