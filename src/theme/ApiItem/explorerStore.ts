import type {Store} from 'redux';
import {createStoreWithState, createStoreWithoutState} from '@theme/ApiItem/store';
import type {ApiThemeOptions, ExplorerState, OperationParameter} from '@theme/ApiItem/store';
import {createAuth} from '@theme/ApiExplorer/Authorization/slice';
import {createPersistenceMiddleware} from '@theme/ApiExplorer/persistenceMiddleware';
import {createStorage} from '@theme/ApiExplorer/storage-utils';
import {refuseForbiddenKeys} from '@site/src/utils/explorerKeyGuard';
import {parameterPrefill, type ApiOperation} from '@zip/model/apiOperation';
import {freshIdempotencyKey, isIdempotencyKey, renewIdempotencyKey} from '@site/src/utils/explorerIdempotencyKey';

// With the store's code, so the page's own chunks need none of Redux Toolkit (ReaderKeyInExplorer).
export {setAuthData} from '@theme/ApiExplorer/Authorization/slice';

const successStatus = /^(20[0-9]|2[1-9][0-9])$/;

/**
 * The explorer's starting state, as the OpenAPI theme builds it: accepted
 * types from the 2XX responses, the request's content types, the servers,
 * parameters prefilled from their default or example (the idempotency key
 * fresh), and any credentials
 * the reader saved this session.
 */
function initialExplorerState(api: ApiOperation, options: ApiThemeOptions | undefined): ExplorerState {
  const accept = Object.entries(api.responses ?? {})
    .filter(([code]) => successStatus.test(code))
    .flatMap(([, response]) => Object.keys(response.content ?? {}));
  const contentTypes = Object.keys(api.requestBody?.content ?? {});
  const params: ExplorerState['params'] = {path: [], query: [], header: [], cookie: []};
  for (const parameter of api.parameters ?? []) {
    // Each reader's first request gets a key of its own, not the spec's example (explorerIdempotencyKey.ts).
    const prefill = isIdempotencyKey(parameter) ? freshIdempotencyKey() : parameterPrefill(parameter);
    const initialised: OperationParameter = prefill === undefined ? parameter : {...parameter, value: prefill};
    params[parameter.in]?.push(initialised);
  }
  const storage = createStorage(options?.authPersistence ?? 'sessionStorage');
  const savedServer = storage.getItem('server');
  const server = savedServer ? (JSON.parse(savedServer) as {url?: string}) : undefined;
  return {
    accept: {value: accept[0], options: accept},
    contentType: {value: contentTypes[0], options: contentTypes},
    server: {value: server?.url ? server : undefined, options: api.servers ?? []},
    response: {value: undefined},
    body: {type: 'empty'},
    params,
    auth: createAuth({security: api.security, securitySchemes: api.securitySchemes, options}),
    schemaSelection: {selections: {}},
    encodingSelection: {},
  };
}

function middleware(options: ApiThemeOptions | undefined) {
  // The key guard first: a refused credential never reaches the persistence middleware.
  return [refuseForbiddenKeys, createPersistenceMiddleware(options), renewIdempotencyKey];
}

/** The browser's store: from the spec and this session's saved credentials. */
export function createExplorerStore(api: ApiOperation, options: ApiThemeOptions | undefined): Store {
  return createStoreWithState(initialExplorerState(api, options), middleware(options));
}

/** The server's store: it has no storage, so the store starts empty. */
export function createServerStore(options: ApiThemeOptions | undefined): Store {
  return createStoreWithoutState({}, middleware(options));
}
