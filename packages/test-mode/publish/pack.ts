/**
 * The test mode as a package a reader runs with nothing else installed:
 * `npx <site>/downloads/zip-test-mode.tgz`. One ES module bundled by esbuild (the command, the
 * model, its rules from packages/model, Ajv, and the four specs already parsed in place of
 * src/specDocuments.ts, package.json's `#spec-documents`), with a package.json naming its `bin`, the README and the licence.
 */
import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {build, type Plugin} from 'esbuild';
import {specDocuments, specNames} from '../src/specDocuments';

const packageDir = join(import.meta.dirname, '..');
const repositoryRoot = join(packageDir, '../..');

/** The specs parsed at pack time, where the repository's command reads them from `openapi/`. */
const embeddedSpecs: Plugin = {
  name: 'zip-embedded-specs',
  setup(bundler) {
    bundler.onResolve({filter: /^#spec-documents$/}, () => ({path: 'specDocuments', namespace: 'zip-embedded-specs'}));
    bundler.onLoad({filter: /.*/, namespace: 'zip-embedded-specs'}, () => ({
      contents: `export const specNames = ${JSON.stringify(specNames)};\nexport const specDocuments = ${JSON.stringify(specDocuments)};\n`,
      loader: 'js',
    }));
  },
};

/** Writes the package's tarball to `outFile`. */
export async function packTestMode(outFile: string): Promise<void> {
  const {version, description} = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
    description: string;
  };
  const staging = mkdtempSync(join(tmpdir(), 'zip-test-mode-'));
  try {
    await build({
      entryPoints: [join(packageDir, 'src/serve.ts')],
      outfile: join(staging, 'zip-test-mode.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      legalComments: 'none',
      logLevel: 'warning',
      // Ajv and js-yaml are CommonJS: their require() of Node's own modules needs one in an ES module.
      banner: {js: "#!/usr/bin/env node\nimport {createRequire} from 'node:module';\nconst require = createRequire(import.meta.url);"},
      plugins: [embeddedSpecs],
    });
    const manifest = {
      name: 'zip-test-mode',
      version,
      description,
      type: 'module',
      bin: {'zip-test-mode': 'zip-test-mode.mjs'},
      engines: {node: '>=20'},
      license: 'SEE LICENSE IN LICENSE',
    };
    writeFileSync(join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    copyFileSync(join(packageDir, 'README.md'), join(staging, 'README.md'));
    copyFileSync(join(repositoryRoot, 'LICENSE'), join(staging, 'LICENSE'));
    const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', staging], {cwd: staging, encoding: 'utf8'}).trim();
    mkdirSync(dirname(outFile), {recursive: true});
    renameSync(join(staging, tarball), outFile);
  } finally {
    rmSync(staging, {recursive: true, force: true});
  }
}

if (process.argv[1] === import.meta.filename) {
  const outFile = process.argv[2] ?? 'zip-test-mode.tgz';
  packTestMode(outFile).then(
    () => console.log(`Packed the test mode into ${outFile}.`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
