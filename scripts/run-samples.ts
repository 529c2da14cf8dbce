/**
 * Runs the site's code samples against the test mode (packages/test-mode), started with the specs'
 * example objects (its `seedExamples`) and reset to them before each page and each endpoint sample,
 * so that a sample that names an example id (`ch_N87d…`) finds that object in the state it needs:
 *
 *   npx tsx scripts/run-samples.ts                       every hand-written page, then every endpoint's samples
 *   npx tsx scripts/run-samples.ts guides/checkout.mdx   only the pages named
 *   npx tsx scripts/run-samples.ts --generated           only the endpoints' samples
 *   npx tsx scripts/run-samples.ts --collection          only the Postman collection
 *
 * Hand-written pages (guides/ and api/): their curl, Node.js and Python blocks, page by page in
 * reading order (scripts/run-samples/run.ts), with what a page leaves to its reader in the fixture
 * beside it (scripts/run-samples/fixtures.ts). Endpoint pages: every operation's samples as the
 * page's generator writes them, six languages run and three read (scripts/run-samples/generated.ts).
 * Last, the Postman collection the site publishes, run by newman (scripts/run-samples/collection.ts).
 *
 * curl runs in bash; Python in Debian's python3 with requests and Flask (ZIP_PYTHON names another);
 * Go, Ruby and PHP in Debian's go, ruby and php (scripts/setup-tests.sh installs them). The test
 * mode listens on ZIP_SAMPLES_PORT (4020). A failing sample is printed with its file and line, each
 * request with its answer (the test mode's error says why), and what it printed; the exit code is
 * then 1.
 */
import {mkdirSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {apiClient, sourceSpecs} from '@zip/model/apiReference';
import {facts} from '@zip/model/facts';
import {samplePublicKey, sampleSecretKey, sampleWebhookSecret} from '@zip/model/testValues';
import {listPages, readPage, type Page} from './lib/pages';
import {runCollection, type CollectionResult} from './run-samples/collection';
import {readFixture} from './run-samples/fixtures';
import {preparations, type Preparation} from './run-samples/preparations';
import {describeGeneratedFailure, generatedOperations, runOperation, type GeneratedResult} from './run-samples/generated';
import {describeFailure, planPage, runPage, type SampleResult} from './run-samples/run';
import {packTestMode} from '@zip/test-mode/pack';
import {serveTestMode, type Exchange} from '@zip/test-mode/server';

/** The generated endpoint pages; the complete Payments v2 reference last, as it repeats the product sections. */
function endpointPages(root: string): string[] {
  const pages: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSorted(path.join(root, directory))) {
      const relative = path.posix.join(directory, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.api.mdx')) pages.push(relative);
    }
  };
  walk('api');
  return [...pages.filter((page) => !page.startsWith('api/payments/')), ...pages.filter((page) => page.startsWith('api/payments/'))];
}

