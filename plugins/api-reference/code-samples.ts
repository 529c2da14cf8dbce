/**
 * The code samples of an endpoint page, generated at build time the way the
 * OpenAPI theme's explorer generates them in the browser when the page opens
 * (docusaurus-theme-openapi-docs 5.2.0: ApiItem's initial store,
 * ApiExplorer/buildPostmanRequest.js and CodeSnippets/index.js): the same
 * Postman request, filled in the same way, through postman-code-generators
 * with the same options.
 *
 * Deliberate differences: the explorer hands Postman parameter values as
 * the spec types them, and Postman drops a query value that is not a string
 * (`?limit` for a default of 10). Here every value is sent as text
 * (`?limit=10`), which is what the request needs. The credentials are the
 * sample test key, as the explorer's samples show them
 * (src/theme/ApiExplorer/CodeSnippets).
 *
 * Pure: no file system, no globals. The published operations file carries
 * what it makes (operations.ts), which the Markdown twins and the MCP server read.
 */
import {Request} from 'postman-collection';
import codegen from 'postman-code-generators';
import {
  parameterPrefill,
  type ApiOperation,
  type CodeSample,
  type LanguageTab,
  type OperationParameter,
  type PostmanRequestDefinition,
  type SecurityScheme,
} from '@zip/model/apiOperation';
import {basicAuthorization, sampleKeyFor} from '@zip/model/sampleCredentials';

/** The options the theme gives every language it knows (CodeSnippets/languages.js). */
const themeDefaultOptions: Readonly<Record<string, unknown>> = {
  longFormat: false,
  followRedirect: true,
  trimRequestBody: true,
};

/** The theme's test for a success status; unanchored, as there. */
const successStatus = /(20[0-9]|2[1-9][0-9])/;

type ParameterValue = string | number | boolean | readonly unknown[] | Readonly<Record<string, unknown>>;

interface Header {
  readonly key: string;
  readonly value: string;
}

interface QueryParam {
  readonly key: string;
  readonly value: string | null;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value a sample sends for a parameter: the explorer's starting value
 * (`parameterPrefill`, the same rule the page uses).
 */
export function sampleValue(parameter: OperationParameter): ParameterValue | undefined {
  const value = parameterPrefill(parameter);
  // The explorer leaves out parameters whose value is empty, zero or false.
  if (value === undefined || value === null || value === '' || value === 0 || value === false) return undefined;
  return value as ParameterValue;
}

function describe(operation: ApiOperation): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

/** The first server's URL without a trailing slash, variables set to their defaults. */
function serverUrl(operation: ApiOperation): string {
  const server = operation.servers?.[0];
  if (!server) {
    // In the browser the explorer falls back to the page's own origin, which a
    // build-time sample cannot know: the spec must name its server.
    throw new Error(`${describe(operation)}: the operation has no server, so its code samples have no URL.`);
  }
  let url = server.url.replace(/\/$/, '');
  for (const [name, variable] of Object.entries(server.variables ?? {})) {
    url = url.replace(`{${name}}`, variable.default);
  }
  return url;
}

function queryParams(name: string, value: ParameterValue, parameter: OperationParameter): QueryParam[] {
  if (Array.isArray(value)) {
    const items = value.map(String);
    if (parameter.style === 'spaceDelimited') return [{key: name, value: items.join(' ')}];
    if (parameter.style === 'pipeDelimited') return [{key: name, value: items.join('|')}];
    if (parameter.explode) return items.map((item) => ({key: name, value: item}));
    return [{key: name, value: items.join(',')}];
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).map(([key, item]) => [key, String(item)] as const);
    if (parameter.style === 'deepObject') return entries.map(([key, item]) => ({key: `${name}[${key}]`, value: item}));
    if (parameter.explode) return entries.map(([key, item]) => ({key, value: item}));
    return [{key: name, value: entries.map(([key, item]) => `${key},${item}`).join(',')}];
  }
  if (parameter.allowEmptyValue) {
    // "/charges?expand": present without a value when switched on.
    return String(value) === 'true' ? [{key: name, value: null}] : [];
  }
  return [{key: name, value: String(value)}];
}

