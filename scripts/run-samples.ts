/**
 * Runs the hand-written samples of guides/ and api/ against the sandbox (scripts/sandbox.ts):
 *
 *   npx tsx scripts/run-samples.ts                       every page under guides/ and api/
 *   npx tsx scripts/run-samples.ts guides/checkout.mdx   only the pages named
 *
 * curl runs in bash, Node.js samples in node, Python samples in Debian's python3 with its
 * requests package (ZIP_PYTHON names another). The sandbox listens on ZIP_SAMPLES_PORT (4020,
 * and the four ports after it). How a page is run is in scripts/run-samples/run.ts; what a page
 * leaves to its reader (arguments, a module's caller, an expected failure) is in the fixture
 * beside it (scripts/run-samples/fixtures.ts). A failing sample is printed with its file and
 * line, each request with its answer, and what it printed; the exit code is then 1.
 */
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import path from 'node:path';
import {facts} from '../src/data/facts';
import {samplePublicKey, sampleSecretKey, sampleWebhookSecret} from '../src/data/testMode';
import {listPages, readPage, type Page} from './lib/pages';
import {readFixture} from './run-samples/fixtures';
import {describeFailure, planPage, runPage, type SampleResult} from './run-samples/run';
import {startSandbox, type SandboxExchange} from './sandbox';

async function main(argv: readonly string[]): Promise<number> {
  const root = process.cwd();
  const files = argv.length > 0 ? argv.map((file) => path.relative(root, path.resolve(file)).split(path.sep).join('/')) : listPages(root, ['guides', 'api']);
  const apiOrigin = new URL(facts.company.apiHost).origin;

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
  if (setupErrors.length > 0) {
    setupErrors.forEach((error) => console.error(error));
    return 1;
  }

  let exchanges: SandboxExchange[] = [];
  const port = Number(process.env.ZIP_SAMPLES_PORT ?? 4020);
  const sandbox = await startSandbox(port, {onExchange: (exchange) => exchanges.push(exchange)});
  // Inside the project, so a sample's `import express from 'express'` finds the package the
  // page tells its reader to install (a devDependency here).
  const cacheDir = path.join(root, 'node_modules', '.cache');
  mkdirSync(cacheDir, {recursive: true});
  const workRoot = mkdtempSync(path.join(cacheDir, 'run-samples-'));
  const results: SampleResult[] = [];
  const started = Date.now();
  try {
    for (const {plan} of planned) {
      const {page} = plan;
      if (plan.samples.length === 0) continue;
      const pageResults = await runPage(plan, path.join(workRoot, page.file.replace(/[/.]/g, '_')), {
        apiOrigin,
        sandboxOrigin: sandbox.origin,
        commands: {bash: 'bash', node: process.execPath, python: process.env.ZIP_PYTHON ?? '/usr/bin/python3'},
        environment: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          LANG: 'C.UTF-8',
          ZIP_PUBLIC_KEY: samplePublicKey,
          ZIP_SECRET_KEY: sampleSecretKey,
          ZIP_WEBHOOK_SECRET: sampleWebhookSecret,
        },
        takeExchanges: () => {
          const taken = exchanges;
          exchanges = [];
          return taken;
        },
        timeoutMs: 30_000,
      });
      results.push(...pageResults);
      const count = (outcome: SampleResult['outcome']) => pageResults.filter((result) => result.outcome === outcome).length;
      console.log(`${count('failed') > 0 ? '✗' : '✓'} ${page.file}: ${count('passed')} passed${count('failed') > 0 ? `, ${count('failed')} failed` : ''}${count('skipped') > 0 ? `, ${count('skipped')} not run` : ''}`);
    }
  } finally {
    await sandbox.close();
    rmSync(workRoot, {recursive: true, force: true});
  }

  const failed = results.filter((result) => result.outcome === 'failed');
  const skipped = results.filter((result) => result.outcome === 'skipped');
  if (skipped.length > 0) {
    console.log('\nNot run, as their fixtures say:');
    skipped.forEach((result) => console.log(`  ${result.page}:${result.block.line} ${result.block.title ?? ''}: ${result.reason ?? ''}`));
  }
  const calls = results.reduce((sum, result) => sum + result.exchanges.length, 0);
  console.log(`\n${results.length - skipped.length - failed.length} samples passed, ${failed.length} failed, ${skipped.length} not run; ${calls} calls to the sandbox in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  if (failed.length > 0) {
    console.error(`\n${failed.map(describeFailure).join('\n\n')}`);
    return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