function readdirSorted(directory: string) {
  return readdirSync(directory, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The samples' test mode, with the specs' example objects, and how the runner calls it: `callTestMode`
 * makes calls that must succeed, `resetTestMode` brings back the example objects first.
 */
async function startTestMode(port: number, onExchange: (exchange: Exchange) => void) {
  // The specs' examples are written on the morning of 14 May 2024 (create session's `expires_at` is
  // 03:00 that day): the clock starts there, so the moments they send are still ahead of it.
  const testMode = await serveTestMode(undefined, {port, startMs: Date.parse('2024-05-14T02:00:00Z'), seedExamples: true, onExchange});
  const authorization = `Basic ${Buffer.from(`${sampleSecretKey}:`).toString('base64')}`;
  const callTestMode = async (steps: readonly Preparation[]) => {
    for (const {method, path: target, body} of steps) {
      const answer = await fetch(`${testMode.url}${target}`, {
        method,
        // A new connection each time: between two calls a sample may compile for longer than the
        // server keeps an idle connection, and a pooled one can be closed just as it is reused.
        headers: {'content-type': 'application/json', authorization, connection: 'close'},
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`Preparing the test mode: ${method} ${target} answered ${answer.status}: ${await answer.text()}`);
    }
  };
  /** Back to the example objects, then the calls a page's fixture or an operation (preparations.ts) needs first. */
  const resetTestMode = (first: readonly Preparation[] = []) =>
    callTestMode([{method: 'POST', path: '/_test-mode/reset', body: {}}, ...first]);
  return {testMode, callTestMode, resetTestMode};
}

/** What this run runs, from its arguments: the pages' samples planned (with what is wrong in them), the endpoints, the collection. */
function planRun(root: string, argv: readonly string[], apiOrigin: string) {
  const generatedOnly = argv.includes('--generated');
  const collectionOnly = argv.includes('--collection');
  const named = argv.filter((arg) => arg !== '--generated' && arg !== '--collection');
  const files =
    generatedOnly || collectionOnly
      ? []
      : named.length > 0
        ? named.map((file) => path.relative(root, path.resolve(file)).split(path.sep).join('/'))
        : listPages(root, ['guides', 'api']);

  const pages = new Map<string, Page>();
  const pageOf = (file: string): Page => {
    const page = pages.get(file) ?? readPage(root, file);
    pages.set(file, page);
    return page;
  };
  const planned = files.map((file) => {
    const {fixture, errors: fixtureErrors} = readFixture(root, file);
    const {plan, errors} = planPage(pageOf(file), fixture, apiOrigin, pageOf);
    return {plan, errors: [...fixtureErrors, ...errors]};
  });
  const setupErrors = planned.flatMap((entry) => entry.errors);
  const operations = generatedOnly || (named.length === 0 && !collectionOnly) ? generatedOperations(root, endpointPages(root)) : [];
  const runsCollection = collectionOnly || (named.length === 0 && !generatedOnly);
  return {planned, operations, runsCollection, setupErrors};
}

/** The summary of the run, and each failure in full; 1 when anything failed. */
function report(
  results: readonly SampleResult[],
  generatedResults: readonly GeneratedResult[],
  collectionResult: CollectionResult | undefined,
  collectionCalls: number,
  started: number,
): number {
  const failed = results.filter((result) => result.outcome === 'failed');
  const skipped = results.filter((result) => result.outcome === 'skipped');
  const generatedFailed = generatedResults.filter((result) => result.outcome === 'failed');
  if (skipped.length > 0) {
    console.log('\nNot run, as their fixtures say:');
    skipped.forEach((result) => console.log(`  ${result.page}:${result.block.line} ${result.block.title ?? ''}: ${result.reason ?? ''}`));
  }
  const calls = [...results, ...generatedResults].reduce((sum, result) => sum + result.exchanges.length, collectionCalls);
  console.log(
    `\nPages: ${results.length - skipped.length - failed.length} samples passed, ${failed.length} failed, ${skipped.length} not run. ` +
      `Endpoints: ${generatedResults.length - generatedFailed.length} samples passed, ${generatedFailed.length} failed. ` +
      `${calls} calls to the test mode in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  const collectionFailures = collectionResult?.failures ?? [];
  if (failed.length + generatedFailed.length + collectionFailures.length > 0) {
    const collectionReport = collectionFailures.map((failure) => `Postman collection: ${failure}`);
    console.error(
      `\n${[...failed.map(describeFailure), ...generatedFailed.map(describeGeneratedFailure), ...collectionReport].join('\n\n')}`,
    );
    return 1;
  }
  return 0;
}

async function main(argv: readonly string[]): Promise<number> {
  const root = process.cwd();
  const apiOrigin = new URL(facts.company.apiHost).origin;
  const {planned, operations, runsCollection, setupErrors} = planRun(root, argv, apiOrigin);
  if (setupErrors.length > 0) {
    setupErrors.forEach((error) => console.error(error));
    return 1;
  }

  let exchanges: Exchange[] = [];
  const takeExchanges = () => {
    const taken = exchanges;
    exchanges = [];
    return taken;
  };
  const {testMode, callTestMode, resetTestMode} = await startTestMode(Number(process.env.ZIP_SAMPLES_PORT ?? 4020), (exchange) =>
    exchanges.push(exchange),
  );
  // Inside the project, so a sample's `import express from 'express'` or `require('axios')` finds the
  // package its page tells the reader to install (devDependencies here), and Go's build cache stays.
  const cacheDir = path.join(root, 'node_modules', '.cache');
  mkdirSync(cacheDir, {recursive: true});
  const workRoot = mkdtempSync(path.join(cacheDir, 'run-samples-'));
  const environment = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    ZIP_PUBLIC_KEY: samplePublicKey,
    ZIP_SECRET_KEY: sampleSecretKey,
    ZIP_WEBHOOK_SECRET: sampleWebhookSecret,
  };
  const python = process.env.ZIP_PYTHON ?? '/usr/bin/python3';
  const results: SampleResult[] = [];
  const generatedResults: GeneratedResult[] = [];
  let collectionResult: CollectionResult | undefined;
  let collectionCalls = 0;
  const started = Date.now();
  // The tarball the site publishes, for the pages that run the test mode as a reader does (npx of its address).
  const testModeTarball = path.join(workRoot, 'zip-test-mode.tgz');
  try {
    if (planned.some(({plan}) => plan.samples.length > 0)) await packTestMode(testModeTarball);
    for (const {plan} of planned) {
      const {page} = plan;
      if (plan.samples.length === 0) continue;
      const pageResults = await runPage(plan, path.join(workRoot, page.file.replace(/[/.]/g, '_')), {
        apiOrigin,
        testModeOrigin: testMode.url,
        testModeTarball,
        resetTestMode,
        callTestMode,
        commands: {bash: 'bash', node: process.execPath, python},
        environment,
        takeExchanges,
        timeoutMs: 30_000,
      });
      results.push(...pageResults);
      const count = (outcome: SampleResult['outcome']) => pageResults.filter((result) => result.outcome === outcome).length;
      console.log(
        `${count('failed') > 0 ? '✗' : '✓'} ${page.file}: ${count('passed')} passed${count('failed') > 0 ? `, ${count('failed')} failed` : ''}${count('skipped') > 0 ? `, ${count('skipped')} not run` : ''}`,
      );
    }
    const generatedStarted = Date.now();
    for (const generated of operations) {
      const operationResults = await runOperation(generated, path.join(workRoot, 'endpoints'), {
        testModeOrigin: testMode.url,
        resetTestMode,
        callTestMode,
        commands: {bash: 'bash', node: process.execPath, python, go: 'go', ruby: 'ruby', php: 'php'},
        environment: {
          ...environment,
          HOME: workRoot,
          GOCACHE: path.join(cacheDir, 'go-build'),
          GOPATH: path.join(cacheDir, 'go'),
          GO111MODULE: 'off',
        },
        takeExchanges,
        timeoutMs: 60_000,
      });
      generatedResults.push(...operationResults);
      const failed = operationResults.filter((result) => result.outcome === 'failed').length;
      console.log(
        `${failed > 0 ? '✗' : '✓'} ${generated.file}: ${operationResults[0]?.operation ?? ''}, ${operationResults.length - failed} of ${operationResults.length} samples${failed > 0 ? `, ${failed} failed` : ''}`,
      );
    }
    if (operations.length > 0)
      console.log(`Endpoint samples: ${operations.length} operations in ${((Date.now() - generatedStarted) / 1000).toFixed(1)} s.`);
    if (runsCollection) {
      const settings = {...apiClient, baseUrl: testMode.url, testKey: sampleSecretKey};
      collectionResult = await runCollection(root, sourceSpecs, settings, (request) =>
        resetTestMode(preparations[`${request.method} ${request.path}`]),
      );
      collectionCalls = takeExchanges().length;
      const {requests, assertions, failures} = collectionResult;
      console.log(
        `${failures.length > 0 ? '✗' : '✓'} Postman collection (newman): ${requests} requests, ${assertions} tests, ${failures.length} failed.`,
      );
    }
  } finally {
    await testMode.close();
    rmSync(workRoot, {recursive: true, force: true});
  }

  return report(results, generatedResults, collectionResult, collectionCalls, started);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A failed fetch says why in its cause (the socket's error), not in its message.
    console.error(
      error instanceof Error ? (error.stack ?? error.message) : error,
      error instanceof Error && error.cause ? error.cause : '',
    );
    process.exit(1);
  },
);
