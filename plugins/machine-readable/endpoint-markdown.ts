/**
 * The Markdown twin of an endpoint page, rendered from the operation in the
 * page's front matter rather than from its HTML: the explorer, the schema
 * trees and the code samples only exist in the browser, and the spec says
 * everything they show more plainly.
 */
import {STATUS_CODES} from 'node:http';
import {sampleResponseFromSchema} from 'docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample';
import type {SchemaObject} from 'docusaurus-plugin-openapi-docs/lib/openapi/types';
import {codeBlock, inlineCode, oneLine, tableCell} from './markdown-text';
import type {
  ApiOperation,
  CodeSample,
  JsonSchema,
  MediaType,
  NamedExample,
  OperationChange,
  OperationParameter,
} from '@zip/model/apiOperation';
import {formatChangelogDate} from '@zip/model/apiChangelog';
import {eventBody, signingRecipe} from '@zip/model/webhookDelivery';
import {
  fieldId,
  mapValuesFieldName,
  parameterScope,
  primaryResponseStatus,
  requestScope,
  responseHeaderScope,
  responseScope,
} from '@zip/model/fieldAnchors';

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
}

/** "Changed on …" word for word as the page writes it, then what changed: the page links the entry, the twin says it. */
function changedOn(change: OperationChange, changelogUrl: string): string {
  return `_Changed on [${formatChangelogDate(change.date)}](${changelogUrl}#${change.anchor})${change.breaking ? ' (a breaking change)' : ''}._ ${change.summary}`;
}

/** Enums longer than this list their values without each value's description. */
const maxDescribedEnumValues = 12;
/** Deeper schemas are cut off; specs with `$ref` cycles are resolved only so far. */
const maxSchemaDepth = 8;

type Usage = 'request' | 'response';

/** The limits a value must keep to, as short sentences. */
function schemaConstraints(schema: JsonSchema): string[] {
  const limits: readonly [number | undefined, string][] = [
    [schema.minimum, 'Minimum'],
    [schema.maximum, 'Maximum'],
    [schema.minLength, 'Minimum length'],
    [schema.maxLength, 'Maximum length'],
    [schema.minItems, 'Minimum items'],
    [schema.maxItems, 'Maximum items'],
    [schema.maxProperties, 'Maximum keys'],
  ];
  const facts = limits.filter(([value]) => value !== undefined).map(([value, label]) => `${label}: ${inlineCode(String(value))}.`);
  if (schema.pattern !== undefined) facts.push(`Pattern: ${inlineCode(schema.pattern)}.`);
  return facts;
}

function formatValue(value: unknown): string {
  return inlineCode(typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * Two definitions of the same property in different members of an allOf, as
 * the page merges them: the later one's keywords win (a list's `data`,
 * refined by the list of sessions), and their properties and array items
 * are merged the same way.
 */
function mergeProperty(earlier: JsonSchema, later: JsonSchema): JsonSchema {
  const first = mergeAllOf(earlier);
  const second = mergeAllOf(later);
  return {
    ...first,
    ...second,
    ...(first.properties || second.properties ? {properties: mergeProperties(first.properties, second.properties)} : {}),
    ...(first.items && second.items ? {items: mergeProperty(first.items, second.items)} : {}),
  };
}

function mergeProperties(
  earlier: Readonly<Record<string, JsonSchema>> | undefined,
  later: Readonly<Record<string, JsonSchema>> | undefined,
): Record<string, JsonSchema> {
  const merged: Record<string, JsonSchema> = {...earlier};
  for (const [name, property] of Object.entries(later ?? {})) {
    const before = merged[name];
    merged[name] = before ? mergeProperty(before, property) : property;
  }
  return merged;
}

/** Merges `allOf` parts into one schema, so their properties list together. */
function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map(mergeAllOf);
  const rest: {-readonly [Key in keyof JsonSchema]: JsonSchema[Key]} = {...schema};
  delete rest.allOf;
  return parts.reduce<JsonSchema>(
    (merged, part) => ({
      ...part,
      ...merged,
      properties: mergeProperties(merged.properties, part.properties),
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    }),
    rest,
  );
}

