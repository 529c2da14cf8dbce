/**
 * A local sandbox of all four Zip APIs, mocked from openapi/*.yaml by Stoplight
 * Prism: it answers with the specs' examples, rejects requests that break the
 * spec, and sends CORS headers so the API explorer can call it.
 *
 *   npm run sandbox                 # http://127.0.0.1:4010
 *   ZIP_SANDBOX_PORT=5000 npm run sandbox
 *
 * Three things Prism does not do, the sandbox does in front of it, so that samples run as a reader
 * expects: it checks the key as the API does in test mode (a secret test key, or a public one where
 * the spec allows it; anything else gets the specs' 401 or 403: sandbox-auth.ts), it answers with
 * the spec's example that matches the request body (a GCash source for a GCash request:
 * sandbox-examples.ts), and a list request for a later page (`starting_after`) gets the end of the
 * list. It can report each exchange (`onExchange`, for `npm run test:samples`).
 *
 * One Prism process per spec of src/data/apiReference.ts, behind one loopback
 * port that routes by the paths each spec serves (/v2/ → payments,
 * /v1/checkout/… → checkout, /v1/links → links, /v1/requests → requests), like
 * the real host does. The explorer's proxy form
 * (http://127.0.0.1:4010/https://api.example.com/v2/charges) is accepted too.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {createServer, request as httpRequest, type Server} from 'node:http';
import {connect} from 'node:net';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import yaml from 'js-yaml';
import {sourceSpecs} from '../src/data/apiReference';
import {exampleChoices, operationFor, preferFor} from './sandbox-examples';
import {keyRules, refusalBody, refusalOf} from './sandbox-auth';

interface MockedSpec {
  readonly spec: string;
  readonly pathPrefix: string;
}

/** The path segments every path of a spec starts with (`/v1/links` for the Payment Links API). */
export function commonPathPrefix(paths: readonly string[]): string {
  const [first = [], ...others] = paths.map((path) => path.split('/'));
  let length = first.length;
  for (const segments of others) {
    let shared = 0;
    while (shared < Math.min(length, segments.length) && segments[shared] === first[shared]) shared += 1;
    length = shared;
  }
  return first.slice(0, length).join('/');
}

const specDocuments = sourceSpecs.map((spec) => yaml.load(readFileSync(spec, 'utf8')) as Record<string, unknown>);

/** Every spec of the API reference (src/data/apiReference.ts), with the paths it serves. */
const mockedSpecs: readonly MockedSpec[] = sourceSpecs.map((spec, index) => {
  const paths = (specDocuments[index]?.paths ?? {}) as Record<string, unknown>;
  return {spec, pathPrefix: commonPathPrefix(Object.keys(paths))};
});

const choices = exampleChoices(specDocuments);
const rules = keyRules(specDocuments);

const apiOrigin = 'https://api.example.com';

export interface RunningSandbox {
  readonly origin: string;
  close(): Promise<void>;
}

/** One request the sandbox answered, as `npm run test:samples` shows a failing sample's calls. */
export interface SandboxExchange {
  readonly method: string;
  readonly path: string;
  readonly requestHeaders: Readonly<Record<string, string | string[] | undefined>>;
  readonly requestBody: string;
  readonly status: number;
  readonly responseBody: string;
  /** Why Prism refused the request (its `sl-violations` header): the answer's body is only the spec's example. */
  readonly violations: readonly string[];
}

/** Prism's `sl-violations` header, a JSON list of {location, message}, as lines such as "request.body.amount: must be integer". */
export function violationsOf(header: string | string[] | undefined): string[] {
  if (typeof header !== 'string') return [];
  try {
    const parsed = JSON.parse(header) as {location?: unknown[]; message?: string}[];
    return parsed.map((violation) => `${(violation.location ?? []).join('.')}: ${violation.message ?? ''}`);
  } catch {
    return [header];
  }
}

export interface SandboxOptions {
  /** Called once each answer has been sent in full. */
  readonly onExchange?: (exchange: SandboxExchange) => void;
}

/** What passes through a stream, collected beside whoever else reads it. */
function recordStream(stream: NodeJS.ReadableStream): () => string {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer | string) => chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
  return () => Buffer.concat(chunks).toString('utf8');
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolveReady, rejectReady) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolveReady();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) {
          rejectReady(new Error(`Prism did not start on port ${port} within ${timeoutMs / 1000} s.`));
        } else {
          setTimeout(attempt, 250);
        }
      });
    };
    attempt();
  });
}

/** Strips the explorer's proxy prefix and finds the Prism port for a path. */
export function routeRequest(url: string, ports: readonly number[]): {port: number; path: string} | undefined {
  const path = url.startsWith(`/${apiOrigin}`) ? url.slice(apiOrigin.length + 1) || '/' : url;
  const index = mockedSpecs.findIndex((mocked) => path.startsWith(mocked.pathPrefix));
  const port = ports[index];
  return port === undefined ? undefined : {port, path};
}

/** A successful answer to a list request that asks for a page after the first (`starting_after`). */
const isLaterPage = (path: string, status: number): boolean =>
  status === 200 && new URL(path, 'http://sandbox').searchParams.has('starting_after');

