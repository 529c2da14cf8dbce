/**
 * The search plugin's scan (plugins/search-scan-threads): on every core and
 * only for the pages that changed, its documents are the ones the plugin's
 * own scan makes, and the build fails, naming the plugin, when the plugin
 * parses otherwise than the wrapper expects.
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, it} from 'node:test';
import type {LoadContext} from '@docusaurus/types';
import searchScanThreadsPlugin, {parseOnThreads, type PageToScan} from '../../plugins/search-scan-threads';
import {withoutUnreadSidebarItems} from '../../plugins/search-scan-threads/parsePage.mjs';
import {pageKey} from '../../plugins/search-scan-threads/parsedPages';

const siteDir = path.join(import.meta.dirname, '../..');
const fromSearchPlugin = createRequire(createRequire(path.join(siteDir, 'package.json')).resolve('@easyops-cn/docusaurus-search-local'));
const parseModulePath = fromSearchPlugin.resolve('./utils/parse');
type Parse = (html: string, type: string, url: string, config: object) => unknown;
interface SearchDocument {
  readonly i: number;
  readonly t: string;
  readonly p?: number;
}
type ScanDocuments = (pages: readonly PageToScan[], config: object) => Promise<SearchDocument[][]>;
const scanModule = fromSearchPlugin('./utils/scanDocuments') as {scanDocuments: ScanDocuments};
const parseModule = fromSearchPlugin('./utils/parse') as {parse: Parse};
/** The plugin's own, taken before the wrappers are installed. */
const pluginsScan = scanModule.scanDocuments;
const pluginsParse = parseModule.parse;

const config = {ignoreCssSelectors: ['.theme-doc-footer'], forceIgnoreNoIndex: false};

/**
 * A docs sidebar as the minified build writes it (no `</li>`): the page's
 * category expanded, with the page active in it, between other items.
 */
function docsSidebar(index: number): string {
  const item = (label: string, href: string): string => `<li class="theme-doc-sidebar-item-link menu__list-item"><a class=menu__link href=${href}>${label}</a>`;
  return (
    '<aside><nav aria-label="Docs sidebar" class="menu thin-scrollbar"><ul class="theme-doc-sidebar-menu menu__list">' +
    item('Introduction', '/intro') +
    '<li class="theme-doc-sidebar-item-category menu__list-item"><div class=menu__list-item-collapsible>' +
    `<a class="menu__link menu__link--sublist menu__link--active" href=/payments>Payments ${index % 3}</a></div><ul class=menu__list>` +
    item('Overview', '/payments/overview') +
    `<li class="theme-doc-sidebar-item-link menu__list-item"><a class="menu__link menu__link--active" aria-current=page href=/page-${index}>Page ${index}</a>` +
    item('Refunds', '/payments/refunds') +
    '</ul><li class="theme-doc-sidebar-item-category menu__list-item menu__list-item--collapsed"><div class=menu__list-item-collapsible>' +
    '<a class="menu__link menu__link--sublist" href=/payouts>Payouts</a></div>' +
    item('Errors', '/errors') +
    '</ul></nav></aside>'
  );
}

/** A built page: the scripts' hashed names in its head, the docs sidebar and its article in the body. */
function builtPage(index: number, {scripts = 'main.1a2b3c', step = `Do step ${index}.`} = {}): string {
  const robots = index === 7 ? '<meta name="robots" content="noindex">' : '';
  return (
    `<!doctype html><html><head><meta name="description" content="Page ${index}.">${robots}<link rel=stylesheet href=/assets/css/styles.${scripts}.css />` +
    `<script src=/assets/js/${scripts}.js defer></script></head><body><nav><a class="navbar__link navbar__link--active" href="/">Guides</a></nav>` +
    `<div class=main-wrapper>${docsSidebar(index)}<main><article><h1>Page ${index}</h1><p>Intro ${index}.</p><h2><a class="hash-link" href="#step">#</a>Step ${index}</h2><p>${step}</p>` +
    `<footer class="theme-doc-footer">Edit</footer></article></main></div></body></html>`
  );
}

/** Enough built pages for the scan to start a worker beside this thread, one of them not to be indexed. */
function builtPages(count: number): PageToScan[] {
  const outDir = mkdtempSync(path.join(tmpdir(), 'zip-search-scan-'));
  return Array.from({length: count}, (_, index) => {
    const folder = path.join(outDir, `page-${index}`);
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'index.html'), builtPage(index));
    return {filePath: path.join(folder, 'index.html'), url: `/page-${index}`, type: 'docs'};
  });
}

