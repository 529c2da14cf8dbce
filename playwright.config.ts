/**
 * The browser tests (tests/e2e) on @playwright/test: Debian's Chromium, never
 * a downloaded browser, against the test build served by nginx with the
 * production delivery policy (started once by the web-server hook).
 *
 * Two workers, one per core. A file's tests run in order in one worker and
 * share its sessions, except the crawl's pages, which are spread over both
 * (crawl.test.ts, a project of its own); the check of every page's anchor
 * links runs after them, as a project that depends on the crawl's
 * (crawl-anchors.test.ts).
 * The workers share the servers; only api-reference.test.ts starts the
 * test mode, on ZIP_TEST_MODE_PORT (the port the test build's Send goes to). No retries: a test that passes only on a
 * second try is a failure to fix, not to hide.
 *
 * The delivery tests run once per host, as two projects: against nginx, and
 * against Wrangler's local Cloudflare Pages server over the same build (the
 * second web server). A test about one host only carries its tag (`@nginx`,
 * `@pages`) and runs in that host's project. The dev server's test
 * (dev-server.test.ts) runs after all of them, and the timed MCP load test
 * (`@load`) after it, alone.
 */
import {defineConfig} from '@playwright/test';
import {chromiumArgs, chromiumPath} from '@zip/perf/chromium';
import {buildDir, deliveryServers, pagesPort, sitePort, site, testOutputDir, type DeliveryOptions} from './tests/support/site';

/** This machine's part of a lane CI splits over several (scripts/ci/lanes.ts): ZIP_SHARD=1/2, or every test. */
function shardFromEnvironment(value = process.env.ZIP_SHARD): {current: number; total: number} | null {
  if (!value) return null;
  const match = /^([1-9]\d*)\/([1-9]\d*)$/.exec(value);
  if (!match || Number(match[1]) > Number(match[2])) throw new Error(`ZIP_SHARD is "${value}": write it as current/total, like 1/2`);
  return {current: Number(match[1]), total: Number(match[2])};
}

export default defineConfig<DeliveryOptions>({
  testDir: 'tests/e2e',
  testMatch: '*.test.ts',
  workers: 2,
  retries: 0,
  shard: shardFromEnvironment(),
  forbidOnly: Boolean(process.env.CI),
  // A page of the crawl is loaded and scanned by axe twice; the slowest take ~10 s on this machine.
  timeout: 60_000,
  expect: {timeout: 10_000},
  reporter: [['list'], ['html', {open: 'never', outputFolder: 'test-results/report'}]],
  outputDir: testOutputDir,
  use: {
    browserName: 'chromium',
    headless: true,
    // The browser resolves no host but the local server's address, so no
    // session can reach past the machine, even one without a route
    // (tests/support/browser.ts).
    launchOptions: {
      executablePath: chromiumPath,
      args: [...chromiumArgs, `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${new URL(site.origin).hostname}`],
    },
    // A failing test keeps a trace of its actions, console and network, and a
    // screenshot of where it stopped. The trace's DOM snapshots and
    // screencast are left out: on pages of 3,000 elements they slow the
    // browser tests markedly. For a
    // full trace of one test: npx playwright test <file> -g <title> --trace on
    trace: {mode: 'retain-on-failure', snapshots: false, screenshots: false},
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'site',
      testIgnore: [
        'crawl.test.ts',
        'crawl-anchors.test.ts',
        'delivery.test.ts',
        'dev-server.test.ts',
        'first-paint.test.ts',
        'weight.test.ts',
      ],
      grepInvert: /@load/,
    },
    {name: 'crawl', testMatch: 'crawl.test.ts'},
    {name: 'crawl anchors', testMatch: 'crawl-anchors.test.ts', dependencies: ['crawl']},
    {name: 'delivery on nginx', testMatch: 'delivery.test.ts', grepInvert: /@pages/, use: {deliveryServer: 'nginx'}},
    {name: 'delivery on Cloudflare Pages', testMatch: 'delivery.test.ts', grepInvert: /@nginx/, use: {deliveryServer: 'pages'}},
    // What a page costs a phone: its first paint with the inlined CSS, and its weight (the perf lane, scripts/ci/lanes.ts).
    {name: 'perf', testMatch: ['first-paint.test.ts', 'weight.test.ts']},
    // Last: the dev server compiles the whole site, which would slow every test running beside it.
    {
      name: 'dev server',
      testMatch: 'dev-server.test.ts',
      dependencies: ['site', 'perf', 'crawl anchors', 'delivery on nginx', 'delivery on Cloudflare Pages'],
    },
    // The tests that load a server, tagged `@load` (the docs MCP server, nginx's connections): alone, after everything else.
    {name: 'load', testMatch: ['docs-mcp.test.ts', 'connections.test.ts'], grep: /@load/, dependencies: ['dev server']},
  ],
  // Started one after the other: nginx precompresses the build before Wrangler reads it.
  webServer: [
    {
      command: `npx tsx scripts/serve.ts --port ${sitePort} ${buildDir}`,
      url: `${site.origin}/`,
      reuseExistingServer: false,
      // Precompressing a fresh build before nginx starts takes a while, and longer on a busy machine.
      timeout: 300_000,
      gracefulShutdown: {signal: 'SIGTERM', timeout: 10_000},
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npx tsx scripts/serve.ts --pages --port ${pagesPort} ${buildDir}`,
      url: `${deliveryServers.pages.origin}/`,
      reuseExistingServer: false,
      timeout: 300_000,
      gracefulShutdown: {signal: 'SIGTERM', timeout: 10_000},
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
