/**
 * The generated API pages (`npm run gen:api`), as the OpenAPI plugin writes them with this site's
 * options (docusaurus.config.ts, plugins/api-reference/generators.ts): the operation in a JSON file
 * the `api` front matter names, the front matter the site adds, a product section's link to the complete reference, and each section's data in
 * a JSON file beside its page rather than in a JSX attribute MDX would parse, passed as `data` (plugins/api-reference/page-data.ts).
 */
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import yaml from 'js-yaml';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import config from '../../docusaurus.config';
import {frontMatterOfGeneratedPage, operationOfPage} from '../../plugins/api-reference/operations';
import {withPageDataOnDemand} from '../../plugins/api-reference/page-data';
import {apiProducts, openApiPluginId} from '@zip/model/apiReference';

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
  it("every product is generated with the site's generators, template and externalJsonProps", () => {
    type OpenApiEntry = [string, {id: string; config: Record<string, OpenApiPlugin.Options>}];
    const entry = (config.plugins as unknown[]).find(
      (plugin) => Array.isArray(plugin) && plugin[0] === 'docusaurus-plugin-openapi-docs',
    ) as OpenApiEntry | undefined;
    assert.equal(entry?.[1].id, openApiPluginId);
    for (const product of apiProducts) {
      const options: OpenApiPlugin.Options | undefined = entry?.[1].config[product.id];
      assert.equal(options?.externalJsonProps, true, product.id);
      assert.ok(options?.markdownGenerators && options.template, product.id);
    }
    const pages = apiProducts.flatMap((product) => pagesOf(product.outputDir));
    assert.ok(pages.length > 40, `only ${pages.length} generated pages under api/`);
  });

  it("every endpoint page's `api` front matter names its operation's file, the spec's operation, and the page's module requires it", () => {
    for (const product of apiProducts) {
      for (const {file, text} of pagesOf(product.outputDir).filter((page) => page.file.endsWith('.api.mdx'))) {
        const page = `${product.outputDir}/${file}`;
        const operationFile = file.replace(/\.api\.mdx$/, '.operation.json');
        assert.equal(frontMatterOf(text).api, operationFile, `${page}: the api front matter names the file beside it`);
        assert.ok(text.includes(`\nexport const operation = require("./${operationFile}");\n`), `${page} exports its operation`);
        const operation = operationOfPage(page, frontMatterOf(text).api);
        // The page shows a webhook's test delivery or an explorer by this, before its operation is fetched.
        assert.equal(frontMatterOf(text).api_method, operation.method, `${page}: api_method is the operation's method`);
        const inSpec = specOperation(product.specPath, operation.operationId ?? '');
        assert.ok(inSpec, `${page}: ${product.specPath} has no operation ${operation.operationId}`);
        assert.equal(operation.description, inSpec.description, page);
        assert.deepEqual(Object.keys(operation.responses ?? {}).sort(), Object.keys(inSpec.responses ?? {}).sort(), page);
      }
    }
    const charge = operationOfPage('api/core/charges/create-charge.api.mdx', frontMatterOf(createCharge).api);
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
        for (const [, json] of text.matchAll(/data=\{require\("\.\/([^"]+\.json)"\)\}/g)) {
          assert.ok(existsSync(join(product.outputDir, json ?? '')), `${product.outputDir}/${file} requires ${json}`);
        }
      }
    }
    // Passed as `data`, which the browser fetches when the reference goes live (plugins/api-reference/page-data.ts).
    assert.match(createCharge, /^ {2}data=\{require\("\.\/create-charge\.StatusCodes\.json"\)\}$/m);
    assert.match(createCharge, /^export const sectionData = \[require\("\.\/create-charge\.ParamsDetails\.json"\), .*\];$/m);
    assert.ok(readFileSync('api/core/charges/create-charge.StatusCodes.json', 'utf8').includes('The charge was created.'));
  });
});

describe("a page's data files", () => {
  it("sections take theirs as `data`; the page exports its operation and its sections' data; an unwrapped section fails, naming the page", () => {
    const body = '<StatusCodes\n  {...require("./x.StatusCodes.json")}\n>\n</StatusCodes>\n';
    assert.equal(
      withPageDataOnDemand(body, 'api/x', 'x.operation.json'),
      '<StatusCodes\n  data={require("./x.StatusCodes.json")}\n>\n</StatusCodes>\n\n' +
        'export const operation = require("./x.operation.json");\n\nexport const sectionData = [require("./x.StatusCodes.json")];\n',
    );
    assert.throws(
      () => withPageDataOnDemand('<Schema\n  {...require("./x.Schema.json")}\n>\n</Schema>\n', 'api/core/x', 'x.operation.json'),
      /^Error: api\/core\/x: the OpenAPI plugin externalized "x\.Schema\.json", a section the site does not load on demand/,
    );
  });
});
