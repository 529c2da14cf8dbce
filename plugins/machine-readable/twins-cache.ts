/**
 * The Markdown twins a build made, kept for the next build: a twin whose
 * inputs are the same again is read back instead of converted again.
 *
 * A twin is a function of its inputs and of the code that converts them. The
 * key of each twin is the hash of its inputs as twins.ts lists them (an
 * endpoint page's operation and title; a content page's article HTML and
 * description; the page's path, source and the site's addresses) and of the
 * fingerprint of the code: every file of `twinsCode` (this folder, `src/utils/`, the sample key's `src/data/testValues.ts`, the changelog's `src/data/apiChangelog.ts`, the API products of `src/data/apiReference.ts`
 * and the cache file's reader; what twins.ts imports, `tests/unit/twins-cache.test.ts`
 * checks that), the
 * lockfile (every package's version) and Node's version. So an edit to one
 * page converts that page again, and a change to the converter converts all.
 *
 * The cache holds the last build's twins only, kept as every plugin keeps
 * what it keeps (kept-between-builds.ts).
 */
import {createHash} from 'node:crypto';
import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {keptFolder, readKept, writeKept} from './kept-between-builds';

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

/** The folders and files whose content the twins depend on, relative to the site (the lockfile besides). */
export const twinsCode = [
  'plugins/machine-readable',
  'src/utils',
  'src/data/testValues.ts',
  'src/data/apiChangelog.ts',
  'src/data/apiReference.ts',
] as const;
const lockfile = 'package-lock.json';

export function twinsCacheFile(siteDir: string): string {
  return path.join(keptFolder(siteDir, 'zip-markdown-twins'), 'twins.json');
}

/** The hash of the code that converts twins: see the top of this file. */
export function twinsCodeFingerprint(siteDir: string): string {
  const hash = createHash('sha256').update(process.version);
  const files = [
    ...twinsCode.flatMap((place) =>
      statSync(path.join(siteDir, place)).isFile()
        ? [place]
        : readdirSync(path.join(siteDir, place), {recursive: true, withFileTypes: true})
            .filter((entry) => entry.isFile())
            .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name))),
    ),
    lockfile,
  ].sort();
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(path.join(siteDir, file)));
  return hash.digest('hex');
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
    return new TwinsCache(settings, settings ? await readKept<ConvertedTwin>(settings.file, settings.fingerprint) : new Map());
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
    if (this.settings) await writeKept(this.settings.file, this.settings.fingerprint, this.used);
  }
}
