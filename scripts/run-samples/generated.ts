/**
 * The endpoint pages' code samples, run against the test mode. For every operation of the four specs
 * (read from the operation files the generated pages name, once per method and path: the complete
 * Payments v2 reference repeats the product sections' operations), the samples come from the same
 * generator the page and its Markdown twin use (plugins/api-reference/code-samples.ts), with the
 * test mode as the server: the one change, so that a sample written for HTTPS does not insist on TLS.
 * Each sample starts from the test mode's example objects (a reset), so each language's call finds
 * the object its path names in the state the operation acts on.
 *
 *  - curl, Python (requests), Node.js (axios), Go, Ruby and PHP run, and each must make one call
 *    that gets the operation's success status;
 *  - C# (RestSharp), Java (Unirest) and PowerShell cannot run here: their text is read for the
 *    method, URL, headers and body;
 *  - every sample's request, run or read, must be the curl sample's: the same method, path and
 *    query, headers and JSON body.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {generateCodeSamples} from '../../plugins/api-reference/code-samples';
import {languageTabs} from '@zip/model/codeSampleLanguages';
import {operationOfGeneratedPage} from '../../plugins/api-reference/operations';
import type {ApiOperation} from '@zip/model/apiOperation';
import type {Exchange} from '@zip/test-mode/server';
import {preparations} from './preparations';
import {describeCalls, start, type RunnerSetup} from './run';

/** How each language the site shows is run, or read. */
export const generatedLanguages: Readonly<Record<string, {run: GeneratedCommand; file: string} | {read: (code: string) => SampleRequest}>> =
  {
    curl: {run: 'bash', file: 'request.sh'},
    python: {run: 'python', file: 'request.py'},
    nodejs: {run: 'node', file: 'request.cjs'},
    go: {run: 'go', file: 'request.go'},
    ruby: {run: 'ruby', file: 'request.rb'},
    php: {run: 'php', file: 'request.php'},
    csharp: {read: readCSharp},
    java: {read: readJava},
    powershell: {read: readPowerShell},
  };

/** A request as a sample makes it. Header names are lower-cased; the body is parsed when it is JSON. */
export interface SampleRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface GeneratedOperation {
  /** The generated page it was read from. */
  readonly file: string;
  readonly operation: ApiOperation;
  /** The status a successful call gets: the lowest 2xx of the spec. */
  readonly successStatus: number;
}

/** Every operation of the generated endpoint pages under `apiDir`, once per method and path, webhooks left out. */
export function generatedOperations(root: string, files: readonly string[]): GeneratedOperation[] {
  const seen = new Set<string>();
  const operations: GeneratedOperation[] = [];
  for (const file of files) {
    const operation = operationOfGeneratedPage(readFileSync(path.join(root, file), 'utf8'), path.join(root, file));
    if (!operation) continue;
    const key = `${operation.method} ${operation.path}`;
    if (operation.method === 'event' || seen.has(key)) continue;
    seen.add(key);
    const successStatus = Object.keys(operation.responses ?? {})
      .filter((status) => /^2\d\d$/.test(status))
      .map(Number)
      .sort((a, b) => a - b)[0];
    if (successStatus === undefined) throw new Error(`${file}: ${key} has no 2xx response in its spec, so no sample of it can succeed.`);
    operations.push({file, operation, successStatus});
  }
  return operations;
}

/** The page's samples, generated with `serverOrigin` as the operation's server. */
export function samplesAgainst(operation: ApiOperation, serverOrigin: string): {language: string; label: string; code: string}[] {
  return generateCodeSamples({...operation, servers: [{url: serverOrigin}]}, languageTabs).map((sample) => {
    if (generatedLanguages[sample.language] === undefined)
      throw new Error(`The code sample language "${sample.language}" is neither run nor read by scripts/run-samples/generated.ts.`);
    return {language: sample.language, label: sample.label, code: sample.code};
  });
}

const parseBody = (body: string | undefined): unknown => {
  if (body === undefined || body === '') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
};

/** The request an exchange recorded, in the form the read samples give. */
export function requestOf(exchange: Exchange): SampleRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value;
  }
  return {method: exchange.method, target: exchange.path, headers, body: parseBody(exchange.requestBody)};
}

