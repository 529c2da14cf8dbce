/**
 * Scripts minified once (plugins/minify-cache): with the cache beside Rspack's
 * SWC minimizer, a build writes what the minimizer alone writes; a script
 * minified before is taken from the cache and the minimizer leaves it alone;
 * and the plugin fails, naming itself, when it cannot read the minimizer's
 * options.
 */
import assert from 'node:assert/strict';
import {mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, before, describe, it} from 'node:test';
import {rspack} from '@docusaurus/faster';
import {minimizerFingerprint} from '../../plugins/minify-cache';
import {MinifiedScriptsCache} from '../../plugins/minify-cache/minifiedScriptsCache';

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

/** A plugin, as the bundler's configuration takes it (the cache is typed against webpack's compiler, as the site's plugins are). */
type BundlerPlugin = NonNullable<import('@rspack/core').RspackOptions['plugins']>[number];

async function bundle(outDir: string, cache?: object, options: object | null = docusaurusOptions): Promise<string> {
  const compiler = rspack({
    mode: 'production',
    context: workDir,
    entry: join(workDir, 'entry.js'),
    output: {path: join(workDir, outDir), filename: 'bundle.js'},
    optimization: {minimize: true, minimizer: options ? [new SwcJsMinimizerRspackPlugin({minimizerOptions: {minify: true, ...options}})] : []},
    plugins: cache ? [cache as BundlerPlugin] : [],
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

  it('writes what the minimizer alone writes, hands back a script minified before, and keeps one build’s scripts', async () => {
    const native = await bundle('native');
    const directory = join(workDir, 'cache');
    const cache = (fingerprint: string): object => new MinifiedScriptsCache({pluginName: 'zip-minify-cache', directory, minimizerFingerprint: fingerprint});
    assert.equal(await bundle('first', cache('the options')), native);
    const [entry, ...others] = await readdir(directory);
    assert.ok(entry, 'the minified script is kept');
    assert.deepEqual(others, []);
    // Make the kept script recognisable: the second build hands it back, and the minimizer leaves it as it is.
    await writeFile(join(directory, entry), '/* from the cache */');
    assert.equal(await bundle('second', cache('the options')), '/* from the cache */');
    // Other options are another entry: the script is minified again, and the unused entry removed.
    const withoutMangling = await bundle('third', cache('other options'), {...docusaurusOptions, mangle: false});
    assert.notEqual(withoutMangling, '/* from the cache */');
    assert.equal(withoutMangling, await bundle('fourth', undefined, {...docusaurusOptions, mangle: false}));
    assert.equal((await readdir(directory)).length, 1);
  });

  it('fails, naming itself, when the minimizer leaves what it minified unmarked (here, no minimizer at all)', async () => {
    const cache = new MinifiedScriptsCache({pluginName: 'zip-minify-cache', directory: join(workDir, 'unmarked'), minimizerFingerprint: 'none'});
    await assert.rejects(bundle('unmarked', cache, null), /zip-minify-cache: the minimizer left 1 script unmarked \(bundle\.js\)/);
  });

  it('reads the minimizer’s options for the key, and fails naming itself when it cannot', () => {
    const withOptions = minimizerFingerprint(new SwcJsMinimizerRspackPlugin({minimizerOptions: {minify: true, ...docusaurusOptions}}), '1.7.12');
    const withOtherOptions = minimizerFingerprint(new SwcJsMinimizerRspackPlugin({minimizerOptions: {minify: true, ...docusaurusOptions, mangle: false}}), '1.7.12');
    assert.notEqual(withOptions, withOtherOptions);
    assert.notEqual(withOptions, minimizerFingerprint(new SwcJsMinimizerRspackPlugin({minimizerOptions: {minify: true, ...docusaurusOptions}}), '1.7.13'));
    assert.throws(() => minimizerFingerprint({}, '1.7.12'), /^Error: zip-minify-cache: SwcJsMinimizerRspackPlugin no longer holds its options where this plugin reads them/);
  });
});