/** The documents with their ids replaced by their order: the plugin numbers documents from a counter that runs on across scans. */
function withoutIds(documents: SearchDocument[][]): unknown {
  const order = new Map<number, number>();
  const at = (id: number): number => {
    if (!order.has(id)) order.set(id, order.size);
    return order.get(id) ?? -1;
  };
  return documents.map((group) => group.map((document) => ({...document, i: at(document.i), ...(document.p === undefined ? {} : {p: at(document.p)})})));
}

const newCacheFile = (): string => path.join(mkdtempSync(path.join(tmpdir(), 'zip-search-scan-cache-')), 'parsed-pages.json');

/** The wrapped scan, with its cache in `cacheFile`. */
function wrappedScan(pages: readonly PageToScan[], cacheFile: string): Promise<SearchDocument[][]> {
  searchScanThreadsPlugin({siteDir} as LoadContext, {cacheFile});
  return scanModule.scanDocuments(pages, config);
}

/** Marks every page in a cache file, so a page read back from it can be told from one parsed again. */
function markCachedPages(cacheFile: string): void {
  const stored = JSON.parse(readFileSync(cacheFile, 'utf8')) as {entries: Record<string, {pageTitle: string} | null>};
  for (const parsed of Object.values(stored.entries)) if (parsed) parsed.pageTitle = `${parsed.pageTitle} (from the cache)`;
  writeFileSync(cacheFile, JSON.stringify(stored));
}

const titles = (documents: SearchDocument[][]): string[] => (documents[0] ?? []).map((document) => document.t);

describe('search scan', () => {
  const pages = builtPages(120);

  it('parses every page with the search plugin’s parse, on this thread and on a worker', async () => {
    // This thread's parser is slowed and marks what it parsed, so the worker surely takes a share.
    const onThisThread = {parsedOn: 'this thread'};
    const slowParse: Parse = () => {
      const until = performance.now() + 10;
      while (performance.now() < until);
      return onThisThread;
    };
    const keyed = pages.map((page) => ({...page, key: pageKey(readFileSync(page.filePath, 'utf8'), page.type, page.url), check: false}));
    const parsed = [...(await parseOnThreads(parseModulePath, slowParse, config, keyed, 1)).values()];
    assert.equal(parsed.length, pages.length);
    const byWorker = parsed.filter((result) => result !== onThisThread);
    assert.ok(byWorker.length > 0 && byWorker.length < pages.length, `the worker parsed ${byWorker.length} of ${pages.length} pages`);
    assert.ok(byWorker.every((result) => result === null || (typeof result === 'object' && 'pageTitle' in result)));
  });

  it('the scan’s documents are the ones the plugin’s own scan makes', async () => {
    const wrapped = await wrappedScan(pages, newCacheFile());
    assert.notEqual(scanModule.scanDocuments, pluginsScan, 'the wrapper is installed');
    parseModule.parse = pluginsParse;
    try {
      assert.deepEqual(withoutIds(wrapped), withoutIds(await pluginsScan(pages, config)));
      assert.equal(wrapped[0]?.length, pages.length - 1, 'the page marked noindex is left out');
      assert.deepEqual((wrapped[0]?.[1] as {b?: string[]} | undefined)?.b, ['Guides', 'Payments 1'], 'the breadcrumb is read from the sidebar kept');
    } finally {
      searchScanThreadsPlugin({siteDir} as LoadContext);
    }
  });

  it('reads back the pages whose content did not change, and parses the others again', async () => {
    const cacheFile = newCacheFile();
    const few = builtPages(3);
    await wrappedScan(few, cacheFile);
    markCachedPages(cacheFile);
    const [first, second] = few;
    assert.ok(first && second);
    // Every page's scripts get new names when any page changes; page 1's text changed too.
    writeFileSync(first.filePath, builtPage(0, {scripts: 'main.4d5e6f'}));
    writeFileSync(second.filePath, builtPage(1, {scripts: 'main.4d5e6f', step: 'Do step one, then two.'}));
    assert.deepEqual(titles(await wrappedScan(few, cacheFile)), ['Page 0 (from the cache)', 'Page 1', 'Page 2 (from the cache)']);
    // What was read back or parsed again is kept for the next build.
    assert.deepEqual(titles(await wrappedScan(few, cacheFile)), ['Page 0 (from the cache)', 'Page 1', 'Page 2 (from the cache)']);
  });

  it('a page’s key leaves out only the hashed names of the scripts and style sheet in its head', () => {
    const key = (html: string): string => pageKey(html, 'docs', '/page-0');
    assert.equal(key(builtPage(0)), key(builtPage(0, {scripts: 'main.4d5e6f'})));
    assert.notEqual(key(builtPage(0)), key(builtPage(0, {step: 'Do step zero.'})));
    assert.notEqual(key(builtPage(0)), key(builtPage(0).replace('content="Page 0."', 'content="Page 0, see /assets/js/app.js."')));
    assert.notEqual(key(builtPage(0)), key(builtPage(0).replace('<p>Intro 0.</p>', '<p>Load <a href=/assets/js/app.js>app.js</a>.</p>')));
    assert.notEqual(key(builtPage(0)), pageKey(builtPage(0), 'docs', '/page-1'));
  });

  it('the build fails, naming the plugin, when the plugin does not ask for the pages parsed ahead', async () => {
    searchScanThreadsPlugin({siteDir} as LoadContext, {cacheFile: newCacheFile()});
    const wrappedParse = parseModule.parse;
    // As if the plugin's scan called its parser otherwise than through the module's exports.
    parseModule.parse = pluginsParse;
    try {
      await assert.rejects(
        scanModule.scanDocuments(pages.slice(0, 3), config),
        /^Error: zip-search-scan-threads: the search plugin did not ask for 3 of the pages parsed ahead \(@easyops-cn\/docusaurus-search-local is 0\.55\.3, checked with 0\.55\.3\)/,
      );
    } finally {
      parseModule.parse = wrappedParse;
    }
  });
});

