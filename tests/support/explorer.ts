/**
 * The API explorer's code samples on an endpoint page, as the browser tests
 * read them.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {join} from 'node:path';
import type {Locator, Page} from '@playwright/test';
import {codeSampleLabels, languageTabs} from '@zip/model/codeSampleLanguages';

/** The code-sample tabs a reader sees on every endpoint page, in order: the site's `languageTabs`. */
export const codeSampleLanguages: readonly string[] = languageTabs.map((tab) => tab.language);

/** What those tabs read, in the same order ("cURL", "Node.js"). */
export const codeSampleTabNames: readonly string[] = languageTabs.map((tab) => codeSampleLabels[tab.language].language);

/** The explorer's language tabs, without a language's variant tabs (Java's Unirest, OkHttp…). */
export function codeSampleTabs(page: Page): Locator {
  return page.locator('[role="tab"].openapi-tabs__code-item:not(.openapi-tabs__code-item--variant)');
}

/** The language tabs' labels, in order, as the page shows them now (no waiting). */
export function codeSampleTabLabels(page: Page): Promise<string[]> {
  return codeSampleTabs(page).evaluateAll((elements) => elements.map((element) => element.textContent?.trim() ?? ''));
}

/** The port of the test mode the browser tests start, and the test build's explorer sends to (ZIP_TEST_MODE_PORT, as `npm run test-mode`). */
export const testModePort = Number(process.env.ZIP_TEST_MODE_PORT ?? 4011);

/** Where the test build's explorer sends its requests (ZIP_API_PROXY in scripts/checked-build.ts): the test mode's origin. */
export const explorerSendOrigin = `http://127.0.0.1:${testModePort}`;

/**
 * Starts the command a reader runs (`npm run test-mode -- --examples`) where the test build's Send
 * goes, letting in the pages of `siteOrigin` (another loopback origin than the docs site's), with
 * the clock on the morning the specs' examples are written (create session's `expires_at` is still
 * ahead); resolves once it says it listens.
 */
export function startTestMode(siteOrigin: string): Promise<ChildProcess> {
  const bin = join(process.cwd(), 'packages/test-mode/bin/zip-test-mode.mjs');
  const args = ['--port', String(testModePort), '--examples', '--now', '2024-05-14T02:00:00Z', '--allow-origin', siteOrigin];
  const child = spawn(process.execPath, [bin, ...args], {stdio: ['ignore', 'pipe', 'inherit']});
  return new Promise((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes(explorerSendOrigin)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`zip-test-mode exited (${code ?? 'signal'}) before it listened: ${printed}`)));
  });
}
