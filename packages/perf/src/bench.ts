/**
 * The benchmark: builds the site for production, serves it with nginx and the
 * production delivery policy on loopback (plugins/delivery), measures what a
 * phone sees on one page of each type (packages/perf/src/phone.ts: Lighthouse with
 * simulated and with applied throttling, the time to hydrated on a throttled
 * load, the style sheets that block the first paint and the HTML) and prints the
 * medians beside the budgets and beside a bare Docusaurus site's equivalent
 * pages, built once per run with the same packages, served the same way and
 * measured in the same rounds (packages/perf/src/bare-site.ts), with build time, peak
 * memory, the largest chunk, total build size and the search figures. It
 * reports; it never fails on a timing.
 *
 *   npm run bench                  build, then measure
 *   npm run bench -- --skip-build  measure the last bench build (and bare site's build) again
 *   npm run bench -- --runs 5      more rounds per page (3 by default)
 *   npm run bench -- --phone       only what a phone sees (add --skip-build to measure the last build)
 *   npm run bench -- --phone --loads-only --runs 3
 *                                  the throttled loads alone, without Lighthouse: quick to iterate on
 *   npm run bench -- --phone --skip-build --also before=.bench/other-build
 *                                  another build measured in the same rounds, to compare a change on and off
 *                                  (its time to hydrated minus ours, paired round by round, with an interval)
 *   npm run bench -- --search-only the keystroke-to-results timing alone
 *   npm run bench -- --authoring   only what a writer waits for: cold and warm builds, the dev
 *                                  server's first page (caches empty, then warm) and a hot reload, beside their budgets and
 *                                  the bare site's (with as many pages) in the same run
 *
 * Results are also written to bench-results/<date>.json.
 */
import {existsSync} from 'node:fs';
import {mkdir, readFile, readdir, rm, stat, writeFile} from 'node:fs/promises';
import {join, resolve} from 'node:path';
import {gzipSync} from 'node:zlib';
import {htmlPages, timeBuild, timeDevServer, type BuildTiming, type DevServerTiming} from './authoring';
import {benchPages, largestChunkBudgetGzip, searchIndexBudgetGzip} from './budgets';
import {bareBuildDir, bareDevSite, barePages, buildBareSite} from './bare-site';
import {measurePhone, type PhoneResults, type PhoneSite} from './phone';
import {startServer, type RunningServer} from '../../../plugins/delivery/server';
import {searchTiming, type SearchFigures} from './search-timing';
import {kib, median, mib, printAuthoring, printPhone, table, verdict} from './report';
import {searchQualityReport} from '../../../plugins/search/queries';
import {formatScores, minimumAgentReadiness, scoreSpecs} from './spec-scores';

const root = process.cwd();
const outDir = resolve(root, '.bench/build');
/** Where the dev-server timing runs `docusaurus start`. */
const devServerPort = Number(process.env.ZIP_BENCH_DEV_PORT ?? 3999);

interface Options {
  readonly skipBuild: boolean;
  readonly runs: number;
  /** Only the search timing, on the last bench build. */
  readonly searchOnly: boolean;
  /** Only the authoring timings. */
  readonly authoringOnly: boolean;
  /** Only what a phone sees (packages/perf/src/phone.ts). */
  readonly phoneOnly: boolean;
  /** The throttled loads alone, without Lighthouse: the quickest figure to iterate on. */
  readonly loadsOnly: boolean;
  /** Other builds measured in the same rounds, to compare a change on and off: `--also <label>=<build dir>`. */
  readonly also: readonly {label: string; buildDir: string}[];
}

