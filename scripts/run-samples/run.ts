/**
 * Runs a page's curl, Node.js and Python samples against the test mode, in the order a reader meets
 * them, in one working folder per page, as a reader who followed the page would:
 *
 *  - a block titled as a file (`create-charge.mjs`, `refund.py`) is saved under that name, so a
 *    later block can import it or a shell block can run it;
 *  - the environment is what the getting-started guide has the reader export (the sample keys),
 *    and a shell block's `export`s carry on to the blocks after it;
 *  - the API's origin in the code is the test mode's: that one string is the only change to a sample;
 *    the page starts from the test mode's example objects (a reset), whatever the page before did.
 *
 * Which blocks run: every bash, js and python block that calls the API (its text names the API's
 * origin), every block titled as a file, and a shell block of `export`s. A block fails when it
 * exits non-zero, runs past its time, calls nothing although it names the API, or gets an answer
 * outside 2xx, except for the status its fixture says it expects (fixtures.ts).
 */
import {spawn} from 'node:child_process';
import {connect} from 'node:net';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Exchange} from '@zip/test-mode/server';
import {testModePackagePath} from '../../plugins/test-mode-package';
import type {CodeFence, Page} from '../lib/pages';
import {fixtureFileOf, type BlockFixture, type PageFixture, type ServeFixture} from './fixtures';
import type {Preparation} from './preparations';

export type Runtime = 'bash' | 'node' | 'python';

const runtimeOf: Readonly<Record<string, Runtime>> = {
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  js: 'node',
  mjs: 'node',
  javascript: 'node',
  python: 'python',
  py: 'python',
};
const extensionOf: Readonly<Record<Runtime, string>> = {bash: 'sh', node: 'mjs', python: 'py'};
/** The test mode's tarball at its address on the site, whatever the site's origin (plugins/test-mode-package). */
const publishedTarball = new RegExp(`https?://[^\\s'"\`]+${testModePackagePath.replace(/[.]/g, '\\.')}`, 'g');

export interface RunnerSetup {
  /** The API origin the samples are written against. */
  readonly apiOrigin: string;
  /** Where the test mode listens. */
  readonly testModeOrigin: string;
  /** The test mode's tarball, packed for this run: a page's `npx <site>/downloads/zip-test-mode.tgz` runs it. */
  readonly testModeTarball: string;
  /** Brings the test mode back to its example objects, then makes these calls to it. */
  readonly resetTestMode: (first?: readonly Preparation[]) => Promise<void>;
  /** Makes these calls to the test mode, each of which must succeed. */
  readonly callTestMode: (calls: readonly Preparation[]) => Promise<void>;
  /** The executable for each runtime. */
  readonly commands: Readonly<Record<Runtime, string>>;
  /** What every page starts with: the variables the getting-started guide has the reader export. */
  readonly environment: Readonly<Record<string, string>>;
  /** The test mode's answers since the last call. */
  readonly takeExchanges: () => Exchange[];
  readonly timeoutMs: number;
}

export interface SampleResult {
  readonly page: string;
  readonly block: CodeFence;
  readonly runtime: Runtime;
  readonly file: string;
  readonly outcome: 'passed' | 'failed' | 'skipped';
  /** Why it failed, or was skipped. */
  readonly reason?: string;
  readonly exchanges: readonly Exchange[];
  readonly output: string;
}

interface PlannedSample {
  readonly block: CodeFence;
  readonly runtime: Runtime;
  /** The file name the block is saved as in the page's folder. */
  readonly file: string;
  readonly fixture: BlockFixture;
}

/** `create-charge.mjs`, from a title such as "create-charge.mjs" or "server.py (Python with requests)". */
const fileNameInTitle = (title: string | undefined): string | undefined =>
  /^([\w.-]+\.(?:mjs|cjs|js|py|sh))(?:\s|$)/.exec(title ?? '')?.[1];

const onlyExports = (text: string): boolean => {
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  return lines.length > 0 && lines.every((line) => /^export\s+[A-Za-z_]\w*=/.test(line.trim()));
};

export interface PagePlan {
  readonly page: Page;
  /** Calls the test mode gets after each reset, before the page's first block (its fixture's `before`). */
  readonly before: readonly Preparation[];
  /** The test mode's origin as the page writes it, when the page is a guide to the reader's own test mode. */
  readonly testModeAt: string | undefined;
  /** Files saved from other pages before the first block runs: name → content. */
  readonly files: ReadonlyMap<string, string>;
  readonly samples: readonly PlannedSample[];
}

