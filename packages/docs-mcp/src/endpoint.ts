/**
 * The MCP endpoint's HTTP edge, the same in the Node.js process and the Pages
 * Function: what a request must be before the server works on it, and the
 * work budget of limits.ts. A request is POST from the site's own origin or
 * from a client that sends none (the MCP specification's defence against DNS
 * rebinding), at most `requestBodyLimit` bytes of JSON-RPC, at most
 * `batchLimit` messages. The budget is shared fairly: each client (its
 * address) has at most `clientCallsInFlightLimit` calls in flight, the process
 * or isolate at most `callsInFlightLimit`, and tool calls are taken one per
 * turn of the event loop, the clients waiting taking turns, so a client's
 * heavy batches never keep another's call or `ping` waiting behind them.
 * Every refusal is a 4xx (or 503) with a short JSON-RPC error, never a stack.
 */
import type {JSONRPCMessage} from '@modelcontextprotocol/sdk/types.js';
import {batchLimit, callsInFlightLimit, clientCallsInFlightLimit, requestBodyLimit, retryAfterSeconds} from './limits';
import {invalidParams, invalidParamsCode} from './request-params';

/** A JSON-RPC error answer with no id, as the transport writes its own. */
export function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}, code = -32000): Response {
  return new Response(JSON.stringify({jsonrpc: '2.0', error: {code, message}, id: null}), {
    status,
    headers: {'content-type': 'application/json', ...headers},
  });
}

/** True when the request's Origin, if it sends one, is allowed. */
export function originAllowed(request: Request, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.get('origin');
  return origin === null || allowedOrigins.includes(origin);
}

/** The body as text, or undefined once it passes the limit (declared or read). */
async function boundedText(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > requestBodyLimit) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > requestBodyLimit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(body);
}

let callsInFlight = 0;
/** Calls in flight by client; a client with none has no entry. */
const clientCallsInFlight = new Map<string, number>();

