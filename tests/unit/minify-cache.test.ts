/**
 * Scripts minified once (plugins/minify-cache): the cached minimizer writes
 * what Rspack's own SWC minimizer writes, takes a script it minified before
 * from its cache, and the plugin fails, naming itself, when Docusaurus's
 * minimizer is configured in a way it does not reproduce.
 */
import assert from 'node:assert/strict';
import {mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, before, describe, it} from 'node:test';
import {rspack} from '@docusaurus/faster';
import {swcOptionsOf} from '../../plugins/minify-cache';
import {CachedJsMinimizer} from '../../plugins/minify-cache/cachedJsMinimizer';

/** Docusaurus's options for its script minifier (@docusaurus/faster's getSwcJsMinimizerOptions). */
const docusaurusOptions = {
  ecma: 2020,
  compress: {ecma: 5},
  module: true,
  mangle: true,
  safari10: true,
  format: {ecma: 5, comments: false, ascii_only: true},
} as const;

let workDir = '';

/** The bundler Docusaurus builds the site with. */
const {SwcJsMinimizerRspackPlugin} = rspack;

/** A minimizer, as the bundler's configuration takes it (the cached one is typed against webpack's compiler). */
type Minimizer = NonNullable<NonNullable<import('@rspack/core').RspackOptions['optimization']>['minimizer']>[number];

async function bundle(minimizer: object, outDir: string): Promise<string> {
  const compiler = rspack({
    mode: 'production',
    context: workDir,
    entry: join(workDir, 'entry.js'),
    output: {path: join(workDir, outDir), filename: 'bundle.js'},
    optimization: {minimize: true, minimizer: [minimizer as Minimizer]},
  });
  await new Promise<void>((resolve, reject) => {
    compiler.run((error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({all: false, errors: true})));
      else resolve();
    });
  });
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  return readFile(join(workDir, outDir, 'bundle.js'), 'utf8');
}

describe('minify cache', () => {
  before(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'zip-minify-cache-'));
    await writeFile(
      join(workDir, 'entry.js'),
      '// A comment the minifier drops.\nexport function greetingFor(reader) {\n  const greeting = `Hello, ${reader.name}!`;\n  return greeting.toUpperCase();\n}\nconsole.log(greetingFor({name: "Zip"}));\n',
    );
  });
  after(async () => {
    await rm(workDir, {recursive: true, force: true});
  });

  it('writes what Rspack’s SWC minimizer writes, and takes it from the cache the second time', async () => {
    const native = await bundle(new SwcJsMinimizerRspackPlugin({minimizerOptions: {minify: true, ...docusaurusOptions}}), 'native');
    const directory = join(workDir, 'cache');
    const settings = {pluginName: 'zip-minify-cache', swcOptions: docusaurusOptions, directory, minifierVersion: 'test'};
    assert.equal(await bundle(new CachedJsMinimizer(settings), 'first'), native);
    const [entry] = await readdir(directory);
    assert.ok(entry, 'the minified script is kept');
    // A cached entry is what the second build writes: make it recognisable.
    await writeFile(join(directory, entry), '/* from the cache */');
    assert.equal(await bundle(new CachedJsMinimizer(settings), 'second'), '/* from the cache */');
    // Other options are another entry: the script is minified again, and the unused entry removed.
    const otherOptions = await bundle(new CachedJsMinimizer({...settings, swcOptions: {...docusaurusOptions, mangle: false}}), 'third');
    assert.notEqual(otherOptions, '/* from the cache */');
    assert.equal((await readdir(directory)).length, 1);
  });

  it('takes Docusaurus’s options from its minimizer, and fails naming itself on options it does not apply', () => {
    const minimizer = (options: object): object => new SwcJsMinimizerRspackPlugin(options);
    assert.deepEqual(swcOptionsOf(minimizer({minimizerOptions: {minify: true, ...docusaurusOptions}})), docusaurusOptions);
    assert.throws(
      () => swcOptionsOf(minimizer({minimizerOptions: {minify: true}, extractComments: true})),
      /^Error: zip-minify-cache: SwcJsMinimizerRspackPlugin is configured with extractComments, which this plugin does not apply/,
    );
    assert.throws(() => swcOptionsOf(minimizer({minimizerOptions: {minify: false}})), /^Error: zip-minify-cache: .*minify: false/);
    assert.throws(() => swcOptionsOf({}), /^Error: zip-minify-cache: SwcJsMinimizerRspackPlugin no longer holds its options/);
  });
});
