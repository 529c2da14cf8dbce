/**
 * The generated API pages (`npm run gen:api`), as the OpenAPI plugin writes them with this site's
 * options (docusaurus.config.ts, plugins/api-reference/generators.ts): the operation as JSON in
 * the front matter, the front matter the site adds, a product section's link to the complete reference, and each section's data in
 * a JSON file beside its page rather than in a JSX attribute MDX would parse.
 */
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import yaml from 'js-yaml';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import config from '../../docusaurus.config';
import {multiplySpec} from '../../plugins/api-reference/derived-specs';
import {frontMatterOfGeneratedPage} from '../../plugins/api-reference/operations';
import {apiProducts, openApiPluginId} from '../../src/data/apiReference';
import {operationFromFrontMatter} from '../../src/utils/apiOperation';

/** The generated pages of one product: file name and text. */
function pagesOf(outputDir: string): {file: string; text: string}[] {
  return readdirSync(outputDir)
    .filter((file) => /\.(api|info)\.mdx$/.test(file))
    .map((file) => ({file, text: readFileSync(join(outputDir, file), 'utf8')}));
}

/** The front matter as Docusaurus reads it (frontMatterOfGeneratedPage). */
function frontMatterOf(text: string): Record<string, unknown> {
  const frontMatter = frontMatterOfGeneratedPage(text);
  assert.ok(frontMatter, 'the page opens with front matter');
  return frontMatter;
}

interface SpecOperation {
  readonly operationId?: string;
  readonly description?: string;
  readonly responses?: Readonly<Record<string, unknown>>;
}

const specOperations = new Map<string, SpecOperation[]>();

/** The operation with this operationId in a spec, under `paths` or, for an event, under `webhooks`. */
function specOperation(specPath: string, operationId: string): SpecOperation | undefined {
  let operations = specOperations.get(specPath);
  if (!operations) {
    const spec = yaml.load(readFileSync(specPath, 'utf8')) as {
      paths?: Record<string, Record<string, SpecOperation>>;
      webhooks?: Record<string, Record<string, SpecOperation>>;
    };
    operations = [...Object.values(spec.paths ?? {}), ...Object.values(spec.webhooks ?? {})].flatMap((item) => Object.values(item));
    specOperations.set(specPath, operations);
  }
  return operations.find((operation) => operation.operationId === operationId);
}

const createCharge = readFileSync('api/core/charges/create-charge.api.mdx', 'utf8');