function pathValue(value: ParameterValue, parameter: OperationParameter): string {
  if (Array.isArray(value)) {
    if (parameter.style === 'label') return `.${value.join('.')}`;
    if (parameter.style === 'matrix') return `;${parameter.name}=${value.join(';')}`;
    return value.join(',');
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return parameter.style === 'matrix'
      ? entries.map(([key, item]) => `;${key}=${String(item)}`).join('')
      : entries.map(([key, item]) => `${key}=${String(item)}`).join(',');
  }
  return String(value);
}

function headerValues(name: string, value: ParameterValue, parameter: OperationParameter): Header[] {
  if (Array.isArray(value)) {
    return parameter.explode ? value.map((item) => ({key: name, value: String(item)})) : [{key: name, value: value.join(',')}];
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return parameter.explode
      ? entries.map(([key, item]) => ({key: name, value: `${key}=${String(item)}`}))
      : [{key: name, value: entries.map(([key, item]) => `${key},${String(item)}`).join(',')}];
  }
  return [{key: name, value: String(value)}];
}

interface Credentials {
  readonly headers: Header[];
  readonly query: QueryParam[];
  readonly cookies: string[];
}

/**
 * The first security requirement (the explorer's initial choice), with the
 * credentials every sample shows: an HTTP Basic key is the sample test key of
 * packages/model/src/testValues.ts, as in the hand-written samples, so a copied sample
 * runs once the reader puts in their own key, and the site's "Use my test
 * key" can replace it. Other schemes (Zip has none) show the explorer's
 * placeholders, `<name>`.
 */
function sampleCredentials(operation: ApiOperation): Credentials {
  const credentials: Credentials = {headers: [], query: [], cookies: []};
  const schemes = operation.securitySchemes ?? {};
  const requirement = (operation.security ?? []).find((entry) => Object.keys(entry).some((schemeId) => schemes[schemeId] !== undefined));
  for (const schemeId of Object.keys(requirement ?? {})) {
    const scheme: SecurityScheme | undefined = schemes[schemeId];
    if (!scheme) continue;
    const httpScheme = scheme.scheme?.toLowerCase();
    if ((scheme.type === 'http' && httpScheme === 'bearer') || scheme.type === 'oauth2') {
      credentials.headers.push({key: 'Authorization', value: 'Bearer <token>'});
    } else if (scheme.type === 'http' && httpScheme === 'basic') {
      credentials.headers.push({key: 'Authorization', value: basicAuthorization(sampleKeyFor(schemeId))});
    } else if (scheme.type === 'apiKey') {
      const name = scheme.name ?? 'apiKey';
      const placeholder = `<${name}>`;
      if (scheme.in === 'header') credentials.headers.push({key: name, value: placeholder});
      if (scheme.in === 'query') credentials.query.push({key: name, value: placeholder});
      if (scheme.in === 'cookie') credentials.cookies.push(`${name}=${placeholder}`);
    }
  }
  return credentials;
}

function firstSuccessContentType(operation: ApiOperation): string | undefined {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (successStatus.test(status)) {
      const first = Object.keys(response.content ?? {})[0];
      if (first) return first;
    }
  }
  return undefined;
}

/**
 * The request body the explorer starts with: for a JSON content type, the
 * example sampled from the request schema, pretty-printed; otherwise none (the
 * explorer leaves form and binary bodies empty until the reader fills them in).
 */
function initialBody(operation: ApiOperation, contentType: string | undefined): string | undefined {
  const isJson = contentType !== undefined && (contentType.includes('application/json') || contentType.endsWith('+json'));
  if (!isJson || !operation.jsonRequestBodyExample) return undefined;
  return JSON.stringify(operation.jsonRequestBodyExample, null, 2);
}

type MutableDefinition = {
  -readonly [Key in keyof PostmanRequestDefinition]: PostmanRequestDefinition[Key];
} & Record<string, unknown>;

/**
 * The Postman request the explorer's code samples describe when the page
 * opens, in postman-collection's JSON form. Exported for the unit tests.
 */
