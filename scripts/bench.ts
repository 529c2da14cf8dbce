/**
 * The benchmark: builds the site for production, serves it with nginx and the
 * production delivery policy on loopback (plugins/delivery), measures what a
 * phone sees on one page of each type (scripts/perf/phone.ts: Lighthouse with
 * simulated and with applied throttling, the time to hydrated on a throttled
 * load, the style sheets that block the first paint and the HTML) and prints the
 * medians beside the budgets and beside a bare Docusaurus site's equivalent
 * pages, built once per run with the same packages, served the same way and
 * measured in the same rounds (scripts/perf/bare-site.ts), with build time, peak
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
 *                                  server's first page and a hot reload, beside their budgets
 *
 * Results are also written to bench-results/<date>.json.
 */
import {existsSync} from 'node:fs';
import {mkdir, readFile, readdir, rm, stat, writeFile} from 'node:fs/promises';
import {join, resolve} from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromium} from 'playwright-core';
import {timeBuild, timeDevServer, type BuildTiming, type DevServerTiming} from './perf/authoring';
import {
  authoringBudgets,
  benchPages,
  phoneBudgets,
  largestChunkBudgetGzip,
  searchIndexBudgetGzip,
  type BenchPage,
  type PhoneBudget,
} from './perf/budgets';
import {chromiumArgs, chromiumPath} from './perf/chromium';
import {bareBuildDir, barePages, buildBareSite} from './perf/bare-site';
import {
  measurePhone,
  pairedDifference,
  phoneKey,
  phoneProfile,
  type LighthouseFigures,
  type PageBytes,
  type PairedDifference,
  type PhoneResults,
  type PhoneRuns,
  type PhoneSite,
  type ThrottledLoad,
} from './perf/phone';
import {startServer, type RunningServer} from '../plugins/delivery/server';
import {searchQualityReport} from '../plugins/search/queries';
import {formatScores, minimumAgentReadiness, scoreSpecs} from './perf/spec-scores';

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
  /** Only what a phone sees (scripts/perf/phone.ts). */
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

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  const of = (key: Exclude<keyof LighthouseFigures, 'failedAccessibilityAudits' | 'lcpBreakdown'>): number =>
    median(runs.map((figures) => figures[key]));
  const subparts = [...new Set(runs.flatMap((figures) => Object.keys(figures.lcpBreakdown ?? {})))];
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    scriptGzipBytes: of('scriptGzipBytes'),
    transferBytes: of('transferBytes'),
    requests: of('requests'),
    fcpMs: of('fcpMs'),
    lcpBreakdown: Object.fromEntries(subparts.map((name) => [name, median(runs.map((figures) => figures.lcpBreakdown?.[name] ?? 0))])),
    failedAccessibilityAudits: [...new Set(runs.flatMap((figures) => figures.failedAccessibilityAudits ?? []))],
  };
}

interface SearchFigures {
  readonly keystrokeToResultsMs: number[];
  /** A reader's first search on a throttled phone: focus the box, type a word, see results (index download included). */
  readonly focusToFirstResultsMs: number[];
}

/**
 * From focusing the navbar box to the first results, on the phone profile,
 * in a fresh profile each time: focusing fetches the index, so this is what
 * a reader's first search costs. The word is typed as soon as the box has
 * focus, as a reader does; the clock stops when a result highlights it.
 */
