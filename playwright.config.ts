/**
 * The browser tests (tests/e2e) on @playwright/test: Debian's Chromium, never
 * a downloaded browser, against the test build served by nginx with the
 * production delivery policy (started once by the web-server hook).
 *
 * One worker: the tests share one server, the sandbox's port and a 2-core
 * machine, and several measure what a page loads. No retries: a test that
 * passes only on a second try is a failure to fix, not to hide.
 */
import {defineConfig} from '@playwright/test';
import {chromiumArgs, chromiumPath} from './scripts/perf/chromium';
import {buildDir, sitePort, site} from './tests/support/site';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.test.ts',
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A page of the crawl is loaded and scanned by axe twice; the slowest take ~10 s on this machine.
  timeout: 60_000,
  expect: {timeout: 10_000},
  reporter: [['list'], ['html', {open: 'never', outputFolder: 'test-results/report'}]],
  outputDir: 'test-results/artifacts',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {executablePath: chromiumPath, args: [...chromiumArgs]},
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `npx tsx scripts/serve.ts --port ${sitePort} ${buildDir}`,
    url: `${site.origin}/`,
    reuseExistingServer: false,
    // Precompressing a fresh build before nginx starts takes a while.
    timeout: 120_000,
    gracefulShutdown: {signal: 'SIGTERM', timeout: 10_000},
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
