/**
 * The search plugin's scan of the built pages: on every core, and only for
 * the pages that changed since the last build.
 *
 * After the build, @easyops-cn/docusaurus-search-local reads every page and
 * parses it with cheerio (`scanDocuments` calls its `parse` for each page),
 * all on the main thread. With 943 pages that was 15 s of the build's 21 s
 * `postBuild`, with one core idle once the twins were written; with 164
 * pages, 2.2 s of every build, a warm one included.
 *
 * The plugin calls `scanDocuments` and `parse` through their modules'
 * exports, and both are wrapped here:
 * - before the plugin's own `scanDocuments` runs, each of its pages is
 *   looked up in what the last build parsed (parsedPages.ts says how a page
 *   is keyed), and the others are parsed by the plugin's own `parse`, on this
 *   thread and on a worker for each other core (parseWorker.mjs), each page
 *   without the docs sidebar's items that the parser does not read (the ones
 *   holding no active link; parsePage.mjs says why and how it is checked);
 * - the plugin's `scanDocuments` then runs unchanged, and each of its `parse`
 *   calls is answered with the result for that page's key;
 * - the results are kept for the next build.
 * Ids, order and documents are the plugin's, from the plugin's parser.
 *
 * The build fails, naming this plugin, when the plugin's files no longer call
 * `scanDocuments` and `parse` that way, when one of its `parse` calls finds
 * no result parsed ahead, when a result parsed ahead is left unused (the
 * plugin scans otherwise than this wrapper expects), or when a page parsed
 * both with and without its unread sidebar items gives two results.
 */
