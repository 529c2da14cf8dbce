/**
 * How `npm run bench` prints what it measured: sizes, the authoring timings and the phone table
 * (each page beside the bare site, with the paired differences of the builds compared).
 */
import type {BuildTiming, DevServerTiming} from './authoring';
import {barePages} from './bare-site';
import {authoringBudgets, phoneBudgets, type BenchPage, type PhoneBudget} from './budgets';
import {
  pairedDifference,
  phoneKey,
  type LighthouseFigures,
  type PageBytes,
  type PairedDifference,
  type PhoneResults,
  type PhoneRuns,
  type ThrottledLoad,
} from './phone';

/** What the phone table needs of the bench's options. */
export interface PhoneReportOptions {
  readonly runs: number;
  readonly also: readonly {readonly label: string}[];
}

export function median(values: readonly number[]): number {
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

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;
export const kib1 = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export function verdict(ok: boolean): string {
  return ok ? 'ok' : 'OVER';
}

export function table(rows: readonly (readonly string[])[]): string {
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
            scriptBeforeHydratedGzip: loadMedian((load) => load.scriptBeforeHydratedGzip),
            scriptsBeforeHydrated: runs.loads[0]?.scriptsBeforeHydrated ?? [],
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
  'Script before hydrated (gzip)',
  'Transferred',
  'Script (gzip)',
];

const secondsCell = (ms: number | undefined): string => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);

/** What our page is held to beside the bare site's equivalent page, measured in the same rounds. */
interface BareComparison {
  readonly bare: PhoneMedians | undefined;
  readonly hydrated: PairedDifference | undefined;
  readonly blocking: PairedDifference | undefined;
}

/** `ms (≤bare: +12 ms [-40, +60]) ok`: a timing held to the bare site's, round by round. */
function pairedJudged(value: string, difference: PairedDifference | undefined): string {
  return difference ? `${value} (≤bare: ${pairedCell(difference)}) ${pairedVerdict(difference)}` : value;
}

/**
 * One site's figures for a page, in the columns of phoneHeader. With a budget (our pages), each
 * budgeted cell says its limit and whether it is met; LCP, hydration, blocking time, HTML and the
 * script hydration waits for are also held to the bare site's figures from the same run.
 */
