// Types for the parts of docusaurus-theme-openapi-docs that our wrappers use;
// the theme ships no module declarations for its @theme/ paths.
declare module '@theme/ApiItem/hooks' {
  interface AuthScheme {
    readonly key: string;
    readonly type: string;
    readonly scheme?: string;
  }
  interface AuthState {
    readonly data: Record<string, Record<string, string | undefined> | undefined>;
    readonly options: Record<string, readonly AuthScheme[]>;
  }
  interface ResponseState {
    /** The response body, "Fetching..." while a request is under way, or an error message. */
    readonly value?: string;
    /** The HTTP status; absent when the request got no answer. */
    readonly code?: string;
  }
  interface RootState {
    readonly auth: AuthState;
    readonly response: ResponseState;
  }
  export function useTypedSelector<T>(selector: (state: RootState) => T): T;
  export function useTypedDispatch(): (action: unknown) => void;
}

declare module '@theme/ApiExplorer/Authorization/slice' {
  import type {ApiThemeOptions} from '@theme/ApiItem/store';
  export function createAuth(input: {security: unknown; securitySchemes: unknown; options: ApiThemeOptions | undefined}): unknown;
  export interface AuthDataPayload {
    readonly scheme: string;
    readonly key: string;
    readonly value: string | undefined;
  }
  /** Redux Toolkit's action creator: callable, and carrying its action type. */
  export const setAuthData: {
    (payload: AuthDataPayload): {readonly type: string; readonly payload: AuthDataPayload};
    readonly type: string;
  };
}

declare module '@theme/ApiItem/store' {
  import type {Middleware, Store} from 'redux';

  import type {OperationParameter as SpecParameter} from '@zip/model/apiOperation';

  /** A parameter in the explorer's state: the spec's, with the value the reader gives it. */
  export type OperationParameter = SpecParameter & {readonly value?: unknown};
  /** The operation the plugin stores, as JSON, in an endpoint page's front matter: the site's one type. */
  export type {ApiOperation} from '@zip/model/apiOperation';
  /** `themeConfig.api` in docusaurus.config.ts. */
  export interface ApiThemeOptions {
    readonly authPersistence?: 'localStorage' | 'sessionStorage' | false;
    readonly requestTimeout?: number;
    readonly proxy?: string;
  }
  export interface ExplorerState {
    readonly accept: {readonly value?: string; readonly options: readonly string[]};
    readonly contentType: {readonly value?: string; readonly options: readonly string[]};
    readonly server: {readonly value?: unknown; readonly options: readonly unknown[]};
    readonly response: {readonly value?: string};
    readonly body: {readonly type: 'empty'};
    readonly params: Record<OperationParameter['in'], OperationParameter[]>;
    readonly auth: unknown;
    readonly schemaSelection: {readonly selections: Record<string, number>};
    readonly encodingSelection: Record<string, unknown>;
  }
  export function createStoreWithState(state: ExplorerState, middleware: readonly Middleware[]): Store;
  export function createStoreWithoutState(state: Record<string, never>, middleware: readonly Middleware[]): Store;
}

declare module '@theme/ApiItem/Layout' {
  import type {ReactNode} from 'react';
  export default function ApiItemLayout(props: {readonly children?: ReactNode}): ReactNode;
}

declare module '@theme/ApiExplorer/persistenceMiddleware' {
  import type {Middleware} from 'redux';
  import type {ApiThemeOptions} from '@theme/ApiItem/store';
  export function createPersistenceMiddleware(options: ApiThemeOptions | undefined): Middleware;
}

declare module '@theme/ApiExplorer/storage-utils' {
  export function createStorage(persistence: 'localStorage' | 'sessionStorage' | false): Pick<Storage, 'getItem'>;
}

declare module '@theme/SchemaExpansion' {
  import type {ReactNode} from 'react';
  export function SchemaExpansionProvider(props: {readonly children?: ReactNode}): ReactNode;
}

declare module '@theme/ApiExplorer' {
  import type {ReactNode} from 'react';
  import type {ApiOperation} from '@theme/ApiItem/store';
  export default function ApiExplorer(props: {readonly item: ApiOperation; readonly infoPath: string}): ReactNode;
}

declare module '@theme/SkeletonLoader' {
  import type {ReactNode} from 'react';
  export default function SkeletonLoader(props: {readonly size?: 'sm' | 'md' | 'lg'}): ReactNode;
}

