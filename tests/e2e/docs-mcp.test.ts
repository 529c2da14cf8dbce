/**
 * The docs MCP server (mcp/) and `Accept: text/markdown`, against the test
 * build, with the official MCP SDK client:
 *
 * - self-hosting: the Node.js process behind nginx, which proxies `/mcp` to
 *   it as the generated configuration says; every tool answers, and a
 *   malformed call of every tool is an error with a message;
 * - the nginx the suite shares answers a page asked for as Markdown with its
 *   twin, and says `Vary: Accept` on both answers;
 * - Cloudflare Pages: `wrangler pages dev` serving the build with functions/,
 *   the same MCP server as a Pages Function (a smoke test), pages and twins
 *   as static files, and `_routes.json` running a function for `/mcp` only.
 */
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {mkdtemp, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {answerLimit} from '../../mcp/limits';
import {operationAnswerBudget} from '../../mcp/operations';
import {patternMatches} from '../../plugins/delivery/cloudflare';
import {startPagesServer} from '../../plugins/delivery/pages-server';
import {buildFiles} from '../../plugins/delivery/routes';
import {freePort, startServer, type RunningServer} from '../../plugins/delivery/server';
import {docsMcpPath} from '../../src/data/docsMcp';
import {testCardFor} from '../../src/data/testMode';
import {test} from '../support/browser';
import {buildDir, site} from '../support/site';

interface ToolAnswer {
  readonly isError: boolean;
  readonly text: string;
}

async function connect(origin: string): Promise<Client> {
  const client = new Client({name: 'zip-docs-tests', version: '1.0.0'});
  await client.connect(new StreamableHTTPClientTransport(new URL(docsMcpPath, origin)));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const result = await client.callTool({name, arguments: args});
  const content = result.content as {type: string; text?: string}[];
  return {isError: result.isError === true, text: content.map((part) => part.text ?? '').join('\n')};
}

/** A successful tool answer's text. */
async function answer(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await call(client, name, args);
  assert.equal(result.isError, false, `${name} ${JSON.stringify(args)} answers: ${result.text.slice(0, 300)}`);
  return result.text;
}

/** Asserts a call is an error whose message matches. */
async function refused(client: Client, name: string, args: Record<string, unknown>, message: RegExp): Promise<void> {
  const result = await call(client, name, args);
  assert.equal(result.isError, true, `${name} ${JSON.stringify(args)} is an error, got: ${result.text.slice(0, 300)}`);
  assert.match(result.text, message, `${name} ${JSON.stringify(args)} says why`);
}

const twin = (path: string): string => readFileSync(join(buildDir, path), 'utf8');

/** A server process in its own process group, so whatever it starts stops with it. */
interface ServerProcess {
  readonly child: ChildProcess;
  output(): string;
}

/** Starts a command and resolves once `origin` answers; fails with its output if it exits first. */
async function startProcess(command: string, args: readonly string[], origin: string, probePath: string): Promise<ServerProcess> {
  const child = spawn(command, args, {detached: true, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exitedEarly = false;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => {
      exitedEarly = true;
      reject(new Error(`${command} exited (${code}) before it answered:\n${output}`));
    }),
  );
  const answering = (async () => {
    while (!exitedEarly) {
      try {
        await (await fetch(`${origin}${probePath}`, {method: 'POST'})).arrayBuffer();
        return;
      } catch {
        await new Promise((wake) => setTimeout(wake, 250));
      }
    }
  })();
  await Promise.race([answering, exited]);
  return {child, output: () => output};
}

async function stopProcess(server: ServerProcess | undefined): Promise<void> {
  const {child} = server ?? {};
  if (!child?.pid || child.exitCode !== null) return;
  const stopped = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid, 'SIGTERM');
  await stopped;
}