/**
 * Prism answers every list request with the spec's example page, which says `has_more: true`, so
 * code that walks a list (as the guides' reconciliation jobs do) would never finish. The sandbox
 * pages like the API does at the end of a list: the page after the first is the last, and empty.
 */
export function lastPageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed === 'object' && parsed !== null && (parsed as {object?: unknown}).object === 'list') {
      return JSON.stringify({...parsed, has_more: false, data: []});
    }
  } catch {
    // Not JSON: passed on as Prism wrote it.
  }
  return body;
}

export async function startSandbox(port = 4010, {onExchange}: SandboxOptions = {}): Promise<RunningSandbox> {
  const prismPorts = mockedSpecs.map((_, index) => port + 1 + index);
  // Each Prism runs in its own process group, so stopping the sandbox stops
  // Prism and anything it started, leaving no port taken.
  const processes: ChildProcess[] = mockedSpecs.map((mocked, index) =>
    spawn(
      join('node_modules', '.bin', 'prism'),
      ['mock', '--host', '127.0.0.1', '--port', String(prismPorts[index]), '--errors', mocked.spec],
      {stdio: ['ignore', 'ignore', 'inherit'], detached: true},
    ),
  );
  const stopPrism = () =>
    processes.forEach((child) => {
      if (child.pid !== undefined && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
    });
  try {
    await Promise.all(prismPorts.map((prismPort) => waitForPort(prismPort, 60_000)));
  } catch (error) {
    stopPrism();
    throw error;
  }

  const server: Server = createServer((incoming, outgoing) => {
    const requestBody = recordStream(incoming);
    const answered = (status: number, responseBody: string, violations: readonly string[] = []) =>
      onExchange?.({
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        requestHeaders: incoming.headers,
        requestBody: requestBody(),
        status,
        responseBody,
        violations,
      });
    const route = routeRequest(incoming.url ?? '/', prismPorts);
    if (!route) {
      const body = JSON.stringify({
        error: {
          type: 'not_found_error',
          code: 'resource_missing',
          message: `No Zip API serves ${incoming.url}.`,
          param: null,
          request_id: 'req_sandbox',
        },
      });
      outgoing.writeHead(404, {
        'content-type': 'application/json',
        'access-control-allow-origin': incoming.headers.origin ?? '*',
      });
      outgoing.end(body, () => answered(404, body));
      return;
    }
    const forward = () => {
      const body = requestBody();
      // A CORS preflight carries no credentials: Prism answers it.
      const rule = incoming.method === 'OPTIONS' ? undefined : operationFor(rules, incoming.method ?? 'GET', route.path);
      const refusal = rule && refusalOf(rule.schemes, incoming.headers.authorization);
      if (rule && refusal) {
        const {body: refused, requestId} = refusalBody(rule, refusal);
        outgoing.writeHead(refusal.status, {
          'content-type': 'application/json',
          ...(requestId === undefined ? {} : {'request-id': requestId}),
          'access-control-allow-origin': incoming.headers.origin ?? '*',
          'access-control-allow-credentials': 'true',
          'access-control-expose-headers': '*',
        });
        outgoing.end(refused, () => answered(refusal.status, refused));
        return;
      }
      const prefer = incoming.headers.prefer ?? preferFor(choices, incoming.method ?? 'GET', route.path, body);
      const forwarded = httpRequest(
        {
          host: '127.0.0.1',
          port: route.port,
          method: incoming.method,
          path: route.path,
          headers: {...incoming.headers, host: `127.0.0.1:${route.port}`, ...(prefer === undefined ? {} : {prefer})},
        },
        (answer) => {
          const status = answer.statusCode ?? 502;
          const responseBody = recordStream(answer);
          if (!isLaterPage(route.path, status)) {
            outgoing.writeHead(status, answer.headers);
            answer.pipe(outgoing);
            outgoing.on('finish', () => answered(status, responseBody(), violationsOf(answer.headers['sl-violations'])));
            return;
          }
          answer.resume();
          answer.on('end', () => {
            const lastPage = lastPageOf(responseBody());
            outgoing.writeHead(status, {...answer.headers, 'content-length': String(Buffer.byteLength(lastPage))});
            outgoing.end(lastPage, () => answered(status, lastPage));
          });
        },
      );
      forwarded.on('error', (error) => {
        const message = `Sandbox could not reach Prism: ${error.message}`;
        outgoing.writeHead(502, {'content-type': 'text/plain'});
        outgoing.end(message, () => answered(502, message));
      });
      forwarded.end(body);
    };
    // The whole body first: it decides which of the spec's examples answers (sandbox-examples.ts).
    incoming.on('end', forward);
    incoming.resume();
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, '127.0.0.1', () => resolveListen());
  });

  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      stopPrism();
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}

if (process.argv[1]?.endsWith('sandbox.ts')) {
  const port = Number(process.env.ZIP_SANDBOX_PORT ?? 4010);
  startSandbox(port)
    .then((sandbox) => {
      console.log(
        `Zip API sandbox ready at ${sandbox.origin} (${mockedSpecs.map((mocked) => `${mocked.pathPrefix} from ${mocked.spec}`).join(', ')}).`,
      );
      console.log(`Run the site against it: ZIP_API_PROXY=${sandbox.origin} npm start`);
      const stop = () => void sandbox.close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
