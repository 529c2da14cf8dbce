/**
 * `npm run gen:api`: regenerates the API reference pages from openapi/*.yaml,
 * starting clean so an operation removed from a spec leaves no stale page
 * behind; `-- --force` regenerates even when nothing changed.
 *
 * The OpenAPI plugin writes the pages (its `gen-api-docs`, run in this process
 * by generate-pages.ts), with the options of openapi-options.ts.
 * Around it this script writes the derived specs the plugin reads and the
 * catalogues, sidebar index, test outcomes' events and the browser's test mode (specs and validators) the site reads. Each operation's page is
 * known once Docusaurus loads them (index.ts). Generated files are build
 * output: they are git-ignored and never edited by hand.
 */
import {rmSync} from 'node:fs';
import {derivedSpecs} from '@zip/model/apiReference';
import {assertEventCatalogue, writeErrorCatalogue, writeEventCatalogue, writeWebhookEventData} from './catalogues';
import {writeDerivedSpec} from './derived-specs';
import {currentInputs, generatedFiles, generatedIsCurrent, writeFingerprint} from './fingerprint';
import {generateApiPages} from './generate-pages';
import {writeSidebarIndex} from './sidebar-index';
import {writeTestOutcomeEvents} from './test-outcome-events';
import {writeBrowserTestMode} from '@zip/test-mode/browser-build';

async function generate(): Promise<void> {
  const inputs = currentInputs();
  if (generatedIsCurrent(inputs)) {
    console.log('API pages are up to date: openapi/ and the generator are unchanged since they were generated (--force regenerates).');
  } else {
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
    writeFingerprint(inputs);
  }
}

generate().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
