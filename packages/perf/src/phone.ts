/**
 * What a phone sees, for `npm run bench`: each page loaded with the mobile profile applied to the
 * real load (not estimated from an unthrottled one), beside the same figures Lighthouse simulates.
 *
 * - Lighthouse twice per page: `throttlingMethod: 'simulate'` (its default, an estimate from an
 *   unthrottled load) and `'devtools'` (the network slowed per request and the CPU four times).
 * - A Playwright load under the same network and CPU throttling (`phoneProfile`), timing the first
 *   contentful paint, the largest contentful paint and the moment the page is hydrated: when React
 *   has committed the first render and Docusaurus sets `<html data-has-hydrated="true">`
 *   (@docusaurus/core's hasHydratedDataAttribute), so links and controls work.
 * - From the build: the style sheets that block the first paint (`<link rel="stylesheet">` in the
 *   head) and the HTML, gzip.
 *
 * Every site (ours, the bare Docusaurus site, and any other build to compare, `--also`) is measured
 * in the same run, page after page within each round, so that the machine's load falls on all alike.
 */
import {spawn} from 'node:child_process';
import {readFile} from 'node:fs/promises';
import {join} from 'node:path';
import {brotliCompressSync, gzipSync} from 'node:zlib';
import {chromium, type Browser, type CDPSession} from 'playwright-core';
import {chromiumArgs, chromiumPath} from './chromium';

/** Lighthouse's mobile profile applied to a real load: 150 ms added to each request, 1.6 Mbps down, the CPU four times slower. */
export const phoneProfile = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

/** Applies the phone profile's network and CPU throttling to a page, through its DevTools session. */
export async function throttleLikeAPhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: phoneProfile.latencyMs,
    downloadThroughput: phoneProfile.downloadBytesPerSecond,
    uploadThroughput: phoneProfile.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: phoneProfile.cpuSlowdown});
}

export type ThrottlingMethod = 'simulate' | 'devtools';

export interface LighthouseFigures {
  readonly performance: number;
  readonly accessibility: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly scriptGzipBytes: number;
  /** Lighthouse's total-byte-weight: every request of the first view, prefetches included. */
  readonly transferBytes: number;
  /** Requests in Lighthouse's network-requests. */
  readonly requests: number;
  readonly fcpMs: number;
  /** LCP's subparts as observed (not simulated): timeToFirstByte, resourceLoadDelay, …, elementRenderDelay, in ms. */
  readonly lcpBreakdown?: Readonly<Record<string, number>>;
  /** Accessibility audits that failed, to say why a score is under 100. */
  readonly failedAccessibilityAudits?: readonly string[];
}

/** Runs packages/perf/src/lighthouse-run.mjs in plain node and reads its JSON line. */
export function lighthouseOnce(url: string, throttling: ThrottlingMethod = 'simulate'): Promise<LighthouseFigures> {
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(process.execPath, ['packages/perf/src/lighthouse-run.mjs', url, throttling, chromiumPath, ...chromiumArgs], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', rejectRun);
    child.on('exit', (code) => {
      if (code !== 0) {
        rejectRun(new Error(`Lighthouse (${throttling}) failed on ${url} (exit ${String(code)})`));
        return;
      }
      resolveRun(JSON.parse(output.trim().split('\n').pop() ?? '{}') as LighthouseFigures);
    });
  });
}

/** One throttled load in a fresh browser context, timed in the page. */
export interface ThrottledLoad {
  readonly fcpMs: number;
  readonly lcpMs: number;
  /** From navigation start to `<html data-has-hydrated="true">`. */
  readonly hydratedMs: number;
  /**
   * Blocking time from the first contentful paint until a second after hydrated (what hydration
   * starts, such as the style sheets, included): the blocking durations of the long animation frames
   * that start in that window. A frame's blocking duration counts its tasks' time over 50 ms with its
   * rendering, which long tasks leave out: a restyle of the whole page is a frame's rendering alone.
   */
  readonly blockingMs: number;
  /** Gzip bytes, from the build, of the site's scripts that had arrived when the page hydrated. */
  readonly scriptBeforeHydratedGzip: number;
  /** Those scripts' paths. */
  readonly scriptsBeforeHydrated: readonly string[];
}

