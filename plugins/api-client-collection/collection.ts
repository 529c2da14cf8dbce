/**
 * A Postman collection (v2.1) of every operation of the four specs, one
 * folder per API, and an environment for it, made by openapi-to-postmanv2.
 * The plugin publishes both beside the specs; `npm run test:samples` runs the
 * same collection with newman against the test mode.
 *
 * What the converter leaves to us:
 * - authentication: every request inherits the collection's HTTP Basic, the
 *   environment's `testKey` as the user name and an empty password, as the
 *   specs' `secretKey` scheme says;
 * - a test per request that the answer's status is one the operation
 *   declares, so a reader's Collection Runner and newman check the same;
 * - stable ids: the converter draws random ones, so every build would
 *   publish a different file and an import would not replace the last one.
 */
import {createHash} from 'node:crypto';
import {convertV2} from 'openapi-to-postmanv2';

export interface CollectionSpec {
  /** Where the spec is, for messages: `openapi/links.yaml`. */
  readonly file: string;
  /** The spec's YAML. */
  readonly text: string;
  /** The spec, parsed. */
  readonly document: Record<string, unknown>;
}

export interface CollectionSettings {
  /** The collection's name in the reader's API client. */
  readonly collectionName: string;
  /** The environment's name. */
  readonly environmentName: string;
  /** The API's origin, `https://api.example.com`: the environment's `baseUrl`. */
  readonly baseUrl: string;
  /** The environment's `testKey`: the sample secret test key, which the reader replaces with theirs. */
  readonly testKey: string;
}

/** Postman's format: only the parts this module reads or writes. */
export interface PostmanItem {
  id?: string;
  name: string;
  item?: PostmanItem[];
  request?: {method: string; url: {path?: string[]}; auth?: unknown};
  response?: {id?: string}[];
  event?: {listen: string; script: {type: string; exec: string[]}}[];
  description?: unknown;
}

export interface PostmanCollection {
  info: {_postman_id: string; name: string; schema: string; description?: unknown};
  auth: unknown;
  item: PostmanItem[];
  variable?: unknown[];
  event?: unknown[];
}

export interface PostmanEnvironment {
  id: string;
  name: string;
  values: {key: string; value: string; type: 'default' | 'secret'; enabled: boolean}[];
  _postman_variable_scope: 'environment';
}

/** A request of the collection with the statuses its operation declares, for the runner's report. */
export interface CollectionRequest {
  readonly folder: string;
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly statuses: readonly string[];
}

const collectionSchema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** A UUID-shaped id from a name, the same on every build. */
export function stableId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function convert(spec: CollectionSpec): Promise<PostmanCollection> {
  return new Promise((resolve, reject) => {
    convertV2(
      {type: 'string', data: spec.text},
      {
        folderStrategy: 'Tags',
        // The spec's examples, which the test mode holds and the reference shows, not made-up values.
        parametersResolution: 'Example',
        // Optional query parameters and headers are there, switched off, for the reader to turn on.
        enableOptionalParameters: false,
        alwaysInheritAuthentication: true,
        includeWebhooks: false,
      },
      (error, result) => {
        const collection = result?.output?.[0]?.data as PostmanCollection | undefined;
        if (error || !result?.result || !collection) {
          reject(
            new Error(`${spec.file}: openapi-to-postmanv2 could not convert it: ${error?.message ?? result?.reason ?? 'no collection'}`),
          );
        } else {
          resolve(collection);
        }
      },
    );
  });
}

type Operation = {responses?: Record<string, unknown>};

/** The spec's path template for a request's path: `v1/links/:plink_id` → `/v1/links/{plink_id}`. */
function pathTemplate(segments: readonly string[]): string {
  return `/${segments.map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment)).join('/')}`;
}

/** The statuses an operation declares, `default` left out (it promises nothing). */
function declaredStatuses(spec: CollectionSpec, method: string, path: string): string[] {
  const paths = (spec.document.paths ?? {}) as Record<string, Record<string, Operation> | undefined>;
  const operation = paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${spec.file}: the collection has a request ${method} ${path} the spec has no operation for.`);
  return Object.keys(operation.responses ?? {}).filter((status) => /^\d{3}$/.test(status));
}

/** The Postman test: the status is one of `statuses`. */
function statusTest(statuses: readonly string[]): PostmanItem['event'] {
  return [
    {
      listen: 'test',
      script: {
        type: 'text/javascript',
        exec: [
          `pm.test('Status is one the operation declares (${statuses.join(', ')})', function () {`,
          `  pm.expect(pm.response.code).to.be.oneOf([${statuses.join(', ')}]);`,
          '});',
        ],
      },
    },
  ];
}

/** Gives every item and saved response a stable id, and each request its status test; returns the requests. */
function finishItems(items: PostmanItem[], spec: CollectionSpec, folder: string, idPrefix: string): CollectionRequest[] {
  const requests: CollectionRequest[] = [];
  for (const item of items) {
    const itemKey = `${idPrefix}/${item.name}`;
    item.id = stableId(itemKey);
    if (item.item) {
      requests.push(...finishItems(item.item, spec, folder, itemKey));
      continue;
    }
    if (!item.request) continue;
    const path = pathTemplate(item.request.url.path ?? []);
    const statuses = declaredStatuses(spec, item.request.method, path);
    item.event = statusTest(statuses);
    item.response?.forEach((response, index) => {
      response.id = stableId(`${itemKey}/response ${index}`);
    });
    requests.push({folder, name: item.name, method: item.request.method, path, statuses});
  }
  return requests;
}

/** The collection of every operation of `specs`, one folder per spec, and what each request expects. */
export async function apiClientCollection(
  specs: readonly CollectionSpec[],
  settings: CollectionSettings,
): Promise<{collection: PostmanCollection; environment: PostmanEnvironment; requests: CollectionRequest[]}> {
  const requests: CollectionRequest[] = [];
  const folders: PostmanItem[] = [];
  for (const spec of specs) {
    const converted = await convert(spec);
    const folder = converted.info.name;
    requests.push(...finishItems(converted.item, spec, folder, `${settings.collectionName}/${folder}`));
    folders.push({
      id: stableId(`${settings.collectionName}/${folder}`),
      name: folder,
      description: converted.info.description,
      item: converted.item,
    });
  }
  const collection: PostmanCollection = {
    info: {
      _postman_id: stableId(settings.collectionName),
      name: settings.collectionName,
      schema: collectionSchema,
      description: `Every operation of Zip's APIs, one folder per API. Select the environment "${settings.environmentName}" and put your secret test key in its testKey variable; every request sends it as the user name of HTTP Basic authentication, with an empty password. Each request's test checks that the status is one the operation declares.`,
    },
    auth: {
      type: 'basic',
      basic: [
        {key: 'username', value: '{{testKey}}', type: 'string'},
        {key: 'password', value: '', type: 'string'},
      ],
    },
    item: folders,
  };
  const environment: PostmanEnvironment = {
    id: stableId(settings.environmentName),
    name: settings.environmentName,
    values: [
      {key: 'baseUrl', value: settings.baseUrl, type: 'default', enabled: true},
      {key: 'testKey', value: settings.testKey, type: 'secret', enabled: true},
    ],
    _postman_variable_scope: 'environment',
  };
  return {collection, environment, requests};
}