function parseOptions(args: readonly string[]): Options {
  const runsIndex = args.indexOf('--runs');
  const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 3;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number above 0.');
  const searchOnly = args.includes('--search-only');
  const also = args.flatMap((arg, index) => {
    if (arg !== '--also') return [];
    const [label, buildDir] = (args[index + 1] ?? '').split('=');
    if (!label || !buildDir || !existsSync(join(resolve(buildDir), 'index.html'))) {
      throw new Error(`--also takes <label>=<build dir> of a build: ${args[index + 1] ?? '(nothing)'}`);
    }
    return [{label, buildDir: resolve(buildDir)}];
  });
  return {
    skipBuild: searchOnly || args.includes('--skip-build'),
    runs,
    searchOnly,
    authoringOnly: args.includes('--authoring'),
    phoneOnly: args.includes('--phone'),
    loadsOnly: args.includes('--loads-only'),
    also,
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

interface SizeFigures {
  readonly totalBytes: number;
  readonly largestChunk: {name: string; bytes: number; gzipBytes: number};
  readonly searchIndex: {bytes: number; gzipBytes: number; files: number};
}

async function sizes(): Promise<SizeFigures> {
  const files = await filesUnder(outDir);
  let totalBytes = 0;
  let largestChunk = {name: '', bytes: 0, gzipBytes: 0};
  const searchIndex = {bytes: 0, gzipBytes: 0, files: 0};
  for (const file of files) {
    const bytes = (await stat(file)).size;
    totalBytes += bytes;
    if (file.endsWith('.js') && bytes > largestChunk.bytes) {
      largestChunk = {name: file.slice(outDir.length + 1), bytes, gzipBytes: gzipSync(await readFile(file)).length};
    }
    if (/search-index.*\.json$/.test(file)) {
      searchIndex.bytes += bytes;
      searchIndex.gzipBytes += gzipSync(await readFile(file)).length;
      searchIndex.files += 1;
    }
  }
  return {totalBytes, largestChunk, searchIndex};
}

type DevFigures = DevServerTiming | {error: string};

/** The dev server's timings for ours, then for the bare site with as many pages as our last build. */
async function timeDevServers(): Promise<[DevFigures, DevFigures]> {
  const failed = (error: unknown): DevFigures => ({error: String(error)});
  const dev = await timeDevServer(devServerPort).catch(failed);
  // The next port: the first server's may still be closing.
  const bareDev = await timeDevServer(devServerPort + 1, await bareDevSite(await htmlPages(outDir))).catch(failed);
  return [dev, bareDev];
}

/** `--search-only`: the keystroke and first-search timings, the index size and the query sets, on the last bench build. */
async function printSearchOnly(sizeFigures: SizeFigures): Promise<void> {
  const server = await startServer({root: outDir});
  const timings = await searchTiming(server.origin).finally(() => server.close());
  console.log(`Keystroke to results: ${timings.keystrokeToResultsMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  console.log(`A 100,000-character paste to the box answering: ${timings.pasteToAnswerMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  console.log(
    `First search on a throttled phone, focus to results: ${timings.focusToFirstResultsMs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );
  const {searchIndex} = sizeFigures;
  console.log(
    `Index: ${kib(searchIndex.gzipBytes)} gzip (budget ≤${kib(searchIndexBudgetGzip)}) ${verdict(searchIndex.gzipBytes <= searchIndexBudgetGzip)}`,
  );
  console.log((await searchQualityReport(outDir)).join('\n'));
}

/** The build's and the search's figures beside their budgets, the query sets and the specs' scores. */
async function printBuildAndSearch(
  buildFigures: {seconds: number; peakMemoryBytes: number} | undefined,
  sizeFigures: SizeFigures,
  search: SearchFigures | {error: string},
): Promise<void> {
  console.log('\nBuild');
  const largest = sizeFigures.largestChunk;
  console.log(
    table([
      ['Build time (cold, npm run build)', buildFigures ? `${buildFigures.seconds.toFixed(0)} s` : '(skipped)'],
      ['Peak memory (max RSS)', buildFigures ? mib(buildFigures.peakMemoryBytes) : '(skipped)'],
      [
        'Largest JS chunk',
        `${largest.name}: ${kib(largest.bytes)}, ${kib(largest.gzipBytes)} gzip (budget ≤${kib(largestChunkBudgetGzip)} gzip) ${verdict(largest.gzipBytes <= largestChunkBudgetGzip)}`,
      ],
      ['Total build size', mib(sizeFigures.totalBytes)],
    ]),
  );
  console.log('\nSearch');
  const {searchIndex} = sizeFigures;
  console.log(
    table([
      [
        'Index size',
        `${kib(searchIndex.bytes)} raw, ${kib(searchIndex.gzipBytes)} gzip (${searchIndex.files} file${searchIndex.files === 1 ? '' : 's'}; budget ≤${kib(searchIndexBudgetGzip)} gzip) ${verdict(searchIndex.gzipBytes <= searchIndexBudgetGzip)}`,
      ],
      [
        'Keystroke to results',
        'error' in search
          ? `not measured: ${search.error}`
          : `median ${median(search.keystrokeToResultsMs).toFixed(0)} ms (${search.keystrokeToResultsMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
      ],
      [
        'A 100,000-character paste to the box answering',
        'error' in search
          ? `not measured: ${search.error}`
          : `median ${median(search.pasteToAnswerMs).toFixed(0)} ms (${search.pasteToAnswerMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
      ],
      [
        'First search, throttled phone (focus to results)',
        'error' in search
          ? `not measured: ${search.error}`
          : `median ${median(search.focusToFirstResultsMs).toFixed(0)} ms (${search.focusToFirstResultsMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
      ],
    ]),
  );
  console.log((await searchQualityReport(outDir)).join('\n'));
  console.log(`\nThe specs, by Redocly's score (reported; the goal is agent readiness ≥ ${minimumAgentReadiness})\n`);
  console.log(formatScores(scoreSpecs()));
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  let cold: BuildTiming | undefined;
  let warm: BuildTiming | undefined;
  if (options.skipBuild) {
    if (!existsSync(join(outDir, 'index.html'))) throw new Error('No bench build yet: run `npm run bench` without --skip-build.');
  } else {
    await rm(outDir, {recursive: true, force: true});
    cold = await timeBuild(outDir, {cold: true});
    warm = await timeBuild(outDir, {cold: false});
  }
  if (options.authoringOnly) {
    printAuthoring(cold, warm, ...(await timeDevServers()));
    return;
  }
  const buildFigures = cold && {seconds: cold.generateSeconds + cold.buildSeconds, peakMemoryBytes: cold.peakMemoryBytes};
  const sizeFigures = await sizes();
  if (options.searchOnly) {
    await printSearchOnly(sizeFigures);
    return;
  }
  if (!options.skipBuild || !existsSync(join(bareBuildDir, 'index.html'))) {
    process.stdout.write('Building the bare Docusaurus site\n');
    await buildBareSite();
  }
  const pages = benchPages(root);
  const servers: RunningServer[] = [];
  let search: SearchFigures | {error: string} = {error: 'with --phone'};
  let phone: PhoneResults;
  try {
    const serve = async (buildDir: string): Promise<string> => {
      const server = await startServer({root: buildDir});
      servers.push(server);
      return server.origin;
    };
    const sites: PhoneSite[] = [
      {label: 'ours', origin: await serve(outDir), buildDir: outDir, paths: pages.map((page) => page.path)},
      {label: 'bare', origin: await serve(bareBuildDir), buildDir: bareBuildDir, paths: [...new Set(Object.values(barePages))]},
    ];
    for (const {label, buildDir} of options.also) {
      sites.push({label, origin: await serve(buildDir), buildDir, paths: pages.map((page) => page.path)});
    }
    phone = await measurePhone(sites, options.runs, {lighthouse: !options.loadsOnly});
    if (!options.phoneOnly) search = await searchTiming(sites[0]?.origin ?? '').catch((error: unknown) => ({error: String(error)}));
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
  printPhone(pages, phone, options);
  const writeResults = async (results: Record<string, unknown>): Promise<void> => {
    await mkdir(resolve(root, 'bench-results'), {recursive: true});
    const file = resolve(root, 'bench-results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(file, JSON.stringify({options, ...results, phone: Object.fromEntries(phone)}, null, 2));
    console.log(`\nAll runs: bench-results/${file.split('/').pop() ?? ''}`);
  };
  if (options.phoneOnly) {
    await writeResults({});
    return;
  }
  await printBuildAndSearch(buildFigures, sizeFigures, search);

  const [dev, bareDev] = options.skipBuild ? [{error: 'with --skip-build'}, {error: 'with --skip-build'}] : await timeDevServers();
  printAuthoring(cold, warm, dev, bareDev);

  await writeResults({build: buildFigures, authoring: {cold, warm, dev, bareDev}, sizes: sizeFigures, search});
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