/** The first id that two requests of a batch share, as JSON, or undefined. */
function repeatedId(body: unknown): string | undefined {
  if (!Array.isArray(body)) return undefined;
  const seen = new Set<string>();
  for (const message of body as unknown[]) {
    if (typeof message !== 'object' || message === null || !('id' in message) || !('method' in message)) continue;
    const id = JSON.stringify((message as {id: unknown}).id).slice(0, 40);
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/**
 * Checks a request against the budget and, when it passes, runs it with its
 * parsed body. The transport (which checks Accept, Content-Type and the
 * messages themselves) gets the body parsed here.
 */
export async function withinBudget(
  request: Request,
  allowedOrigins: readonly string[],
  client: string,
  run: (parsedBody: unknown) => Promise<Response>,
): Promise<Response> {
  if (request.method !== 'POST') {
    // Stateless, with JSON answers: no stream to open with GET, no session to end with DELETE.
    return jsonRpcError(405, 'Method not allowed: send MCP messages with POST.', {allow: 'POST'});
  }
  if (!originAllowed(request, allowedOrigins)) {
    return jsonRpcError(403, `Origin not allowed: ${request.headers.get('origin')?.slice(0, 100)}.`);
  }
  const text = await boundedText(request);
  if (text === undefined) return jsonRpcError(413, `Request body too large: at most ${requestBodyLimit} bytes.`);
  let parsedBody: unknown;
  try {
    parsedBody = JSON.parse(text);
  } catch {
    return jsonRpcError(400, 'Parse error: the body is not JSON.', {}, -32700);
  }
  const calls = Array.isArray(parsedBody) ? parsedBody.length : 1;
  if (calls === 0 || calls > batchLimit) {
    return jsonRpcError(400, `Invalid request: a batch holds 1 to ${batchLimit} messages; this one has ${calls}.`, {}, -32600);
  }
  const repeated = repeatedId(parsedBody);
  if (repeated !== undefined) {
    // Answers are told apart by id alone (JSON-RPC 2.0, section 6), and MCP forbids reusing one: one answer per id would lose a call.
    return jsonRpcError(400, `Invalid request: each message of a batch needs an id of its own; ${repeated} is used twice.`, {}, -32600);
  }
  const clientCalls = clientCallsInFlight.get(client) ?? 0;
  if (clientCalls + calls > clientCallsInFlightLimit || callsInFlight + calls > callsInFlightLimit) {
    return jsonRpcError(503, `Server busy: try again in ${retryAfterSeconds} s.`, {'retry-after': String(retryAfterSeconds)});
  }
  callsInFlight += calls;
  clientCallsInFlight.set(client, clientCalls + calls);
  try {
    return await run(parsedBody);
  } finally {
    callsInFlight -= calls;
    const left = (clientCallsInFlight.get(client) ?? calls) - calls;
    if (left > 0) clientCallsInFlight.set(client, left);
    else clientCallsInFlight.delete(client);
  }
}

/**
 * Resolves on a later turn of the event loop, after pending I/O (other
 * clients' requests) has run. In Node.js, `setImmediate`: one scheduled while
 * a call works runs only after the next poll for I/O, where an expired
 * `setTimeout` would run the next call in the same timers phase, before any
 * I/O. Workers have no `setImmediate`; their timers wait on the same event loop as I/O.
 */
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/**
 * The tool calls waiting for a turn, by client, in the order the clients take
 * turns: the first client's first call goes next, and that client moves to
 * the back. A client with no call waiting has no entry.
 */
const waitingCalls = new Map<string, (() => void)[]>();
let turnsRunning = false;

async function runTurns(): Promise<void> {
  turnsRunning = true;
  while (waitingCalls.size > 0) {
    await nextTurn();
    const [client, calls] = waitingCalls.entries().next().value as [string, (() => void)[]];
    waitingCalls.delete(client);
    const start = calls.shift();
    if (calls.length > 0) waitingCalls.set(client, calls);
    start?.();
  }
  turnsRunning = false;
}

/**
 * The next tool call's turn: one per turn of the event loop, the clients with calls waiting taking
 * turns. A client with none waiting goes first: a light client's call waits for the search under
 * way, not for one of every heavy client's.
 */
function toolCallTurn(client: string): Promise<void> {
  return new Promise((start) => {
    const calls = waitingCalls.get(client);
    if (calls) {
      calls.push(start);
    } else {
      const others = [...waitingCalls];
      waitingCalls.clear();
      waitingCalls.set(client, [start]);
      for (const [other, theirs] of others) waitingCalls.set(other, theirs);
    }
    if (!turnsRunning) void runTurns();
  });
}

/** The part of a transport this needs: the handler the server set on connecting, and its way to answer. */
interface MessageReceiver {
  onmessage?: ((message: JSONRPCMessage, extra?: never) => void) | undefined;
  send(message: JSONRPCMessage): Promise<void>;
}

/**
 * Stands between the transport and the connected server: a request whose
 * params do not fit its method is answered `-32602` here (request-params.ts),
 * and each tool call is taken on a turn of its own: a search is synchronous
 * work, and calls run back to back would keep every other request (a `ping`
 * too) waiting for all of them.
 */
export function pacedToolCalls(transport: MessageReceiver, client: string): void {
  const deliver = transport.onmessage;
  if (!deliver) throw new Error('packages/docs-mcp/src/endpoint.ts: pace the transport after the server connects to it.');
  transport.onmessage = (message, extra) => {
    const wrongParams = invalidParams(message);
    if (wrongParams !== undefined && 'id' in message) {
      void transport.send({jsonrpc: '2.0', id: message.id, error: {code: invalidParamsCode, message: wrongParams}});
      return;
    }
    if (!('method' in message) || message.method !== 'tools/call') {
      deliver(message, extra);
      return;
    }
    void toolCallTurn(client).then(() => deliver(message, extra));
  };
}
