/**
 * Runs nginx over a build with the delivery policy, on loopback: what
 * `npm run serve`, the browser tests and the benchmark serve the site with.
 * nginx runs in the foreground as a child process with a configuration and
 * runtime folder of its own, and is stopped with the caller.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {existsSync} from 'node:fs';
import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {renderNginxConfig} from './nginx';
import {precompressBuild} from './precompress';

export interface RunningServer {
  readonly origin: string;
  readonly configFile: string;
  close(): Promise<void>;
}

export interface ServeOptions {
  readonly root: string;
  /** 0 (the default) picks a free loopback port. */
  readonly port?: number;
  /** Serve as a host search engines must not index (NginxOptions.noindex). */
  readonly noindex?: boolean;
  /** `host:port` of the docs MCP server nginx proxies its path to (NginxOptions.mcpUpstream). */
  readonly mcpUpstream?: string;
}

const nginxBinary = process.env.NGINX_PATH ?? 'nginx';

export function freePort(): Promise<number> {
  return new Promise((resolvePort, rejectPort) => {
    const probe = createServer();
    probe.once('error', rejectPort);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : rejectPort(new Error('no port'))));
    });
  });
}

/** Resolves once the server answers at its origin; fails, with what it wrote, if it exits first or the time is up. */
export async function waitUntilAnswering(
  name: string,
  origin: string,
  child: ChildProcess,
  stderr: () => string,
  seconds = 15,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}:\n${stderr()}`);
    try {
      const response = await fetch(`${origin}/`, {redirect: 'manual'});
      await response.arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${name} did not answer at ${origin} within ${seconds} s:\n${stderr()}`);
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const root = resolve(options.root);
  if (!existsSync(join(root, '_headers'))) {
    throw new Error(`${join(root, '_headers')} is missing: build the site first (npm run build), the delivery plugin writes it.`);
  }
  if (spawnSync(nginxBinary, ['-v']).error) {
    throw new Error(
      `nginx is not installed (looked for "${nginxBinary}"). Run bash scripts/setup-tests.sh, which installs Debian's nginx-light and libnginx-mod-http-brotli-static.`,
    );
  }
  await precompressBuild(root);
  const runtimeDir = await mkdtemp(join(tmpdir(), 'zip-docs-nginx-'));
  const port = options.port || (await freePort());
  const configFile = join(runtimeDir, 'nginx.conf');
  const isRoot = process.getuid?.() === 0;
  await writeFile(
    configFile,
    renderNginxConfig({
      buildDir: root,
      port,
      runtimeDir,
      user: isRoot ? 'root' : undefined,
      noindex: options.noindex,
      mcpUpstream: options.mcpUpstream,
    }),
  );
  const child = spawn(nginxBinary, ['-p', runtimeDir, '-c', configFile, '-e', 'stderr'], {stdio: ['ignore', 'inherit', 'pipe']});
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering('nginx', origin, child, () => errors);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(runtimeDir, {recursive: true, force: true});
    throw error;
  }
  return {
    origin,
    configFile,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(runtimeDir, {recursive: true, force: true});
    },
  };
}