test.describe('docs MCP server behind nginx (self-hosting)', () => {
  let mcp: ServerProcess | undefined;
  let nginx: RunningServer | undefined;
  let client: Client;

  test.beforeAll(async () => {
    const mcpOrigin = `http://127.0.0.1:${await freePort()}`;
    mcp = await startProcess(
      'node_modules/.bin/tsx',
      ['mcp/serve.ts', '--build', buildDir, '--listen', new URL(mcpOrigin).host],
      mcpOrigin,
      docsMcpPath,
    );
    nginx = await startServer({root: buildDir, mcpUpstream: new URL(mcpOrigin).host});
    client = await connect(nginx.origin);
  });

  test.afterAll(async () => {
    await client?.close();
    await nginx?.close();
    await stopProcess(mcp);
  });

  test('lists its seven read-only tools, and says the integration rules', async () => {
    const {tools} = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [
      'find_test_value',
      'get_error',
      'get_event',
      'get_operation',
      'list_events',
      'read_page',
      'search_docs',
    ]);
    for (const tool of tools) assert.equal(tool.annotations?.readOnlyHint, true, `${tool.name} is read-only`);
    assert.match(client.getInstructions() ?? '', /Idempotency-Key[\s\S]*raw bytes/);
  });

  test('search_docs ranks as the site search does, every spelling included', async () => {
    const refund = await answer(client, 'search_docs', {query: 'refund a charge'});
    assert.match(refund.split('\n')[0] ?? '', /^1\. Refund a charge \(\/api\/core\/charges\/refund-charge\)$/);
    const joined = await answer(client, 'search_docs', {query: 'email', limit: 25});
    const hyphenated = await answer(client, 'search_docs', {query: 'e-mail', limit: 25});
    assert.match(joined, /Retrieve a customer by e-mail/, '"email" finds the page that writes "e-mail"');
    assert.match(hyphenated, /Retrieve a customer by e-mail/);
    assert.match(await answer(client, 'search_docs', {query: 'pterodactyl'}), /^No results for "pterodactyl"/);
  });

  test('search_docs refuses an empty query, an out-of-range limit and an unknown argument', async () => {
    await refused(client, 'search_docs', {query: '  '}, /query/);
    await refused(client, 'search_docs', {query: 'refund', limit: 500}, /limit/);
    await refused(client, 'search_docs', {query: 'refund', page: 2}, /page/);
  });

  test('read_page gives the page’s Markdown twin, by path, URL or twin path, in parts when long', async () => {
    const security = twin('help/security.md');
    assert.equal(await answer(client, 'read_page', {path: '/help/security'}), security);
    assert.equal(await answer(client, 'read_page', {path: 'https://docs.example.com/help/security#top'}), security);
    assert.equal(await answer(client, 'read_page', {path: '/help/security.md'}), security);
    assert.equal(await answer(client, 'read_page', {path: '/'}), twin('index.md'));
    const long = twin('api/payments/create-charge.md');
    assert.ok(long.length > answerLimit, 'the test needs a twin longer than one answer');
    const first = await answer(client, 'read_page', {path: '/api/payments/create-charge'});
    assert.match(
      first,
      new RegExp(`\\[Truncated: characters 0–${answerLimit} of ${long.length}; call read_page with offset ${answerLimit}`),
    );
    const rest = await answer(client, 'read_page', {path: '/api/payments/create-charge', offset: answerLimit});
    assert.equal(first.slice(0, answerLimit) + rest.slice(0, long.length - answerLimit), long);
  });

  test('read_page refuses a page that does not exist, an offset past the end and a missing path', async () => {
    await refused(client, 'read_page', {path: '/help/no-such-page'}, /No page at "\/help\/no-such-page"/);
    await refused(client, 'read_page', {path: '/help/security', offset: 10_000_000}, /past its end/);
    await refused(client, 'read_page', {}, /path/);
  });

  test('get_operation gives a digest of the operation, then its parts, and the code sample the page shows', async () => {
    const digest = await answer(client, 'get_operation', {operationId: 'retrieveCharge'});
    assert.match(digest, /^GET \/v2\/charges\/\{ch_id\}: .+ \(retrieveCharge\)$/m);
    assert.match(digest, /^- ch_id \(path, string, required\)/m);
    assert.match(digest, /^- 404: .*resource_missing/m);
    const page = /^Page: (\S+)\./m.exec(digest)?.[1] ?? '';
    const code = await answer(client, 'get_operation', {operationId: 'retrieveCharge', section: 'code', language: 'python'});
    const sample = code.slice(code.indexOf('\n\n') + 2);
    assert.ok(twin(`${page.slice(1)}.md`).includes(sample), 'the sample is the twin’s, as the page shows it');
    const byPath = await answer(client, 'get_operation', {method: 'GET', path: '/v2/charges/{ch_id}'});
    assert.match(byPath, /\(retrieveCharge\)/);
    for (const section of [undefined, 'response:201', 'examples']) {
      const long = await answer(client, 'get_operation', {operationId: 'createCharge', ...(section ? {section} : {})});
      assert.ok(long.length <= operationAnswerBudget, `createCharge ${section ?? 'digest'}: within the budget (${long.length})`);
    }
  });

  test('get_operation refuses an unknown operation, a missing selector and an unknown language', async () => {
    await refused(client, 'get_operation', {operationId: 'launchRocket'}, /No operation "launchRocket"\. Operation ids: .*createCharge/);
    await refused(client, 'get_operation', {}, /Give operationId, or both method and path/);
    await refused(client, 'get_operation', {operationId: 'createCharge', language: 'cobol'}, /language/);
  });

  test('list_events and get_event give the event types and one payload', async () => {
    const events = await answer(client, 'list_events', {});
    assert.match(events, /^- charge\.succeeded: .+ \(\/api\/core\/charges\/charge-succeeded-event\)$/m);
    const event = await answer(client, 'get_event', {type: 'charge.succeeded'});
    assert.match(event, /^Webhook event charge\.succeeded /);
    const example = await answer(client, 'get_event', {type: 'charge.succeeded', section: 'example'});
    assert.equal((JSON.parse(example.slice(example.indexOf('\n') + 1)) as {type: string}).type, 'charge.succeeded');
  });

  test('list_events refuses arguments; get_event refuses an unknown type and a malformed one', async () => {
    await refused(client, 'list_events', {type: 'charge.succeeded'}, /type/);
    await refused(client, 'get_event', {type: 'charge.exploded'}, /No event type "charge\.exploded"\. Event types: .*charge\.succeeded/);
    await refused(client, 'get_event', {type: 'Charge Succeeded'}, /charge\.succeeded/);
  });

  test('find_test_value gives the test card for an outcome, from src/data/testMode.ts', async () => {
    const found = JSON.parse(await answer(client, 'find_test_value', {outcome: 'insufficient_funds'})) as {
      cards: {number: string}[];
      amounts: {amountMinor: number}[];
    };
    assert.deepEqual(
      found.cards.map((card) => card.number),
      [testCardFor('insufficient_funds').number],
    );
    assert.ok(found.amounts.length > 0, 'and the e-wallet amount that fails the same way');
  });

  test('find_test_value refuses an outcome it does not know', async () => {
    await refused(client, 'find_test_value', {outcome: 'free money'}, /No test value for "free money"\. Outcomes: .*insufficient_funds/);
    await refused(client, 'find_test_value', {}, /outcome/);
  });

  test('get_error explains a code and a type from the shared error catalogue', async () => {
    const code = JSON.parse(await answer(client, 'get_error', {code: 'card_declined'})) as {description: string; page: string};
    assert.equal(code.page, '/api/errors#card_declined');
    assert.ok(code.description.length > 0);
    const type = JSON.parse(await answer(client, 'get_error', {code: 'idempotency_error'})) as {type: string};
    assert.equal(type.type, 'idempotency_error');
  });

  test('get_error refuses an unknown code and a malformed one', async () => {
    await refused(client, 'get_error', {code: 'no_such_code'}, /No error code or type "no_such_code"/);
    await refused(client, 'get_error', {code: 'Card Declined!'}, /snake_case/);
  });

  test('a tool that does not exist is an error naming it', async () => {
    await refused(client, 'delete_docs', {}, /delete_docs/);
  });
});

