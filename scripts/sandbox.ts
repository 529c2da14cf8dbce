/**
 * A local sandbox of all four Zip APIs, mocked from openapi/*.yaml by Stoplight
 * Prism: it answers with the specs' examples, rejects requests that break the
 * spec, and sends CORS headers so the API explorer can call it.
 *
 *   npm run sandbox                 # http://127.0.0.1:4010
 *   ZIP_SANDBOX_PORT=5000 npm run sandbox
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

/** Every spec of the API reference (src/data/apiReference.ts), with the paths it serves. */
const mockedSpecs: readonly MockedSpec[] = sourceSpecs.map((spec) => {
  const {paths} = yaml.load(readFileSync(spec, 'utf8')) as {paths?: Record<string, unknown>};
  return {spec, pathPrefix: commonPathPrefix(Object.keys(paths ?? {}))};
});

const apiOrigin = 'https://api.example.com';

export interface RunningSandbox {
  readonly origin: string;
  close(): Promise<void>;
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

export async function startSandbox(port = 4010): Promise<RunningSandbox> {
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
    const route = routeRequest(incoming.url ?? '/', prismPorts);
    if (!route) {
      outgoing.writeHead(404, {
        'content-type': 'application/json',
        'access-control-allow-origin': incoming.headers.origin ?? '*',
      });
      outgoing.end(JSON.stringify({error: {type: 'not_found_error', code: 'resource_missing', message: `No Zip API serves ${incoming.url}.`, param: null, request_id: 'req_sandbox'}}));
      return;
    }
    const forwarded = httpRequest(
      {host: '127.0.0.1', port: route.port, method: incoming.method, path: route.path, headers: {...incoming.headers, host: `127.0.0.1:${route.port}`}},
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => {
      outgoing.writeHead(502, {'content-type': 'text/plain'});
      outgoing.end(`Sandbox could not reach Prism: ${error.message}`);
    });
    incoming.pipe(forwarded);
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
      console.log(`Zip API sandbox ready at ${sandbox.origin} (${mockedSpecs.map((mocked) => `${mocked.pathPrefix} from ${mocked.spec}`).join(', ')}).`);
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