/**
 * The blocks of a page that run or are saved, in page order, with the files it takes from other
 * pages, and what in its fixture names nothing. `readOther` reads another page.
 */
export function planPage(
  page: Page,
  fixture: PageFixture,
  apiOrigin: string,
  readOther: (file: string) => Page,
): {plan: PagePlan; errors: string[]} {
  const samples: PlannedSample[] = [];
  const errors: string[] = [];
  const fixtureFile = fixtureFileOf(page.file);
  const files = new Map<string, string>();
  for (const [name, source] of Object.entries(fixture.files ?? {})) {
    const saved = readOther(source).code.filter((block) => fileNameInTitle(block.title) === name);
    if (saved.length === 1 && saved[0]) files.set(name, saved[0].text);
    else
      errors.push(
        `${fixtureFile}: ${source} has ${saved.length === 0 ? 'no' : saved.length} code block${saved.length > 1 ? 's' : ''} titled as the file ${name}; it needs exactly one.`,
      );
  }
  const blockFixtures = fixture.blocks ?? {};
  const used = new Set<string>();
  for (const block of page.code) {
    const runtime = runtimeOf[block.lang];
    if (runtime === undefined) continue;
    const titledFile = fileNameInTitle(block.title);
    const key = block.title ?? '';
    const blockFixture = blockFixtures[key] ?? {};
    if (blockFixtures[key] !== undefined) {
      if (used.has(key))
        errors.push(
          `${page.file}:${block.line}: two blocks are titled "${key}", so its fixture cannot tell them apart; give them different titles.`,
        );
      used.add(key);
    }
    const callsApi = block.text.includes(apiOrigin) || (fixture.testModeAt !== undefined && block.text.includes(fixture.testModeAt));
    const runs =
      callsApi || titledFile !== undefined || (runtime === 'bash' && onlyExports(block.text)) || blockFixtures[key] !== undefined;
    if (!runs) continue;
    samples.push({block, runtime, file: titledFile ?? `sample-line-${block.line}.${extensionOf[runtime]}`, fixture: blockFixture});
  }
  for (const key of Object.keys(blockFixtures)) {
    if (!used.has(key)) errors.push(`${fixtureFile}: "${key}" is the title of no bash, js or python block of ${page.file}.`);
  }
  return {plan: {page, files, samples, before: fixture.before ?? [], testModeAt: fixture.testModeAt}, errors};
}

export interface Finished {
  readonly code: number | null;
  readonly timedOut: boolean;
  readonly output: string;
}

export interface Started {
  readonly finished: Promise<Finished>;
  /** Ends it, and everything it started. */
  stop(): void;
}

export function start(
  command: string,
  args: readonly string[],
  cwd: string,
  environment: Record<string, string>,
  timeoutMs: number,
): Started {
  // Its own process group, so stopping it stops what it started too.
  const child = spawn(command, args, {cwd, env: environment, stdio: ['ignore', 'pipe', 'pipe'], detached: true});
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let timedOut = false;
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, timeoutMs);
  const finished = new Promise<Finished>((resolveRun) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      resolveRun({code: null, timedOut, output: `${output}${error.message}\n`});
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveRun({code, timedOut, output});
    });
  });
  return {finished, stop};
}

/** Resolves when something listens on the port, or with the server's end if it ends first. */
async function listening(port: number, server: Started, timeoutMs: number): Promise<Finished | undefined> {
  const deadline = Date.now() + timeoutMs;
  let ended: Finished | undefined;
  void server.finished.then((finished) => {
    ended = finished;
  });
  while (ended === undefined && Date.now() < deadline) {
    const open = await new Promise<boolean>((resolveAttempt) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolveAttempt(true);
      });
      socket.once('error', () => resolveAttempt(false));
    });
    if (open) return undefined;
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return ended ?? {code: null, timedOut: true, output: ''};
}

