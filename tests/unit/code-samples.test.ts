/**
 * Build-time code samples and the operation reader (plugins/machine-readable/):
 * filled in as the explorer fills a fresh page, in the configured tab order,
 * with clear errors for what cannot be generated.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import {buildSampleRequest, generateCodeSamples} from '../../plugins/api-reference/code-samples';
import {languageTabs} from '@zip/model/codeSampleLanguages';
import {samplePublicKey, sampleSecretKey} from '@zip/model/testValues';
import {type ApiOperation} from '@zip/model/apiOperation';
import {operationOfPage} from '../../plugins/api-reference/operations';

/** A refund operation shaped like the plugin's front matter: a path parameter, a query parameter, a header, a JSON body. */
const refundCharge: ApiOperation = {
  method: 'post',
  path: '/v2/charges/{ch_id}/refund',
  description: 'Refunds a captured charge.',
  parameters: [
    {name: 'ch_id', in: 'path', required: true, schema: {type: 'string'}, example: 'ch_N87dOaNZrbnfElnMJLBnmoJi'},
    {name: 'expand', in: 'query', schema: {type: 'array', items: {type: 'string'}}, example: ['source', 'customer']},
    {name: 'Idempotency-Key', in: 'header', schema: {type: 'string'}, example: '5f0c8e2a-9b7d-4c1e-a3f6-2d8b4e6c9a01'},
    {name: 'note', in: 'query', schema: {type: 'string'}},
  ],
  requestBody: {required: true, content: {'application/json': {schema: {type: 'object'}}}},
  responses: {
    '400': {description: 'Bad request', content: {'application/problem+json': {}}},
    '201': {description: 'The refund', content: {'application/json': {}}},
  },
  servers: [{url: 'https://api.example.com/'}],
  security: [{secretKey: []}],
  securitySchemes: {secretKey: {type: 'http', scheme: 'basic'}},
  jsonRequestBodyExample: {amount: 50000, reason: 'requested_by_customer'},
  postman: {
    method: 'POST',
    url: {path: ['v2', 'charges', ':ch_id', 'refund'], host: ['{{baseUrl}}'], query: [], variable: [{key: 'ch_id', value: ''}]},
    header: [{key: 'Content-Type', value: 'application/json'}],
    body: {mode: 'raw', raw: '', options: {raw: {language: 'json'}}},
  },
};

const listLinks: ApiOperation = {
  method: 'get',
  path: '/v1/links',
  parameters: [{name: 'limit', in: 'query', schema: {type: 'integer', default: 10}}],
  responses: {'200': {content: {'application/json': {}}}},
  servers: [{url: 'https://{region}.example.com', variables: {region: {default: 'api'}}}],
  security: [{apiKey: []}],
  securitySchemes: {apiKey: {type: 'apiKey', in: 'header', name: 'X-Api-Key'}},
  postman: {method: 'GET', url: {path: ['v1', 'links'], host: ['{{baseUrl}}']}},
};

