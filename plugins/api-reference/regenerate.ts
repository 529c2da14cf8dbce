/**
 * What `npm run gen:api` (generate.ts) writes when the generated files are stale, starting clean
 * so an operation removed from a spec leaves no stale page behind.
 */
import {rmSync} from 'node:fs';
import {derivedSpecs} from '@zip/model/apiReference';
import {assertEventCatalogue, writeErrorCatalogue, writeEventCatalogue, writeWebhookEventData} from './catalogues';
import {writeDerivedSpec} from './derived-specs';
import {generatedFiles} from './fingerprint';
import {generateApiPages} from './generate-pages';
import {writeSidebarIndex} from './sidebar-index';
import {writeTestOutcomeEvents} from './test-outcome-events';
import {writeBrowserTestMode} from '@zip/test-mode/browser-build';

export async function regenerate(): Promise<void> {
  // The generated files are known by name (.gitignore lists them), so they are
  // removed here rather than by the plugin's clean-api-docs.
  for (const file of generatedFiles()) rmSync(file);
  rmSync('.generated', {recursive: true, force: true});
  assertEventCatalogue();
  derivedSpecs.forEach(writeDerivedSpec);
  await generateApiPages(process.cwd());
  writeSidebarIndex();
  writeErrorCatalogue();
  writeEventCatalogue();
  writeWebhookEventData();
  writeTestOutcomeEvents();
  writeBrowserTestMode();
}