/** Why a finished sample failed, or undefined when it passed. */
export function judge(
  callsApi: boolean,
  fixture: BlockFixture,
  finished: Finished,
  exchanges: readonly Exchange[],
  timeoutMs: number,
): string | undefined {
  if (finished.timedOut) return `it was still running after ${timeoutMs / 1000} s`;
  const expected = fixture.expectStatus;
  const unexpected = exchanges.find((exchange) => (exchange.status < 200 || exchange.status > 299) && exchange.status !== expected);
  if (unexpected) return `the test mode answered ${unexpected.method} ${unexpected.path} with ${unexpected.status}`;
  if (expected !== undefined) {
    if (!exchanges.some((exchange) => exchange.status === expected)) return `it is meant to get ${expected}, and no answer had that status`;
    return undefined;
  }
  if (finished.code !== 0) return `it exited with ${finished.code ?? 'an error'}`;
  if (callsApi && exchanges.length === 0) return 'it names the API but made no call to it';
  return undefined;
}

/**
 * The languages a reader follows the page in: each runtime with a sample that is more than
 * `export`s. A page's tabs are alternatives (the same charge in curl, Node.js and Python), so each
 * language runs the page on its own from a reset test mode, as one reader would; a block of
 * `export`s runs in every language, as every reader types it.
 */
function tracksOf(samples: readonly PlannedSample[]): Runtime[] {
  const runtimes = samples.filter((sample) => !onlyExports(sample.block.text)).map((sample) => sample.runtime);
  return [...new Set(runtimes.length > 0 ? runtimes : samples.map((sample) => sample.runtime))];
}

/** Runs one page's planned samples in `workDir`, once per language the page is written in. */
export async function runPage(plan: PagePlan, workDir: string, setup: RunnerSetup): Promise<SampleResult[]> {
  const results = new Map<PlannedSample, SampleResult>();
  for (const track of tracksOf(plan.samples)) {
    const trackDir = path.join(workDir, track);
    mkdirSync(trackDir, {recursive: true});
    await setup.resetTestMode(plan.before);
    for (const result of await runTrack(plan, track, trackDir, setup)) {
      const sample = plan.samples.find((candidate) => candidate.block === result.block);
      if (sample && !results.has(sample)) results.set(sample, result);
    }
  }
  return plan.samples.flatMap((sample) => results.get(sample) ?? []);
}

/** Runs the samples of one language of a page (and its blocks of `export`s), in page order. */
async function runTrack(plan: PagePlan, track: Runtime, workDir: string, setup: RunnerSetup): Promise<SampleResult[]> {
  const {page, files, samples, testModeAt} = plan;
  let environment: Record<string, string> = {...setup.environment, HOME: workDir};
  const results: SampleResult[] = [];
  const origins = [setup.apiOrigin, ...(testModeAt === undefined ? [] : [testModeAt])];
  const toTestMode = (text: string) =>
    origins
      .reduce((replaced, origin) => replaced.split(origin).join(setup.testModeOrigin), text)
      .replace(publishedTarball, `file:${setup.testModeTarball}`);
  for (const [name, text] of files) writeFileSync(path.join(workDir, name), toTestMode(text));
  // Every block is saved, as a reader who copied the page has them all; only this language's run.
  for (const sample of samples) writeFileSync(path.join(workDir, sample.file), toTestMode(sample.block.text));
  for (const sample of samples) {
    const {block, runtime, fixture} = sample;
    if (runtime !== track && !onlyExports(block.text)) continue;
    const base = {page: page.file, block, runtime, file: sample.file};
    if (fixture.skip !== undefined) {
      results.push({...base, outcome: 'skipped', reason: fixture.skip, exchanges: [], output: ''});
      continue;
    }
    let entry = sample.file;
    if (fixture.driver !== undefined) {
      entry = `${path.parse(sample.file).name}.driver.${path.extname(sample.file).slice(1)}`;
      writeFileSync(path.join(workDir, entry), toTestMode(fixture.driver));
    }
    const environmentFile = path.join(workDir, '.environment');
    if (runtime === 'bash') {
      // The block as the reader pastes it, stopping at the first failing command, then the
      // variables it leaves for the next blocks.
      writeFileSync(
        path.join(workDir, entry),
        `set -eo pipefail\n${toTestMode(block.text)}\nenv -0 > ${JSON.stringify(environmentFile)}\n`,
      );
    }
    if (fixture.before !== undefined) await setup.callTestMode(fixture.before);
    setup.takeExchanges();
    const args = runtime === 'bash' ? [entry] : [entry, ...(fixture.args ?? [])];
    let finished: Finished;
    if (fixture.serve === undefined) {
      finished = await start(setup.commands[runtime], args, workDir, environment, setup.timeoutMs).finished;
    } else {
      finished = await serveAndCall(fixture.serve, setup.commands[runtime], fixture.serve.command ?? args, workDir, environment, setup);
    }
    const exchanges = setup.takeExchanges();
    // A block of `export`s names the test mode for the blocks after it, and calls nothing itself.
    const callsApi = (!onlyExports(block.text) && origins.some((origin) => block.text.includes(origin))) || fixture.driver !== undefined;
    const reason = judge(callsApi, fixture, finished, exchanges, setup.timeoutMs);
    // A server block is stopped, not finished: it leaves no variables.
    if (runtime === 'bash' && finished.code === 0 && fixture.serve === undefined) {
      environment = Object.fromEntries(
        readFileSync(environmentFile, 'utf8')
          .split('\0')
          .filter((entryText) => entryText.includes('='))
          .map((entryText) => [entryText.slice(0, entryText.indexOf('=')), entryText.slice(entryText.indexOf('=') + 1)]),
      );
    }
    results.push({...base, outcome: reason === undefined ? 'passed' : 'failed', reason, exchanges, output: finished.output});
  }
  return results;
}