describe('generated API pages', () => {
  it("every product is generated with the site's generators, template, externalJsonProps and disableCompression", () => {
    type OpenApiEntry = [string, {id: string; config: Record<string, OpenApiPlugin.Options>}];
    const entry = (config.plugins as unknown[]).find(
      (plugin) => Array.isArray(plugin) && plugin[0] === 'docusaurus-plugin-openapi-docs',
    ) as OpenApiEntry | undefined;
    assert.equal(entry?.[1].id, openApiPluginId);
    for (const product of apiProducts) {
      const options: OpenApiPlugin.Options | undefined = entry?.[1].config[product.id];
      assert.equal(options?.externalJsonProps, true, product.id);
      assert.equal(options?.disableCompression, true, product.id);
      assert.ok(options?.markdownGenerators && options.template, product.id);
    }
    const pages = apiProducts.flatMap((product) => pagesOf(product.outputDir));
    assert.ok(pages.length > 40, `only ${pages.length} generated pages under api/`);
  });

  it("every endpoint page's `api` front matter is its operation as JSON, read back exactly", () => {
    for (const product of apiProducts) {
      for (const {file, text} of pagesOf(product.outputDir).filter((page) => page.file.endsWith('.api.mdx'))) {
        const page = `${product.outputDir}/${file}`;
        // The template writes `api: <JSON>` on one line (disableCompression): YAML must read that JSON as JSON does.
        const json = /^api: (\{.*\})$/m.exec(text)?.[1];
        assert.ok(json, `${page}: the api front matter is one line of JSON`);
        const api = frontMatterOf(text).api;
        assert.deepStrictEqual(api, JSON.parse(json), `${page}: YAML reads the api front matter differently from JSON`);
        const operation = operationFromFrontMatter(api, page);
        const inSpec = specOperation(product.specPath, operation.operationId ?? '');
        assert.ok(inSpec, `${page}: ${product.specPath} has no operation ${operation.operationId}`);
        assert.equal(operation.description, inSpec.description, page);
        assert.deepEqual(Object.keys(operation.responses ?? {}).sort(), Object.keys(inSpec.responses ?? {}).sort(), page);
      }
    }
    const charge = operationFromFrontMatter(frontMatterOf(createCharge).api, 'create-charge.api.mdx');
    assert.equal(`${charge.method} ${charge.path}`, 'post /v2/charges');
  });

  it('every page\'s "Edit this page" opens the spec it comes from', () => {
    for (const product of apiProducts) {
      for (const {file, text} of pagesOf(product.outputDir)) {
        assert.equal(
          frontMatterOf(text).custom_edit_url,
          `https://github.com/example/zip-docs/edit/main/${product.sourceSpec}`,
          `${product.outputDir}/${file}`,
        );
      }
    }
  });

  it('endpoint pages link Authorization to the authentication page and carry their request fields as search keywords', () => {
    for (const product of apiProducts) {
      for (const {file, text} of pagesOf(product.outputDir).filter((page) => page.file.endsWith('.api.mdx'))) {
        const frontMatter = frontMatterOf(text);
        assert.equal(frontMatter.info_path, 'api/authentication', `${product.outputDir}/${file}`);
        assert.ok(Array.isArray(frontMatter.keywords), `${product.outputDir}/${file} has keywords`);
      }
    }
    assert.ok((frontMatterOf(createCharge).keywords as string[]).includes('statement_descriptor'));
    const webhook = readFileSync('api/core/charges/charge-succeeded-event.api.mdx', 'utf8');
    assert.deepEqual(frontMatterOf(webhook).keywords, ['charge.succeeded', 'webhook', 'event']);
  });

  it("a product section's page ends with a link to the same page in the complete reference", () => {
    assert.ok(
      createCharge.endsWith(
        '\n\nThis operation is also in the [Payments API v2 reference](/api/payments/create-charge), with the rest of the API.\n',
      ),
    );
    const webhook = readFileSync('api/core/charges/charge-succeeded-event.api.mdx', 'utf8');
    assert.match(webhook, /\nThis event is also in the \[Payments API v2 reference\]\(\/api\/payments\/charge-succeeded-event\)/);
    for (const {file, text} of pagesOf('api/payments')) {
      assert.doesNotMatch(text, /is also in the \[/, `api/payments/${file}`);
    }
  });

  it("keeps each section's data in a JSON file beside its page, never in a large attribute", () => {
    for (const product of apiProducts) {
      for (const {file, text} of pagesOf(product.outputDir)) {
        const large = text.split('\n').filter((line) => /^\s+\w+=\{[[{"]/.test(line) && line.length > 600);
        assert.deepEqual(large, [], `${product.outputDir}/${file}`);
        for (const [, json] of text.matchAll(/\{\.\.\.require\("\.\/([^"]+\.json)"\)\}/g)) {
          assert.ok(existsSync(join(product.outputDir, json ?? '')), `${product.outputDir}/${file} requires ${json}`);
        }
      }
    }
    assert.match(createCharge, /^ {2}\{\.\.\.require\("\.\/create-charge\.StatusCodes\.json"\)\}$/m);
    assert.ok(readFileSync('api/core/charges/create-charge.StatusCodes.json', 'utf8').includes('The charge was created.'));
  });
});

describe('the growth benchmark', () => {
  it('multiplies every operation and webhook, with its own path and operationId', () => {
    const spec = {
      openapi: '3.1.0',
      paths: {'/v2/charges': {post: {operationId: 'createCharge'}, parameters: []}},
      webhooks: {'charge.succeeded': {post: {operationId: 'chargeSucceeded'}}},
    };
    const grown = multiplySpec(spec, 3);
    assert.deepEqual(Object.keys(grown.paths), ['/v2/charges', '/v2/charges-copy-2', '/v2/charges-copy-3']);
    assert.deepEqual(grown.paths['/v2/charges-copy-3'], {post: {operationId: 'createChargeCopy3'}, parameters: []});
    assert.deepEqual(Object.keys(grown.webhooks ?? {}), ['charge.succeeded', 'charge.succeeded_copy_2', 'charge.succeeded_copy_3']);
    assert.deepEqual(multiplySpec(spec, 1), spec);
  });
});
