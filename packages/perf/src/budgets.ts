/**
 * Performance budgets and the pages they apply to. The benchmark prints its
 * medians beside these; `tests/e2e/weight.test.ts` fails on the figures that do not
 * depend on machine noise (script bytes per page type, the largest chunk).
 */
import {readdirSync, statSync} from 'node:fs';
import {join, relative, sep} from 'node:path';

export type PageKind = 'content' | 'endpoint';

export interface BenchPage {
  readonly label: string;
  readonly path: string;
  readonly kind: PageKind;
  /** The bare Docusaurus site's page that stands for this one in the benchmark (packages/perf/src/bare-site.ts). */
  readonly bareEquivalent: 'home' | 'docsPage';
}

/** What a page may cost a phone: the load throttled as Lighthouse's mobile profile (packages/perf/src/phone.ts). */
export interface PhoneBudget {
  readonly accessibility: number;
  /** Largest contentful paint on the throttled load (Lighthouse, `throttlingMethod: 'devtools'`). */
  readonly lcpMs: number;
  readonly cls: number;
  /** Bytes on the wire for the first view, every request until the network is quiet (prefetches included). */
  readonly transferBytes: number;
  /** Gzip bytes of the style sheets the HTML links in its head: nothing paints before they arrive. */
  readonly blockingCssGzip: number;
  /** The HTML's gzip bytes, at most this many times the bare site's equivalent page's. */
  readonly htmlGzipTimesBare: number;
  /** Gzip bytes of the scripts loaded before the page hydrated, at most the bare site's plus this. */
  readonly scriptBeforeHydratedOverBareGzip: number;
}

/**
 * What a first view may transfer on every page type, prefetches included: most readers open the
 * docs on a phone with prepaid data. `tests/e2e/weight.test.ts` fails above it.
 */
export const firstViewTransferBudget = 300 * 1024;

/** What a writer waits for, on the project's 2-core machine (packages/perf/src/authoring.ts). */
export const authoringBudgets = {
  /** `npm run build` from a fresh clone with packages installed: API pages generated, caches empty. */
  coldBuildSeconds: 30,
  /** The same again, with the bundler's cache warm. */
  warmBuildSeconds: 15,
  /**
   * `npm start` to the first page answering (caches empty) and saving an MDX edit to the open page
   * showing it: each at most this many times the bare site's, with as many pages, in the same run.
   */
  devServerTimesBare: 1.5,
} as const;

/**
 * Medians on the project's 2-core machine, Lighthouse's mobile profile applied to the real load
 * (150 ms per request, 1.6 Mbps, the CPU four times slower): LCP 1.3 s on every page type; LCP,
 * time to hydrated and blocking time never later or longer than the bare Docusaurus site's (the
 * bench pairs them round by round); HTML and the script hydration waits for within a multiple of,
 * or an allowance over, the bare site's. CLS 0.1 is Core Web Vitals' "good". The style sheets a
 * page waits for are held to what it uses: the API reference theme's styles only on endpoint pages.
 * Lighthouse's simulated score is reported, never budgeted: it moves by points between runs of one build.
 */
export const phoneBudgets: Readonly<Record<PageKind, PhoneBudget>> = {
  content: {
    accessibility: 100,
    lcpMs: 1300,
    cls: 0.1,
    transferBytes: firstViewTransferBudget,
    blockingCssGzip: 20 * 1024,
    htmlGzipTimesBare: 2,
    scriptBeforeHydratedOverBareGzip: 40 * 1024,
  },
  endpoint: {
    accessibility: 100,
    lcpMs: 1300,
    cls: 0.05,
    transferBytes: firstViewTransferBudget,
    blockingCssGzip: 30 * 1024,
    htmlGzipTimesBare: 4,
    scriptBeforeHydratedOverBareGzip: 70 * 1024,
  },
};

/**
 * Gzip bytes of JavaScript a page loads on first view, before any interaction:
 * what the pages measure (`npm run bench`) plus headroom, so that a regression
 * fails `npm test`.
 */
export const scriptBudgetsGzip: Readonly<Record<PageKind, number>> = {
  // 202: the base-URL banner on every page (patches/README.md) put the guide, at 199.9 KiB, 0.1 KiB over 200.
  content: 202 * 1024,
  endpoint: 280 * 1024,
};