/** Starts a server sample, runs its client once it listens, and stops it; the client's exit is the outcome. */
async function serveAndCall(
  serve: ServeFixture,
  command: string,
  args: readonly string[],
  workDir: string,
  environment: Record<string, string>,
  setup: RunnerSetup,
): Promise<Finished> {
  const server = start(command, args, workDir, environment, setup.timeoutMs);
  try {
    const ended = await listening(serve.port, server, setup.timeoutMs);
    if (ended !== undefined) {
      return {
        ...ended,
        code: ended.code ?? 1,
        output: `The server did not listen on port ${serve.port}${ended.timedOut ? ` within ${setup.timeoutMs / 1000} s` : ''}.\n${ended.output}`,
      };
    }
    const clientFile = path.join(workDir, `client-${serve.port}.mjs`);
    writeFileSync(clientFile, serve.client);
    const client = await start(
      setup.commands.node,
      [clientFile],
      workDir,
      {...environment, SERVER_ORIGIN: `http://127.0.0.1:${serve.port}`, ZIP_TEST_MODE_ORIGIN: setup.testModeOrigin},
      setup.timeoutMs,
    ).finished;
    server.stop();
    const {output} = await server.finished;
    return {...client, output: `${client.output}${output.trim() === '' ? '' : `The server printed:\n${output}`}`};
  } finally {
    server.stop();
  }
}

const clip = (text: string, length: number): string =>
  text.length > length ? `${text.slice(0, length)}… (${text.length - length} more characters)` : text;

/** A failed sample, for the terminal: where, why, each call with its answer, and the tail of what it printed. */
export function describeFailure(result: SampleResult): string {
  const headline = `${result.page}:${result.block.line}: the ${result.runtime} sample ${result.block.title ? `"${result.block.title}"` : `(saved as ${result.file})`} failed: ${result.reason ?? ''}`;
  return [headline, ...describeCalls(result.exchanges, result.output)].join('\n');
}

/** A failed sample's calls, each with its answer, then the tail of what it printed. */
export function describeCalls(exchanges: readonly Exchange[], output: string): string[] {
  const lines: string[] = [];
  // A loop that never ends calls the same URL thousands of times: the first calls and the last say enough.
  const shown = exchanges.length > 8 ? [...exchanges.slice(0, 5), ...exchanges.slice(-2)] : exchanges;
  if (shown.length < exchanges.length) lines.push(`    (${exchanges.length} calls; the first 5 and the last 2:)`);
  for (const exchange of shown) {
    lines.push(`    ${exchange.method} ${exchange.path} → ${exchange.status}`);
    if (exchange.requestBody !== '') lines.push(`      request:  ${clip(exchange.requestBody.replace(/\s+/g, ' '), 600)}`);
    lines.push(`      answer:   ${clip(exchange.responseBody.replace(/\s+/g, ' '), 600)}`);
  }
  const printed = output.trimEnd().split('\n').slice(-15);
  if (printed.join('') !== '') lines.push('    it printed:', ...printed.map((line) => `      ${line}`));
  return lines;
}