function phoneRow(label: string, path: string, figures: PhoneMedians, budget?: PhoneBudget, versus?: BareComparison): string[] {
  const {simulated, throttled, load, bytes} = figures;
  const bare = versus?.bare;
  const judged = (value: string, wanted: string, ok: boolean | undefined): string =>
    budget && ok !== undefined ? `${value} (${wanted}) ${verdict(ok)}` : value;
  const noLaterThanBare = (ours: number | undefined, theirs: number | undefined): boolean | undefined =>
    ours === undefined || theirs === undefined ? undefined : ours <= theirs;
  const lcpOk =
    throttled && budget ? throttled.lcpMs <= budget.lcpMs && (noLaterThanBare(throttled.lcpMs, bare?.throttled?.lcpMs) ?? true) : undefined;
  const htmlLimit = budget && bare ? bare.bytes.htmlGzip * budget.htmlGzipTimesBare : undefined;
  const bareScript = bare?.load?.scriptBeforeHydratedGzip;
  const scriptLimit = budget && bareScript !== undefined ? bareScript + budget.scriptBeforeHydratedOverBareGzip : undefined;
  return [
    label,
    path,
    simulated ? String(simulated.performance) : '–',
    secondsCell(simulated?.lcpMs),
    throttled ? String(throttled.performance) : '–',
    judged(secondsCell(throttled?.lcpMs), `≤${((budget?.lcpMs ?? 0) / 1000).toFixed(1)}, ≤bare`, lcpOk),
    throttled ? `${throttled.tbtMs.toFixed(0)} ms` : '–',
    throttled ? judged(throttled.cls.toFixed(3), `≤${budget?.cls ?? ''}`, budget && throttled.cls <= budget.cls) : '–',
    secondsCell(load?.fcpMs),
    secondsCell(load?.lcpMs),
    pairedJudged(secondsCell(load?.hydratedMs), budget && versus?.hydrated),
    load ? pairedJudged(`${load.blockingMs.toFixed(0)} ms`, budget && versus?.blocking) : '–',
    judged(
      `${kib1(bytes.blockingCssGzip)} in ${bytes.blockingCss.length}${bytes.inlineCssGzip > 0 ? ` + inline ${kib1(bytes.inlineCssGzip)}` : ''}`,
      `≤${kib(budget?.blockingCssGzip ?? 0)}`,
      budget && bytes.blockingCssGzip <= budget.blockingCssGzip,
    ),
    judged(
      kib1(bytes.htmlGzip),
      `≤${budget?.htmlGzipTimesBare ?? ''}×bare: ${kib1(htmlLimit ?? 0)}`,
      htmlLimit === undefined ? undefined : bytes.htmlGzip <= htmlLimit,
    ),
    load
      ? judged(
          `${kib1(load.scriptBeforeHydratedGzip)} in ${load.scriptsBeforeHydrated.length}`,
          `≤bare+${kib(budget?.scriptBeforeHydratedOverBareGzip ?? 0)}: ${kib1(scriptLimit ?? 0)}`,
          scriptLimit === undefined ? undefined : load.scriptBeforeHydratedGzip <= scriptLimit,
        )
      : '–',
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

/** `12.3 s (bare 9.1 s); budget ≤1.5×bare: 13.7 s ok`, or why it was not measured. */
function versusBareCell(ours: number | undefined, bare: number | undefined, error: string | undefined): string {
  if (ours === undefined) return `not measured: ${error ?? ''}`;
  if (bare === undefined) return `${seconds(ours)} (bare not measured: ${error ?? ''})`;
  const limit = bare * authoringBudgets.devServerTimesBare;
  return `${seconds(ours)} (bare ${seconds(bare)}); budget ≤${authoringBudgets.devServerTimesBare}×bare: ${seconds(limit)} ${verdict(ours <= limit)}`;
}

/** Cold and warm builds, the dev server's first page and hot reloads, beside their budgets and the bare site's. */
export function printAuthoring(
  cold: BuildTiming | undefined,
  warm: BuildTiming | undefined,
  dev: DevServerTiming | {error: string},
  bareDev: DevServerTiming | {error: string},
): void {
  const budgets = authoringBudgets;
  const build = (timing: BuildTiming | undefined, budget: number): string => {
    if (!timing) return '(skipped)';
    const total = timing.generateSeconds + timing.buildSeconds;
    return `${seconds(total)} (gen:api ${seconds(timing.generateSeconds)}, docusaurus build ${seconds(timing.buildSeconds)}); budget ≤${budget} s ${verdict(total <= budget)}`;
  };
  const ours = 'error' in dev ? undefined : dev;
  const bare = 'error' in bareDev ? undefined : bareDev;
  const error = 'error' in dev ? dev.error : 'error' in bareDev ? bareDev.error : undefined;
  const reloads = (timing: DevServerTiming): string => timing.hotReloadSeconds.map((value) => value.toFixed(2)).join(', ');
  console.log('\nWriting and building (this machine; the bare site with as many pages, in the same run)\n');
  console.log(
    table([
      ['Cold build (npm run build, caches empty)', build(cold, budgets.coldBuildSeconds)],
      ['Warm build (the same again)', build(warm, budgets.warmBuildSeconds)],
      ['Peak memory, cold build (max RSS)', cold ? mib(cold.peakMemoryBytes) : '(skipped)'],
      ['npm start, first page (caches empty)', versusBareCell(ours?.firstPageSeconds, bare?.firstPageSeconds, error)],
      ['npm start again, first page (caches warm)', versusBareCell(ours?.warmFirstPageSeconds, bare?.warmFirstPageSeconds, error)],
      [
        'Hot reload of an MDX edit (median)',
        versusBareCell(ours && median(ours.hotReloadSeconds), bare && median(bare.hotReloadSeconds), error),
      ],
      ['Hot reloads, each', [ours && `ours ${reloads(ours)} s`, bare && `bare ${reloads(bare)} s`].filter(Boolean).join('; ') || '–'],
    ]),
  );
}

/** The phone table: each of our pages with its budgets, the bare site's equivalent and any compared build under it. */
export function printPhone(pages: readonly BenchPage[], phone: PhoneResults, options: PhoneReportOptions): void {
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
      "\nCPU 4×), hydrated = <html data-has-hydrated>, blocking = long animation frames' blocking time, FCP to 1 s after hydrated;" +
      '\nscript before hydrated = the scripts that had arrived when it hydrated, gzip from the build. The simulated score is' +
      '\nreported, never budgeted.' +
      '\nnginx with the production policy on loopback. Under each page, the bare' +
      "\nDocusaurus site's equivalent page and any build given with --also, measured in the same rounds.\n",
  );
  const rows: string[][] = [phoneHeader];
  let coverage: number | undefined;
  for (const page of pages) {
    const barePath = barePages[page.bareEquivalent];
    const bare = figuresOf('bare', barePath);
    const ours = figuresOf('ours', page.path);
    const versus: BareComparison = {
      bare,
      hydrated: pairedOf('ours', page.path, 'bare', barePath),
      blocking: pairedOf('ours', page.path, 'bare', barePath, (load) => load.blockingMs),
    };
    coverage ??= versus.hydrated?.coverage;
    rows.push(ours ? phoneRow(page.label, page.path, ours, phoneBudgets[page.kind], versus) : [page.label, page.path, 'not measured']);
    for (const {label} of options.also) {
      const other = figuresOf(label, page.path);
      if (other) rows.push(phoneRow(`  ↳ ${label}`, page.path, other));
    }
    rows.push(bare ? phoneRow('  ↳ bare Docusaurus', barePath, bare) : ['  ↳ bare Docusaurus', barePath, 'not measured']);
  }
  console.log(table(rows));
  console.log(
    `\n≤bare: ours minus the bare site, hydrated and blocking, paired round by round: median [interval${coverage === undefined ? '' : `, ${(coverage * 100).toFixed(0)} % coverage`}].`,
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
