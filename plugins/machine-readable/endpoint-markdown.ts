/**
 * The Markdown twin of an endpoint page, rendered from the operation in the
 * page's front matter rather than from its HTML: the explorer and its code
 * samples only exist in the browser, and the page shows one tab of each
 * response and example at a time. Headings and facts are in the page's
 * words, so what the page says is in its twin word for word (AFDocs'
 * markdown-content-parity compares them).
 */
import {STATUS_CODES} from 'node:http';
import {sampleResponseFromSchema} from 'docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample';
import type {SchemaObject} from 'docusaurus-plugin-openapi-docs/lib/openapi/types';
import {continueLines, fieldAnchor, fieldList, schemaDetails, schemaName} from './endpoint-fields';
import {codeBlock, inlineCode, oneLine} from './markdown-text';
import type {ApiOperation, CodeSample, MediaType, NamedExample, OperationChange, OperationParameter} from '@zip/model/apiOperation';
import {formatChangelogDate} from '@zip/model/apiChangelog';
import {eventBody, signingRecipe} from '@zip/model/webhookDelivery';
import {parameterScope, primaryResponseStatus, requestScope, responseHeaderScope, responseScope} from '@zip/model/fieldAnchors';

export {fieldList, schemaName} from './endpoint-fields';

export interface EndpointPage {
  /** The page's title (its h1). */
  readonly title: string;
  readonly operation: ApiOperation;
  /** The explorer's samples, in tab order (the published operations file). */
  readonly codeSamples: readonly CodeSample[];
  /** The latest published change to it, as the page's "Changed on" line, with what changed. */
  readonly change?: OperationChange;
  /** The API changelog's absolute URL, which the change links to. */
  readonly changelogUrl?: string;
  /** The Errors page's absolute URL, which explains the error responses' fields. */
  readonly errorsUrl?: string;
  /** The same operation's page in the API's complete reference, which a page of one resource names. */
  readonly alsoIn?: {readonly reference: string; readonly url: string};
}

/** "Changed on …" word for word as the page writes it, then what changed: the page links the entry, the twin says it. */
function changedOn(change: OperationChange, changelogUrl: string): string {
  return `_Changed on [${formatChangelogDate(change.date)}](${changelogUrl}#${change.anchor})${change.breaking ? ' (a breaking change)' : ''}._ ${change.summary}`;
}

/** The page's groups of parameters, in its order: "Path Parameters", "Query Parameters", … */
const parameterGroups = {path: 'Path', query: 'Query', header: 'Header', cookie: 'Cookie'} as const;

/** A parameter as the page lists it: its heading (name, type, qualifiers), description and details. */
function parameterItem(parameter: OperationParameter, anchors: Set<string>): string {
  const anchor = fieldAnchor(parameterScope(parameter.in), parameter.name, anchors);
  const firstNamed = parameter.examples ? Object.values(parameter.examples)[0]?.value : undefined;
  const details = schemaDetails(parameter.description, parameter.schema, parameter.example ?? firstNamed);
  const heading = [
    inlineCode(parameter.name),
    schemaName(parameter.schema ?? {type: 'any'}),
    ...(parameter.required ? ['required'] : []),
    ...(parameter.deprecated ? ['deprecated'] : []),
  ].join(' ');
  return `- ${anchor.html}${heading}${details ? `: ${continueLines(details, '  ')}` : ''}`;
}

function parametersSection(parameters: readonly OperationParameter[], anchors: Set<string>): string[] {
  const groups = Object.entries(parameterGroups).flatMap(([location, label]) => {
    const listed = parameters.filter((parameter) => parameter.in === location);
    return listed.length === 0 ? [] : [`### ${label} parameters`, listed.map((parameter) => parameterItem(parameter, anchors)).join('\n')];
  });
  return groups.length === 0 ? [] : ['## Parameters', ...groups];
}

/** An example as the page's tab names it (its key), with its summary when it has one. */
interface LabelledExample {
  readonly key?: string;
  readonly summary?: string;
  readonly value: unknown;
}

/** The media type's examples: named ones, else its single example, else `fallback`. */
function mediaExamples(media: MediaType, fallback: () => unknown): LabelledExample[] {
  const named = Object.entries(media.examples ?? {}).map(([key, example]: [string, NamedExample]) => ({
    key,
    summary: example.summary,
    value: example.value,
  }));
  if (named.length > 0) return named;
  if (media.example !== undefined) return [{value: media.example}];
  const generated = fallback();
  return generated === undefined ? [] : [{value: generated}];
}