async function firstSearchTiming(origin: string, runs = 3): Promise<number[]> {
  const timings: number[] = [];
  const browser = await chromium.launch({executablePath: chromiumPath, headless: true, args: [...chromiumArgs]});
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true});
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: phoneProfile.latencyMs,
        downloadThroughput: phoneProfile.downloadBytesPerSecond,
        uploadThroughput: phoneProfile.uploadBytesPerSecond,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', {rate: phoneProfile.cpuSlowdown});
      await page.goto(`${origin}/guides/intro`, {waitUntil: 'load'});
      await page.waitForSelector('html[data-has-hydrated="true"]');
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => {
        const timing = {started: 0, finished: 0};
        Object.assign(window, {zipFirstSearch: timing});
        const box = document.querySelector('.navbar input[aria-label="Search"]');
        box?.addEventListener(
          'focus',
          () => {
            timing.started = performance.now();
          },
          {once: true},
        );
        const observer = new MutationObserver(() => {
          const marks = Array.from(document.querySelectorAll('.navbar [role="option"] mark'));
          if (timing.started === 0 || !marks.some((mark) => (mark.textContent ?? '').toLowerCase().startsWith('refu'))) return;
          timing.finished = performance.now();
          observer.disconnect();
        });
        observer.observe(document.body, {childList: true, subtree: true, characterData: true});
      });
      // On a phone the search is behind the navbar's search button or box; this site shows the box.
      await page.locator('.navbar input[aria-label="Search"]').focus();
      await page.keyboard.type('refund');
      const handle = await page.waitForFunction(
        () => {
          const timing = (window as unknown as {zipFirstSearch: {started: number; finished: number}}).zipFirstSearch;
          return timing.finished > 0 ? timing.finished - timing.started : false;
        },
        undefined,
        {timeout: 60_000},
      );
      timings.push((await handle.jsonValue()) as number);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return timings;
}

/**
 * Time from a keystroke to the first results in the search dropdown. The
 * index is loaded first (focusing the box fetches it), then each query
 * arrives as one input event, as when the last key of a word is pressed
 * after a pause, and the clock stops when its suggestions are in the DOM.
 */