/** The headers every sample sets itself, which the comparison looks at; the rest are the client library's own. */
const comparedHeaders = ['content-type', 'accept', 'authorization', 'idempotency-key'];

/** Path and query as a server reads them: `%40` and `@` are the same query. */
const decodedTarget = (target: string): string => {
  const url = new URL(target, 'http://test-mode');
  return `${decodeURIComponent(url.pathname)}?${[...url.searchParams].map(([key, value]) => `${key}=${value}`).join('&')}`;
};

/** How `actual` differs from `expected`: method, path and query, the compared headers, the body. */
export function requestDifferences(expected: SampleRequest, actual: SampleRequest): string[] {
  const differences: string[] = [];
  if (expected.method !== actual.method) differences.push(`method ${actual.method}, not ${expected.method}`);
  if (decodedTarget(expected.target) !== decodedTarget(actual.target)) differences.push(`URL ${actual.target}, not ${expected.target}`);
  for (const name of comparedHeaders) {
    // Without a body, a client library's own default Content-Type (Ruby's form type) says nothing.
    if (name === 'content-type' && expected.body === undefined && actual.body === undefined) continue;
    if (expected.headers[name] !== actual.headers[name])
      differences.push(`header ${name}: ${actual.headers[name] ?? '(none)'}, not ${expected.headers[name] ?? '(none)'}`);
  }
  if (JSON.stringify(expected.body) !== JSON.stringify(actual.body))
    differences.push(`body ${JSON.stringify(actual.body)}, not ${JSON.stringify(expected.body)}`);
  return differences;
}

const targetOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const headersFrom = (code: string, pattern: RegExp): Record<string, string> =>
  Object.fromEntries([...code.matchAll(pattern)].map((match) => [String(match[1]).toLowerCase(), String(match[2])]));

/** C# (RestSharp): the client's base URL and the request's path, its AddHeader calls, and the body of @"…" lines. */
export function readCSharp(code: string): SampleRequest {
  const base = /new RestClientOptions\("([^"]+)"\)/.exec(code)?.[1] ?? '';
  const [, resource = '', method = ''] = /new RestRequest\("([^"]*)", Method\.(\w+)\)/.exec(code) ?? [];
  const verbatim = /var body = ([\s\S]*?);\nrequest\.Add/.exec(code)?.[1];
  const body =
    verbatim === undefined
      ? undefined
      : [...verbatim.matchAll(/@"((?:[^"]|"")*)"|"\\n"/g)]
          .map((part) => (part[1] === undefined ? '\n' : part[1].replace(/""/g, '"')))
          .join('');
  return {
    method: method.toUpperCase(),
    target: targetOf(`${base}${resource}`),
    headers: headersFrom(code, /request\.AddHeader\("([^"]+)", "([^"]*)"\);/g),
    body: parseBody(body),
  };
}

/** Java (Unirest): `Unirest.<method>("<url>")`, its `.header(…)` calls and `.body("…")`, a Java string. */
export function readJava(code: string): SampleRequest {
  const [, method = '', url = ''] = /Unirest\.(\w+)\("([^"]+)"\)/.exec(code) ?? [];
  const literal = /\.body\(("(?:[^"\\]|\\.)*")\)/.exec(code)?.[1];
  return {
    method: method.toUpperCase(),
    target: targetOf(url),
    headers: headersFrom(code, /\.header\("([^"]+)", "([^"]*)"\)/g),
    body: parseBody(literal === undefined ? undefined : (JSON.parse(literal) as string)),
  };
}