describe('a page as the search plugin parses it', () => {
  it('leaves out the docs sidebar items that hold no active link, and nothing else', () => {
    const page = builtPage(4);
    const kept =
      '<ul class="theme-doc-sidebar-menu menu__list">' +
      '<li class="theme-doc-sidebar-item-category menu__list-item"><div class=menu__list-item-collapsible>' +
      '<a class="menu__link menu__link--sublist menu__link--active" href=/payments>Payments 1</a></div><ul class=menu__list>' +
      '<li class="theme-doc-sidebar-item-link menu__list-item"><a class="menu__link menu__link--active" aria-current=page href=/page-4>Page 4</a>' +
      '</ul></ul></nav>';
    assert.equal(withoutUnreadSidebarItems(page), page.replace(docsSidebar(4), `<aside><nav aria-label="Docs sidebar" class="menu thin-scrollbar">${kept}</aside>`));
  });

  it('does the same when the items close with </li>, as an unminified page writes them', () => {
    const closed = builtPage(4).replace(/(<a class="?menu__link[^>]*>[^<]*<\/a>)(?!<\/div>)/g, '$1</li>').replace('</div></ul>', '</div></li></ul>');
    assert.notEqual(closed, builtPage(4));
    assert.equal(withoutUnreadSidebarItems(closed).match(/<li[\s>]/g)?.length, 2, 'the active category and the active page');
    assert.ok(!withoutUnreadSidebarItems(closed).includes('Refunds'));
  });

  it('leaves a page without a docs sidebar, or with a sidebar that does not close, as it is', () => {
    const noSidebar = builtPage(4).replace(docsSidebar(4), '');
    assert.equal(withoutUnreadSidebarItems(noSidebar), noSidebar);
    const unclosed = builtPage(4).replace(/<\/ul><\/nav>.*$/, '');
    assert.equal(withoutUnreadSidebarItems(unclosed), unclosed);
  });

  it('the build fails, naming the plugin and the page, when the parse of a page differs without those items', async () => {
    // A parser that reads the whole sidebar, as a later version of the plugin might: on this thread and on a worker.
    const sidebarReader = path.join(mkdtempSync(path.join(tmpdir(), 'zip-sidebar-reader-')), 'parse.cjs');
    writeFileSync(sidebarReader, "exports.parse = (html) => ({items: html.split('<li').length});\n");
    const readsSidebar = (createRequire(import.meta.url)(sidebarReader) as {parse: Parse}).parse;
    const pages = builtPages(60).map((page) => ({...page, key: page.url, check: true}));
    for (const workers of [0, 1]) {
      await assert.rejects(
        parseOnThreads(sidebarReader, readsSidebar, config, pages, workers),
        /zip-search-scan-threads: the search plugin's parse of .*page-\d+\/index\.html differs without the docs sidebar's items that hold no active link/,
      );
    }
    const unchecked = pages.map((page) => ({...page, check: false}));
    assert.equal((await parseOnThreads(sidebarReader, readsSidebar, config, unchecked, 0)).size, unchecked.length, 'unchecked, the same pages parse');
  });
});
