/**
 * What running a page's samples needs that the page leaves to its reader: a file beside the page,
 * `<page>.samples.yaml` (guides/getting-started.samples.yaml for guides/getting-started.mdx):
 *
 *   testModeAt: http://127.0.0.1:4011          # the test mode's origin in the page's commands, replaced by the runner's
 *   before:                                    # calls to the test mode after each reset, before the page
 *     - {method: DELETE, path: /v2/customers/cus_DmDjcl0OevGMPVGGDAGDvCKq}
 *     - {method: POST, path: /_test-mode/ids, body: {ids: [cus_DmDjcl0OevGMPVGGDAGDvCKq]}}
 *   files:                                     # saved from another page, as that page's reader did
 *     zip-client.mjs: guides/developer-guide/getting-started.mdx
 *   blocks:                                    # keyed by a code block's title
 *     The customer approves a GCash source:
 *       before:                                # calls just before the block: what the reader's integration did
 *         - {method: POST, path: /v2/sources, body: {type: gcash, amount: 150000}}
 *     create-charge.mjs:
 *       args: [src_zSCG11V0TTHjwjuJJVtVv2wj]   # what the reader types after the file name
 *     zip-client.mjs:
 *       driver: |                              # a module: this code, in the block's language, calls it
 *         import {zip} from './zip-client.mjs';
 *         console.log(await zip('GET', '/v2/charges'));
 *     declines.py:
 *       expectStatus: 402                      # meant to fail: the test mode must answer this status
 *     server.mjs:
 *       serve:                                 # a web server: started, then called by a client
 *         port: 4242
 *         client: |                            # Node.js: SERVER_ORIGIN is the server's, ZIP_TEST_MODE_ORIGIN the test mode's
 *           const response = await fetch(`${process.env.SERVER_ORIGIN}/zip/webhooks`, …);
 *     server.py:
 *       skip: Why it cannot run here, in a sentence.
 *
 * The file is read with js-yaml and checked with ajv; a key that names no block, or a block named
 * twice, is an error that names the fixture file.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import Ajv, {type JSONSchemaType} from 'ajv';
import yaml from 'js-yaml';
import type {Preparation} from './preparations';

export interface BlockFixture {
  /** Calls the test mode gets just before this block: what the reader's own integration did in between. */
  readonly before?: Preparation[];
  /** Arguments after the file name, as the page tells the reader to give them. */
  readonly args?: string[];
  /** Code in the block's language that imports the block (saved under its title) and calls it. */
  readonly driver?: string;
  /** The status a sample meant to fail must get; it may then exit non-zero. */
  readonly expectStatus?: number;
  /** Why this block is not run. */
  readonly skip?: string;
  /** A web server: started, called by a Node.js client script once it listens, then stopped. */
  readonly serve?: ServeFixture;
}

export interface ServeFixture {
  /** The port the sample listens on. */
  readonly port: number;
  /** The interpreter's arguments, when the reader starts it otherwise (`-m flask --app server run`). */
  readonly command?: string[];
  /**
   * Node.js code that plays the customer's browser or Zip: it gets the server's origin in
   * SERVER_ORIGIN, the test mode's in ZIP_TEST_MODE_ORIGIN (for its customer controls), and exits 0
   * when the server did its job.
   */
  readonly client: string;
}

export interface PageFixture {
  /**
   * The test mode's origin as the page's commands write it (`http://127.0.0.1:4011`, a guide for
   * the reader's own test mode): the runner puts its test mode's origin there, as it does the API's.
   */
  readonly testModeAt?: string;
  /**
   * Calls the test mode gets after each reset to its example objects, before the page's first
   * block: what the page's reader has done before (a customer the page creates removed from the
   * examples, and its id chosen with the `ids` control, so the page's later blocks find it).
   */
  readonly before?: Preparation[];
  /** A file name, and the page whose block of that title the reader saved it from. */
  readonly files?: Record<string, string>;
  readonly blocks?: Record<string, BlockFixture>;
}

const preparationsSchema: JSONSchemaType<Preparation[]> = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['method', 'path'],
    properties: {
      method: {type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE']},
      path: {type: 'string', pattern: '^/'},
      body: {type: 'object', nullable: true, required: []},
    },
  },
};

const fixtureSchema: JSONSchemaType<PageFixture> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    testModeAt: {type: 'string', pattern: '^http://(127\\.0\\.0\\.1|localhost):\\d+$', nullable: true},
    before: {...preparationsSchema, nullable: true},
    files: {type: 'object', required: [], additionalProperties: {type: 'string', pattern: '\\.mdx?$'}, nullable: true},
    blocks: {
      type: 'object',
      required: [],
      nullable: true,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          before: {...preparationsSchema, nullable: true},
          args: {type: 'array', items: {type: 'string'}, nullable: true},
          driver: {type: 'string', minLength: 1, nullable: true},
          expectStatus: {type: 'integer', minimum: 100, maximum: 599, nullable: true},
          skip: {type: 'string', minLength: 20, nullable: true},
          serve: {
            type: 'object',
            nullable: true,
            additionalProperties: false,
            required: ['port', 'client'],
            properties: {
              port: {type: 'integer', minimum: 1024, maximum: 65535},
              command: {type: 'array', items: {type: 'string'}, nullable: true},
              client: {type: 'string', minLength: 1},
            },
          },
        },
      },
    },
  },
};

const validateFixture = new Ajv({allErrors: true}).compile(fixtureSchema);

/** `guides/x.mdx` → `guides/x.samples.yaml`. */
export const fixtureFileOf = (page: string): string => page.replace(/\.mdx?$/, '.samples.yaml');

/** The fixture beside a page (an empty one when there is none), or the reasons it cannot be used. */
export function readFixture(root: string, page: string): {fixture: PageFixture; errors: string[]} {
  const file = fixtureFileOf(page);
  if (!existsSync(path.join(root, file))) return {fixture: {}, errors: []};
  let loaded: unknown;
  try {
    loaded = yaml.load(readFileSync(path.join(root, file), 'utf8')) ?? {};
  } catch (error) {
    return {fixture: {}, errors: [`${file}: does not parse as YAML: ${error instanceof Error ? error.message : String(error)}`]};
  }
  if (!validateFixture(loaded)) {
    const reasons = (validateFixture.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`.trim());
    return {fixture: {}, errors: reasons.map((reason) => `${file}: ${reason}`)};
  }
  return {fixture: loaded, errors: []};
}