/** PowerShell: `$headers.Add(…)`, the here-string `$body = @"…"@` (a backtick escapes the next character), and `Invoke-RestMethod '<url>' -Method '<METHOD>'`. */
export function readPowerShell(code: string): SampleRequest {
  const [, url = '', method = ''] = /Invoke-RestMethod '([^']+)' -Method '(\w+)'/.exec(code) ?? [];
  const body = /\$body = @"\n([\s\S]*?)\n"@/.exec(code)?.[1]?.replace(/`(.)/g, '$1');
  return {
    method: method.toUpperCase(),
    target: targetOf(url),
    headers: headersFrom(code, /\$headers\.Add\("([^"]+)", "([^"]*)"\)/g),
    body: parseBody(body),
  };
}

// --- running --------------------------------------------------------------------------------

export type GeneratedCommand = 'bash' | 'python' | 'node' | 'go' | 'ruby' | 'php';

/** The hand-written pages' setup, without their API origin (these samples are generated for the test mode) and with more runtimes. */
export type GeneratedSetup = Omit<RunnerSetup, 'apiOrigin' | 'commands' | 'testModeTarball'> & {
  readonly commands: Readonly<Record<GeneratedCommand, string>>;
};

export interface GeneratedResult {
  readonly file: string;
  /** `POST /v2/charges`. */
  readonly operation: string;
  readonly label: string;
  readonly outcome: 'passed' | 'failed';
  readonly reason?: string;
  readonly exchanges: readonly Exchange[];
  readonly output: string;
  readonly code: string;
}

/** Runs and reads one operation's samples in `workDir`; the curl sample's request is the one the others must make. */
export async function runOperation(
  {file, operation, successStatus}: GeneratedOperation,
  workDir: string,
  setup: GeneratedSetup,
): Promise<GeneratedResult[]> {
  mkdirSync(workDir, {recursive: true});
  const name = `${operation.method.toUpperCase()} ${operation.path}`;
  const results: GeneratedResult[] = [];
  const requests = new Map<string, SampleRequest>();
  const samples = samplesAgainst(operation, setup.testModeOrigin);
  // curl first: its request is the reference.
  const ordered = [...samples.filter((sample) => sample.language === 'curl'), ...samples.filter((sample) => sample.language !== 'curl')];
  for (const sample of ordered) {
    const how = generatedLanguages[sample.language];
    if (how === undefined) continue;
    const base = {file, operation: name, label: sample.label, code: sample.code};
    if ('read' in how) {
      requests.set(sample.label, how.read(sample.code));
      results.push({...base, outcome: 'passed', exchanges: [], output: ''});
      continue;
    }
    writeFileSync(path.join(workDir, how.file), sample.code);
    await setup.resetTestMode(preparations[`${operation.method.toUpperCase()} ${operation.path}`]);
    setup.takeExchanges();
    const args = how.run === 'go' ? ['run', how.file] : [how.file];
    const finished = await start(setup.commands[how.run], args, workDir, {...setup.environment}, setup.timeoutMs).finished;
    const exchanges = setup.takeExchanges();
    const [exchange] = exchanges;
    let reason: string | undefined;
    if (finished.timedOut) reason = `it was still running after ${setup.timeoutMs / 1000} s`;
    else if (exchanges.length !== 1 || !exchange) reason = `it made ${exchanges.length} calls, not one`;
    else if (exchange.status !== successStatus)
      reason = `the test mode answered ${exchange.method} ${exchange.path} with ${exchange.status}, not ${successStatus}`;
    else if (finished.code !== 0) reason = `it exited with ${finished.code ?? 'an error'}`;
    if (exchange) requests.set(sample.label, requestOf(exchange));
    results.push({...base, outcome: reason === undefined ? 'passed' : 'failed', reason, exchanges, output: finished.output});
  }
  const reference = requests.get(samples.find((sample) => sample.language === 'curl')?.label ?? '');
  return results.map((result) => {
    const request = requests.get(result.label);
    if (result.outcome === 'failed' || !reference || !request) return result;
    const differences = requestDifferences(reference, request);
    return differences.length === 0
      ? result
      : {...result, outcome: 'failed', reason: `its request is not the cURL sample's: ${differences.join('; ')}`};
  });
}

/** A failed generated sample, for the terminal. */
export function describeGeneratedFailure(result: GeneratedResult): string {
  return [
    `${result.file}: the ${result.label} sample of ${result.operation} failed: ${result.reason ?? ''}`,
    ...describeCalls(result.exchanges, result.output),
    '    the sample:',
    ...result.code.split('\n').map((line) => `      ${line}`),
  ].join('\n');
}