describe('code samples', () => {
  const samples = generateCodeSamples(refundCharge, languageTabs);
  const curl = samples.find((sample) => sample.language === 'curl')?.code ?? '';

  it('gives one sample per tab, in the tabs’ order, named after the client library', () => {
    assert.deepEqual(
      samples.map((sample) => sample.label),
      [
        'Python (Requests)',
        'cURL',
        'C# (RestSharp)',
        'Go (Native)',
        'NodeJs (Axios)',
        'Ruby (Net::HTTP)',
        'PHP (cURL)',
        'Java (Unirest)',
        'PowerShell (RestMethod)',
      ],
    );
    assert.deepEqual(
      samples.map((sample) => sample.highlight),
      languageTabs.map((tab) => tab.highlight),
    );
    for (const sample of samples) assert.ok(sample.code.trim().length > 0, `${sample.label} has code`);
    assert.match(samples.find((sample) => sample.language === 'java')?.code ?? '', /Unirest/);
  });

  it('fills the path and query from the examples, on the first server, without its trailing slash', () => {
    assert.match(curl, /'https:\/\/api\.example\.com\/v2\/charges\/ch_N87dOaNZrbnfElnMJLBnmoJi\/refund\?expand=source%2Ccustomer'/);
    assert.doesNotMatch(curl, /note=/, 'a parameter without a value is left out');
  });

  it('sends the content type, the first success response’s type, header examples and the sample key as Basic credentials', () => {
    const headers = buildSampleRequest(refundCharge).header ?? [];
    assert.deepEqual(headers, [
      {key: 'Content-Type', value: 'application/json'},
      {key: 'Accept', value: 'application/json'},
      {key: 'Idempotency-Key', value: '5f0c8e2a-9b7d-4c1e-a3f6-2d8b4e6c9a01'},
      {key: 'Authorization', value: `Basic ${Buffer.from(`${sampleSecretKey}:`).toString('base64')}`},
    ]);
    assert.ok(curl.includes(`Basic ${Buffer.from(`${sampleSecretKey}:`).toString('base64')}`), curl);
  });

  it('shows the public sample key where the first scheme is the public key’s', () => {
    const publicFirst: ApiOperation = {
      ...refundCharge,
      security: [{publicKey: []}, {secretKey: []}],
      securitySchemes: {publicKey: {type: 'http', scheme: 'basic'}, secretKey: {type: 'http', scheme: 'basic'}},
    };
    const authorization = buildSampleRequest(publicFirst).header?.find((header) => header.key === 'Authorization');
    assert.equal(authorization?.value, `Basic ${Buffer.from(`${samplePublicKey}:`).toString('base64')}`);
  });

  it('sends the request example as a pretty-printed JSON body', () => {
    assert.equal(buildSampleRequest(refundCharge).body?.raw, JSON.stringify(refundCharge.jsonRequestBodyExample, null, 2));
    assert.match(curl, /"reason": "requested_by_customer"/);
  });

  it('sends no body for an operation without one, defaults for query values and API-key placeholders', () => {
    const request = buildSampleRequest(listLinks);
    assert.equal(request.body, undefined);
    assert.deepEqual(request.url.host, ['https://api.example.com']);
    assert.deepEqual(request.url.query, [{key: 'limit', value: '10'}]);
    assert.deepEqual(request.header, [
      {key: 'Accept', value: 'application/json'},
      {key: 'X-Api-Key', value: '<X-Api-Key>'},
    ]);
  });

  it('leaves the operation it was given unchanged', () => {
    const before = JSON.stringify(refundCharge);
    generateCodeSamples(refundCharge, languageTabs);
    assert.equal(JSON.stringify(refundCharge), before);
  });

  it('names the operation or the tab it cannot generate', () => {
    assert.throws(() => generateCodeSamples({...listLinks, servers: []}, languageTabs), /GET \/v1\/links: the operation has no server/);
    assert.throws(() => generateCodeSamples(listLinks, [{language: 'python', variant: 'urllib3'}]), /Python has no variant "urllib3"/);
    assert.throws(() => generateCodeSamples(listLinks, [{language: 'cobol', variant: 'x'}]), /no language "cobol"/);
  });
});

describe('operationOfPage', () => {
  /** A folder with `list-links.api.mdx`'s operation file beside where the page would be. */
  function pageFolder(operation: unknown): string {
    const folder = mkdtempSync(join(tmpdir(), 'operation-'));
    writeFileSync(join(folder, 'list-links.operation.json'), JSON.stringify(operation));
    return folder;
  }

  it('reads the operation from the file beside the page that its `api` front matter names', () => {
    const folder = pageFolder(listLinks);
    try {
      const operation = operationOfPage(join(folder, 'list-links.api.mdx'), 'list-links.operation.json');
      assert.deepEqual(operation, listLinks);
      assert.equal(operation.path, '/v1/links');
    } finally {
      rmSync(folder, {recursive: true});
    }
  });

  it('names the page when `api` names no file, the file is missing, or the operation lacks what the twin needs', () => {
    const folder = pageFolder({method: 'get'});
    try {
      const page = join(folder, 'list-links.api.mdx');
      // A page generated before the operation moved out of the front matter: the operation itself, or deflated base64.
      for (const api of [undefined, structuredClone(listLinks), 'eJzFWG1v2zYQ']) {
        assert.throws(
          () => operationOfPage(page, api),
          /list-links\.api\.mdx: its "api" front matter does not name the operation's file; regenerate/,
        );
      }
      assert.throws(
        () => operationOfPage(page, 'gone.operation.json'),
        /list-links\.api\.mdx: the operation's file .*gone\.operation\.json is missing/,
      );
      assert.throws(
        () => operationOfPage(page, 'list-links.operation.json'),
        /list-links\.operation\.json: the operation has no path, postman\.url/,
      );
    } finally {
      rmSync(folder, {recursive: true});
    }
  });
});
