/**
 * The sample runner (scripts/run-samples/) on small inline pages, against a stand-in for the
 * test mode: 201 for a body with an integer `amount`, 422 otherwise, and a reset the runner calls
 * before each page. A broken sample fails with its line, its request, the answer and
 * what it printed; a sample meant to fail passes only with the status it declares; shell exports,
 * saved files, drivers, servers and arguments reach the blocks after them. The endpoint pages'
 * samples that cannot run here are read for the request they make.
 */
import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {parsePage} from '../../scripts/lib/pages';
import {readFixture, type PageFixture} from '../../scripts/run-samples/fixtures';
import {
  generatedOperations,
  readCSharp,
  readJava,
  readPowerShell,
  requestDifferences,
  samplesAgainst,
  type SampleRequest,
} from '../../scripts/run-samples/generated';
import {describeFailure, planPage, runPage, type SampleResult} from '../../scripts/run-samples/run';
import type {Exchange} from '@zip/test-mode/server';

const FENCE = '```';
const API = 'https://api.example.com';
const page = (file: string, ...lines: string[]) => parsePage(['---', 'title: Test page', '---', '', ...lines].join('\n'), file);
const python = process.env.ZIP_PYTHON ?? '/usr/bin/python3';

let server: Server;
let origin = '';
let exchanges: Exchange[] = [];
let resets = 0;