// The OpenAPI theme's tab strips, wrapped to render lazily and to answer the ARIA tabs pattern's keys.
declare module '@theme-original/ApiTabs' {
  import type {ComponentType} from 'react';
  const ApiTabs: ComponentType<Record<string, unknown>>;
  export default ApiTabs;
}
declare module '@theme-original/SchemaTabs' {
  import type {ComponentType} from 'react';
  const SchemaTabs: ComponentType<Record<string, unknown>>;
  export default SchemaTabs;
}
declare module '@theme-original/MimeTabs' {
  import type {ComponentType} from 'react';
  const MimeTabs: ComponentType<Record<string, unknown>>;
  export default MimeTabs;
}
declare module '@theme-original/ApiExplorer/CodeTabs' {
  import type {ComponentType} from 'react';
  const CodeTabs: ComponentType<Record<string, unknown>>;
  export default CodeTabs;
}
declare module '@theme-original/DiscriminatorTabs' {
  import type {ComponentType} from 'react';
  const DiscriminatorTabs: ComponentType<Record<string, unknown>>;
  export default DiscriminatorTabs;
}
declare module '@theme-original/OperationTabs' {
  import type {ComponentType} from 'react';
  const OperationTabs: ComponentType<Record<string, unknown>>;
  export default OperationTabs;
}

declare module '@theme-original/ApiExplorer/storage-utils' {
  export function createStorage(persistence: 'localStorage' | 'sessionStorage' | false): Storage;
  export function hashArray(items: readonly string[]): string;
}

declare module '@theme-original/ApiExplorer/buildPostmanRequest' {
  /** A path parameter in the explorer's state: its value as the reader typed it (a list for an array). */
  export interface PathParam {
    readonly name: string;
    readonly value?: unknown;
    readonly [field: string]: unknown;
  }
  /** What the explorer builds its request from; only the path parameters are read here. */
  export interface RequestInputs {
    readonly pathParams: readonly PathParam[];
    readonly [input: string]: unknown;
  }
  /** A postman-collection Request, built from a clone of `postman`. */
  export default function buildPostmanRequest(postman: unknown, inputs: RequestInputs): unknown;
}

declare module '@theme-original/ApiExplorer/persistenceMiddleware' {
  import type {Middleware} from 'redux';
  import type {ApiThemeOptions} from '@theme/ApiItem/store';
  export function createPersistenceMiddleware(options: ApiThemeOptions | undefined): Middleware;
}

// A field and a parameter of an endpoint page's reference, wrapped to carry their anchors.
declare module '@theme-original/SchemaItem' {
  import type {ReactNode} from 'react';
  export interface Props {
    /** The field's name; undefined for an unnamed item (one alternative of a oneOf, a primitive array item). */
    readonly name?: string;
    /** True when the field is an object or array whose fields sit in a collapsed `Details` (its children). */
    readonly collapsible?: boolean;
    readonly children?: ReactNode;
    readonly [prop: string]: unknown;
  }
  export default function SchemaItem(props: Props): ReactNode;
}
declare module '@theme-original/ParamsItem' {
  import type {ReactNode} from 'react';
  export interface Props {
    readonly param: {readonly name: string; readonly in: string; readonly [field: string]: unknown};
    readonly [prop: string]: unknown;
  }
  export default function ParamsItem(props: Props): ReactNode;
}
declare module '@theme-original/ResponseHeaders' {
  import type {ComponentType} from 'react';
  const ResponseHeaders: ComponentType<Record<string, unknown>>;
  export default ResponseHeaders;
}

// The explorer's styles, which a patch moved out of the theme's global styles (patches/README.md).
declare module 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/styles.scss';

declare module '@theme/ApiExplorer/ParamOptions/slice' {
  import type {OperationParameter} from '@theme/ApiItem/store';
  /** Redux Toolkit's action creator for one parameter's value (src/utils/explorerIdempotencyKey.ts). */
  export const setParam: {
    (payload: OperationParameter): {readonly type: string; readonly payload: OperationParameter};
    readonly type: string;
  };
}

declare module '@theme/ApiExplorer/Response/slice' {
  /** Redux Toolkit's action creator for the answer's status, dispatched once an answer has come back. */
  export const setCode: {
    (payload: number): {readonly type: string; readonly payload: number};
    readonly type: string;
    match(action: unknown): action is {readonly type: string; readonly payload: unknown};
  };
  /** The answer's body as text, and its headers by name, as the theme's Request stores them. */
  export function setResponse(payload: string): {readonly type: string; readonly payload: string};
  export function setHeaders(payload: Readonly<Record<string, string>>): {readonly type: string; readonly payload: unknown};
}

declare module '@theme-original/ApiExplorer/ParamOptions/ParamFormItems/ParamTextFormItem' {
  import type {ReactNode} from 'react';
  import type {OperationParameter} from '@theme/ApiItem/store';
  export interface Props {
    readonly param: OperationParameter;
    readonly label?: string;
    readonly type?: string;
    readonly required?: boolean;
  }
  export default function ParamTextFormItem(props: Props): ReactNode;
}

declare module '@theme/ApiExplorer/Request/makeRequest' {
  /** The theme's patched hook (patches/README.md): what sends the explorer's requests instead of `fetch`. */
  export function setRequestTransport(transport?: (url: string, options: RequestInit) => Promise<Response>): void;
}

declare module '@theme-original/ApiExplorer/Server' {
  import type {ReactNode} from 'react';
  export default function Server(props: {readonly labelId?: string}): ReactNode;
}