/** `string<date-time>`, `integer or null`, `array of string`, as the API pages write types. */
export function schemaType(schema: JsonSchema): string {
  const resolved = mergeAllOf(schema);
  if (resolved.oneOf ?? resolved.anyOf) return 'one of several schemas';
  const declared = resolved.type === undefined ? [] : typeof resolved.type === 'string' ? [resolved.type] : [...resolved.type];
  if (declared.length === 0) declared.push(resolved.properties ? 'object' : 'any');
  if (resolved.nullable && !declared.includes('null')) declared.push('null');
  return declared
    .map((type) => {
      if (type === 'array') return resolved.items ? `array of ${schemaType(resolved.items)}` : 'array';
      return resolved.format && type !== 'null' ? `${type}<${resolved.format}>` : type;
    })
    .join(' or ');
}

/** An open set (openapi/README.md): a string whose `examples` are the values `x-enumDescriptions` documents. */
const openSetValues = (schema: JsonSchema): readonly unknown[] | undefined =>
  schema.enum === undefined && schema['x-enumDescriptions'] && schema.examples?.length ? schema.examples : undefined;

function enumFacts(schema: JsonSchema): string[] {
  const open = openSetValues(schema);
  const values = open ?? schema.enum ?? (schema.type === 'array' || schema.items ? schema.items?.enum : undefined);
  if (!values || values.length === 0) return [];
  const descriptions = schema['x-enumDescriptions'] ?? schema.items?.['x-enumDescriptions'] ?? {};
  if (values.length > maxDescribedEnumValues) {
    const more = open ? ' documented; Zip may add others' : '';
    return [`One of ${values.length} values${more}: ${values.map(formatValue).join(', ')}.`];
  }
  const anyDescribed = values.some((value) => descriptions[String(value)] !== undefined);
  const described = values.map((value) => {
    const description = descriptions[String(value)];
    return description ? `${formatValue(value)} (${oneLine(description).replace(/\.$/, '')})` : formatValue(value);
  });
  return [`${open ? 'Documented values (Zip may add others)' : 'Values'}: ${described.join(anyDescribed ? '; ' : ', ')}.`];
}

/** A description followed by the schema's values, default, limits and example, as one paragraph's worth of text. */
function schemaDetails(description: string | undefined, schema: JsonSchema | undefined, example?: unknown): string {
  const parts: string[] = [];
  if (description?.trim()) parts.push(description.trim());
  if (schema) {
    parts.push(...enumFacts(schema));
    if (schema.default !== undefined) parts.push(`Default: ${formatValue(schema.default)}.`);
    parts.push(...schemaConstraints(schema));
  }
  const shownExample = example ?? schema?.example;
  if (shownExample !== undefined && !schema?.enum && !(schema && openSetValues(schema)))
    parts.push(`Example: ${formatValue(shownExample)}.`);
  const [first, ...facts] = parts;
  if (first === undefined) return '';
  // After a description of several blocks (paragraphs, a list), the facts get their own paragraph.
  const separator = /\n\s*\n/.test(first) ? '\n\n' : ' ';
  return facts.length > 0 ? `${first}${separator}${facts.join(' ')}` : first;
}

/** Indents every line after the first, so multi-line text stays inside its list item. */
function continueLines(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line, index) => (index === 0 || line.trim() === '' ? line : `${indent}${line}`))
    .join('\n');
}

/** The object schema whose properties describe a value: itself, or an array's items. */
function propertiesHolder(schema: JsonSchema): JsonSchema | undefined {
  const resolved = mergeAllOf(schema);
  if (resolved.properties || mapValues(resolved)) return resolved;
  if (resolved.items) {
    const items = mergeAllOf(resolved.items);
    if (items.properties || mapValues(items)) return items;
  }
  return undefined;
}

