/**
 * Writes `<file>.gz` and `<file>.br` beside every text file of a build, so a
 * server sends the smallest encoding the client accepts without compressing
 * on each request (nginx: `gzip_static`, `brotli_static`). Files already
 * compressed since they last changed are skipped, so running it again is
 * cheap. It runs after `docusaurus build` rather than in a `postBuild` hook:
 * other plugins write the twins and the search index in theirs, at the same
 * time.
 */
import {readdir, readFile, stat, writeFile} from 'node:fs/promises';
import {extname, join} from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip} from 'node:zlib';
import {precompressedExtensions, precompressMinBytes} from './policy';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function isFresh(compressed: string, sourceModified: number): Promise<boolean> {
  try {
    return (await stat(compressed)).mtimeMs >= sourceModified;
  } catch {
    return false;
  }
}

export interface PrecompressResult {
  readonly files: number;
  readonly written: number;
}

export async function precompressBuild(root: string): Promise<PrecompressResult> {
  const extensions = new Set<string>(precompressedExtensions);
  const jobs: (() => Promise<void>)[] = [];
  let files = 0;
  for await (const file of walk(root)) {
    if (!extensions.has(extname(file))) continue;
    const info = await stat(file);
    if (info.size < precompressMinBytes) continue;
    files += 1;
    const [gzFresh, brFresh] = await Promise.all([isFresh(`${file}.gz`, info.mtimeMs), isFresh(`${file}.br`, info.mtimeMs)]);
    if (gzFresh && brFresh) continue;
    jobs.push(async () => {
      const content = await readFile(file);
      const [gz, br] = await Promise.all([
        gzipAsync(content, {level: 9}),
        brotliAsync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      ]);
      await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
    });
  }
  // zlib works on libuv's thread pool; a few files at a time keep every core busy.
  const concurrency = 4;
  let next = 0;
  await Promise.all(
    Array.from({length: concurrency}, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (job) await job();
      }
    }),
  );
  return {files, written: jobs.length};
}