/** Every page-like path to negotiate: the home page, a help article, a guide, an endpoint. */
const negotiatedPages = ['/', '/help/security', '/guides/developer-guide/webhooks', '/api/core/charges/create-charge'];
const twinOf = (page: string): string => (page === '/' ? 'index.md' : `${page.slice(1)}.md`);
const varyNames = (response: Response): string[] =>
  (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());

/** The negotiation, asked of a server at `origin`. */
async function checkNegotiation(origin: string): Promise<void> {
  for (const page of negotiatedPages) {
    const markdown = await fetch(`${origin}${page}`, {headers: {accept: 'text/markdown'}});
    assert.equal(markdown.status, 200, `${page} as Markdown`);
    assert.equal(markdown.headers.get('content-type'), 'text/markdown; charset=utf-8', `${page} as Markdown`);
    assert.ok(varyNames(markdown).includes('accept'), `${page} as Markdown says Vary: Accept`);
    assert.equal(await markdown.text(), twin(twinOf(page)), `${page} as Markdown is its twin`);

    const html = await fetch(`${origin}${page}`, {headers: {accept: 'text/html,application/xhtml+xml,*/*;q=0.8'}});
    assert.equal(html.status, 200, `${page} as HTML`);
    assert.match(html.headers.get('content-type') ?? '', /^text\/html/, `${page} as HTML`);
    assert.ok(varyNames(html).includes('accept'), `${page} as HTML says Vary: Accept`);
    assert.match(await html.text(), /^<!doctype html>/i);
  }
  const refusedMarkdown = await fetch(`${origin}/help/security`, {headers: {accept: 'text/markdown;q=0, text/html'}});
  assert.match(refusedMarkdown.headers.get('content-type') ?? '', /^text\/html/, 'text/markdown with q=0 gets HTML');
  await refusedMarkdown.arrayBuffer();
  const preferred = await fetch(`${origin}/help/security`, {headers: {accept: 'text/html;q=0.5, text/markdown'}});
  assert.equal(preferred.headers.get('content-type'), 'text/markdown; charset=utf-8', 'text/markdown among others gets Markdown');
  await preferred.arrayBuffer();
  for (const file of ['/img/logo.svg', '/llms.txt', '/openapi/payments.yaml']) {
    const response = await fetch(`${origin}${file}`, {headers: {accept: 'text/markdown'}});
    assert.equal(response.status, 200, file);
    assert.doesNotMatch(response.headers.get('content-type') ?? '', /markdown/, `${file} is never negotiated`);
    assert.ok(!varyNames(response).includes('accept'), `${file} does not vary on Accept`);
    await response.arrayBuffer();
  }
  const missing = await fetch(`${origin}/help/no-such-page`, {headers: {accept: 'text/markdown'}});
  assert.equal(missing.status, 404, 'a page that does not exist is still not found');
  await missing.arrayBuffer();
}