/**
 * Timings the page records about itself from its first script on (an init script, before the
 * HTML's). A string, not a function: tsx's transform would add helpers the page lacks.
 */
const recordTimings = `(() => {
  const timings = {fcp: 0, lcp: 0, hydrated: 0, longFrames: [], scripts: []};
  window.zipPhoneTimings = timings;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) timings.longFrames.push([entry.startTime, entry.blockingDuration]);
  }).observe({type: 'long-animation-frame', buffered: true});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') timings.fcp = entry.startTime;
  }).observe({type: 'paint', buffered: true});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) timings.lcp = entry.startTime;
  }).observe({type: 'largest-contentful-paint', buffered: true});
  let markHydrated;
  window.zipPhoneHydrated = new Promise((resolve) => {
    markHydrated = resolve;
  });
  const observer = new MutationObserver(() => {
    if (document.documentElement.getAttribute('data-has-hydrated') !== 'true') return;
    timings.hydrated = performance.now();
    timings.scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.responseEnd <= timings.hydrated && new URL(entry.name).origin === location.origin)
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js'));
    observer.disconnect();
    markHydrated();
  });
  observer.observe(document, {attributes: true, subtree: true, attributeFilter: ['data-has-hydrated']});
})();`;

/** Gzip bytes of built files, by build and path: what a CDN would send. */
const gzipOfBuilt = new Map<string, number>();

async function builtGzip(buildDir: string, paths: readonly string[]): Promise<number> {
  let total = 0;
  for (const path of paths) {
    const key = join(buildDir, path);
    let bytes = gzipOfBuilt.get(key);
    if (bytes === undefined) {
      bytes = gzipSync(await readFile(key), {level: 6}).length;
      gzipOfBuilt.set(key, bytes);
    }
    total += bytes;
  }
  return total;
}

export async function throttledLoad(browser: Browser, url: string, buildDir: string): Promise<ThrottledLoad> {
  const context = await browser.newContext({viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75});
  try {
    const page = await context.newPage();
    await page.addInitScript({content: recordTimings});
    await throttleLikeAPhone(await context.newCDPSession(page));
    await page.goto(url, {waitUntil: 'load', timeout: 60_000});
    // Waited for in the page, not with Playwright's waitForSelector: that polls the document every frame
    // while the page hydrates, work on the main thread a phone does not do, and more of it on larger pages.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          setTimeout(() => reject(new Error('not hydrated within 60 s of the load event')), 60_000);
          void (window as unknown as {zipPhoneHydrated: Promise<void>}).zipPhoneHydrated.then(resolve);
        }),
    );
    // LCP entries stop with the first input; none comes, so they are read once the page is hydrated and has painted again,
    // a second after hydrated: the blocking time's window.
    await page.evaluate(
      (afterMs) => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 100)), afterMs)),
      blockingAfterHydratedMs,
    );
    const timings = await page.evaluate(
      () =>
        (
          window as unknown as {
            zipPhoneTimings: {fcp: number; lcp: number; hydrated: number; longFrames: [number, number][]; scripts: string[]};
          }
        ).zipPhoneTimings,
    );
    const scriptsBeforeHydrated = [...new Set(timings.scripts)].sort();
    return {
      fcpMs: timings.fcp,
      lcpMs: timings.lcp,
      hydratedMs: timings.hydrated,
      blockingMs: blockingTime(timings.longFrames, timings.fcp, timings.hydrated + blockingAfterHydratedMs),
      scriptBeforeHydratedGzip: await builtGzip(buildDir, scriptsBeforeHydrated),
      scriptsBeforeHydrated,
    };
  } finally {
    await context.close();
  }
}

