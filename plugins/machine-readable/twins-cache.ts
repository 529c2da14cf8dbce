/**
 * The Markdown twins a build made, kept for the next build: a twin whose
 * inputs are the same again is read back instead of converted again.
 *
 * A twin is a function of its inputs and of the code that converts them. The
 * key of each twin is the hash of its inputs as twins.ts lists them (an
 * endpoint page's operation and title; a content page's article HTML and
 * description; the page's path, source and the site's addresses) and of the
 * fingerprint of the code: every file of this folder and of `src/utils/`
 * (what twins.ts imports, `tests/unit/twins-cache.test.ts` checks that), the
 * lockfile (every package's version) and Node's version. So an edit to one
 * page converts that page again, and a change to the converter converts all.
 *
 * The cache holds the last build's twins only (`node_modules/.cache`, which
 * `npm run clear` empties, as the bench does before a cold build). A cache
 * file that cannot be read is a cache with nothing in it.
 */
import {createHash} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';
import {mkdir, readFile, rename, writeFile} from 'node:fs/promises';
import path from 'node:path';

/** What a twin's conversion gives: its Markdown and what llms.txt says of it. */
export interface ConvertedTwin {
  readonly markdown: string;
  readonly title: string;
  readonly description?: string;
}

/** Where the cache is and the fingerprint of the code that made it. */
export interface TwinsCacheSettings {
  readonly file: string;
  readonly fingerprint: string;
}

/** The folders and files whose content the twins depend on, relative to the site. */
export const twinsCodeFolders = ['plugins/machine-readable', 'src/utils'] as const;
const lockfile = 'package-lock.json';

export function twinsCacheFile(siteDir: string): string {
  return path.join(siteDir, 'node_modules/.cache/zip-markdown-twins/twins.json');
}

/** The hash of the code that converts twins: see the top of this file. */
export function twinsCodeFingerprint(siteDir: string): string {
  const hash = createHash('sha256').update(process.version);
  const files = [
    ...twinsCodeFolders.flatMap((folder) =>
      readdirSync(path.join(siteDir, folder), {recursive: true, withFileTypes: true})
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name))),
    ),
    lockfile,
  ].sort();
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(path.join(siteDir, file)));
  return hash.digest('hex');
}

interface CacheFile {
  readonly fingerprint: string;
  readonly twins: Readonly<Record<string, ConvertedTwin>>;
}

export class TwinsCache {
  private readonly kept: ReadonlyMap<string, ConvertedTwin>;
  private readonly used = new Map<string, ConvertedTwin>();

  private constructor(
    private readonly settings: TwinsCacheSettings | undefined,
    kept: ReadonlyMap<string, ConvertedTwin>,
  ) {
    this.kept = kept;
  }

  /** The cache the last build left with this code's fingerprint; an empty one without settings. */
  static async open(settings: TwinsCacheSettings | undefined): Promise<TwinsCache> {
    if (!settings) return new TwinsCache(undefined, new Map());
    let kept = new Map<string, ConvertedTwin>();
    try {
      const stored = JSON.parse(await readFile(settings.file, 'utf8')) as CacheFile;
      if (stored.fingerprint === settings.fingerprint) kept = new Map(Object.entries(stored.twins));
    } catch {
      // No cache yet, or one this code cannot read: every twin is converted.
    }
    return new TwinsCache(settings, kept);
  }

  /** The twin kept for these inputs, or the one `convert` makes (kept for the next build). */
  async remember(inputs: readonly unknown[], convert: () => ConvertedTwin | Promise<ConvertedTwin>): Promise<ConvertedTwin> {
    const key = createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
    const twin = this.used.get(key) ?? this.kept.get(key) ?? (await convert());
    this.used.set(key, twin);
    return twin;
  }

  /** Writes this build's twins, and only those, for the next build. */
  async save(): Promise<void> {
    if (!this.settings) return;
    const stored: CacheFile = {fingerprint: this.settings.fingerprint, twins: Object.fromEntries(this.used)};
    await mkdir(path.dirname(this.settings.file), {recursive: true});
    // Written whole, then renamed: a build stopped halfway leaves the old cache or the new one.
    const partial = `${this.settings.file}.${process.pid}.partial`;
    await writeFile(partial, JSON.stringify(stored));
    await rename(partial, this.settings.file);
  }
}
