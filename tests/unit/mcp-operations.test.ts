/**
 * The docs MCP server's API tools (packages/docs-mcp/src/operations.ts) over the operations
 * file as plugins/api-reference/operations.ts makes it from the generated
 * pages (`npm run gen:api`): every answer fits an assistant's budget, the
 * digest names every error code an operation returns, and each section reads
 * a part in full, never a JSON value cut in two.
 */
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {before, describe, it} from 'node:test';
import type {LoadedContent as DocsLoadedContent} from '@docusaurus/plugin-content-docs';
import {ApiOperations, operationAnswerBudget} from '@zip/docs-mcp/operations';
import {generateCodeSamples} from '../../plugins/api-reference/code-samples';
import {endpointPages, frontMatterOfGeneratedPage, operationsFile} from '../../plugins/api-reference/operations';
import {apiProducts} from '@zip/model/apiReference';
import {languageTabs} from '@zip/model/codeSampleLanguages';
import {operationsFilePath, type OperationsFile} from '@zip/model/apiOperation';
import eventCatalogue from '../../.generated/event-catalogue.json';

/** The API docs instance as Docusaurus loads it, for the parts operations.ts reads. */
function loadedApiDocs(): DocsLoadedContent {
  const docs = apiProducts.flatMap((product) =>
    readdirSync(product.outputDir)
      .filter((file) => file.endsWith('.api.mdx'))
      .map((file) => {
        const text = readFileSync(join(product.outputDir, file), 'utf8');
        const frontMatter = frontMatterOfGeneratedPage(text) as {id: string; title: string; api?: unknown};
        return {
          source: `@site/${product.outputDir}/${file}`,
          permalink: `/${product.outputDir}/${frontMatter.id}`,
          title: frontMatter.title,
          frontMatter,
        };
      }),
  );
  return {loadedVersions: [{docs}]} as unknown as DocsLoadedContent;
}

describe('MCP get_operation and get_event', () => {
  let file: OperationsFile;
  let api: ApiOperations;
  before(() => {
    file = operationsFile(endpointPages(loadedApiDocs(), process.cwd()), (operation) => generateCodeSamples(operation, languageTabs));
    const text = JSON.stringify(file);
    api = new ApiOperations((path) => Promise.resolve(path === operationsFilePath ? text : undefined));
  });

  it('answers every operation and event within the budget, digest and sections alike', async () => {
    const sizes: [string, number][] = [];
    for (const {operationId, operation} of file.operations) {
      if (operation.method === 'event') continue;
      const answers = [await api.operation({operationId}, {language: 'curl'})];
      for (const section of [
        'code',
        'request',
        'examples',
        'parameters',
        ...Object.keys(operation.responses ?? {}).map((status) => `response:${status}`),
      ]) {
        answers.push(await api.operation({operationId}, {language: 'java', section}).catch((error: Error) => error.message));
      }
      for (const text of answers) {
        assert.ok(
          text.length <= operationAnswerBudget,
          `${operationId}: an answer of ${text.length} characters (budget ${operationAnswerBudget}): ${text.slice(0, 120)}`,
        );
      }
      sizes.push([operationId, answers[0]?.length ?? 0]);
    }
    for (const {type} of eventCatalogue) {
      for (const section of [undefined, 'example']) {
        const text = await api.event(type, section);
        assert.ok(text.length <= operationAnswerBudget, `${type} ${section ?? 'digest'}: ${text.length} characters`);
      }
    }
  });

  it('says what changed, as the page’s "Changed on" says when, for an operation the changelog names', async () => {
    const changed = file.operations.find((entry) => entry.change && entry.operation.method !== 'event');
    assert.ok(changed?.change, 'a published changelog entry names an operation');
    const {change} = changed;
    const digest = await api.operation({operationId: changed.operationId}, {language: 'curl'});
    assert.ok(
      digest.includes(`Changed on ${change.date}`) && digest.includes(change.summary),
      `${changed.operationId}: ${digest.slice(0, 400)}`,
    );
    const unchanged = file.operations.find((entry) => !entry.change && entry.operation.method !== 'event');
    if (unchanged) assert.ok(!(await api.operation({operationId: unchanged.operationId}, {language: 'curl'})).includes('Changed on'));
  });

  it('lists every error code of refundCharge, one line per status', async () => {
    const digest = await api.operation({operationId: 'refundCharge'}, {language: 'curl'});
    for (const code of [
      'refund_partial_not_supported',
      'charge_disputed',
      'charge_not_refundable',
      'idempotency_key_reused',
      'refund_window_expired',
      'refund_exceeds_charge',
    ]) {
      assert.match(digest, new RegExp(`^- \\d{3}: .*\\b${code}\\b`, 'm'), `the digest names ${code} on its status's line`);
    }
    for (const status of ['200', '400', '401', '404', '409', '422', '429', '500']) assert.match(digest, new RegExp(`^- ${status}: `, 'm'));
  });

  it('reads a section in full, or an outline whose parts are JSON Pointers that read on', async () => {
    const code = await api.operation({operationId: 'refundCharge'}, {language: 'python', section: 'code'});
    const sample = file.operations
      .find((entry) => entry.operationId === 'refundCharge')
      ?.codeSamples.find((candidate) => candidate.language === 'python');
    assert.ok(sample && code.includes(sample.code), 'the python sample, whole');
    const response = await api.operation({operationId: 'refundCharge'}, {language: 'curl', section: 'response:200'});
    const pointer = /"(\/responses\/200\/[^"]+)"/.exec(response)?.[1];
    assert.ok(pointer, `a response too long for one answer is an outline with pointers: ${response.slice(0, 300)}`);
    const part = await api.operation({operationId: 'refundCharge'}, {language: 'curl', section: pointer});
    assert.ok(part.length <= operationAnswerBudget);
    const conflict = await api.operation(
      {operationId: 'refundCharge'},
      {language: 'curl', section: '/responses/409/content/application~1json/examples/charge_disputed'},
    );
    const json = conflict.slice(conflict.indexOf('\n') + 1);
    assert.equal(
      (JSON.parse(json) as {value: {error: {code: string}}}).value.error.code,
      'charge_disputed',
      'a part that fits is whole JSON',
    );
  });

  it('gives an event: when it is sent, its fields, an example on request', async () => {
    const digest = await api.event('charge.succeeded');
    assert.match(digest, /Sent when/);
    assert.match(digest, /^- data \(/m);
    const example = await api.event('charge.succeeded', 'example');
    assert.equal((JSON.parse(example.slice(example.indexOf('\n') + 1)) as {type: string}).type, 'charge.succeeded');
  });

  it('refuses an unknown section, naming the ones there are', async () => {
    await assert.rejects(
      api.operation({operationId: 'refundCharge'}, {language: 'curl', section: 'footnotes'}),
      /Sections: "code".*"response:409"/,
    );
  });
});
