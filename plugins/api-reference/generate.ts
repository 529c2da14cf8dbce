/**
 * `npm run gen:api`: regenerates the API reference pages from openapi/*.yaml
 * (regenerate.ts) unless what they come from is unchanged (fingerprint.ts);
 * `-- --force` regenerates even when nothing changed.
 *
 * The OpenAPI plugin writes the pages (its `gen-api-docs`, run in this process
 * by generate-pages.ts), with the options of openapi-options.ts.
 * Around it regenerate.ts writes the derived specs the plugin reads and the
 * catalogues, sidebar index, test outcomes' events and the browser's test mode (specs and validators) the site reads. Each operation's page is
 * known once Docusaurus loads them (index.ts). Generated files are build
 * output: they are git-ignored and never edited by hand.
 */
import {currentInputs, generatedIsCurrent, writeFingerprint} from './fingerprint';

async function generate(): Promise<void> {
  const inputs = currentInputs();
  if (generatedIsCurrent(inputs)) {
    console.log('API pages are up to date: openapi/ and the generator are unchanged since they were generated (--force regenerates).');
    return;
  }
  // Loaded only when the pages are stale: the generators' modules take longer to load than the check takes.
  const {regenerate} = await import('./regenerate');
  await regenerate();
  writeFingerprint(inputs);
}

generate().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
