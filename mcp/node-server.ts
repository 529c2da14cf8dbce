/**
 * The docs MCP server as a Node.js process, for a self-hosted site: it answers
 * `POST /mcp` from a build folder, beside the nginx that serves that build
 * and proxies the path to it (plugins/delivery/nginx.ts, `mcpUpstream`).
 * `serve.ts` is its command.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import {readFile} from 'node:fs/promises';
import {existsSync} from 'node:fs';
import {join, normalize, resolve, sep} from 'node:path';
import {docsMcpPath} from '../src/data/docsMcp';
import {docsSources, handleMcpRequest} from './server';
import type {SiteFiles} from './site-files';

/** The most bytes a request body may have: MCP calls are small. */
const requestBodyLimit = 64 * 1024;

/** The files of a build folder. A path that would leave the folder has no file. */
function buildFolderFiles(buildDir: string): SiteFiles {
  const root = resolve(buildDir);
  return async (sitePath) => {
    const relative = normalize(decodeURIComponent(sitePath).replace(/^\/+/, ''));
    if (relative.split(sep).includes('..')) return undefined;
    try {
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

async function answer(request: IncomingMessage, response: ServerResponse, handle: (request: Request) => Promise<Response>): Promise<void> {
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  let reply: Response;
  if (url.pathname !== docsMcpPath) {
    reply = new Response('Not found: this server answers the docs MCP endpoint only.\n', {status: 404});
  } else {
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readBody(request);
    if (body === undefined && request.method === 'POST') {
      reply = new Response('Request body too large.\n', {status: 413});
    } else {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(', '));
      }
      reply = await handle(new Request(url, {method: request.method, headers, body: body ? new Uint8Array(body) : undefined}));
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
}): Promise<{server: Server; origin: string}> {
  if (!existsSync(join(options.buildDir, 'search-index.json'))) {
    throw new Error(`${join(options.buildDir, 'search-index.json')} is missing: build the site first (npm run build).`);
  }
  const sources = docsSources(buildFolderFiles(options.buildDir));
  const server = createServer((request, response) => {
    answer(request, response, (webRequest) => handleMcpRequest(webRequest, sources)).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500, {'content-type': 'text/plain; charset=utf-8'});
      response.end('Internal error.\n');
    });
  });
  await new Promise<void>((listening, failing) => {
    server.once('error', failing);
    server.listen(options.port, options.host, () => listening());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {server, origin: `http://${options.host}:${port}`};
}