import {readFileSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import {Worker} from 'node:worker_threads';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {failWith, requireCallThroughExports, type Fail, searchPluginRequire} from '../search-plugin-server';
import {readKept, writeKept} from '../kept-between-builds';
import {pageKey, parsedPagesFile, parsedPagesFingerprint} from './parsedPages';
import {parsePage, type Parse, type PageToParse} from './parsePage.mjs';

const pluginName = 'zip-search-scan-threads';

/** A page as the search plugin's `postBuild` hands it to `scanDocuments`. */
export interface PageToScan {
  readonly filePath: string;
  readonly url: string;
  readonly type: string;
}

type ScanDocuments = (pages: readonly PageToScan[], config: object) => Promise<unknown>;

/** A worker's answer for one page. */
interface ParsedPage {
  readonly key: string;
  readonly parsed: unknown;
}

export interface SearchScanThreadsOptions {
  /** Where the parsed pages are kept between builds; node_modules/.cache/zip-search-scan by default. */
  readonly cacheFile?: string;
  /** Parse every page whole too, not only some (parsePage.mjs): the checked builds do. */
  readonly checkEveryPage?: boolean;
}

/** In other builds, one page in this many (the first included) is parsed whole too (parsePage.mjs). */
const checkedOneIn = 32;

/** Marks the wrappers, with what they wrap, so a second build in the same process does not wrap them twice. */
const installed = Symbol.for('zip.searchScanThreads');
type Wrappable<Function> = Function & {[installed]?: {original: Function}};

/** The scan under way: the results parsed ahead, by page key (parsedPages.ts), and the pages the plugin parsed that were not. */
interface ScanUnderWay {
  readonly parsedAhead: Map<string, unknown>;
  readonly unanswered: string[];
}
let scanUnderWay: ScanUnderWay | undefined;

/**
 * Pages a worker is worth starting for: it takes about half a second to start
 * and load cheerio, and a page takes about 15 ms to parse.
 */
const pagesPerWorker = 50;

/** Pages handed out at a time: small, so the threads finish together; the main thread lets messages in between its batches. */
const batchSize = 4;

const workerFile = new URL('./parseWorker.mjs', import.meta.url);

/** A worker taking batches from `queue` until it is empty. */
function runWorker(parseModulePath: string, config: object, queue: PageToParse[], keep: (page: ParsedPage) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, {workerData: {parseModulePath, config}});
    // Its first message, empty, says it is ready: it gets two batches, so
    // that it has the next one at hand while this thread parses its own
    // (messages come in only between this thread's batches). Each answer
    // gets one more batch; an empty one when none are left.
    let ready = false;
    worker.on('message', (parsed: ParsedPage[]) => {
      parsed.forEach(keep);
      if (!ready) {
        ready = true;
        worker.postMessage(queue.splice(0, batchSize));
      }
      worker.postMessage(queue.splice(0, batchSize));
    });
    worker.once('error', (error) => reject(new Error(`${pluginName}: scanning the pages for search failed: ${error.message}`, {cause: error})));
    worker.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${pluginName}: a worker scanning the pages for search stopped with exit code ${code}.`));
    });
  });
}

/**
 * Every page parsed by the plugin's `parse`, by key, on this thread and on
 * one worker for each other core, each taking the next batch when it is done
 * with one.
 */
export async function parseOnThreads(
  parseModulePath: string,
  parse: Parse,
  config: object,
  pages: readonly PageToParse[],
  workerCount = Math.max(0, Math.min(availableParallelism() - 1, Math.floor(pages.length / pagesPerWorker))),
): Promise<Map<string, unknown>> {
  const results = new Map<string, unknown>();
  const keep = ({key, parsed}: ParsedPage): void => {
    results.set(key, parsed);
  };
  const queue = [...pages];
  const workers = Array.from({length: workerCount}, () => runWorker(parseModulePath, config, queue, keep));
  // Rejections are awaited below, after this thread's share.
  workers.forEach((worker) => worker.catch(() => undefined));
  while (queue.length > 0) {
    for (const page of queue.splice(0, batchSize)) keep(parsePage(page, parse, config));
    await new Promise((resolveTurn) => setImmediate(resolveTurn));
  }
  await Promise.all(workers);
  return results;
}

/** What the pages parse to, by key: the last build's result where the key is the same, the plugin's parser's on every core for the others. */
export async function parseAhead(
  parseModulePath: string,
  parse: Parse,
  config: object,
  pages: readonly PageToScan[],
  lastBuild: ReadonlyMap<string, unknown>,
  checkEveryPage = false,
): Promise<Map<string, unknown>> {
  const parsed = new Map<string, unknown>();
  const toParse: PageToParse[] = [];
  for (const page of pages) {
    const key = pageKey(readFileSync(page.filePath, 'utf8'), page.type, page.url);
    if (lastBuild.has(key)) parsed.set(key, lastBuild.get(key));
    else toParse.push({...page, key, check: checkEveryPage || toParse.length % checkedOneIn === 0});
  }
  for (const [key, result] of await parseOnThreads(parseModulePath, parse, config, toParse)) parsed.set(key, result);
  return parsed;
}

function installWrappers(siteDir: string): void {
  settings.siteDir = siteDir;
  const fail: Fail = failWith(pluginName, siteDir, 'The search plugin would scan the pages on one thread again.');
  requireCallThroughExports(siteDir, './utils/postBuildFactory', '(0, scanDocuments_1.scanDocuments)(', fail);
  requireCallThroughExports(siteDir, './utils/scanDocuments', '(0, parse_1.parse)(html, type, url, config)', fail);
  const requireFromPlugin = searchPluginRequire(siteDir);
  const parseModulePath = requireFromPlugin.resolve('./utils/parse');
  const scanModule = requireFromPlugin('./utils/scanDocuments') as {scanDocuments?: Wrappable<ScanDocuments>};
  const parseModule = requireFromPlugin(parseModulePath) as {parse?: Wrappable<Parse>};
  const currentScan = scanModule.scanDocuments;
  const currentParse = parseModule.parse;
  if (typeof currentScan !== 'function') return fail('utils/scanDocuments no longer exports scanDocuments');
  if (typeof currentParse !== 'function') return fail('utils/parse no longer exports parse');

  if (!currentParse[installed]) {
    const pluginsParse = currentParse;
    const parse: Wrappable<Parse> = (html, type, url, config) => {
      const key = pageKey(html, type, url);
      if (scanUnderWay?.parsedAhead.has(key)) {
        const parsed = scanUnderWay.parsedAhead.get(key);
        scanUnderWay.parsedAhead.delete(key);
        return parsed;
      }
      scanUnderWay?.unanswered.push(url);
      return pluginsParse(html, type, url, config);
    };
    parse[installed] = {original: pluginsParse};
    parseModule.parse = parse;
  }

  if (!currentScan[installed]) {
    const pluginsScan = currentScan;
    const scanDocuments: Wrappable<ScanDocuments> = async (pages, config) => {
      // The plugin's own parser, whether or not the wrapper is in place.
      const exported = parseModule.parse;
      if (typeof exported !== 'function') return fail('utils/parse no longer exports parse');
      const pluginsParse = exported[installed]?.original ?? exported;
      const cache = {file: settings.cacheFile ?? parsedPagesFile(settings.siteDir), fingerprint: parsedPagesFingerprint(settings.siteDir, config)};
      const parsedAhead = await parseAhead(
        parseModulePath,
        pluginsParse,
        config,
        pages,
        await readKept(cache.file, cache.fingerprint),
        settings.checkEveryPage,
      );
      const forNextBuild = new Map(parsedAhead);
      const scan: ScanUnderWay = {parsedAhead, unanswered: []};
      scanUnderWay = scan;
      try {
        const documents = await pluginsScan(pages, config);
        if (scan.unanswered.length > 0) fail(`the search plugin parsed ${scan.unanswered.length} pages that were not parsed ahead (the first: ${scan.unanswered[0]})`);
        if (scan.parsedAhead.size > 0) fail(`the search plugin did not ask for ${scan.parsedAhead.size} of the pages parsed ahead`);
        await writeKept(cache.file, cache.fingerprint, forNextBuild);
        return documents;
      } finally {
        scanUnderWay = undefined;
      }
    };
    scanDocuments[installed] = {original: pluginsScan};
    scanModule.scanDocuments = scanDocuments;
  }
}

/** The site and options of the plugin's last instance: the wrappers are installed once per process. */
const settings: {siteDir: string; cacheFile?: string; checkEveryPage?: boolean} = {siteDir: ''};

export default function searchScanThreadsPlugin(context: LoadContext, options: SearchScanThreadsOptions = {}): Plugin {
  settings.cacheFile = options.cacheFile;
  settings.checkEveryPage = options.checkEveryPage;
  installWrappers(context.siteDir);
  return {name: pluginName};
}
