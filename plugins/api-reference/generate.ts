/**
 * `npm run gen:api`: regenerates the API reference pages from openapi/*.yaml,
 * starting clean so an operation removed from a spec leaves no stale page
 * behind; `-- --force` regenerates even when nothing changed.
 *
 * The OpenAPI plugin writes the pages (`gen-api-docs`), with the generators
 * and template of generators.ts, which docusaurus.config.ts passes it.
 * Around it this script writes the derived specs the plugin reads and the
 * catalogues, sidebar index, test outcomes' events and the browser's test mode (specs and validators) the site reads. Each operation's page is
 * known once Docusaurus loads them (index.ts). Generated files are build
 * output: they are git-ignored and never edited by hand.
 */
import {execFileSync} from 'node:child_process';
import {createRequire} from 'node:module';
import {rmSync} from 'node:fs';
import {derivedSpecs, openApiPluginId} from '@zip/model/apiReference';
import {assertEventCatalogue, writeErrorCatalogue, writeEventCatalogue, writeWebhookEventData} from './catalogues';
import {writeDerivedSpec} from './derived-specs';
import {currentInputs, generatedFiles, generatedIsCurrent, writeFingerprint} from './fingerprint';
import {writeSidebarIndex} from './sidebar-index';
import {writeTestOutcomeEvents} from './test-outcome-events';
import {writeBrowserTestMode} from '../../packages/test-mode/src/browser/generate';

/** Docusaurus's CLI, started with this Node directly rather than through npx. */
const docusaurusCli = createRequire(import.meta.url).resolve('@docusaurus/core/bin/docusaurus.mjs');

function docusaurus(...args: string[]): void {
  execFileSync(process.execPath, [docusaurusCli, ...args], {stdio: 'inherit'});
}

const inputs = currentInputs();
if (generatedIsCurrent(inputs)) {
  console.log('API pages are up to date: openapi/ and the generator are unchanged since they were generated (--force regenerates).');
} else {
  // The generated files are known by name (.gitignore lists them), so they are
  // removed here rather than by the plugin's clean-api-docs, which would load
  // the whole site's configuration once more.
  for (const file of generatedFiles()) rmSync(file);
  rmSync('.generated', {recursive: true, force: true});
  assertEventCatalogue();
  derivedSpecs.forEach(writeDerivedSpec);
  docusaurus('gen-api-docs', 'all', '--plugin-id', openApiPluginId);
  writeSidebarIndex();
  writeErrorCatalogue();
  writeEventCatalogue();
  writeWebhookEventData();
  writeTestOutcomeEvents();
  writeBrowserTestMode();
  writeFingerprint(inputs);
}