/**
 * Gzip bytes of a page's HTML, what `tests/e2e/weight.test.ts` holds: the pages as they are plus
 * headroom. The bench's budget beside the bare site (phoneBudgets: 2× on content pages, 4× on
 * endpoint pages) is tighter; each page's inlined critical CSS alone (plugins/critical-css) is
 * 9–12 KiB, about twice the bare docs page's whole HTML.
 */
export const htmlBudgetsGzip: Readonly<Record<PageKind, number>> = {
  content: 40 * 1024,
  endpoint: 30 * 1024,
};

/** The script budget that applies to one page. */
export function scriptBudgetFor(page: BenchPage): number {
  return scriptBudgetsGzip[page.kind];
}

/**
 * The site search's index, gzip: what a reader's first search downloads
 * (tests/e2e/search.test.ts fails above it). The file holds the sections'
 * text only, and the browser builds the index from them (plugins/search).
 * It grows with the articles (the payment link, request and webhook
 * tutorials' steps took it past 132 KiB; the migration guides, the cut-over
 * runbook, the fault-testing guide and the shop owner's help answers past 144)
 * and loads when a reader reaches for search, never with the first view.
 */
export const searchIndexBudgetGzip = 152 * 1024;

/** No JavaScript file in the build may be larger than this, gzip. */
export const largestChunkBudgetGzip = 450 * 1024;

/**
 * Mark code only API pages use in a built chunk: docusaurus-theme-openapi-docs (its translation
 * ids, its tabs' class names) and react-redux (its context's key).
 */
export const apiThemeMarkers: readonly string[] = ['theme.openapi.', 'openapi-tabs__', 'react-redux-context'];

/**
 * Marks a zlib inflater in a built chunk: pako's error for a stream without a
 * zlib header. The endpoint pages read their operation as JSON, so no page
 * needs one (plugins/api-reference/README.md).
 */
export const inflaterMarker = 'incorrect header check';

/**
 * Endpoint pages generated from the specs, with their source size, smallest first: the page
 * and the JSON files of its sections' data beside it (`<page>.<Component>.json`).
 */
export function endpointPages(root = process.cwd()): {path: string; bytes: number}[] {
  const apiDir = join(root, 'api');
  const found: {path: string; bytes: number}[] = [];
  const walk = (dir: string): void => {
    const entries = readdirSync(dir, {withFileTypes: true});
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.api.mdx')) {
        const route = relative(root, full)
          .split(sep)
          .join('/')
          .replace(/\.api\.mdx$/, '');
        const props = `${entry.name.replace(/\.api\.mdx$/, '')}.`;
        const propsBytes = entries
          .filter((other) => other.name.startsWith(props) && other.name.endsWith('.json'))
          .reduce((sum, other) => sum + statSync(join(dir, other.name)).size, 0);
        found.push({path: `/${route}`, bytes: statSync(full).size + propsBytes});
      }
    }
  };
  walk(apiDir);
  if (found.length === 0) {
    throw new Error('No generated endpoint pages under api/: run `npm run gen:api` first.');
  }
  return found.sort((a, b) => a.bytes - b.bytes);
}

/** One page of each type: what the benchmark and the weight check measure. */
export function benchPages(root = process.cwd()): BenchPage[] {
  const endpoints = endpointPages(root);
  const smallest = endpoints[0];
  const largest = endpoints[endpoints.length - 1];
  if (!smallest || !largest) throw new Error('No endpoint pages found.');
  return [
    {label: 'Home', path: '/', kind: 'content', bareEquivalent: 'home'},
    {label: 'Help article', path: '/help/payments/refunds-chargebacks', kind: 'content', bareEquivalent: 'docsPage'},
    // Its first screen shows a diagram: drawn at build time (diagrams/), so no mermaid to load.
    {label: 'Guide', path: '/guides/developer-guide/taking-payments', kind: 'content', bareEquivalent: 'docsPage'},
    {label: 'API intro', path: '/api/intro', kind: 'content', bareEquivalent: 'docsPage'},
    {label: 'Endpoint (small)', path: smallest.path, kind: 'endpoint', bareEquivalent: 'docsPage'},
    {label: 'Endpoint (largest)', path: largest.path, kind: 'endpoint', bareEquivalent: 'docsPage'},
  ];
}
