/**
 * The fields of an endpoint page's twin: each parameter, request-body and
 * response field with its type, whether it is required, its description and
 * the facts the page shows under it (values, possible values, default,
 * example), in the page's words, and the anchor the page gives it.
 */
import {inlineCode, oneLine} from './markdown-text';
import type {JsonSchema} from '@zip/model/apiOperation';
import {fieldId, mapValuesFieldName} from '@zip/model/fieldAnchors';

/** Deeper schemas are cut off; specs with `$ref` cycles are resolved only so far. */
const maxSchemaDepth = 8;

export type Usage = 'request' | 'response';

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

/** A schema's `type` as a list of names: JSON Schema allows one or several. */
function typeNames(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : [...schema.type];
}

/**
 * The type a field's heading shows on the page, as the OpenAPI theme's
 * getSchemaName (docusaurus-theme-openapi-docs/lib/markdown/schema.js, which
 * loads only in the browser bundle) writes it: `string<date-time>`,
 * `string | null`, `(string | null)<uri>`, `object[]`, or a schema's title
 * (`Currency`).
 */
export function schemaName(schema: JsonSchema): string {
  if (schema.items) {
    const inner = schemaName(schema.items);
    return typeNames(schema.items).length > 1 ? `(${inner})[]` : `${inner}[]`;
  }
  if (schema.enum && schema.type === undefined) return 'string';
  const types = typeNames(schema);
  const [single] = types.length === 1 ? types : [];
  const union = types.length > 1 ? types.join(' | ') : undefined;
  if (schema.format) return single ? `${single}<${schema.format}>` : union ? `(${union})<${schema.format}>` : schema.format;
  if (schema.allOf) {
    // An enum inside allOf keeps its type; any other allOf is an object.
    const parts = [schema, ...schema.allOf];
    return parts.some((part) => part.enum) ? (parts.flatMap(typeNames)[0] ?? 'string') : 'object';
  }
  if (schema.oneOf ?? schema.anyOf) return 'object';
  if (single === 'object' || single === 'array') return single;
  return union ?? schema.title ?? single ?? '';
}

/** Whether the page shows a field as a summary that opens onto fields of its own (the theme's SchemaEdge). */
function opensFields(schema: JsonSchema): boolean {
  const {items} = schema;
  return [
    schema.oneOf,
    schema.anyOf,
    schema.properties,
    schema.additionalProperties,
    items?.properties,
    items?.oneOf,
    items?.anyOf,
    items?.allOf,
  ].some(Boolean);
}

/**
 * A field's heading in the page's words: name, type, then "nullable",
 * "required" and "deprecated" as they apply. A field with fields of its own
 * is a collapsible summary on the page, which says "nullable" only for the
 * `nullable` keyword; a plain field also for a `null` type.
 */
function fieldHeading(name: string, schema: JsonSchema, required: boolean): string {
  const nullable = schema.nullable === true || (!opensFields(schema) && typeNames(schema).includes('null'));
  const qualifiers = [nullable && 'nullable', required && 'required', schema.deprecated && 'deprecated'].filter(Boolean);
  return [inlineCode(name), schemaName(schema), ...qualifiers].filter(Boolean).join(' ');
}

function formatValue(value: unknown): string {
  return inlineCode(typeof value === 'string' ? value : JSON.stringify(value));
}