export function buildSampleRequest(operation: ApiOperation): PostmanRequestDefinition {
  const definition = structuredClone(operation.postman) as MutableDefinition;
  const contentType = Object.keys(operation.requestBody?.content ?? {})[0];
  const accept = firstSuccessContentType(operation);
  const credentials = sampleCredentials(operation);

  const query: QueryParam[] = [];
  const pathVariables = new Map<string, string>();
  const headerParams: Header[] = [];
  const cookies: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    const value = sampleValue(parameter);
    if (value === undefined) continue;
    if (parameter.in === 'query') query.push(...queryParams(parameter.name, value, parameter));
    if (parameter.in === 'path') pathVariables.set(parameter.name, pathValue(value, parameter));
    if (parameter.in === 'header') headerParams.push(...headerValues(parameter.name, value, parameter));
    if (parameter.in === 'cookie') cookies.push(`${parameter.name}=${String(value)}`);
  }
  query.push(...credentials.query);
  cookies.push(...credentials.cookies);

  // The explorer drops the protocol: the server URL that becomes the host carries it.
  const url: Record<string, unknown> = {...definition.url};
  delete url.protocol;
  // Path variables keep the plugin's entries (and their order); values come from the examples.
  const variables = (definition.url.variable ?? []).map((variable) =>
    pathVariables.has(variable.key) ? {...variable, value: pathVariables.get(variable.key)} : variable,
  );
  for (const [key, value] of pathVariables) {
    if (!variables.some((variable) => variable.key === key)) variables.push({key, value});
  }
  definition.url = {...url, host: [serverUrl(operation)], query, variable: variables};

  definition.header = [
    ...(contentType ? [{key: 'Content-Type', value: contentType}] : []),
    ...(accept ? [{key: 'Accept', value: accept}] : []),
    ...headerParams,
    ...credentials.headers,
    ...(cookies.length > 0 ? [{key: 'Cookie', value: cookies.join('; ')}] : []),
  ];

  const body = initialBody(operation, contentType);
  if (definition.body === undefined) {
    // The operation takes no body.
  } else if (body === undefined || definition.body.mode !== 'raw') {
    delete definition.body;
  } else {
    definition.body = {...definition.body, raw: body};
  }
  return definition;
}

/** A label such as `Python (Requests)`, from postman-code-generators' own names. */
function sampleLabel(tab: LanguageTab): {label: string; syntaxMode: string} {
  const language = codegen.getLanguageList().find((entry) => entry.key === tab.language.toLowerCase());
  if (!language) {
    throw new Error(`languageTabs: postman-code-generators has no language "${tab.language}".`);
  }
  const variant = language.variants.find((entry) => entry.key.toLowerCase() === tab.variant.toLowerCase());
  if (!variant) {
    const known = language.variants.map((entry) => entry.key).join(', ');
    throw new Error(`languageTabs: ${language.label} has no variant "${tab.variant}" (it has ${known}).`);
  }
  const label = variant.key.toLowerCase() === language.label.toLowerCase() ? language.label : `${language.label} (${variant.key})`;
  return {label, syntaxMode: language.syntax_mode};
}

/**
 * The operation's code samples, one per language tab, in the tabs' order.
 * postman-code-generators answers through a callback, synchronously for every
 * generator the site uses; a generator that answers later, or fails, is an
 * error naming the operation and the language.
 */
export function generateCodeSamples(operation: ApiOperation, languageTabs: readonly LanguageTab[]): CodeSample[] {
  const request = new Request(buildSampleRequest(operation));
  return languageTabs.map((tab) => {
    const {label, syntaxMode} = sampleLabel(tab);
    let outcome: {error: unknown} | {code: string} | undefined;
    codegen.convert(tab.language, tab.variant, request, tab.options ?? themeDefaultOptions, (error, snippet) => {
      outcome = error || snippet === undefined ? {error: error ?? 'no snippet'} : {code: snippet};
    });
    if (outcome === undefined) {
      throw new Error(`${describe(operation)}: the ${label} generator did not answer synchronously.`);
    }
    if ('error' in outcome) {
      const reason = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      throw new Error(`${describe(operation)}: could not generate the ${label} sample: ${reason}`);
    }
    return {language: tab.language, label, highlight: tab.highlight ?? syntaxMode, code: outcome.code};
  });
}
