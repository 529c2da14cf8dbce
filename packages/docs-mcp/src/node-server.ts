/**
 * The docs MCP server as a Node.js process, for a self-hosted site: it answers
 * `POST /mcp` from a build folder, beside the nginx that serves that build
 * and proxies the path to it (plugins/delivery/nginx.ts, `mcpUpstream`).
 * `serve.ts` is its command.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import {readFile} from 'node:fs/promises';
import {existsSync, readFileSync} from 'node:fs';
import {join, normalize, resolve, sep} from 'node:path';
import {docsMcpPath} from '@zip/model/docsMcp';
import {docsSources, handleMcpRequest} from './server';
import {jsonRpcError} from './endpoint';
import {requestBodyLimit} from './limits';
import {siteOriginsOf} from './site-origins';
import type {SiteFiles} from './site-files';

/** The files of a build folder. A path that would leave the folder has no file. */
function buildFolderFiles(buildDir: string): SiteFiles {
  const root = resolve(buildDir);
  return async (sitePath) => {
    try {
      // A path that does not decode ("%") names no file, as on Pages.
      const relative = normalize(decodeURIComponent(sitePath).replace(/^\/+/, ''));
      if (relative.split(sep).includes('..')) return undefined;
      return await readFile(join(root, relative), 'utf8');
    } catch {
      return undefined;
    }
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > requestBodyLimit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The request's URL, or undefined when its Host header cannot be part of one. */
function requestUrl(request: IncomingMessage): URL | undefined {
  try {
    return new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  } catch {
    return undefined;
  }
}

const loopbackAddress = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Who sent the request, for a client's share of the work budget: its address, or the one nginx
 * names in `X-Real-IP` when the request comes from nginx on the same machine (loopback).
 */
export function clientAddressOf(request: IncomingMessage): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  const forwarded = request.headers['x-real-ip'];
  return loopbackAddress.test(peer) && typeof forwarded === 'string' && forwarded !== '' ? forwarded.slice(0, 64) : peer;
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  handle: (request: Request, client: string) => Promise<Response>,
): Promise<void> {
  const client = clientAddressOf(request);
  const url = requestUrl(request);
  let reply: Response;
  if (!url) {
    reply = jsonRpcError(400, 'Bad request: the Host header is not a host name.');
  } else if (url.pathname !== docsMcpPath) {
    reply = new Response('Not found: this server answers the docs MCP endpoint only.\n', {status: 404});
  } else if (request.method !== 'POST') {
    // The endpoint answers other methods with 405; a Request cannot even be made with some (TRACE, CONNECT).
    reply = await handle(new Request(url, {method: 'GET'}), client);
  } else {
    const body = await readBody(request);
    if (body === undefined) {
      reply = jsonRpcError(413, `Request body too large: at most ${requestBodyLimit} bytes.`);
    } else {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(', '));
      }
      reply = await handle(new Request(url, {method: 'POST', headers, body: new Uint8Array(body)}), client);
    }
  }
  const replyHeaders: Record<string, string> = {};
  reply.headers.forEach((value, name) => (replyHeaders[name] = value));
  response.writeHead(reply.status, replyHeaders);
  response.end(Buffer.from(await reply.arrayBuffer()));
}

/** Starts the server on host:port (port 0 picks one); resolves once it listens. */
export async function startDocsMcpServer(options: {
  buildDir: string;
  host: string;
  port: number;
  /** Origins besides the site's own whose pages may call the endpoint. */
  allowedOrigins?: readonly string[];
}): Promise<{server: Server; origin: string}> {
  if (!existsSync(join(options.buildDir, 'search-index.json'))) {
    throw new Error(`${join(options.buildDir, 'search-index.json')} is missing: build the site first (npm run build).`);
  }
  const sources = docsSources(buildFolderFiles(options.buildDir));
  const robots = join(options.buildDir, 'robots.txt');
  const allowedOrigins = [
    ...siteOriginsOf(existsSync(robots) ? readFileSync(robots, 'utf8') : undefined),
    ...(options.allowedOrigins ?? []),
  ];
  const server = createServer((request, response) => {
    answer(request, response, (webRequest, client) => handleMcpRequest(webRequest, sources, allowedOrigins, client)).catch(
      (error: unknown) => {
        console.error(error);
        if (!response.headersSent) response.writeHead(500, {'content-type': 'text/plain; charset=utf-8'});
        response.end('Internal error.\n');
      },
    );
  });
  await new Promise<void>((listening, failing) => {
    server.once('error', failing);
    server.listen(options.port, options.host, () => listening());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {server, origin: `http://${options.host}:${port}`};
}