function exampleHeading({key, summary}: LabelledExample): string {
  if (key === undefined) return 'Example';
  return summary && summary !== key ? `Example: ${oneLine(summary)} (${inlineCode(key)})` : `Example: ${inlineCode(key)}`;
}

function exampleBlocks(examples: readonly LabelledExample[], headingLevel: string): string[] {
  return examples.flatMap((example) => [
    `${headingLevel} ${exampleHeading(example)}`,
    // JSON on one line: an agent reads it as well, and a long twin keeps within its budget.
    codeBlock(
      typeof example.value === 'string' ? example.value : JSON.stringify(example.value),
      typeof example.value === 'string' ? '' : 'json',
    ),
  ]);
}

function requestBodySection(operation: ApiOperation, anchors: Set<string>): string[] {
  const body = operation.requestBody;
  const content = Object.entries(body?.content ?? {});
  if (!body || content.length === 0) return [];
  // The page's heading of the body: "Body (application/json) required".
  const heading = `### Body (${content.map(([type]) => inlineCode(type)).join(', ')})${body.required ? ' required' : ''}`;
  const blocks = ['## Request body', heading];
  if (body.description?.trim()) blocks.push(body.description.trim());
  const [, media] = content[0] ?? [];
  if (media?.schema) {
    const fields = fieldList(media.schema, 'request', requestScope, anchors);
    if (fields.length > 0) blocks.push(fields.join('\n'));
    blocks.push(
      ...exampleBlocks(
        mediaExamples(media, () => operation.jsonRequestBodyExample),
        '###',
      ),
    );
  }
  return blocks;
}

function responsesSection(operation: ApiOperation, anchors: Set<string>, errorsUrl: string | undefined): string[] {
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length === 0) return [];
  const primaryStatus = primaryResponseStatus(responses.map(([status]) => status));
  const blocks = ['## Responses'];
  /** Fields and headers already listed in this page, by schema: error responses share them. */
  const listedFields = new Map<string, string>();
  const listedHeaders = new Map<string, string>();
  for (const [status, response] of responses) {
    const scope = responseScope(status, primaryStatus);
    const reason = STATUS_CODES[Number(status)];
    blocks.push(`### ${status}${reason ? ` ${reason}` : ''}`);
    if (response.description?.trim()) blocks.push(response.description.trim());
    const headers = Object.entries(response.headers ?? {});
    const headersKey = JSON.stringify(headers);
    const headersListedAt = listedHeaders.get(headersKey);
    if (headers.length > 0 && headersListedAt) {
      blocks.push(`Same headers as the ${headersListedAt} response.`);
    } else if (headers.length > 0) {
      listedHeaders.set(headersKey, status);
      blocks.push(
        '#### Headers',
        headers
          .map(([name, header]) => {
            const details = schemaDetails(header.description, header.schema, header.example);
            const anchor = fieldAnchor(responseHeaderScope(scope), name, anchors);
            return `- ${anchor.html}${inlineCode(name)} ${schemaName(header.schema ?? {type: 'string'})}${details ? `: ${continueLines(details, '  ')}` : ''}`;
          })
          .join('\n'),
      );
    }
    for (const [contentType, media] of Object.entries(response.content ?? {})) {
      if (media.schema) {
        const key = JSON.stringify(media.schema);
        const earlier = listedFields.get(key);
        if (earlier) {
          blocks.push(`Same fields as the ${earlier} response (${inlineCode(contentType)}).`);
        } else {
          // An error's fields are the same envelope on every page; the Errors page says what each means.
          const isError = Number(status) >= 400 && errorsUrl !== undefined;
          const fields = fieldList(media.schema, 'response', scope, anchors, {headingsOnly: isError});
          if (fields.length > 0) {
            blocks.push(`#### Fields (${inlineCode(contentType)})`, fields.join('\n'));
            if (isError) blocks.push(`What each field, \`type\` and \`code\` means, and what to do about it: [Errors](${errorsUrl}).`);
            listedFields.set(key, status);
          }
        }
      }
      blocks.push(
        ...exampleBlocks(
          mediaExamples(media, () => media.schema && sampleResponseFromSchema(media.schema as SchemaObject)),
          '####',
        ),
      );
    }
  }
  return blocks;
}

