/**
 * The MCP conformance suite (`@modelcontextprotocol/conformance`, a pinned
 * devDependency) against the docs MCP server's Node.js process over the test
 * build (packages/docs-mcp/src/serve.ts), offline: each scenario that applies to a read-only,
 * stateless docs server runs, and the test fails on any check that does not
 * succeed, naming the scenario, the check and its error.
 *
 * The suite's other server scenarios test features this server does not
 * have, each through a fixture tool, resource or prompt of the suite's
 * reference server (`test_simple_text`, `test://static-text`,
 * `test_simple_prompt`, …), so they cannot apply:
 * - tools-call-simple-text, -image, -audio, -embedded-resource,
 *   -mixed-content, -with-logging, -with-progress, -sampling, -elicitation,
 *   elicitation-sep1034-defaults, elicitation-sep1330-enums and
 *   json-schema-2020-12: fixture tools (the docs tools are tested by
 *   tests/e2e/docs-mcp.test.ts);
 * - resources-read-text, -read-binary, -templates-read, -subscribe,
 *   -unsubscribe: fixture resources; the server has one resource, the skill,
 *   and no subscriptions;
 * - prompts-list, prompts-get-*: the server has no prompts;
 * - logging-set-level, completion-complete: no logging or completion
 *   capability;
 * - server-sse-polling, server-sse-multiple-streams: the server is stateless
 *   and answers JSON, with no SSE stream (GET is 405, packages/docs-mcp/README.md).
 */
import assert from 'node:assert/strict';
import {execFile, spawn, type ChildProcess} from 'node:child_process';
import {mkdtemp, readdir, readFile, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {promisify} from 'node:util';
import {freePort} from '../../plugins/delivery/server';
import {docsMcpPath} from '@zip/model/docsMcp';
import {test} from '../support/browser';
import {buildDir} from '../support/site';

const run = promisify(execFile);
const conformanceCli = resolve('node_modules/.bin/conformance');

/** The suite's server scenarios that apply to the docs MCP server (the others: above). */
const applicableScenarios = [
  'server-initialize',
  'ping',
  'tools-list',
  // A call of a tool the server does not have is answered as an error.
  'tools-call-error',
  'resources-list',
  'dns-rebinding-protection',
] as const;

interface ConformanceCheck {
  readonly id: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  readonly errorMessage?: string;
}

/** Starts the docs MCP server on loopback, resolving once it answers; its own loopback origin is allowed, as the suite asks. */
async function startMcpServer(origin: string): Promise<ChildProcess> {
  const child = spawn(
    'node_modules/.bin/tsx',
    ['packages/docs-mcp/src/serve.ts', '--build', buildDir, '--listen', new URL(origin).host, '--allow-origin', origin],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`the docs MCP server exited (${code}) before it answered:\n${output}`)));
    child.stdout?.on('data', () => {
      if (output.includes('Docs MCP server for')) ready();
    });
  });
  return child;
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
  const stopped = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid, 'SIGTERM');
  await stopped;
}

/** Every checks.json the suite wrote under `folder`, one per scenario run. */
async function checksIn(folder: string): Promise<ConformanceCheck[]> {
  const runs = await readdir(folder);
  const files = await Promise.all(runs.map((name) => readFile(join(folder, name, 'checks.json'), 'utf8')));
  return files.flatMap((text) => JSON.parse(text) as ConformanceCheck[]);
}

test.describe('MCP conformance suite', () => {
  let server: ChildProcess | undefined;
  let folder: string | undefined;
  let mcpUrl = '';

  test.beforeAll(async () => {
    // A loopback address, as the suite's DNS-rebinding scenario requires of the URL it is given.
    const origin = `http://127.0.0.1:${await freePort()}`;
    server = await startMcpServer(origin);
    mcpUrl = `${origin}${docsMcpPath}`;
    folder = await mkdtemp(join(tmpdir(), 'zip-docs-conformance-'));
  });

  test.afterAll(async () => {
    await stopProcess(server);
    if (folder) await rm(folder, {recursive: true, force: true});
  });

  for (const scenario of applicableScenarios) {
    test(`${scenario}: every check succeeds`, async () => {
      const output = join(folder ?? '', scenario);
      const {stdout} = await run(conformanceCli, ['server', '--url', mcpUrl, '--scenario', scenario, '--output-dir', output], {
        timeout: 50_000,
      }).catch((error: {stdout?: string; stderr?: string; message: string}) => {
        throw new Error(`conformance ${scenario} failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
      });
      const checks = await checksIn(output);
      assert.ok(checks.length > 0, `${scenario} ran its checks:\n${stdout}`);
      const unsuccessful = checks
        .filter((check) => check.status !== 'SUCCESS')
        .map((check) => `${check.status} ${check.id}: ${check.errorMessage ?? ''}`);
      assert.deepEqual(unsuccessful, [], `${scenario}: every check succeeds`);
    });
  }
});
