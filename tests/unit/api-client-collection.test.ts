/**
 * The Postman collection the site publishes (plugins/api-client-collection):
 * every operation of the four specs is a request, authenticated with the
 * environment's test key, with a test of the statuses its operation declares,
 * and the file is the same on every build. newman's run against the test mode
 * is part of `npm run test:samples`; here it runs against a server that
 * answers what no operation declares, to show a failure is reported.
 */
import assert from 'node:assert/strict';
import {mkdtemp, readFile, stat} from 'node:fs/promises';
import {createServer} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {AddressInfo} from 'node:net';
import {describe, it} from 'node:test';
import yaml from 'js-yaml';
import {apiClientCollection, type PostmanItem} from '../../plugins/api-client-collection/collection';
import {readSpecs} from '../../plugins/api-client-collection';
import {writeCollection} from '../../plugins/api-client-collection/kept-collection';
import {runCollection} from '../../scripts/run-samples/collection';
import {apiClient, sourceSpecs} from '@zip/model/apiReference';
import {sampleSecretKey} from '@zip/model/testValues';

const settings = {...apiClient, baseUrl: 'https://api.example.com', testKey: sampleSecretKey};
const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];

function requestsOf(items: readonly PostmanItem[]): PostmanItem[] {
  return items.flatMap((item) => (item.item ? requestsOf(item.item) : [item]));
}

describe('API client collection', async () => {
  const specs = await readSpecs(process.cwd(), sourceSpecs);
  const built = await apiClientCollection(specs, settings);

  it('has one folder per spec and a request for every operation', () => {
    assert.deepEqual(
      built.collection.item.map((folder) => folder.name),
      specs.map((spec) => (spec.document.info as {title: string}).title),
    );
    const operations = specs.flatMap((spec) =>
      Object.entries(spec.document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => httpMethods.includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    assert.deepEqual(built.requests.map((request) => `${request.method} ${request.path}`).sort(), operations.sort());
  });

  it('authenticates every request with the environment test key, as HTTP Basic with an empty password', () => {
    assert.deepEqual(built.collection.auth, {
      type: 'basic',
      basic: [
        {key: 'username', value: '{{testKey}}', type: 'string'},
        {key: 'password', value: '', type: 'string'},
      ],
    });
    for (const request of requestsOf(built.collection.item)) assert.equal(request.request?.auth ?? null, null, request.name);
    assert.deepEqual(
      built.environment.values.map(({key, value}) => [key, value]),
      [
        ['baseUrl', 'https://api.example.com'],
        ['testKey', sampleSecretKey],
      ],
    );
  });

  it('tests each answer against the statuses its operation declares', () => {
    const createLink = requestsOf(built.collection.item).find((item) => item.name === 'Create a payment link');
    assert.deepEqual(createLink?.event?.[0]?.script.exec, [
      "pm.test('Status is one the operation declares (201, 400, 401, 403, 409, 422, 429, 500)', function () {",
      '  pm.expect(pm.response.code).to.be.oneOf([201, 400, 401, 403, 409, 422, 429, 500]);',
      '});',
    ]);
  });

  it('is the same file on every build', async () => {
    const again = await apiClientCollection(specs, settings);
    assert.equal(JSON.stringify(again.collection), JSON.stringify(built.collection));
    assert.equal(JSON.stringify(again.environment), JSON.stringify(built.environment));
  });

  it('is made again only when a spec changes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'zip-collection-'));
    const places = {
      collectionFile: path.join(dir, 'openapi/collection.json'),
      environmentFile: path.join(dir, 'openapi/environment.json'),
      fingerprintFile: path.join(dir, 'cache/fingerprint.txt'),
    };
    await writeCollection(process.cwd(), specs, settings, places);
    assert.equal(await readFile(places.collectionFile, 'utf8'), `${JSON.stringify(built.collection, null, 2)}\n`);
    const written = (await stat(places.collectionFile)).mtimeMs;
    await writeCollection(process.cwd(), specs, settings, places);
    assert.equal((await stat(places.collectionFile)).mtimeMs, written, 'the same inputs keep the files');
    const operation = 'Create a payment link';
    assert.ok(
      specs.some((spec) => spec.text.includes(operation)),
      `no spec names "${operation}"`,
    );
    const renamed = specs.map((spec) => {
      const text = spec.text.replace(operation, 'Make a payment link');
      return {...spec, text, document: yaml.load(text) as Record<string, unknown>};
    });
    await writeCollection(process.cwd(), renamed, settings, places);
    assert.match(await readFile(places.collectionFile, 'utf8'), /"name": "Make a payment link"/, 'a changed spec is converted again');
  });

  it('reports each request whose answer is an error no operation declares', async () => {
    const server = createServer((_request, response) => response.writeHead(418, {'content-type': 'application/json'}).end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const {port} = server.address() as AddressInfo;
      const result = await runCollection(process.cwd(), sourceSpecs, {...settings, baseUrl: `http://127.0.0.1:${port}`}, () =>
        Promise.resolve(),
      );
      assert.equal(result.requests, built.requests.length);
      assert.equal(result.failures.length, built.requests.length);
      assert.match(
        result.failures.find((failure) => failure.includes('Create a payment link')) ?? '',
        /^Zip Payment Links API › Create a payment link \(POST http:\/\/127\.0\.0\.1:\d+\/v1\/links\): answered 418, an error; Status is one the operation declares \(201, .*\): expected 418 to be one of/,
      );
    } finally {
      server.close();
    }
  });
});
