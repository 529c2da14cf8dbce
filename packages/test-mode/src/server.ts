/**
 * The test mode on a loopback port, for programs that talk HTTP (a developer's shop on a laptop
 * through `npx <docs site>/downloads/zip-test-mode.tgz`, the Python reference integrations). No request can kill it: each
 * request's error is caught and answered in the specs' error shape (`4xx` for the client's fault,
 * `500` only for a bug), bodies are read as a stream up to a limit, and every answer carries a fresh
 * `Request-Id`, equal to an error's `request_id`. The API is answered by http/api.ts, the
 * `/_test-mode/…` controls by http/controls.ts; browsers are let in from the docs site's origins and
 * the loopback origins a developer allows (http/origins.ts).
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {facts} from '@zip/model/facts';
import {setTimeout as sleep} from 'node:timers/promises';
import {answerApi, type ApiAnswer} from './http/api';
import {readBody} from './http/body';
import {answerControl} from './http/controls';
import {errorBody, HttpError, invalidRequest, newRequestId} from './http/errors';
import {TestModeHost, type HostOptions} from './http/host';
import {checkHost, corsHeaders, loopbackOrigin, preflightHeaders, siteOrigins} from './http/origins';
import type {TestMode} from './testMode';

export interface RunningTestMode {
  readonly url: string;
  /** The test mode served now: a `POST /_test-mode/reset` replaces it. */
  readonly testMode: TestMode;
  close(): Promise<void>;
}

export interface ServeOptions extends HostOptions {
  readonly port?: number;
  /** Loopback origins, beside the docs site's, whose pages may call the test mode. */
  readonly allowOrigins?: readonly string[];
  /** Deliver due webhooks every second on their own, as Zip does (the bin); a test delivers with a control. */
  readonly autoDeliver?: boolean;
  /** Called once each answer has been sent in full, as the samples runner shows a failing sample's calls. */
  readonly onExchange?: (exchange: Exchange) => void;
}

/** One request the test mode answered, with its answer. */
export interface Exchange {
  readonly method: string;
  /** Path and query, as sent. */
  readonly path: string;
  readonly requestHeaders: IncomingMessage['headers'];
  readonly requestBody: string;
  readonly status: number;
  readonly responseBody: string;
}

/** Calls `onExchange` when the answer is sent, with the body `respond` read (`received`) and the one it wrote. */
function recordExchange(request: IncomingMessage, response: ServerResponse, onExchange: (exchange: Exchange) => void) {
  const received = {body: ''};
  const end = response.end.bind(response) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  let sent = '';
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) sent = chunk.toString();
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
  response.on('finish', () =>
    onExchange({
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      requestHeaders: request.headers,
      requestBody: received.body,
      status: response.statusCode,
      responseBody: sent,
    }),
  );
  return received;
}

const controlPrefix = '/_test-mode/';
/** The API explorer's proxy form, `/https://api.example.com/v2/charges` (its `proxy` option), is the API's path. */
const explorerPrefix = `/${new URL(facts.company.apiHost).origin}/`;

/** The request's target as a URL; an absolute-form or malformed target is a `400`. */
function targetOf(given: string | undefined): URL {
  const raw = given?.startsWith(explorerPrefix) ? given.slice(explorerPrefix.length - 1) : given;
  if (!raw?.startsWith('/') || raw.startsWith('//'))
    throw invalidRequest(400, 'request_malformed', 'The request target must be a path such as /v2/charges.');
  try {
    return new URL(raw, 'http://127.0.0.1');
  } catch {
    throw invalidRequest(400, 'request_malformed', `The request target ${raw.slice(0, 100)} is not a URL path.`);
  }
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, {'content-type': 'application/json', ...headers});
  response.end(JSON.stringify(body));
}

/** The answer's body with the request's own id, never a stored answer's. */
function withRequestId(body: Record<string, unknown>, requestId: string): Record<string, unknown> {
  const error = body.error as Record<string, unknown> | undefined;
  return error && typeof error === 'object' ? {...body, error: {...error, request_id: requestId}} : body;
}

async function respond(
  host: TestModeHost,
  allowed: ReadonlySet<string>,
  request: IncomingMessage,
  response: ServerResponse,
  requestId: string,
  received?: {body: string},
) {
  const origin = request.headers.origin;
  const headers = {'request-id': requestId, ...corsHeaders(origin, allowed)};
  const method = request.method ?? 'GET';
  try {
    checkHost(request.headers.host);
    const url = targetOf(request.url);
    if (method === 'OPTIONS') {
      response.writeHead(204, {'request-id': requestId, ...preflightHeaders(origin, allowed)});
      return void response.end();
    }
    const raw = await readBody(request);
    if (received) received.body = raw.toString('utf8');
    host.tick();
    let answer: ApiAnswer;
    if (url.pathname.startsWith(controlPrefix)) {
      const [status, body] = await answerControl(
        host,
        method,
        url.pathname.slice(controlPrefix.length),
        request.headers['content-type'],
        raw,
      );
      answer = {status, body};
    } else answer = answerApi(host, {method, url, headers: request.headers, raw});
    if (answer.lose) return void request.socket.destroy();
    if (answer.delayMs) await sleep(answer.delayMs);
    send(response, answer.status, withRequestId(answer.body, requestId), {...headers, ...answer.headers});
  } catch (error) {
    if (error instanceof HttpError) {
      const closing: Record<string, string> = error.status === 413 ? {connection: 'close'} : {};
      return send(response, error.status, errorBody(requestId, error.fields), {...headers, ...error.headers, ...closing});
    }
    // A client that hung up mid-body gets no answer; anything else is a bug, answered as one.
    if (request.socket.destroyed) return;
    send(
      response,
      500,
      errorBody(requestId, {
        type: 'api_error',
        code: 'internal_error',
        message: `test mode bug: ${(error as Error).stack ?? String(error)}`,
      }),
      headers,
    );
  }
}

/** Moves a live clock and delivers what is due, one round at a time; a failing round is logged, never thrown. */
function deliverEverySecond(host: TestModeHost): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    host.tick();
    host.testMode
      .deliverDue()
      .catch((error: unknown) => console.error('test mode: delivering webhooks failed:', error))
      .finally(() => (running = false));
  }, 1000);
  timer.unref();
  return timer;
}

/** Serves a test mode; a second argument of a number is the port, as it always was. */
export async function serveTestMode(testMode?: TestMode, options: number | ServeOptions = {}): Promise<RunningTestMode> {
  const settings: ServeOptions = typeof options === 'number' ? {port: options} : options;
  const host = new TestModeHost({...settings, first: testMode});
  const allowed = new Set([...siteOrigins, ...(settings.allowOrigins ?? []).map(loopbackOrigin)]);
  const server: Server = createServer((request, response) => {
    const requestId = newRequestId();
    const received = settings.onExchange ? recordExchange(request, response, settings.onExchange) : undefined;
    respond(host, allowed, request, response, requestId, received).catch(() => response.destroy());
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port ?? 0, '127.0.0.1', resolve);
  });
  const {port: bound} = server.address() as AddressInfo;
  const delivering = settings.autoDeliver ? deliverEverySecond(host) : undefined;
  return {
    url: `http://127.0.0.1:${bound}`,
    get testMode() {
      return host.testMode;
    },
    close: () =>
      new Promise((resolve) => {
        clearInterval(delivering);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
