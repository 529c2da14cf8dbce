/**
 * The operation an endpoint page documents, as docusaurus-plugin-openapi-docs
 * makes it, in a JSON file beside the page (plugins/api-reference/page-data.ts):
 * the OpenAPI operation (with `$ref`s resolved), plus the method, path,
 * servers, security schemes, a request-body example and a Postman request the
 * explorer builds samples from.
 *
 * One type and one reader for the page (src/theme/ApiItem/OperationItem.tsx,
 * in the browser and on the server) and for its Markdown twin
 * (plugins/machine-readable), so the two cannot read an operation differently.
 */

/** The parts of a JSON Schema the Markdown twins and code samples read. */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly title?: string;
  readonly description?: string;
  readonly format?: string;
  readonly nullable?: boolean;
  readonly deprecated?: boolean;
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;
  readonly enum?: readonly unknown[];
  readonly 'x-enumDescriptions'?: Readonly<Record<string, string>>;
  readonly default?: unknown;
  readonly example?: unknown;
  readonly examples?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly maxProperties?: number;
  readonly pattern?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly oneOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
}

export interface NamedExample {
  readonly summary?: string;
  readonly description?: string;
  readonly value?: unknown;
}

export interface MediaType {
  readonly schema?: JsonSchema;
  readonly example?: unknown;
  readonly examples?: Readonly<Record<string, NamedExample>>;
}

export interface OperationParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly deprecated?: boolean;
  readonly description?: string;
  readonly schema?: JsonSchema;
  readonly example?: unknown;
  readonly examples?: Readonly<Record<string, NamedExample>>;
  readonly style?: string;
  readonly explode?: boolean;
  readonly allowEmptyValue?: boolean;
}

export interface ResponseHeader {
  readonly description?: string;
  readonly schema?: JsonSchema;
  readonly example?: unknown;
}

export interface OperationResponse {
  readonly description?: string;
  readonly headers?: Readonly<Record<string, ResponseHeader>>;
  readonly content?: Readonly<Record<string, MediaType>>;
}

export interface ServerObject {
  readonly url: string;
  readonly description?: string;
  readonly variables?: Readonly<Record<string, {readonly default: string}>>;
}

export interface SecurityScheme {
  readonly type: string;
  readonly scheme?: string;
  /** The header, query or cookie name of an `apiKey` scheme. */
  readonly name?: string;
  readonly in?: string;
  readonly description?: string;
}

/** The Postman request the plugin derives from the operation (postman-collection's JSON form). */
export interface PostmanRequestDefinition {
  readonly method: string;
  readonly url: {
    readonly path?: readonly string[];
    readonly host?: readonly string[];
    readonly query?: readonly unknown[];
    readonly variable?: readonly {readonly key: string; readonly value?: unknown}[];
  } & Readonly<Record<string, unknown>>;
  readonly header?: readonly {readonly key: string; readonly value: string}[];
  readonly body?: {readonly mode: string; readonly raw?: string} & Readonly<Record<string, unknown>>;
}

export interface ApiOperation {
  readonly method: string;
  readonly path: string;
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly deprecated?: boolean;
  readonly tags?: readonly string[];
  readonly parameters?: readonly OperationParameter[];
  readonly requestBody?: {
    readonly description?: string;
    readonly required?: boolean;
    readonly content?: Readonly<Record<string, MediaType>>;
  };
  readonly responses?: Readonly<Record<string, OperationResponse>>;
  readonly servers?: readonly ServerObject[];
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  readonly securitySchemes?: Readonly<Record<string, SecurityScheme>>;
  /** The plugin's example body for JSON requests, sampled from the request schema. */
  readonly jsonRequestBodyExample?: unknown;
  readonly postman: PostmanRequestDefinition;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the fields every consumer relies on, so a malformed operation fails here, by name. */
export function assertOperation(value: unknown, source: string): ApiOperation {
  if (!isRecord(value)) {
    throw new Error(`${source}: the operation is not a JSON object.`);
  }
  const missing = ['method', 'path'].filter((field) => typeof value[field] !== 'string' || value[field] === '');
  // Webhooks (method `event`, from the spec's `webhooks`) are requests Zip makes: no Postman request.
  const isWebhook = value.method === 'event';
  if (!isWebhook && (!isRecord(value.postman) || !isRecord(value.postman.url))) missing.push('postman.url');
  if (missing.length > 0) {
    throw new Error(`${source}: the operation has no ${missing.join(', ')}.`);
  }
  return value as unknown as ApiOperation;
}

/**
 * The value the explorer starts a parameter with, and the code samples show:
 * the schema's default, else the parameter's example, the schema's example,
 * or its first named example.
 */
export function parameterPrefill(parameter: OperationParameter): unknown {
  const firstNamedExample = parameter.examples ? Object.values(parameter.examples)[0]?.value : undefined;
  return parameter.schema?.default ?? parameter.example ?? parameter.schema?.example ?? firstNamedExample;
}

/** One entry of `themeConfig.languageTabs` (docusaurus.config.ts). */
export interface LanguageTab {
  /** postman-code-generators' language key, e.g. `python`. */
  readonly language: string;
  /** The variant the samples use, e.g. `requests`; matched case-insensitively. */
  readonly variant: string;
  /** Prism language for highlighting; defaults to postman-code-generators' syntax mode. */
  readonly highlight?: string;
  /** Generator options; the theme's defaults when absent. */
  readonly options?: Readonly<Record<string, unknown>>;
}

export interface CodeSample {
  /** The tab's language key, e.g. `python`. */
  readonly language: string;
  /** A reader-facing name: language and client library, e.g. `Python (Requests)`. */
  readonly label: string;
  /** Language for a fenced code block. */
  readonly highlight: string;
  readonly code: string;
}

/**
 * One operation or webhook event as the build publishes it at
 * `/openapi/operations.json` (plugins/api-reference/operations.ts): the
 * operation its endpoint page documents, checked, with the page's address and
 * the code samples its explorer shows. The Markdown twins and the docs MCP
 * server read this file; neither reads the specs.
 */
export interface PublishedOperation {
  /** The spec it comes from, by name: `payments` for openapi/payments.yaml. */
  readonly spec: string;
  readonly operationId: string;
  /** The page's title: the operation's summary, or a webhook's event type. */
  readonly title: string;
  /** The operation's page: its product section's (Charges, …) where it has one, else its spec's reference. */
  readonly permalink: string;
  /** Every page that documents it (a product section's and the complete reference's). */
  readonly pages: readonly string[];
  /** The operation, without the spec's `info`, which `specs` holds once. */
  readonly operation: ApiOperation;
  /** The explorer's samples, in tab order; none for a webhook event (method `event`). */
  readonly codeSamples: readonly CodeSample[];
  /** The latest published entry of the API changelog naming it: what its page's "Changed on" says, and what changed. */
  readonly change?: OperationChange;
}

export interface OperationChange {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** The entry's anchor on /api/changelog. */
  readonly anchor: string;
  /** What changed and what a developer should do. */
  readonly summary: string;
  readonly breaking: boolean;
}

export interface PublishedSpecInfo {
  readonly title?: string;
  readonly version?: string;
  readonly description?: string;
}

export interface OperationsFile {
  /** Each spec's `info`, by spec name. */
  readonly specs: Readonly<Record<string, PublishedSpecInfo>>;
  readonly operations: readonly PublishedOperation[];
}

/** Where the build publishes the operations file. */
export const operationsFilePath = '/openapi/operations.json';