async function searchTiming(origin: string): Promise<SearchFigures> {
  // Playwright gives a non-persistent browser a fresh temporary profile.
  const browser = await chromium.launch({executablePath: chromiumPath, headless: true, args: [...chromiumArgs]});
  const queries = ['refund', 'capture', 'chargeback', 'idempotency', 'gcash'];
  const timings: number[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`, {waitUntil: 'load'});
    await page.waitForSelector('html[data-has-hydrated="true"]');
    // The box is a combobox; focusing it loads the index.
    await page.locator('.navbar input[aria-label="Search"]').click();
    const input = page.locator('.navbar input[role="combobox"]');
    await input.waitFor({timeout: 20_000});
    await page.waitForLoadState('networkidle');
    // The index is ready once a search lists results.
    await input.fill('refund');
    await page.locator('.navbar [role="option"]').first().waitFor({timeout: 20_000});
    // Keystrokes on a phone's CPU, four times slower than this machine's (the index loaded at full speed).
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', {rate: phoneProfile.cpuSlowdown});
    for (const query of queries) {
      await input.fill('');
      await page.waitForTimeout(300);
      // The clock starts in the page just before the text arrives as one
      // input (a Playwright round trip, about a millisecond, is included)
      // and stops when the dropdown shows results for it.
      await page.evaluate((text) => {
        const timing = {started: performance.now(), finished: 0};
        Object.assign(window, {zipSearchTiming: timing});
        // Done when a result highlights this query (the dropdown reuses its
        // nodes, so "an option exists" would be true already).
        const stem = text.slice(0, 4).toLowerCase();
        const observer = new MutationObserver(() => {
          const marks = Array.from(document.querySelectorAll('.navbar [role="option"] mark'));
          if (!marks.some((mark) => (mark.textContent ?? '').toLowerCase().startsWith(stem))) return;
          timing.finished = performance.now();
          observer.disconnect();
        });
        observer.observe(document.body, {childList: true, subtree: true, characterData: true});
      }, query);
      await page.keyboard.insertText(query);
      const handle = await page.waitForFunction(
        () => {
          const timing = (window as unknown as {zipSearchTiming: {started: number; finished: number}}).zipSearchTiming;
          return timing.finished > 0 ? timing.finished - timing.started : false;
        },
        undefined,
        {timeout: 10_000}, // a query with no results would time out here
      );
      const elapsed = (await handle.jsonValue()) as number;
      timings.push(elapsed);
    }
  } finally {
    await browser.close();
  }
  return {keystrokeToResultsMs: timings, focusToFirstResultsMs: await firstSearchTiming(origin)};
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;
const kib1 = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function verdict(ok: boolean): string {
  return ok ? 'ok' : 'OVER';
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')).join('\n');
}

/** The medians of one page's phone runs, or undefined where no run finished. */
interface PhoneMedians {
  readonly simulated: LighthouseFigures | undefined;
  readonly throttled: LighthouseFigures | undefined;
  readonly load: ThrottledLoad | undefined;
  readonly bytes: PageBytes;
}

function phoneMedians(runs: PhoneRuns): PhoneMedians {
  const loadMedian = (figure: (load: ThrottledLoad) => number): number => median(runs.loads.map(figure));
  return {
    simulated: runs.simulated.length > 0 ? medianFigures(runs.simulated) : undefined,
    throttled: runs.throttled.length > 0 ? medianFigures(runs.throttled) : undefined,
    load:
      runs.loads.length > 0
        ? {
            fcpMs: loadMedian((load) => load.fcpMs),
            lcpMs: loadMedian((load) => load.lcpMs),
            hydratedMs: loadMedian((load) => load.hydratedMs),
            blockingMs: loadMedian((load) => load.blockingMs),
          }
        : undefined,
    bytes: runs.bytes,
  };
}

const phoneHeader = [
  'Page',
  'Path',
  'Score (sim.)',
  'LCP (sim.)',
  'Score (thr.)',
  'LCP (thr.)',
  'TBT (thr.)',
  'CLS',
  'Load: FCP',
  'Load: LCP',
  'Load: hydrated',
  'Load: blocking',
  'Blocking CSS (gzip)',
  'HTML (gzip)',
  'Transferred',
  'Script (gzip)',
];

const secondsCell = (ms: number | undefined): string => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);

/**
 * One site's figures for a page, in the columns of phoneHeader. With a budget (our pages), each
 * budgeted cell says its limit and whether it is met; LCP and hydration are also held to the bare
 * site's figures from the same run.
 */
function phoneRow(
  label: string,
  path: string,
  figures: PhoneMedians,
  budget?: PhoneBudget,
  bare?: PhoneMedians,
  hydratedVsBare?: PairedDifference,
): string[] {
  const {simulated, throttled, load, bytes} = figures;
  const judged = (value: string, wanted: string, ok: boolean | undefined): string =>
    budget && ok !== undefined ? `${value} (${wanted}) ${verdict(ok)}` : value;
  const noLaterThanBare = (ours: number | undefined, theirs: number | undefined): boolean | undefined =>
    ours === undefined || theirs === undefined ? undefined : ours <= theirs;
  const lcpOk =
    throttled && budget ? throttled.lcpMs <= budget.lcpMs && (noLaterThanBare(throttled.lcpMs, bare?.throttled?.lcpMs) ?? true) : undefined;
  return [
    label,
    path,
    simulated
      ? judged(
          String(simulated.performance),
          `≥${budget?.simulatedPerformance ?? ''}`,
          budget && simulated.performance >= budget.simulatedPerformance,
        )
      : '–',
    secondsCell(simulated?.lcpMs),
    throttled ? String(throttled.performance) : '–',
    judged(secondsCell(throttled?.lcpMs), `≤${((budget?.lcpMs ?? 0) / 1000).toFixed(1)}, ≤bare`, lcpOk),
    throttled ? judged(`${throttled.tbtMs.toFixed(0)} ms`, `≤${budget?.tbtMs ?? ''}`, budget && throttled.tbtMs <= budget.tbtMs) : '–',
    throttled ? judged(throttled.cls.toFixed(3), `≤${budget?.cls ?? ''}`, budget && throttled.cls <= budget.cls) : '–',
    secondsCell(load?.fcpMs),
    secondsCell(load?.lcpMs),
    budget && hydratedVsBare
      ? `${secondsCell(load?.hydratedMs)} (≤bare: ${pairedCell(hydratedVsBare)}) ${pairedVerdict(hydratedVsBare)}`
      : secondsCell(load?.hydratedMs),
    load ? `${load.blockingMs.toFixed(0)} ms` : '–',
    judged(
      `${kib1(bytes.blockingCssGzip)} in ${bytes.blockingCss.length}${bytes.inlineCssGzip > 0 ? ` + inline ${kib1(bytes.inlineCssGzip)}` : ''}`,
      `≤${kib(budget?.blockingCssGzip ?? 0)}`,
      budget && bytes.blockingCssGzip <= budget.blockingCssGzip,
    ),
    kib1(bytes.htmlGzip),
    simulated
      ? judged(
          kib(simulated.transferBytes),
          `≤${kib(budget?.transferBytes ?? 0)}`,
          budget && simulated.transferBytes <= budget.transferBytes,
        )
      : '–',
    simulated ? kib(simulated.scriptGzipBytes) : '–',
  ];
}

const signedMs = (ms: number): string => `${ms > 0 ? '+' : ''}${ms.toFixed(0)}`;

/** `+102 ms [−50, +210]`: the median per-round difference and its interval. */
function pairedCell(difference: PairedDifference): string {
  return `${signedMs(difference.medianMs)} ms [${signedMs(difference.lowMs)}, ${signedMs(difference.highMs)}]`;
}

/**
 * ok: not later by the median; OVER: later across an interval of at least 90 %; within noise:
 * later by the median only (the interval reaches 0, or too few rounds for 90 %).
 */
function pairedVerdict(difference: PairedDifference): string {
  if (difference.medianMs <= 0) return 'ok';
  return difference.lowMs > 0 && difference.coverage >= 0.9 ? 'OVER' : 'within noise';
}

/** `TTFB 5 ms · render delay 300 ms` from the observed LCP breakdown. */
function breakdownLine(figures: LighthouseFigures): string {
  const names: Readonly<Record<string, string>> = {
    timeToFirstByte: 'TTFB',
    resourceLoadDelay: 'load delay',
    resourceLoadDuration: 'load',
    elementRenderDelay: 'render delay',
  };
  return Object.entries(figures.lcpBreakdown ?? {})
    .map(([name, ms]) => `${names[name] ?? name} ${ms.toFixed(0)} ms`)
    .join(' · ');
}

const seconds = (value: number): string => `${value.toFixed(1)} s`;

/** Cold and warm builds, the dev server's first page and hot reloads, beside their budgets. */
function printAuthoring(cold: BuildTiming | undefined, warm: BuildTiming | undefined, dev: DevServerTiming | {error: string}): void {
  const budgets = authoringBudgets;
  const build = (timing: BuildTiming | undefined, budget: number): string => {
    if (!timing) return '(skipped)';
    const total = timing.generateSeconds + timing.buildSeconds;
    return `${seconds(total)} (gen:api ${seconds(timing.generateSeconds)}, docusaurus build ${seconds(timing.buildSeconds)}); budget ≤${budget} s ${verdict(total <= budget)}`;
  };
  console.log('\nWriting and building (this machine)\n');
  console.log(
    table([
      ['Cold build (npm run build, caches empty)', build(cold, budgets.coldBuildSeconds)],
      ['Warm build (the same again)', build(warm, budgets.warmBuildSeconds)],
      ['Peak memory, cold build (max RSS)', cold ? mib(cold.peakMemoryBytes) : '(skipped)'],
      [
        'npm start, first page (caches empty)',
        'error' in dev
          ? `not measured: ${dev.error}`
          : `${seconds(dev.firstPageSeconds)}; budget ≤${budgets.devFirstPageSeconds} s ${verdict(dev.firstPageSeconds <= budgets.devFirstPageSeconds)}`,
      ],
      [
        'Hot reload of an MDX edit',
        'error' in dev
          ? `not measured: ${dev.error}`
          : `median ${seconds(median(dev.hotReloadSeconds))} (${dev.hotReloadSeconds.map((value) => value.toFixed(2)).join(', ')} s); budget ≤${budgets.hotReloadSeconds} s ${verdict(median(dev.hotReloadSeconds) <= budgets.hotReloadSeconds)}`,
      ],
    ]),
  );
}

/** The phone table: each of our pages with its budgets, the bare site's equivalent and any compared build under it. */
function printPhone(pages: readonly BenchPage[], phone: PhoneResults, options: Options): void {
  const figuresOf = (label: string, path: string): PhoneMedians | undefined => {
    const runs = phone.get(phoneKey(label, path));
    return runs && phoneMedians(runs);
  };
  const pairedOf = (
    label: string,
    path: string,
    baseline: string,
    baselinePath: string,
    figure?: (load: ThrottledLoad) => number,
  ): PairedDifference | undefined => {
    const loads = phone.get(phoneKey(label, path))?.loads;
    const baselineLoads = phone.get(phoneKey(baseline, baselinePath))?.loads;
    return loads && baselineLoads ? pairedDifference(loads, baselineLoads, figure) : undefined;
  };
  console.log(
    `\n${options.runs} rounds, medians (budget). sim.: Lighthouse, mobile, simulated throttling (its default); thr.: Lighthouse with` +
      '\nthe same profile applied to the load (devtools throttling); Load: a Playwright load throttled the same way (150 ms, 1.6 Mbps,' +
      "\nCPU 4×), hydrated = <html data-has-hydrated>, blocking = long animation frames' blocking time, FCP to 1 s after hydrated." +
      '\nnginx with the production policy on loopback. Under each page, the bare' +
      "\nDocusaurus site's equivalent page and any build given with --also, measured in the same rounds.\n",
  );
  const rows: string[][] = [phoneHeader];
  let coverage: number | undefined;
  for (const page of pages) {
    const barePath = barePages[page.bareEquivalent];
    const bare = figuresOf('bare', barePath);
    const ours = figuresOf('ours', page.path);
    const hydratedVsBare = pairedOf('ours', page.path, 'bare', barePath);
    coverage ??= hydratedVsBare?.coverage;
    rows.push(
      ours ? phoneRow(page.label, page.path, ours, phoneBudgets[page.kind], bare, hydratedVsBare) : [page.label, page.path, 'not measured'],
    );
    for (const {label} of options.also) {
      const other = figuresOf(label, page.path);
      if (other) rows.push(phoneRow(`  ↳ ${label}`, page.path, other));
    }
    rows.push(bare ? phoneRow('  ↳ bare Docusaurus', barePath, bare) : ['  ↳ bare Docusaurus', barePath, 'not measured']);
  }
  console.log(table(rows));
  console.log(
    `\n≤bare: ours minus the bare site, hydrated, paired round by round: median [interval${coverage === undefined ? '' : `, ${(coverage * 100).toFixed(0)} % coverage`}].`,
  );
  for (const {label} of options.also) {
    console.log(`\n${label} minus ours, paired round by round: median [interval]`);
    for (const page of pages) {
      const hydrated = pairedOf(label, page.path, 'ours', page.path);
      const blocking = pairedOf(label, page.path, 'ours', page.path, (load) => load.blockingMs);
      if (hydrated && blocking) console.log(`  ${page.label}: hydrated ${pairedCell(hydrated)}, blocking ${pairedCell(blocking)}`);
    }
  }
  console.log('\nLCP as observed by Lighthouse on the throttled load: its parts');
  for (const [key, runs] of phone) {
    const figures = phoneMedians(runs).throttled;
    if (figures) console.log(`  ${key}: ${breakdownLine(figures)}`);
  }
  for (const [key, runs] of phone) {
    if (runs.failures.length > 0)
      console.log(`  ${key}: ${runs.failures.length} runs failed; the medians are of the others (${runs.failures.join('; ')})`);
    const audits = phoneMedians(runs).simulated?.failedAccessibilityAudits ?? [];
    if (audits.length > 0) console.log(`  ${key}: failed accessibility audits: ${audits.join(', ')}`);
  }
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
    const dev = await timeDevServer(devServerPort).catch((error: unknown) => ({error: String(error)}));
    printAuthoring(cold, warm, dev);
    return;
  }
  const buildFigures = cold && {seconds: cold.generateSeconds + cold.buildSeconds, peakMemoryBytes: cold.peakMemoryBytes};
  const sizeFigures = await sizes();
  if (options.searchOnly) {
    const server = await startServer({root: outDir});
    const timings = await searchTiming(server.origin).finally(() => server.close());
    console.log(`Keystroke to results: ${timings.keystrokeToResultsMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    console.log(
      `First search on a throttled phone, focus to results: ${timings.focusToFirstResultsMs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    const {searchIndex} = sizeFigures;
    console.log(
      `Index: ${kib(searchIndex.gzipBytes)} gzip (budget ≤${kib(searchIndexBudgetGzip)}) ${verdict(searchIndex.gzipBytes <= searchIndexBudgetGzip)}`,
    );
    console.log((await searchQualityReport(outDir)).join('\n'));
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

  const dev = options.skipBuild
    ? {error: 'with --skip-build'}
    : await timeDevServer(devServerPort).catch((error: unknown) => ({error: String(error)}));
  printAuthoring(cold, warm, dev);

  await writeResults({build: buildFigures, authoring: {cold, warm, dev}, sizes: sizeFigures, search});
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
