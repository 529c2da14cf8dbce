/**
 * The Postman packages as patched (patches/README.md) must keep answering what
 * the explorer and the Markdown twins ask of them; the OpenAPI theme must take
 * no more from crypto-js than the SHA-1 the bundle gives it.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {createRequire} from 'node:module';
import {describe, it} from 'node:test';
import {languageTabs} from '@zip/model/codeSampleLanguages';

const require = createRequire(import.meta.url);

describe('postman-collection without faker', () => {
  const dynamicVariables = require('postman-collection/lib/superstring/dynamic-variables.js') as Record<
    string,
    {generator?: () => unknown}
  >;

  it('does not load faker', () => {
    const fakerModules = Object.keys(require.cache).filter((path) => /[\\/]@faker-js[\\/]/.test(path));
    assert.deepEqual(fakerModules, [], 'the postman-collection patch is not applied');
  });

  it('has every function dynamic-variables.js calls, each giving a value', () => {
    const source = readFileSync(require.resolve('postman-collection/lib/superstring/dynamic-variables.js'), 'utf8');
    const calls = [...new Set([...source.matchAll(/faker\.(\w+)\.(\w+)/g)].map((match) => `${match[1]}.${match[2]}`))];
    assert.ok(calls.length > 50, `only ${calls.length} calls found; has postman-collection changed?`);
    const exampleData = require('postman-collection/lib/superstring/example-data.js') as Record<
      string,
      Record<string, (() => unknown) | undefined> | undefined
    >;
    for (const call of calls) {
      const [namespace = '', method = ''] = call.split('.');
      const answer = exampleData[namespace]?.[method];
      assert.equal(typeof answer, 'function', `${call} is missing`);
      assert.notEqual(answer?.(), undefined, `${call}() gave nothing`);
    }
  });

  it('answers every dynamic variable, with a value', () => {
    const names = Object.keys(dynamicVariables);
    assert.ok(names.length > 50, `only ${names.length} dynamic variables found; has postman-collection changed?`);
    for (const name of names) {
      const generator = dynamicVariables[name]?.generator;
      assert.equal(typeof generator, 'function', `${name} has no generator`);
      assert.notEqual(generator?.(), undefined, `${name} gave nothing`);
    }
  });
});

describe('postman-code-generators', () => {
  it('lists exactly the languages and variants of languageTabs', () => {
    const generators = require('postman-code-generators/lib/assets/languages.js') as {lang: string; variant: string}[];
    const listed = generators.map((generator) => `${generator.lang.toLowerCase()}/${generator.variant.toLowerCase()}`).sort();
    const offered = languageTabs.map((tab) => `${tab.language}/${tab.variant}`).sort();
    assert.deepEqual(listed, offered);
  });
});

describe('crypto-js bundled as SHA-1 alone (plugins/api-reference)', () => {
  const themeLib = join(dirname(require.resolve('docusaurus-theme-openapi-docs/package.json')), 'lib');

  it('is all the OpenAPI theme takes from crypto-js', () => {
    const used = new Map<string, string>();
    for (const file of readdirSync(themeLib, {recursive: true, encoding: 'utf8'})) {
      if (!file.endsWith('.js')) continue;
      const source = readFileSync(join(themeLib, file), 'utf8');
      const binding = /const (\w+) = __importDefault\(require\("crypto-js"\)\)/.exec(source)?.[1];
      if (binding === undefined) {
        assert.doesNotMatch(source, /require\("crypto-js\//, `${file} requires a part of crypto-js`);
        continue;
      }
      for (const match of source.matchAll(new RegExp(`${binding}\\.default\\.(\\w+)`, 'g'))) used.set(match[1] ?? '', file);
    }
    assert.deepEqual(
      [...used.keys()],
      ['SHA1'],
      `the theme now calls ${[...used].map(([name, file]) => `${name} (${file})`).join(', ')}: add it to plugins/api-reference/crypto-js-sha1.mjs`,
    );
  });

  it('hashes as the whole library does', async () => {
    const {default: sha1Only} = (await import('../../plugins/api-reference/crypto-js-sha1.mjs')) as {
      default: {SHA1: (message: string) => {toString(): string}};
    };
    const whole = require('crypto-js') as {SHA1: (message: string) => {toString(): string}};
    assert.equal(sha1Only.SHA1('cs_test_1').toString(), whole.SHA1('cs_test_1').toString());
  });
});
