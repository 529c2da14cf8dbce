/**
 * How the HTTP tests talk to a served test mode: the API with the sample test key, the controls
 * with JSON, and raw bytes on a socket for the requests `fetch` will not send.
 */
import assert from 'node:assert/strict';
import {randomUUID} from 'node:crypto';
import {connect} from 'node:net';
import {sampleSecretKey} from '@zip/model/testValues';

export type Json = Record<string, unknown>;
export interface Reply {
  readonly status: number;
  readonly body: Json;
  readonly headers: Headers;
}

export const basicAuth = 'Basic ' + Buffer.from(`${sampleSecretKey}:`).toString('base64');

/** One request; every answer must be JSON with a `Request-Id`, and an error's `request_id` must be it. */
export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const sent: Record<string, string> = {authorization: basicAuth, ...headers};
  if (body !== undefined) sent['content-type'] ??= 'application/json';
  if (method === 'POST' && !path.startsWith('/_test-mode/')) sent['idempotency-key'] ??= randomUUID();
  const response = await fetch(base + path, {
    method,
    headers: sent,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    // An answer that never comes fails the call instead of hanging the suite.
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const requestId = response.headers.get('request-id');
  assert.match(requestId ?? '', /^req_[A-Za-z0-9]{24}$/, `${method} ${path}: no Request-Id`);
  const parsed = text ? (JSON.parse(text) as Json) : {};
  const error = parsed.error as Json | undefined;
  if (error) assert.equal(error.request_id, requestId, `${method} ${path}: error.request_id is not the Request-Id header`);
  return {status: response.status, body: parsed, headers: response.headers};
}

export const control = (base: string, method: string, path: string, body: unknown = method === 'POST' ? {} : undefined) =>
  call(base, method, `/_test-mode/${path}`, body);

export const errorOf = (reply: Reply) => (reply.body.error ?? {}) as {code?: string; param?: string | null; message?: string};

/**
 * Writes raw bytes to the server and reads what comes back until it closes the connection or
 * `end` is false and it answers; `hangUp` closes our side right after writing, as a client that dies.
 */
export function raw(base: string, bytes: string | Buffer, {hangUp = false} = {}): Promise<string> {
  const {hostname, port} = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(bytes, () => {
        if (hangUp) {
          socket.destroy();
          resolve('');
        }
      });
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // One answer is enough: a status line and a complete body (this tool's answers have a length).
      const text = Buffer.concat(chunks).toString('latin1');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      const head = text.indexOf('\r\n\r\n');
      if (length !== undefined && head >= 0 && text.length >= head + 4 + Number(length)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', (error) => (hangUp ? resolve('') : reject(error)));
  });
}
