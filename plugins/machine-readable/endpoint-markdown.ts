/**
 * The Markdown twin of an endpoint page, rendered from the operation in the
 * page's front matter rather than from its HTML: the explorer, the schema
 * trees and the code samples only exist in the browser, and the spec says
 * everything they show more plainly.
 */
import {STATUS_CODES} from 'node:http';
import {sampleResponseFromSchema} from 'docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample';
import type {SchemaObject} from 'docusaurus-plugin-openapi-docs/lib/openapi/types';
import {continueLines, fieldAnchor, fieldList, schemaDetails, schemaType} from './endpoint-fields';
import {codeBlock, inlineCode, oneLine, tableCell} from './markdown-text';
import type {ApiOperation, CodeSample, MediaType, NamedExample, OperationChange, OperationParameter} from '@zip/model/apiOperation';
import {formatChangelogDate} from '@zip/model/apiChangelog';
import {eventBody, signingRecipe} from '@zip/model/webhookDelivery';
import {parameterScope, primaryResponseStatus, requestScope, responseHeaderScope, responseScope} from '@zip/model/fieldAnchors';

export {fieldList, schemaType} from './endpoint-fields';

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
  /** The same operation's page in the API's complete reference, which a page of one resource names. */
  readonly alsoIn?: {readonly reference: string; readonly url: string};
}

/** "Changed on …" word for word as the page writes it, then what changed: the page links the entry, the twin says it. */
function changedOn(change: OperationChange, changelogUrl: string): string {
  return `_Changed on [${formatChangelogDate(change.date)}](${changelogUrl}#${change.anchor})${change.breaking ? ' (a breaking change)' : ''}._ ${change.summary}`;
}

function parameterTable(parameters: readonly OperationParameter[], anchors: Set<string>): string {
  const rows = parameters.map((parameter) => {
    const anchor = fieldAnchor(parameterScope(parameter.in), parameter.name, anchors);
    const firstNamed = parameter.examples ? Object.values(parameter.examples)[0]?.value : undefined;
    const details = schemaDetails(parameter.description, parameter.schema, parameter.example ?? firstNamed);
    return [
      `${anchor.html}${inlineCode(parameter.name)}`,
      parameter.in,
      parameter.schema ? schemaType(parameter.schema) : 'string',
      parameter.required ? 'Yes' : 'No',
      details,
    ]
      .map(tableCell)
      .join(' | ');
  });
  return ['| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |', ...rows.map((row) => `| ${row} |`)].join(
    '\n',
  );
}

/** The media type's examples: named ones, else its single example, else `fallback`. */
function mediaExamples(media: MediaType, fallback: () => unknown): {label?: string; value: unknown}[] {
  const named = Object.entries(media.examples ?? {}).map(([key, example]: [string, NamedExample]) => ({
    label: example.summary ?? key,
    value: example.value,
  }));
  if (named.length > 0) return named;
  if (media.example !== undefined) return [{value: media.example}];
  const generated = fallback();
  return generated === undefined ? [] : [{value: generated}];
}

function exampleBlocks(examples: readonly {label?: string; value: unknown}[], headingLevel: string): string[] {
  return examples.flatMap(({label, value}) => [
    `${headingLevel} ${label ? `Example: ${oneLine(label)}` : 'Example'}`,
    codeBlock(typeof value === 'string' ? value : JSON.stringify(value, null, 2), typeof value === 'string' ? '' : 'json'),
  ]);
}

function requestBodySection(operation: ApiOperation, anchors: Set<string>): string[] {
  const body = operation.requestBody;
  const content = Object.entries(body?.content ?? {});
  if (!body || content.length === 0) return [];
  const blocks = ['## Request body'];
  const intro = [body.required ? 'Required.' : 'Optional.', `Content type: ${content.map(([type]) => inlineCode(type)).join(', ')}.`];
  if (body.description?.trim()) intro.push(body.description.trim());
  blocks.push(intro.join(' '));
  const [, media] = content[0] ?? [];
  if (media?.schema) {
    const fields = fieldList(media.schema, 'request', requestScope, anchors);
    if (fields.length > 0) blocks.push('### Fields', fields.join('\n'));
    blocks.push(
      ...exampleBlocks(
        mediaExamples(media, () => operation.jsonRequestBodyExample),
        '###',
      ),
    );
  }
  return blocks;
}

function responsesSection(operation: ApiOperation, anchors: Set<string>): string[] {
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length === 0) return [];
  const primaryStatus = primaryResponseStatus(responses.map(([status]) => status));
  const blocks = ['## Responses'];
  /** Fields already listed in this page, by schema: error responses share one. */
  const listedFields = new Map<string, string>();
  for (const [status, response] of responses) {
    const scope = responseScope(status, primaryStatus);
    const reason = STATUS_CODES[Number(status)];
    blocks.push(`### ${status}${reason ? ` ${reason}` : ''}`);
    if (response.description?.trim()) blocks.push(response.description.trim());
    const headers = Object.entries(response.headers ?? {});
    if (headers.length > 0) {
      blocks.push(
        '#### Headers',
        headers
          .map(([name, header]) => {
            const details = schemaDetails(header.description, header.schema, header.example);
            const anchor = fieldAnchor(responseHeaderScope(scope), name, anchors);
            return `- ${anchor.html}${inlineCode(name)} (${header.schema ? schemaType(header.schema) : 'string'})${details ? `: ${continueLines(details, '  ')}` : ''}`;
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
          const fields = fieldList(media.schema, 'response', scope, anchors);
          if (fields.length > 0) {
            blocks.push(`#### Fields (${inlineCode(contentType)})`, fields.join('\n'));
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

function codeSamplesSection(samples: readonly CodeSample[]): string[] {
  if (samples.length === 0) return [];
  return ['## Code samples', ...samples.flatMap((sample) => [`### ${sample.label}`, codeBlock(sample.code.trimEnd(), sample.highlight)])];
}

/** The whole twin: title, method and path, description, then each section. */
export function endpointMarkdown(page: EndpointPage): string {
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
    ...(operation.deprecated ? ['> **Deprecated.** This operation will be removed; avoid it in new code.'] : []),
    ...(operation.description?.trim() ? [operation.description.trim()] : []),
    ...(page.alsoIn
      ? [
          `This ${isWebhook ? 'event' : 'operation'} is also in the [${page.alsoIn.reference} reference](${page.alsoIn.url}), with the rest of the API.`,
        ]
      : []),
    ...authenticationSection(operation),
    ...((operation.parameters ?? []).length > 0 ? ['## Parameters', parameterTable(operation.parameters ?? [], anchors)] : []),
    ...requestBodySection(operation, anchors),
    ...responsesSection(operation, anchors),
    ...(isWebhook ? testDeliverySection(operation) : []),
    ...codeSamplesSection(page.codeSamples),
  ];
  return `${blocks.join('\n\n')}\n`;
}