/** How long after hydrated a load's blocking time still counts: long enough for the style sheets hydration asks for. */
const blockingAfterHydratedMs = 1000;

/**
 * The blocking time of the long animation frames that start within [from, to): frames are
 * [start, blockingDuration] in milliseconds, as the page's PerformanceObserver reports them.
 */
export function blockingTime(frames: readonly (readonly [number, number])[], from: number, to: number): number {
  return frames.reduce((sum, [start, blocking]) => (start >= from && start < to ? sum + blocking : sum), 0);
}

/** What a page's HTML makes the browser fetch before it can paint, from the build. */
export interface PageBytes {
  readonly htmlGzip: number;
  readonly htmlBrotli: number;
  /** The style sheets linked from the head: they block the first paint. */
  readonly blockingCss: readonly string[];
  /** What the first paint waits for: those sheets, and the CSS inlined in `<style>` elements (plugins/critical-css), each compressed alone. */
  readonly blockingCssGzip: number;
  readonly blockingCssBrotli: number;
  /** Gzip bytes of the CSS inlined in `<style>` elements (counted in blockingCssGzip, and sent within the HTML). */
  readonly inlineCssGzip: number;
  /** Every style sheet the page links, in the head or at the end of its body. */
  readonly linkedCss: readonly string[];
}

/** The built HTML file of a path, as the delivery policy serves /x from x.html and / from index.html. */
function htmlFileOf(buildDir: string, path: string): string {
  return path === '/' ? join(buildDir, 'index.html') : join(buildDir, `${path.replace(/^\//, '')}.html`);
}