test.describe('Accept: text/markdown on nginx', () => {
  test('a page asked for as Markdown answers with its twin; both answers vary on Accept', async () => {
    await checkNegotiation(site.origin);
  });
});

test.describe('Cloudflare Pages: wrangler pages dev with functions/', () => {
  let wrangler: RunningServer | undefined;
  let persistDir: string | undefined;
  let origin: string;

  test.beforeAll(async () => {
    // Wrangler bundles functions/ and starts its runtime first: slower than the suite's own servers.
    test.setTimeout(180_000);
    const [port, inspectorPort] = [await freePort(), await freePort()];
    persistDir = await mkdtemp(join(tmpdir(), 'zip-docs-wrangler-'));
    // Offline, as every Wrangler the project starts (offlineWranglerEnv); its own inspector port and state, beside the suite's.
    wrangler = await startPagesServer({
      root: buildDir,
      port,
      args: [
        `--inspector-port=${inspectorPort}`,
        '--compatibility-date=2025-09-01',
        `--persist-to=${persistDir}`,
        '--show-interactive-dev-session=false',
      ],
    });
    origin = wrangler.origin;
  });

  test.afterAll(async () => {
    await wrangler?.close();
    if (persistDir) await rm(persistDir, {recursive: true, force: true});
  });

  test('the Pages Function at /mcp answers with the same server', async () => {
    const client = await connect(origin);
    try {
      const {tools} = await client.listTools();
      assert.equal(tools.length, 7, tools.map((tool) => tool.name).join(', '));
      assert.match(await answer(client, 'search_docs', {query: 'refund a charge'}), /^1\. Refund a charge /);
      assert.equal(await answer(client, 'read_page', {path: '/help/security'}), twin('help/security.md'));
      await refused(client, 'read_page', {path: '/help/no-such-page'}, /No page at/);
    } finally {
      await client.close();
    }
  });

  test('pages are static files: a page asked for as Markdown is its HTML, and its Markdown is at its .md address', async () => {
    for (const page of negotiatedPages) {
      const asked = await fetch(`${origin}${page}`, {headers: {accept: 'text/markdown'}});
      assert.equal(asked.status, 200, page);
      assert.match(asked.headers.get('content-type') ?? '', /^text\/html/, `${page} is served as it is, without a function`);
      await asked.arrayBuffer();
      const markdown = await fetch(`${origin}/${twinOf(page)}`);
      assert.equal(await markdown.text(), twin(twinOf(page)), `${page}'s twin at /${twinOf(page)}`);
    }
  });

  test('_routes.json runs a function for /mcp only, never for a page or an asset', () => {
    const routesFile = join(buildDir, '_routes.json');
    assert.ok(existsSync(routesFile), 'the build has _routes.json');
    const routes = JSON.parse(readFileSync(routesFile, 'utf8')) as {include: string[]; exclude: string[]};
    const runsFunction = (path: string): boolean =>
      routes.include.some((rule) => patternMatches(rule, path)) && !routes.exclude.some((rule) => patternMatches(rule, path));
    assert.ok(runsFunction(docsMcpPath));
    for (const page of negotiatedPages) assert.equal(runsFunction(page), false, `${page} runs no function`);
    // Pages and twins aside; the .gz and .br copies are nginx's (plugins/delivery/precompress.ts), written beside a served build.
    const assets = buildFiles(buildDir).filter((path) => !/\.(html|md)$/.test(path) && !/\.(gz|br)$/.test(path));
    assert.ok(assets.length > 100);
    const invoking = assets.filter(runsFunction);
    assert.deepEqual(invoking, [], 'no asset runs a function');
  });
});
