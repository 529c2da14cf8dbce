/**
 * A record of what the generated pages were made from, so that a writer's
 * second `npm run build` or `npm start` skips regenerating them when nothing
 * they come from has changed.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';

/**
 * What the generated pages are made from. A change to any of these files
 * regenerates them.
 */
const generatorInputs = ['openapi', 'packages/model/src', 'plugins', 'packages/test-mode/src', 'docusaurus.config.ts', 'package-lock.json'];
/** The generator's record of what it last generated from, and what it wrote. */
const fingerprintFile = '.generated/fingerprint.json';
/** Files the generator writes into api/ (the patterns .gitignore lists as build output). */
const generatedPage = /(\.(api|info|tag|schema)\.mdx|[\\/]sidebar\.ts|\.json)$/;
/** Written into .generated/ by the build, not by the generator (the published specs, plugins/machine-readable). */
const writtenByBuild = '.generated/static/';

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** One hash over the files' paths and contents. */
function hashFiles(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(file));
  return hash.digest('hex');
}

/** The generated files: the pages, their props and sidebars in api/ and what the generator writes into .generated/. */
export function generatedFiles(): string[] {
  return [
    ...filesUnder('api').filter((file) => generatedPage.test(file)),
    ...filesUnder('.generated').filter((file) => file !== fingerprintFile && !file.startsWith(writtenByBuild)),
  ];
}

interface Fingerprint {
  readonly inputs: string;
  readonly outputs: string;
}

/** The hash of the generator's inputs, as they are now. */
export function currentInputs(): string {
  return hashFiles(generatorInputs.flatMap(filesUnder));
}

/**
 * True when the last generation used the same inputs and its output is as it
 * wrote it. `--force` regenerates anyway.
 */
export function generatedIsCurrent(inputs: string): boolean {
  if (process.argv.includes('--force') || !existsSync(fingerprintFile)) return false;
  const recorded = JSON.parse(readFileSync(fingerprintFile, 'utf8')) as Fingerprint;
  return recorded.inputs === inputs && recorded.outputs === hashFiles(generatedFiles());
}

/** Records `inputs` and the files generated from them; call it last. */
export function writeFingerprint(inputs: string): void {
  const fingerprint: Fingerprint = {inputs, outputs: hashFiles(generatedFiles())};
  writeFileSync(fingerprintFile, `${JSON.stringify(fingerprint, null, 2)}\n`);
}
