/**
 * The anchor check alone (tests/e2e/crawl-anchors.test.ts), over the records of a crawl that ran
 * elsewhere: CI's crawl lane runs on two machines, and its crawl-anchors job downloads both
 * machines' records into test-results/artifacts. It needs no server and no browser. Its own
 * output goes to another folder, since Playwright empties its output folder when a run starts.
 *
 *   npx playwright test -c tests/crawl-anchors.config.ts
 */
import {defineConfig} from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  testMatch: 'crawl-anchors.test.ts',
  outputDir: '../test-results/crawl-anchors',
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
});