function authenticationSection(operation: ApiOperation): string[] {
  const schemes = operation.securitySchemes ?? {};
  const requirements = (operation.security ?? []).filter((requirement) => Object.keys(requirement).length > 0);
  if (requirements.length === 0) return [];
  const lines = requirements.map((requirement) => {
    const described = Object.keys(requirement).map((schemeId) => {
      const scheme = schemes[schemeId];
      if (!scheme) return inlineCode(schemeId);
      const kind = scheme.type === 'http' ? `HTTP ${scheme.scheme === 'basic' ? 'Basic' : (scheme.scheme ?? '')}` : scheme.type;
      return `${inlineCode(schemeId)} (${kind.trim()})${scheme.description ? `: ${continueLines(scheme.description.trim(), '  ')}` : ''}`;
    });
    return `- ${described.join(' and ')}`;
  });
  const intro = requirements.length > 1 ? 'Any one of:' : 'Requires:';
  return ['## Authentication', intro, lines.join('\n')];
}

/**
 * A webhook's "Send a test delivery", which the page offers as a form: the same delivery as a shell
 * recipe, its first example signed with the reader's secret when it runs.
 */
function testDeliverySection(operation: ApiOperation): string[] {
  const media = operation.requestBody?.content?.['application/json'];
  const example = Object.values(media?.examples ?? {})[0]?.value ?? media?.example;
  if (example === undefined) return [];
  return [
    '## Send a test delivery',
    'Sign the example with your test endpoint’s secret and post it to your endpoint as Zip would (POSIX shell, `openssl` and `curl`; set `SECRET` and `URL` first):',
    codeBlock(signingRecipe(eventBody(example)), 'bash'),
  ];
}

/**
 * The most characters an endpoint twin holds, so that an agent reads it whole: AFDocs'
 * page-size-markdown passes a page under 50,000, and the llms.txt directive is added after.
 */
export const endpointTwinBudget = 49_500;

/** The explorer's samples; with `curlOnly`, cURL's, naming the others. */
function codeSamplesSection(samples: readonly CodeSample[], curlOnly: boolean): string[] {
  const shown = curlOnly ? samples.filter((sample) => sample.language === 'curl') : samples;
  if (shown.length === 0) return [];
  const others = samples.filter((sample) => !shown.includes(sample)).map((sample) => sample.label);
  return [
    '## Code samples',
    ...shown.flatMap((sample) => [`### ${sample.label}`, codeBlock(sample.code.trimEnd(), sample.highlight)]),
    ...(others.length > 0
      ? [`The page also shows this request in ${others.join(', ')}: with them, this twin would be longer than an agent reads whole.`]
      : []),
  ];
}

/**
 * The whole twin: title, method and path, description, then each section;
 * with all the code samples, or cURL's alone when they would take it over
 * the budget.
 */
export function endpointMarkdown(page: EndpointPage): string {
  const full = endpointTwin(page, false);
  return full.length <= endpointTwinBudget ? full : endpointTwin(page, true);
}

function endpointTwin(page: EndpointPage, curlOnly: boolean): string {
  const {operation} = page;
  // A webhook (OpenAPI `webhooks`): Zip calls the reader's endpoint, so no base URL or credentials.
  const isWebhook = operation.method === 'event';
  const server = isWebhook ? undefined : operation.servers?.[0];
  /** The field anchors written so far: each once, as on the page. */
  const anchors = new Set<string>();
  const blocks = [
    `# ${oneLine(page.title)}`,
    isWebhook
      ? `Webhook event: Zip sends ${inlineCode('POST')} with this body to your webhook endpoint.`
      : inlineCode(`${operation.method.toUpperCase()} ${operation.path}`),
    ...(server ? [`Base URL: ${inlineCode(server.url)}`] : []),
    ...(page.change && page.changelogUrl ? [changedOn(page.change, page.changelogUrl)] : []),
    // The page's notice, word for word.
    ...(operation.deprecated
      ? ['> **Deprecated.** This endpoint has been deprecated and may be replaced or removed in future versions of the API.']
      : []),
    ...(operation.description?.trim() ? [operation.description.trim()] : []),
    ...(page.alsoIn
      ? [
          `This ${isWebhook ? 'event' : 'operation'} is also in the [${page.alsoIn.reference} reference](${page.alsoIn.url}), with the rest of the API.`,
        ]
      : []),
    ...authenticationSection(operation),
    ...parametersSection(operation.parameters ?? [], anchors),
    ...requestBodySection(operation, anchors),
    ...responsesSection(operation, anchors, page.errorsUrl),
    ...(isWebhook ? testDeliverySection(operation) : []),
    ...codeSamplesSection(page.codeSamples, curlOnly),
  ];
  return `${blocks.join('\n\n')}\n`;
}
