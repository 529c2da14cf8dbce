/**
 * How the twins cache (twins-cache.ts) keeps what it keeps from one build for
 * the next: in `node_modules/.cache`, beside Rspack's own cache, which
 * `npm run clear` and the bench's cold builds empty.
 */
import {mkdir, readFile, rename, writeFile} from 'node:fs/promises';
import path from 'node:path';

/** A folder of its own, for one plugin, in `node_modules/.cache`. */
export function keptFolder(siteDir: string, name: string): string {
  return path.join(siteDir, 'node_modules/.cache', name);
}

/**
 * Writes a file whole, then renames it into place: a build stopped halfway
 * leaves the old file or the new one, never half of one to be read later.
 */
export async function writeWhole(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), {recursive: true});
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}

/** A file of entries by key, under the fingerprint of what else decided them. */
interface KeptFile<Entry> {
  readonly fingerprint: string;
  readonly entries: Readonly<Record<string, Entry>>;
}

/**
 * The entries the last build kept in `file`, when it kept them under this
 * fingerprint. A file that is missing, cannot be read or has another
 * fingerprint holds nothing: every entry is made again.
 */
export async function readKept<Entry>(file: string, fingerprint: string): Promise<Map<string, Entry>> {
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as KeptFile<Entry>;
    if (kept.fingerprint === fingerprint) return new Map(Object.entries(kept.entries));
  } catch {
    // Nothing kept yet, or a file this code cannot read.
  }
  return new Map();
}

/** Keeps this build's entries, and only those, for the next build. */
export async function writeKept<Entry>(file: string, fingerprint: string, entries: ReadonlyMap<string, Entry>): Promise<void> {
  const kept: KeptFile<Entry> = {fingerprint, entries: Object.fromEntries(entries)};
  await writeWhole(file, JSON.stringify(kept));
}
