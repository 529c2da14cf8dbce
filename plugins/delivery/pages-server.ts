/**
 * Runs Wrangler's local Cloudflare Pages server over a build, on loopback:
 * `wrangler pages dev`, the CDN's own asset server (the code that applies
 * `_headers`, `_redirects` and Pages' route matching) on the workerd runtime
 * that ships in the npm package. The delivery tests ask it and nginx the same
 * questions; `npm run serve:pages` previews a build on it.
 *
 * Offline and unattended: no metrics, no update check (the banner is hidden),
 * no fetch of the `Request.cf` object, no login (a static build needs none).
 * The project's settings, the compatibility date among them, are in
 * `wrangler.toml`.
 */
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {freePort, waitUntilAnswering, type RunningServer} from './server';

interface PagesServeOptions {
  readonly root: string;
  /** 0 (the default) picks a free loopback port. */
  readonly port?: number;
  /** More arguments for `wrangler pages dev` (the MCP tests give theirs an inspector port and a state folder of its own). */
  readonly args?: readonly string[];
}

/** The environment that keeps Wrangler from reaching the network or asking anything. */
const offlineWranglerEnv: Readonly<Record<string, string>> = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  CI: 'true',
  // Its debug log, beside its local state, not in the home folder.
  WRANGLER_LOG_PATH: join('.wrangler', 'logs'),
};

const wranglerBinary = join('node_modules', '.bin', 'wrangler');

export async function startPagesServer(options: PagesServeOptions): Promise<RunningServer> {
  const root = resolve(options.root);
  if (!existsSync(join(root, '_headers'))) {
    throw new Error(`${join(root, '_headers')} is missing: build the site first (npm run build), the delivery plugin writes it.`);
  }
  const port = options.port || (await freePort());
  // Its own process group: stopping it stops workerd, which Wrangler starts.
  const args = ['pages', 'dev', root, '--ip', '127.0.0.1', '--port', String(port), '--log-level', 'warn', ...(options.args ?? [])];
  const child = spawn(wranglerBinary, args, {
    env: {...process.env, ...offlineWranglerEnv},
    stdio: ['ignore', 'inherit', 'pipe'],
    detached: true,
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    process.stderr.write(chunk);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, signal);
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering('wrangler pages dev', origin, child, () => errors, 60);
  } catch (error) {
    stop('SIGKILL');
    throw error;
  }
  return {
    origin,
    configFile: 'wrangler.toml',
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        stop('SIGTERM');
        await exited;
      }
    },
  };
}