export async function pageBytes(buildDir: string, path: string): Promise<PageBytes> {
  const html = await readFile(htmlFileOf(buildDir, path));
  const text = html.toString('utf8');
  const head = text.split('</head>')[0] ?? '';
  const stylesheetsIn = (markup: string): string[] =>
    [...markup.matchAll(/<link\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => /\brel=["']?stylesheet\b/.test(tag) && !/\bmedia=["']?print\b/.test(tag))
      .map((tag) => /\bhref=["']?([^"' >]+)/.exec(tag)?.[1] ?? '')
      .filter((href) => href.startsWith('/'));
  const blockingCss = stylesheetsIn(head);
  const inlineCss = [...text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css ?? '').join('');
  const inlineCssGzip = inlineCss ? gzipSync(inlineCss, {level: 6}).length : 0;
  let blockingCssGzip = inlineCssGzip;
  let blockingCssBrotli = inlineCss ? brotliCompressSync(inlineCss).length : 0;
  for (const href of blockingCss) {
    const css = await readFile(join(buildDir, href.split('?')[0] ?? href));
    blockingCssGzip += gzipSync(css, {level: 6}).length;
    blockingCssBrotli += brotliCompressSync(css).length;
  }
  return {
    htmlGzip: gzipSync(html, {level: 6}).length,
    htmlBrotli: brotliCompressSync(html).length,
    blockingCss,
    blockingCssGzip,
    blockingCssBrotli,
    inlineCssGzip,
    linkedCss: stylesheetsIn(text),
  };
}

/** A site the phone run measures: its origin, its build, the paths to load. */
export interface PhoneSite {
  readonly label: string;
  readonly origin: string;
  readonly buildDir: string;
  readonly paths: readonly string[];
}

/** A throttled load and the round it was taken in, to pair it with other sites' loads of that round. */
export interface RoundLoad extends ThrottledLoad {
  readonly round: number;
}

export interface PhoneRuns {
  readonly simulated: LighthouseFigures[];
  readonly throttled: LighthouseFigures[];
  readonly loads: RoundLoad[];
  readonly failures: string[];
  readonly bytes: PageBytes;
}

/** `label path` → its runs. */
export type PhoneResults = Map<string, PhoneRuns>;

export const phoneKey = (label: string, path: string): string => `${label} ${path}`;

/**
 * Measures every site's pages `runs` times, round by round: in each round every page of every site
 * gets one simulated Lighthouse run, one throttled Lighthouse run and one throttled load, the sites
 * taking turns at going first.
 */
export async function measurePhone(
  sites: readonly PhoneSite[],
  runs: number,
  {lighthouse = true}: {lighthouse?: boolean} = {},
): Promise<PhoneResults> {
  const results: PhoneResults = new Map();
  for (const site of sites) {
    for (const path of site.paths) {
      results.set(phoneKey(site.label, path), {
        simulated: [],
        throttled: [],
        loads: [],
        failures: [],
        bytes: await pageBytes(site.buildDir, path),
      });
    }
  }
  const browser = await chromium.launch({executablePath: chromiumPath, headless: true, args: [...chromiumArgs]});
  try {
    for (let round = 0; round < runs; round += 1) {
      // Each round starts with the next site: every site takes every place in the order as often,
      // so a place's own bias (what ran just before, the machine warming) does not fall on one site.
      const first = round % sites.length;
      const order = [...sites.slice(first), ...sites.slice(0, first)];
      for (const site of order) {
        for (const path of site.paths) {
          const entry = results.get(phoneKey(site.label, path));
          if (!entry) continue;
          const url = `${site.origin}${path}`;
          process.stdout.write(`Phone round ${round + 1}/${runs}: ${site.label} ${path}\n`);
          const attempt = async <T>(what: string, into: T[], measure: () => Promise<T>): Promise<void> => {
            try {
              into.push(await measure());
            } catch (error) {
              entry.failures.push(`${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
            }
          };
          await attempt('throttled load', entry.loads, async () => ({...(await throttledLoad(browser, url, site.buildDir)), round}));
          if (lighthouse) {
            await attempt('Lighthouse devtools', entry.throttled, () => lighthouseOnce(url, 'devtools'));
            await attempt('Lighthouse simulate', entry.simulated, () => lighthouseOnce(url, 'simulate'));
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * How much later one page became usable than another, from loads taken in the same rounds: the
 * median of the per-round differences, and a distribution-free interval for it (order statistics
 * of the differences, at least 90 % coverage from 5 rounds on). Two medians of separate samples
 * cannot tell a 0.1 s gap from the machine's noise; pairing by round takes out what a round shares.
 */
export interface PairedDifference {
  readonly rounds: number;
  readonly medianMs: number;
  readonly lowMs: number;
  readonly highMs: number;
  /** The interval's actual coverage, from the binomial distribution. */
  readonly coverage: number;
}

export function pairedDifference(
  loads: readonly RoundLoad[],
  baseline: readonly RoundLoad[],
  figure: (load: ThrottledLoad) => number = (load) => load.hydratedMs,
): PairedDifference | undefined {
  const byRound = new Map(baseline.map((load) => [load.round, figure(load)]));
  const differences = loads
    .flatMap((load) => {
      const other = byRound.get(load.round);
      return other === undefined ? [] : [figure(load) - other];
    })
    .sort((a, b) => a - b);
  const n = differences.length;
  if (n === 0) return undefined;
  // P(Binomial(n, ½) ≤ j), cumulated; the interval is [x(k), x(n-k+1)] for the largest k with tail ≤ 5 %.
  const choose = (j: number): number => {
    let value = 1;
    for (let i = 1; i <= j; i += 1) value = (value * (n - j + i)) / i;
    return value;
  };
  let k = 0;
  let tail = 0;
  while (k < Math.floor(n / 2) && tail + choose(k) / 2 ** n <= 0.05) {
    tail += choose(k) / 2 ** n;
    k += 1;
  }
  const at = (index: number): number => differences[index] ?? NaN;
  const middle = Math.floor(n / 2);
  return {
    rounds: n,
    medianMs: n % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2,
    lowMs: at(Math.max(k - 1, 0)),
    highMs: at(n - Math.max(k, 1)),
    // Under 5 rounds no interval reaches 90 %: the whole range, with what it covers.
    coverage: 1 - 2 * (k === 0 ? 1 / 2 ** n : tail),
  };
}
