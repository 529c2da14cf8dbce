/**
 * Serves a production build the way a CDN does: clean URLs (`/guides/intro`
 * from `guides/intro/index.html` or `guides/intro.html`), files as they are
 * (`/guides/intro/index.html` is served, not redirected), and `404.html` with
 * status 404 for anything else. Optional gzip, for the benchmark.
 *
 * Used by the end-to-end tests and the benchmark; also runnable by hand:
 *   npx tsx scripts/static-server.ts [--port 3000] [--gzip] [build-dir]
 */
import {createServer, type Server} from 'node:http';
import {readFile, stat} from 'node:fs/promises';
import {extname, join, normalize, resolve, sep} from 'node:path';
import {gzipSync} from 'node:zlib';

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.txt', '.md', '.yaml', '.yml', '.svg']);

export interface StaticServerOptions {
  readonly root: string;
  readonly port?: number;
  readonly gzip?: boolean;
}

export interface RunningServer {
  readonly origin: string;
  readonly server: Server;
  close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Finds the file a CDN would serve for a URL path, or undefined for a 404. */
async function resolveFile(root: string, urlPath: string): Promise<string | undefined> {
  const decoded = decodeURIComponent(urlPath);
  const target = normalize(join(root, decoded));
  if (target !== root && !target.startsWith(root + sep)) {
    return undefined;
  }
  const candidates = decoded.endsWith('/')
    ? [join(target, 'index.html')]
    : [target, `${target}.html`, join(target, 'index.html')];
  for (const candidate of candidates) {
    if (await isFile(candidate)) {
      return candidate;
    }
  }
  return undefined;
}

export async function startStaticServer(options: StaticServerOptions): Promise<RunningServer> {
  const root = resolve(options.root);
  if (!(await isFile(join(root, 'index.html')))) {
    throw new Error(`No production build in ${root}: run \`npm run build\` first.`);
  }
  const gzipCache = new Map<string, Buffer>();

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const found = await resolveFile(root, url.pathname);
      const file = found ?? join(root, '404.html');
      const status = found ? 200 : 404;
      const extension = extname(file);
      let body: Buffer = await readFile(file);
      const headers: Record<string, string> = {
        'content-type': contentTypes[extension] ?? 'application/octet-stream',
        'cache-control': extension === '.html' ? 'no-cache' : 'public, max-age=31536000, immutable',
      };
      const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (options.gzip && acceptsGzip && compressible.has(extension)) {
        const cached = gzipCache.get(file) ?? gzipSync(body, {level: 6});
        gzipCache.set(file, cached);
        body = cached;
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      headers['content-length'] = String(body.length);
      response.writeHead(status, headers);
      response.end(request.method === 'HEAD' ? undefined : body);
    })().catch((error: unknown) => {
      response.writeHead(500, {'content-type': 'text/plain'});
      response.end(String(error));
    });
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('The static server did not get a TCP port.');
  }
  return {
    origin: `http://127.0.0.1:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

async function main(args: readonly string[]): Promise<void> {
  const portIndex = args.indexOf('--port');
  const port = portIndex >= 0 ? Number(args[portIndex + 1]) : 3000;
  const positional = args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--port');
  const root = positional[0] ?? 'build';
  const running = await startStaticServer({root, port, gzip: args.includes('--gzip')});
  console.log(`Serving ${root} at ${running.origin}`);
}

if (process.argv[1]?.endsWith('static-server.ts')) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
