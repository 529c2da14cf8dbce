/**
 * The API explorer's code samples on an endpoint page, as the browser tests
 * read them.
 */
import type {Locator, Page} from '@playwright/test';
import {codeSampleLabels, languageTabs} from '../../src/data/codeSampleLanguages';

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
