/**
 * What a writer waits for, measured for `npm run bench`: a cold build (`npm run build` on a fresh
 * clone: the API pages generated, the bundler's cache empty), a second build with the cache warm,
 * the dev server's first page (`npm start`, caches empty, then again with them warm) and a hot
 * reload after an MDX edit. It reports; nothing here fails on a timing.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync} from 'node:fs';
import {mkdtemp, readFile, readdir, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {chromium, type Browser, type Page} from 'playwright-core';
import {chromiumArgs, chromiumPath} from './chromium';

const root = process.cwd();

/** Runs a command with the output shown; fails, naming it, unless it exits with 0. */
export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(command, args, {stdio: ['ignore', 'inherit', 'inherit'], env});
    child.on('error', rejectRun);
    child.on('exit', (code) =>
      code === 0 ? resolveRun() : rejectRun(new Error(`${command} ${args.join(' ')} exited with ${String(code)}`)),
    );
  });
}

const seconds = (since: number): number => (performance.now() - since) / 1000;

/** What `npm run gen:api` runs (package.json), without npm's own start-up, which the bench does not time for the build either. */
const generateApiPages = ['--import', 'tsx', 'plugins/api-reference/generate.ts'] as const;

/**
 * Empties what makes a build warm, as `npm run clear` does: `node_modules/.cache` (Rspack's
 * persistent cache and all the site's plugins keep between builds, plugins/machine-readable/kept-between-builds.ts)
 * and Docusaurus's generated files; and the API pages' (whose fingerprint would skip their generation).
 */
export async function clearBuildCaches(): Promise<void> {
  await rm(resolve(root, '.generated'), {recursive: true, force: true});
  await rm(resolve(root, 'node_modules/.cache'), {recursive: true, force: true});
  await rm(resolve(root, '.docusaurus'), {recursive: true, force: true});
}

export interface BuildTiming {
  /** `npm run gen:api`. */
  readonly generateSeconds: number;
  /** `docusaurus build`. */
  readonly buildSeconds: number;
  /** The largest max RSS any build process reported. */
  readonly peakMemoryBytes: number;
  /** HTML pages written. */
  readonly pages: number;
}

export async function htmlPages(dir: string): Promise<number> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).length;
}

/** `npm run build` into `outDir`, its two steps timed; `cold` empties the caches first. */
export async function timeBuild(outDir: string, {cold, env = {}}: {cold: boolean; env?: NodeJS.ProcessEnv}): Promise<BuildTiming> {
  const environment = {...process.env, ...env};
  if (cold) await clearBuildCaches();
  let started = performance.now();
  await run(process.execPath, generateApiPages, environment);
  const generateSeconds = seconds(started);
  const rssFile = join(await mkdtemp(join(tmpdir(), 'zip-bench-')), 'rss.txt');
  const withRss = {
    ...environment,
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(resolve(root, 'packages/perf/src/report-max-rss.mjs')).href}`.trim(),
    ZIP_BENCH_RSS_FILE: rssFile,
  };
  started = performance.now();
  await run(process.execPath, ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build', '--out-dir', outDir], withRss);
  const buildSeconds = seconds(started);
  const reported = existsSync(rssFile) ? await readFile(rssFile, 'utf8') : '';
  const peakMemoryBytes = Math.max(0, ...reported.split('\n').filter(Boolean).map(Number));
  return {generateSeconds, buildSeconds, peakMemoryBytes, pages: await htmlPages(outDir)};
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s.`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

export interface DevServerTiming {
  /** From `npm start` to the first page drawn, caches empty (the API pages generated first, as `npm start` does). */
  readonly firstPageSeconds: number;
  /** The same again once the first server has stopped: the bundler's persistent cache warm, the API pages current. */
  readonly warmFirstPageSeconds: number;
  /** From saving an MDX edit to the open page showing it. */
  readonly hotReloadSeconds: number[];
}

/** A site for the dev-server timing: where it is, the page it edits and watches, and whether `npm start` generates API pages first. */
export interface DevSite {
  /** The site's directory, for `docusaurus start <dir>`; the project when absent. */
  readonly siteDir?: string;
  readonly editedPage: {readonly file: string; readonly path: string};
  readonly generatesApiPages: boolean;
}

/** This site, editing a guide. */
export const ourDevSite: DevSite = {
  editedPage: {file: 'guides/getting-started.mdx', path: '/guides/getting-started'},
  generatesApiPages: true,
};

interface RunningDevServer {
  /** Ends the server's process group; resolves once it has exited, its port free again. */
  readonly stop: () => Promise<void>;
}

/** `npm start` for `site` on `port`: the API pages generated first (skipped when current) when the site does. */
async function startDevServer(port: number, site: DevSite): Promise<RunningDevServer> {
  if (site.generatesApiPages) await run(process.execPath, generateApiPages);
  const server: ChildProcess = spawn(
    process.execPath,
    [
      'node_modules/@docusaurus/core/bin/docusaurus.mjs',
      'start',
      ...(site.siteDir === undefined ? [] : [site.siteDir]),
      '--port',
      String(port),
      '--no-open',
    ],
    {stdio: ['ignore', 'ignore', 'inherit'], detached: true},
  );
  const exited = new Promise<void>((resolveExit) => server.once('exit', () => resolveExit()));
  return {
    stop: async () => {
      const running = server.exitCode === null && server.signalCode === null;
      if (running && server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
      await exited;
    },
  };
}

/** Opens `url` once the server answers it, and waits for the page drawn (its h1), what a writer waits for. */
async function openWhenDrawn(browser: Browser, url: string): Promise<Page> {
  await waitFor(() => answers(url), 300_000, 'The dev server answering');
  const page = await browser.newPage();
  await page.goto(url);
  await page.locator('h1').waitFor({timeout: 300_000});
  return page;
}

/**
 * `npm start` on `port`, timed to its first page with caches empty, then three MDX edits timed to
 * the page showing them; then stopped and started again, timed to its first page with caches warm.
 */
export async function timeDevServer(port: number, site: DevSite = ourDevSite): Promise<DevServerTiming> {
  const {editedPage} = site;
  const url = `http://localhost:${port}${editedPage.path}`;
  if (site.siteDir === undefined) await clearBuildCaches();
  const original = await readFile(editedPage.file, 'utf8');
  const browser = await chromium.launch({executablePath: chromiumPath, args: [...chromiumArgs]});
  let server: RunningDevServer | undefined;
  try {
    let started = performance.now();
    server = await startDevServer(port, site);
    const page = await openWhenDrawn(browser, url);
    const firstPageSeconds = seconds(started);
    const hotReloadSeconds: number[] = [];
    for (let edit = 1; edit <= 3; edit++) {
      const marker = `Bench edit ${edit} at ${Date.now()}.`;
      const saved = performance.now();
      await writeFile(editedPage.file, `${original.trimEnd()}\n\n${marker}\n`);
      await page.getByText(marker).waitFor({timeout: 60_000});
      hotReloadSeconds.push(seconds(saved));
    }
    await writeFile(editedPage.file, original);
    await page.close();
    await server.stop();
    started = performance.now();
    server = await startDevServer(port, site);
    await openWhenDrawn(browser, url);
    return {firstPageSeconds, warmFirstPageSeconds: seconds(started), hotReloadSeconds};
  } finally {
    await writeFile(editedPage.file, original);
    await browser.close();
    await server?.stop();
  }
}
