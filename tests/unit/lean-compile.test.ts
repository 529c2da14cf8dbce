/**
 * The bundler skips work whose result the site never uses (plugins/lean-compile):
 * a generated page's props literal goes past the MDX compiler and comes back
 * into the compiled module unchanged, a compiler that loses the placeholder or a
 * page that changed mid-compile fails naming the plugin, and postcss-loader is
 * told there is no configuration file to look for.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {holdProps, restoreProps} from '../../plugins/lean-compile/heldProps.cjs';
import leanCompilePlugin from '../../plugins/lean-compile';
import {inlineLargeProps} from '../../scripts/generate-api';
import {apiProducts} from '../../src/data/apiReference';

const siteDir = join(import.meta.dirname, '../..');
const resource = 'api/payments/create-charge.api.mdx';
const propsLoader = createRequire(import.meta.url)('../../plugins/lean-compile/propsLoader.cjs') as (this: unknown, source: string) => string | undefined;

/** A generated page as scripts/generate-api.ts writes it, its props line included. */
function generatedPage(description = 'The charge was created.'): string {
  const responses = {'201': {description: `${description} `.repeat(40), content: {'application/json': {schema: {type: 'object'}}}}};
  const written = [
    '---',
    'id: create-charge',
    'title: "Create a charge"',
    '---',
    '',
    'import StatusCodes from "@theme/StatusCodes";',
    '',
    'Takes a payment: "quotes", \\backslashes\\ and `code` in the prose.',
    '',
    '<StatusCodes',
    `  responses={${JSON.stringify(responses)}}`,
    '>',
    '</StatusCodes>',
    '',
  ].join('\n');
  const {page, props} = inlineLargeProps(written);
  assert.deepEqual(Object.keys(props), ['responses'], 'the generator moved the responses into the props line');
  return page;
}

/** The page compiled by the MDX compiler, front matter left out (Docusaurus's loader reads it apart). */
async function compiled(page: string): Promise<string> {
  const {compile} = await import('@mdx-js/mdx'); // ES module only
  return String(await compile(page.replace(/^---\n[\s\S]*?\n---\n/, '')));
}

/** Runs the loader as the bundler does: `this` holds its options and the path of the page, written to disk. */
async function runLoader(step: 'hold' | 'restore', source: string, page: string): Promise<string> {
  const resourcePath = join(mkdtempSync(join(tmpdir(), 'zip-lean-compile-')), 'create-charge.api.mdx');
  writeFileSync(resourcePath, page);
  return new Promise((resolve, reject) => {
    const context = {
      resourcePath,
      getOptions: () => ({step}),
      async: () => (error: Error | null, result?: string) => (error ? reject(error) : resolve(result ?? '')),
    };
    const result = propsLoader.call(context, source);
    if (result !== undefined) resolve(result);
  });
}

describe('a generated page\'s props go past the MDX compiler', () => {
  it('the page MDX reads has a short placeholder where the literal was, and nothing else changed', () => {
    const page = generatedPage();
    const held = holdProps(page, resource);
    assert.ok(held.length < page.length / 2, `held page is ${held.length} characters, the page ${page.length}`);
    const [before, after] = page.split(/JSON\.parse\(".*"\);/);
    assert.ok(held.startsWith(`${before}JSON.parse("zip-lean-compile-props:`));
    assert.ok(held.endsWith(`");${after}`));
  });

  it('the compiled module, the literal put back, is the module MDX compiles from the whole page', async () => {
    const page = generatedPage();
    const restored = restoreProps(await compiled(holdProps(page, resource)), page, resource);
    assert.equal(restored, await compiled(page));
  });

  it('runs as the bundler runs it: hold before MDX, restore after', async () => {
    const page = generatedPage();
    const held = await runLoader('hold', page, page);
    const restored = await runLoader('restore', await compiled(held), page);
    assert.equal(restored, await compiled(page));
  });

  it('leaves a page without a props line as it is', async () => {
    const page = '---\nid: intro\n---\n\n# Payments API\n\nexport const x = JSON.parse("{}");\n';
    assert.equal(holdProps(page, resource), page);
    const module = await compiled(page);
    assert.equal(restoreProps(module, page, resource), module);
  });

  it('fails naming the plugin when the compiler did not pass the placeholder through', async () => {
    const page = generatedPage();
    const lost = (await compiled(holdProps(page, resource))).replace(/"zip-lean-compile-props:[0-9a-f]+"/, '"{}"');
    assert.throws(() => restoreProps(lost, page, resource), /^Error: zip-lean-compile: the compiled api\/payments\/create-charge\.api\.mdx holds 0 props placeholders, not one/);
    const module = await compiled(holdProps(page, resource));
    assert.throws(() => restoreProps(module, '---\nid: x\n---\n\n# x\n', resource), /^Error: zip-lean-compile: .* holds a props placeholder, but the page has no props line/);
  });

  it('fails naming the plugin when the page changed while it was compiled', async () => {
    const module = await compiled(holdProps(generatedPage(), resource));
    assert.throws(
      () => restoreProps(module, generatedPage('The charge was refused.'), resource),
      /^Error: zip-lean-compile: api\/payments\/create-charge\.api\.mdx changed while it was compiled/,
    );
  });

  it('fails naming the plugin when the props line is not one string literal', () => {
    const page = generatedPage().replace(/JSON\.parse\(".*"\);/, 'JSON.parse(props);');
    assert.throws(() => holdProps(page, resource), /^Error: zip-lean-compile: the props line of api\/payments\/create-charge\.api\.mdx does not read/);
  });
});

describe('the plugin', () => {
  const plugin = leanCompilePlugin({siteDir} as LoadContext) as Plugin & {
    configureWebpack: (config: object, isServer: boolean, utils: unknown) => {module: {rules: {enforce: string; include: string[]; test: RegExp}[]}};
    configurePostCss: (options: {plugins: unknown[]}) => Record<string, unknown>;
  };

  it('holds before every other loader and restores after every other, on every product\'s generated pages', () => {
    const {rules} = plugin.configureWebpack({}, false, {}).module;
    assert.deepEqual(rules.map((rule) => rule.enforce), ['pre', 'post']);
    for (const rule of rules) {
      assert.deepEqual(rule.include, apiProducts.map((product) => join(siteDir, product.outputDir)));
      assert.ok(rule.test.test('create-charge.api.mdx') && rule.test.test('payments-api.info.mdx'));
      assert.ok(!rule.test.test('intro.mdx'), 'a written page is not a generated one');
    }
  });

  it('tells postcss-loader there is no configuration file, and keeps the plugins Docusaurus passes', () => {
    const plugins = [() => undefined];
    assert.deepEqual(plugin.configurePostCss({plugins}), {plugins, config: false});
  });
});