before(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const requestBody = Buffer.concat(chunks).toString('utf8');
      const valid = request.method === 'GET' || Number.isInteger((JSON.parse(requestBody || '{}') as {amount?: unknown}).amount);
      const status = valid ? (request.method === 'GET' ? 200 : 201) : 422;
      const responseBody = JSON.stringify(
        valid
          ? {id: 'ch_test', object: 'charge', status: 'succeeded'}
          : {error: {code: 'parameter_invalid', message: 'amount must be integer', param: 'amount'}},
      );
      response.writeHead(status, {'content-type': 'application/json'}).end(responseBody, () =>
        exchanges.push({
          method: request.method ?? 'GET',
          path: request.url ?? '/',
          requestHeaders: request.headers,
          requestBody,
          status,
          responseBody,
        }),
      );
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

after(() => server.close());

async function run(pageFile: string, fixture: PageFixture, ...lines: string[]): Promise<SampleResult[]> {
  const parsed = page(pageFile, ...lines);
  const {plan, errors} = planPage(parsed, fixture, API, () => parsed);
  assert.deepEqual(errors, []);
  const workDir = mkdtempSync(path.join(tmpdir(), 'run-samples-test-'));
  try {
    return await runPage(plan, workDir, {
      apiOrigin: API,
      testModeOrigin: origin,
      testModeTarball: path.join(workDir, 'zip-test-mode.tgz'),
      resetTestMode: () => {
        resets += 1;
        return Promise.resolve();
      },
      callTestMode: () => Promise.resolve(),
      commands: {bash: 'bash', node: process.execPath, python},
      environment: {PATH: process.env.PATH ?? '/usr/bin:/bin', ZIP_SECRET_KEY: 'sk_test_runner'},
      takeExchanges: () => {
        const taken = exchanges;
        exchanges = [];
        return taken;
      },
      timeoutMs: 10_000,
    });
  } finally {
    rmSync(workDir, {recursive: true, force: true});
  }
}

const fetchCharge = (amount: string) => [
  `${FENCE}js title="charge.mjs"`,
  `const response = await fetch('${API}/v2/charges', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({amount: ${amount}})});`,
  'const charge = await response.json();',
  'if (!response.ok) throw new Error(`${response.status} ${charge.error.code}`);',
  'console.log(charge.id);',
  FENCE,
];

describe('running a page', () => {
  it('passes a sample the test mode answers with 2xx, after resetting the test mode for the page', async () => {
    const resetsBefore = resets;
    const [result] = await run('guides/ok.mdx', {}, ...fetchCharge('150000'));
    assert.equal(result?.outcome, 'passed', result && describeFailure(result));
    assert.equal(result?.exchanges.length, 1);
    assert.equal(resets, resetsBefore + 1, 'one reset, before the page');
  });

  it('fails a broken sample with its line, the request, the answer, why it was refused and what it printed', async () => {
    const [result] = await run('guides/broken.mdx', {}, 'Intro.', '', ...fetchCharge("'1500.00'"));
    assert.equal(result?.outcome, 'failed');
    const report = describeFailure(result as SampleResult);
    assert.match(
      report,
      /^guides\/broken\.mdx:7: the node sample "charge\.mjs" failed: the test mode answered POST \/v2\/charges with 422/,
    );
    assert.match(report, /request: {2}\{"amount":"1500\.00"\}/);
    assert.match(report, /answer: {3}\{"error":\{"code":"parameter_invalid","message":"amount must be integer"/);
    assert.match(report, /Error: 422 parameter_invalid/);
  });

  it('fails a curl command the test mode refuses, although curl itself exits 0', async () => {
    const [result] = await run(
      'guides/curl.mdx',
      {},
      `${FENCE}bash title="Create a charge"`,
      `curl -s ${API}/v2/charges -d '{"amount": "x"}'`,
      FENCE,
    );
    assert.equal(result?.outcome, 'failed');
    assert.equal(result?.reason, 'the test mode answered POST /v2/charges with 422');
  });

  it('passes a sample meant to fail only when it gets the status it declares', async () => {
    const lines = fetchCharge("'x'");
    const [expected] = await run('guides/fail.mdx', {blocks: {'charge.mjs': {expectStatus: 422}}}, ...lines);
    assert.equal(expected?.outcome, 'passed');
    const [other] = await run('guides/fail.mdx', {blocks: {'charge.mjs': {expectStatus: 402}}}, ...lines);
    assert.equal(other?.reason, 'the test mode answered POST /v2/charges with 422');
  });

  it('fails a sample that names the API but calls nothing, or exits non-zero', async () => {
    const [silent] = await run('guides/silent.mdx', {}, `${FENCE}js title="client.mjs"`, `export const API = '${API}';`, FENCE);
    assert.equal(silent?.reason, 'it names the API but made no call to it');
    const [crash] = await run('guides/crash.mdx', {}, `${FENCE}python title="crash.py"`, 'raise SystemExit(3)', FENCE);
    assert.equal(crash?.reason, 'it exited with 3');
  });

  it('carries shell exports, saved files and arguments to the blocks after them, and runs a module through its driver', async () => {
    const results = await run(
      'guides/flow.mdx',
      {
        blocks: {
          'client.mjs': {driver: "import {charge} from './client.mjs';\nconsole.log(await charge(Number(process.env.AMOUNT)));"},
          'show.py': {args: ['ch_test']},
        },
      },
      `${FENCE}bash`,
      'export AMOUNT=150000',
      FENCE,
      `${FENCE}js title="client.mjs"`,
      `export async function charge(amount) {`,
      `  const response = await fetch('${API}/v2/charges', {method: 'POST', body: JSON.stringify({amount})});`,
      '  if (!response.ok) throw new Error(String(response.status));',
      '  return (await response.json()).id;',
      '}',
      FENCE,
      `${FENCE}python title="show.py"`,
      'import os, sys, urllib.request',
      `print(urllib.request.urlopen("${API}/v2/charges/" + sys.argv[1]).status, os.environ["AMOUNT"])`,
      FENCE,
    );
    assert.deepEqual(
      results.map((result) => [result.file, result.outcome, result.output.trim()]),
      [
        ['sample-line-5.sh', 'passed', ''],
        ['client.mjs', 'passed', 'ch_test'],
        ['show.py', 'passed', '200 150000'],
      ],
    );
  });

  it('starts a server sample, runs its client once it listens, and stops it', async () => {
    const [result] = await run(
      'guides/server.mdx',
      {
        blocks: {
          'server.mjs': {
            serve: {
              port: 4599,
              client:
                "const r = await fetch(process.env.SERVER_ORIGIN + '/pay', {method: 'POST'});\nif (r.status !== 201) throw new Error(String(r.status));",
            },
          },
        },
      },
      `${FENCE}js title="server.mjs"`,
      "import {createServer} from 'node:http';",
      'createServer(async (request, response) => {',
      `  const answer = await fetch('${API}/v2/charges', {method: 'POST', body: JSON.stringify({amount: 100})});`,
      '  response.writeHead(answer.status).end();',
      '}).listen(4599);',
      FENCE,
    );
    assert.equal(result?.outcome, 'passed', result && describeFailure(result));
    assert.equal(result?.exchanges.length, 1);
  });
});

describe('page fixtures', () => {
  it('names a fixture key that is the title of no block, and a page to take a file from that has none', () => {
    const parsed = page('guides/a.mdx', `${FENCE}js title="a.mjs"`, 'console.log(1);', FENCE);
    const {errors} = planPage(parsed, {blocks: {'b.mjs': {args: []}}, files: {'zip-client.mjs': 'guides/a.mdx'}}, API, () => parsed);
    assert.deepEqual(errors, [
      'guides/a.samples.yaml: guides/a.mdx has no code block titled as the file zip-client.mjs; it needs exactly one.',
      'guides/a.samples.yaml: "b.mjs" is the title of no bash, js or python block of guides/a.mdx.',
    ]);
  });

  it('refuses a fixture with an unknown field, naming the file', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'run-samples-fixture-'));
    try {
      writeFileSync(path.join(root, 'page.samples.yaml'), 'blocks:\n  a.mjs:\n    argz: [1]\n');
      const {errors} = readFixture(root, 'page.mdx');
      assert.deepEqual(errors, ['page.samples.yaml: /blocks/a.mjs must NOT have additional properties']);
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
});

describe('endpoint samples', () => {
  const [createCharge] = generatedOperations(path.join(import.meta.dirname, '../..'), ['api/core/charges/create-charge.api.mdx']);
  const samples = createCharge ? samplesAgainst(createCharge.operation, 'http://127.0.0.1:4999') : [];
  const code = (language: string) => samples.find((sample) => sample.language === language)?.code ?? '';

  it('reads the same request from the C#, Java and PowerShell samples', () => {
    assert.equal(createCharge?.successStatus, 201);
    const requests = [readCSharp(code('csharp')), readJava(code('java')), readPowerShell(code('powershell'))];
    for (const request of requests) {
      assert.equal(request.method, 'POST');
      assert.equal(request.target, '/v2/charges');
      assert.equal(request.headers['idempotency-key'], '5f0c8e2a-9b7d-4c1e-a3f6-2d8b4e6c9a01');
      assert.equal((request.body as {amount?: unknown}).amount, 150000);
      assert.deepEqual(requestDifferences(requests[0] as SampleRequest, request), []);
    }
  });

  it('names what a read sample gets wrong', () => {
    const expected = readJava(code('java'));
    const broken = readJava(code('java').replace('Unirest.post(', 'Unirest.put(').replace('"amount\\": 150000', '"amount\\": 1500'));
    assert.deepEqual(
      requestDifferences(expected, broken).map((difference) => difference.split(',')[0]),
      ['method PUT', 'body {"amount":1500'],
    );
  });

  it('reads a query the same however it is percent-encoded', () => {
    const request = {method: 'GET', headers: {}, body: undefined};
    assert.deepEqual(
      requestDifferences(
        {...request, target: '/v1/requests?customer_email=a%40example.com'},
        {...request, target: '/v1/requests?customer_email=a@example.com'},
      ),
      [],
    );
    assert.deepEqual(requestDifferences({...request, target: '/v1/requests?limit=10'}, {...request, target: '/v1/requests?limit=1'}), [
      'URL /v1/requests?limit=1, not /v1/requests?limit=10',
    ]);
  });
});