/** Whether the page lists fields inside a value of this schema: its properties, its items', or an alternative's. */
function hasNestedFields(schema: JsonSchema): boolean {
  const resolved = mergeAllOf(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  return alternatives ? alternatives.some(hasNestedFields) : propertiesHolder(resolved) !== undefined;
}

/** The schema of a map's values (`additionalProperties`), which the page lists as one more field. */
function mapValues(schema: JsonSchema): JsonSchema | undefined {
  const values = schema.additionalProperties;
  if (values === true) return {};
  return typeof values === 'object' ? values : undefined;
}

/**
 * The field's anchor as the page has it (packages/model/src/fieldAnchors.ts), as
 * inline HTML before its name; none when an earlier field of the page took
 * the same anchor (the same name in two alternatives of a oneOf).
 */
function fieldAnchor(scope: string, name: string, anchors: Set<string>): {readonly html: string; readonly id: string | undefined} {
  const id = fieldId(scope, name);
  if (id === undefined || anchors.has(id)) return {html: '', id};
  anchors.add(id);
  return {html: `<a id="${id}"></a>`, id};
}

/**
 * Each property as a nested bullet: name, type, required, description and
 * details, with the anchor the endpoint page gives the field (under `scope`;
 * `anchors` holds those the page's twin has already written).
 */
export function fieldList(schema: JsonSchema, usage: Usage, scope: string, anchors: Set<string>, depth = 0): string[] {
  const resolved = mergeAllOf(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  const indent = '  '.repeat(depth);
  if (alternatives) {
    // An alternative is not a field: its fields sit under the same anchor prefix, as on the page.
    return alternatives.flatMap((alternative, index) => {
      const name = alternative.title ? inlineCode(alternative.title) : `Option ${index + 1}`;
      const heading = `${indent}- ${name} (${schemaType(alternative)})${alternative.description ? `: ${continueLines(alternative.description.trim(), `${indent}  `)}` : ''}`;
      return [heading, ...(depth < maxSchemaDepth ? fieldList(alternative, usage, scope, anchors, depth + 1) : [])];
    });
  }
  const holder = propertiesHolder(resolved);
  if (!holder) return [];
  const required = new Set(holder.required ?? []);
  const values = mapValues(holder);
  const valuesLine = (): string[] => {
    if (!values) return [];
    const anchor = fieldAnchor(scope, mapValuesFieldName, anchors);
    const details = schemaDetails(values.description, values);
    return [`${indent}- ${anchor.html}Any key (${schemaType(values)})${details ? `: ${continueLines(details, `${indent}  `)}` : ''}`];
  };
  const fields = Object.entries(holder.properties ?? {}).flatMap(([name, property]) => {
    // Request bodies never carry read-only fields, responses never carry write-only ones.
    if ((usage === 'request' && property.readOnly) || (usage === 'response' && property.writeOnly)) return [];
    const labels = [schemaType(property), ...(required.has(name) ? ['required'] : []), ...(property.deprecated ? ['deprecated'] : [])];
    const details = schemaDetails(property.description, property);
    const anchor = fieldAnchor(scope, name, anchors);
    const line = `${indent}- ${anchor.html}${inlineCode(name)} (${labels.join(', ')})${details ? `: ${continueLines(details, `${indent}  `)}` : ''}`;
    const nested =
      depth < maxSchemaDepth && hasNestedFields(property) ? fieldList(property, usage, anchor.id ?? scope, anchors, depth + 1) : [];
    return [line, ...nested];
  });
  return [...fields, ...valuesLine()];
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
    ...authenticationSection(operation),
    ...((operation.parameters ?? []).length > 0 ? ['## Parameters', parameterTable(operation.parameters ?? [], anchors)] : []),
    ...requestBodySection(operation, anchors),
    ...responsesSection(operation, anchors),
    ...(isWebhook ? testDeliverySection(operation) : []),
    ...codeSamplesSection(page.codeSamples),
  ];
  return `${blocks.join('\n\n')}\n`;
}
