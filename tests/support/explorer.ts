/**
 * The API explorer's code samples on an endpoint page, as the browser tests
 * read them.
 */
import type {Locator, Page} from '@playwright/test';

/** The code-sample tabs a reader sees on every endpoint page, in order (src/data/codeSampleLanguages.ts configures them). */
export const codeSampleLanguages = ['python', 'curl', 'csharp', 'go', 'nodejs', 'ruby', 'php', 'java', 'powershell'];

/** The explorer's language tabs, without a language's variant tabs (Java's Unirest, OkHttp…). */
export function codeSampleTabs(page: Page): Locator {
  return page.locator('[role="tab"].openapi-tabs__code-item:not(.openapi-tabs__code-item--variant)');
}

/** The language tabs' labels, in order, as the page shows them now (no waiting). */
export function codeSampleTabLabels(page: Page): Promise<string[]> {
  return codeSampleTabs(page).evaluateAll((elements) => elements.map((element) => element.textContent?.trim() ?? ''));
}