/** A length or bound as the theme words it: `>= 1` and `<= 100`. */
function range(low: string | undefined, high: string | undefined): string | undefined {
  const parts = [low, high].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

/**
 * "Possible values:" in the words the page shows under a field (the theme's
 * getQualifierMessage, in docusaurus-theme-openapi-docs, which runs only in
 * the browser bundle): enum values in brackets, lengths, bounds, the pattern
 * and the number of items.
 */
export function possibleValues(schema: JsonSchema): string | undefined {
  if (schema.items && schema.minItems === undefined && schema.maxItems === undefined) return possibleValues(schema.items);
  const list = (values: readonly unknown[]): string => `[${values.map((value) => inlineCode(String(value))).join(', ')}]`;
  const {minLength, maxLength, minimum, maximum} = schema;
  const groups = [
    schema.items?.enum ? list(schema.items.enum) : undefined,
    range(
      minLength === 1 ? inlineCode('non-empty') : minLength ? inlineCode(`>= ${minLength} characters`) : undefined,
      maxLength ? inlineCode(`<= ${maxLength} characters`) : undefined,
    ),
    range(minimum === undefined ? undefined : inlineCode(`>= ${minimum}`), maximum === undefined ? undefined : inlineCode(`<= ${maximum}`)),
    schema.pattern === undefined ? undefined : `Value must match regular expression ${inlineCode(schema.pattern)}`,
    schema.enum ? list(schema.enum) : undefined,
    schema.minItems ? inlineCode(`>= ${schema.minItems}`) : undefined,
    schema.maxItems ? inlineCode(`<= ${schema.maxItems}`) : undefined,
  ].filter((group): group is string => group !== undefined && group !== '');
  return groups.length > 0 ? `**Possible values:** ${groups.join(', ')}` : undefined;
}

/** An open set (openapi/README.md): a string whose `examples` are the values `x-enumDescriptions` documents. */
const openSetValues = (schema: JsonSchema): readonly unknown[] | undefined =>
  schema.enum === undefined && schema['x-enumDescriptions'] && schema.examples?.length ? schema.examples : undefined;

/**
 * Each documented value with its description, whole, as the page's table of
 * values has it; an open set says that Zip may add others.
 */
function describedValues(schema: JsonSchema): string[] {
  const descriptions = schema['x-enumDescriptions'] ?? schema.items?.['x-enumDescriptions'] ?? {};
  const open = openSetValues(schema);
  const values = open ?? schema.enum ?? schema.items?.enum ?? Object.keys(descriptions);
  const described = values.filter((value) => descriptions[String(value)] !== undefined);
  if (described.length === 0) return open ? [`Documented values (Zip may add others): ${open.map(formatValue).join(', ')}.`] : [];
  const lines = described.map((value) => `${formatValue(value)}: ${oneLine(descriptions[String(value)] ?? '')}`);
  return [`${open ? 'Documented values (Zip may add others)' : 'Values'}:\n\n${lines.map((line) => `- ${line}`).join('\n')}`];
}

/** The schema's example or examples, as the page's "Example:" lines write them. */
function exampleLines(schema: JsonSchema | undefined, example: unknown): string[] {
  const shown = example ?? schema?.example;
  if (shown !== undefined) return [`**Example:** ${formatValue(shown)}`];
  const examples = schema && !openSetValues(schema) ? (schema.examples ?? []) : [];
  return examples.length === 1 ? [`**Example:** ${formatValue(examples[0])}`] : [];
}

/**
 * A description followed by what the page shows under it, in its words: the
 * values and what each means, the possible values, the default and the
 * example. The description's paragraphs stay as they are; each fact is a
 * paragraph of its own, as on the page.
 */
export function schemaDetails(description: string | undefined, schema: JsonSchema | undefined, example?: unknown): string {
  const parts: string[] = [];
  if (description?.trim()) parts.push(description.trim());
  if (schema) {
    parts.push(...describedValues(schema));
    const possible = possibleValues(schema);
    if (possible) parts.push(possible);
    if (schema.maxProperties !== undefined) parts.push(`At most ${schema.maxProperties} keys.`);
    if (schema.default !== undefined) parts.push(`**Default value:** ${formatValue(schema.default)}`);
  }
  parts.push(...exampleLines(schema, example));
  return parts.join('\n\n');
}

/** Indents every line after the first, so multi-line text stays inside its list item. */
export function continueLines(text: string, indent: string): string {
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
export function fieldAnchor(scope: string, name: string, anchors: Set<string>): {readonly html: string; readonly id: string | undefined} {
  const id = fieldId(scope, name);
  if (id === undefined || anchors.has(id)) return {html: '', id};
  anchors.add(id);
  return {html: `<a id="${id}"></a>`, id};
}

export interface FieldListOptions {
  /** Only each field's heading, for a schema whose meaning another page explains. */
  readonly headingsOnly?: boolean;
  readonly depth?: number;
}

/**
 * Each property as a nested bullet: its heading as the page writes it (name,
 * type, qualifiers), description and details, with the anchor the endpoint
 * page gives the field (under `scope`; `anchors` holds those the page's twin
 * has already written).
 */
export function fieldList(
  schema: JsonSchema,
  usage: Usage,
  scope: string,
  anchors: Set<string>,
  {headingsOnly = false, depth = 0}: FieldListOptions = {},
): string[] {
  const resolved = mergeAllOf(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  const indent = '  '.repeat(depth);
  const deeper = {headingsOnly, depth: depth + 1};
  const item = (heading: string, details: string): string =>
    `${indent}- ${heading}${details && !headingsOnly ? `: ${continueLines(details, `${indent}  `)}` : ''}`;
  if (alternatives) {
    // An alternative is not a field: its fields sit under the same anchor prefix, as on the page,
    // whose tab for it is labelled with its title or type.
    const kind = resolved.oneOf ? 'oneOf' : 'anyOf';
    return alternatives.flatMap((alternative, index) => {
      const label = alternative.title ?? (schemaName(alternative) || `Option ${index + 1}`);
      return [
        item(`${kind} ${inlineCode(label)}`, schemaDetails(alternative.description, alternative)),
        ...(depth < maxSchemaDepth ? fieldList(alternative, usage, scope, anchors, deeper) : []),
      ];
    });
  }
  const holder = propertiesHolder(resolved);
  if (!holder) return [];
  const required = new Set(holder.required ?? []);
  const values = mapValues(holder);
  const valuesLine = (): string[] => {
    if (!values) return [];
    const anchor = fieldAnchor(scope, mapValuesFieldName, anchors);
    // A map whose values may be anything, as the page types it.
    const shown = Object.keys(values).length === 0 ? {type: 'any'} : values;
    return [item(`${anchor.html}${fieldHeading(mapValuesFieldName, shown, false)}`, schemaDetails(values.description, values))];
  };
  const fields = Object.entries(holder.properties ?? {}).flatMap(([name, property]) => {
    // Request bodies never carry read-only fields, responses never carry write-only ones.
    if ((usage === 'request' && property.readOnly) || (usage === 'response' && property.writeOnly)) return [];
    const anchor = fieldAnchor(scope, name, anchors);
    // The page names an allOf field's type after merging its parts.
    const shown = property.allOf ? mergeAllOf(property) : property;
    const line = item(`${anchor.html}${fieldHeading(name, shown, required.has(name))}`, schemaDetails(property.description, property));
    const nested =
      depth < maxSchemaDepth && hasNestedFields(property) ? fieldList(property, usage, anchor.id ?? scope, anchors, deeper) : [];
    return [line, ...nested];
  });
  return [...fields, ...valuesLine()];
}
