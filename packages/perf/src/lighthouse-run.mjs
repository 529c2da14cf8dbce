// One Lighthouse run (mobile emulation) of one URL in a fresh Debian Chromium profile; prints the
// figures the benchmark uses as JSON. Throttling `simulate` (Lighthouse's default) estimates a phone
// from an unthrottled load; `devtools` applies the same mobile profile to the real load.
// Plain JavaScript run by node, not tsx: Lighthouse sends its own functions'
// source into the page, and tsx's transform would add helpers the page lacks.
//   node packages/perf/src/lighthouse-run.mjs <url> <simulate|devtools> <chromium path> [chromium flags...]
import {mkdtemp, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [url, throttlingMethod, chromiumPath, ...chromiumArgs] = process.argv.slice(2);
if (!url || !chromiumPath || !['simulate', 'devtools'].includes(throttlingMethod)) {
  console.error('Usage: node packages/perf/src/lighthouse-run.mjs <url> <simulate|devtools> <chromium path> [chromium flags...]');
  process.exit(2);
}

const profile = await mkdtemp(join(tmpdir(), 'zip-bench-chromium-'));
const chrome = await chromeLauncher.launch({chromePath: chromiumPath, chromeFlags: chromiumArgs, userDataDir: profile});
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    throttlingMethod,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const {lhr} = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id] ?? {};
  const requests = audit('network-requests').details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  // The LCP breakdown is an insight since Lighthouse 13 (it replaced largest-contentful-paint-element):
  // a list whose first table holds the subparts, in milliseconds.
  const breakdownTable = (audit('lcp-breakdown-insight').details?.items ?? []).find((item) => item.type === 'table');
  const lcpBreakdown = Object.fromEntries((breakdownTable?.items ?? []).map((item) => [item.subpart, Math.round(item.duration)]));
  const figures = {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint').numericValue ?? null,
    tbtMs: audit('total-blocking-time').numericValue ?? null,
    cls: audit('cumulative-layout-shift').numericValue ?? null,
    scriptGzipBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    // Everything the first view fetched, prefetches included, as the bytes on the wire.
    transferBytes: audit('total-byte-weight').numericValue ?? null,
    requests: requests.length,
    fcpMs: audit('first-contentful-paint').numericValue ?? null,
    lcpBreakdown,
    failedAccessibilityAudits: Object.values(lhr.audits)
      .filter((entry) => lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === entry.id) && entry.score === 0)
      .map((entry) => entry.id),
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} finally {
  chrome.kill();
  await rm(profile, {recursive: true, force: true});
}
