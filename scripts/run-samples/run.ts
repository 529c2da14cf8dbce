/**
 * Runs a page's curl, Node.js and Python samples against the sandbox, in the order a reader meets
 * them, in one working folder per page, as a reader who followed the page would:
 *
 *  - a block titled as a file (`create-charge.mjs`, `refund.py`) is saved under that name, so a
 *    later block can import it or a shell block can run it;
 *  - the environment is what the getting-started guide has the reader export (the sample keys),
 *    and a shell block's `export`s carry on to the blocks after it;
 *  - the API's origin in the code is the sandbox's: that one string is the only change to a sample.
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
import type {SandboxExchange} from '../sandbox';
import type {CodeFence, Page} from '../lib/pages';
import {fixtureFileOf, type BlockFixture, type PageFixture, type ServeFixture} from './fixtures';

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

export interface RunnerSetup {
  /** The API origin the samples are written against. */
  readonly apiOrigin: string;
  /** Where the sandbox listens. */
  readonly sandboxOrigin: string;
  /** The executable for each runtime. */
  readonly commands: Readonly<Record<Runtime, string>>;
  /** What every page starts with: the variables the getting-started guide has the reader export. */
  readonly environment: Readonly<Record<string, string>>;
  /** The sandbox's answers since the last call. */
  readonly takeExchanges: () => SandboxExchange[];
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
  readonly exchanges: readonly SandboxExchange[];
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
    const callsApi = block.text.includes(apiOrigin);
    const runs =
      callsApi || titledFile !== undefined || (runtime === 'bash' && onlyExports(block.text)) || blockFixtures[key] !== undefined;
    if (!runs) continue;
    samples.push({block, runtime, file: titledFile ?? `sample-line-${block.line}.${extensionOf[runtime]}`, fixture: blockFixture});
  }
  for (const key of Object.keys(blockFixtures)) {
    if (!used.has(key)) errors.push(`${fixtureFile}: "${key}" is the title of no bash, js or python block of ${page.file}.`);
  }
  return {plan: {page, files, samples}, errors};
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
  exchanges: readonly SandboxExchange[],
  timeoutMs: number,
): string | undefined {
  if (finished.timedOut) return `it was still running after ${timeoutMs / 1000} s`;
  const expected = fixture.expectStatus;
  const unexpected = exchanges.find((exchange) => (exchange.status < 200 || exchange.status > 299) && exchange.status !== expected);
  if (unexpected) return `the sandbox answered ${unexpected.method} ${unexpected.path} with ${unexpected.status}`;
  if (expected !== undefined) {
    if (!exchanges.some((exchange) => exchange.status === expected)) return `it is meant to get ${expected}, and no answer had that status`;
    return undefined;
  }
  if (finished.code !== 0) return `it exited with ${finished.code ?? 'an error'}`;
  if (callsApi && exchanges.length === 0) return 'it names the API but made no call to it';
  return undefined;
}

/** Runs one page's planned samples in `workDir`. */
export async function runPage({page, files, samples}: PagePlan, workDir: string, setup: RunnerSetup): Promise<SampleResult[]> {
  mkdirSync(workDir, {recursive: true});
  let environment: Record<string, string> = {...setup.environment, HOME: workDir};
  const results: SampleResult[] = [];
  const toSandbox = (text: string) => text.split(setup.apiOrigin).join(setup.sandboxOrigin);
  for (const [name, text] of files) writeFileSync(path.join(workDir, name), toSandbox(text));
  for (const sample of samples) {
    const {block, runtime, fixture} = sample;
    writeFileSync(path.join(workDir, sample.file), toSandbox(block.text));
    const base = {page: page.file, block, runtime, file: sample.file};
    if (fixture.skip !== undefined) {
      results.push({...base, outcome: 'skipped', reason: fixture.skip, exchanges: [], output: ''});
      continue;
    }
    let entry = sample.file;
    if (fixture.driver !== undefined) {
      entry = `${path.parse(sample.file).name}.driver.${path.extname(sample.file).slice(1)}`;
      writeFileSync(path.join(workDir, entry), toSandbox(fixture.driver));
    }
    const environmentFile = path.join(workDir, '.environment');
    if (runtime === 'bash') {
      // The block as the reader pastes it, stopping at the first failing command, then the
      // variables it leaves for the next blocks.
      writeFileSync(path.join(workDir, entry), `set -eo pipefail\n${toSandbox(block.text)}\nenv -0 > ${JSON.stringify(environmentFile)}\n`);
    }
    setup.takeExchanges();
    const args = runtime === 'bash' ? [entry] : [entry, ...(fixture.args ?? [])];
    let finished: Finished;
    if (fixture.serve === undefined) {
      finished = await start(setup.commands[runtime], args, workDir, environment, setup.timeoutMs).finished;
    } else {
      finished = await serveAndCall(fixture.serve, setup.commands[runtime], fixture.serve.command ?? args, workDir, environment, setup);
    }
    const exchanges = setup.takeExchanges();
    const callsApi = block.text.includes(setup.apiOrigin) || fixture.driver !== undefined;
    const reason = judge(callsApi, fixture, finished, exchanges, setup.timeoutMs);
    if (runtime === 'bash' && finished.code === 0) {
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
      {...environment, SERVER_ORIGIN: `http://127.0.0.1:${serve.port}`},
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

/** A failed sample's calls, each with its answer and Prism's reason, then the tail of what it printed. */
export function describeCalls(exchanges: readonly SandboxExchange[], output: string): string[] {
  const lines: string[] = [];
  // A loop that never ends calls the same URL thousands of times: the first calls and the last say enough.
  const shown = exchanges.length > 8 ? [...exchanges.slice(0, 5), ...exchanges.slice(-2)] : exchanges;
  if (shown.length < exchanges.length) lines.push(`    (${exchanges.length} calls; the first 5 and the last 2:)`);
  for (const exchange of shown) {
    lines.push(`    ${exchange.method} ${exchange.path} → ${exchange.status}`);
    if (exchange.requestBody !== '') lines.push(`      request:  ${clip(exchange.requestBody.replace(/\s+/g, ' '), 600)}`);
    lines.push(`      answer:   ${clip(exchange.responseBody.replace(/\s+/g, ' '), 600)}`);
    exchange.violations.forEach((violation) => lines.push(`      refused because ${violation}`));
  }
  const printed = output.trimEnd().split('\n').slice(-15);
  if (printed.join('') !== '') lines.push('    it printed:', ...printed.map((line) => `      ${line}`));
  return lines;
}
