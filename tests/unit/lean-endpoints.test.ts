/**
 * The stand-ins the lean-endpoints plugin swaps into the bundle must keep
 * answering what their callers ask for.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {describe, it} from 'node:test';
import * as exampleData from '../../plugins/lean-endpoints/exampleData';
import {languageTabs} from '../../src/data/codeSampleLanguages';

const require = createRequire(import.meta.url);

describe('example-data stand-in for postman-collection', () => {
  const source = readFileSync(require.resolve('postman-collection/lib/superstring/dynamic-variables.js'), 'utf8');
  const calls = [...new Set([...source.matchAll(/faker\.(\w+)\.(\w+)/g)].map((match) => `${match[1]}.${match[2]}`))];

  it('finds the calls it has to answer', () => {
    assert.ok(calls.length > 50, `only ${calls.length} faker calls found; has postman-collection changed?`);
  });

  it('answers every call postman-collection makes, with a value', () => {
    const modules = exampleData as unknown as Record<string, Record<string, (() => unknown) | undefined> | undefined>;
    const missing = calls.filter((call) => {
      const [namespace = '', method = ''] = call.split('.');
      return typeof modules[namespace]?.[method] !== 'function';
    });
    assert.deepEqual(missing, []);
    for (const call of calls) {
      const [namespace = '', method = ''] = call.split('.');
      const value = modules[namespace]?.[method]?.();
      assert.notEqual(value, undefined, `${call}() returned nothing`);
    }
  });
});

describe('code generators shipped to the browser', () => {
  it('are exactly the languages and variants of languageTabs', () => {
    const generators = require('../../plugins/lean-endpoints/codegenLanguages.cjs') as {lang: string; variant: string}[];
    const shipped = generators.map((generator) => `${generator.lang.toLowerCase()}/${generator.variant.toLowerCase()}`).sort();
    const offered = languageTabs.map((tab) => `${tab.language}/${tab.variant}`).sort();
    assert.deepEqual(shipped, offered);
  });
});
