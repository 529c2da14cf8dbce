/**
 * The anchors of an endpoint page's fields, shared by the page
 * (src/components/FieldAnchor and the theme wrappers that use it) and its
 * Markdown twin (plugins/machine-readable/endpoint-markdown.ts), so a link
 * to a field works in both:
 *
 * - a parameter: `<in>-<name>` (`path-ch_id`, `query-limit`, `header-idempotency-key`);
 * - a request-body field: `request-<path>` (`request-amount`, `request-billing_address-city`);
 * - a field of the first success response: `response-<path>` (`response-refunds-status`);
 * - a field of any other response: `response-<status>-<path>` (`response-404-error-code`);
 * - a response header: `response-header-<name>`, `response-<status>-header-<name>`.
 *
 * A nested field's path is its parents' names and its own, joined by `-`;
 * the fields of an array of objects sit directly under the array's name.
 */

/** A field or parameter name as it appears in an anchor: lower case, runs of other characters than letters, digits and `_` as one `-`. */
export function fieldSlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The anchor of a field named `name` inside `scope` (a section's prefix or its parent field's anchor), or undefined for an unnamed one. */
export function fieldId(scope: string, name: string | undefined): string | undefined {
  const slug = name === undefined ? '' : fieldSlug(name);
  return slug === '' ? undefined : `${scope}-${slug}`;
}

/** The name the OpenAPI theme gives the values of a map (`additionalProperties`): its anchor ends in `-property-name`. */
export const mapValuesFieldName = 'property name*';

export const requestScope = 'request';
export const responsesScope = 'response';

/** The anchor prefix of a parameter (`query`, `path`, `header`, `cookie`). */
export function parameterScope(location: string): string {
  return fieldSlug(location);
}

/** The response whose fields get the short `response-` prefix: the first 2xx, else the first listed. */
export function primaryResponseStatus(statuses: readonly string[]): string | undefined {
  return statuses.find((status) => /^2(\d\d|XX)$/i.test(status)) ?? statuses[0];
}

/** The anchor prefix of the fields of the response with `status`. */
export function responseScope(status: string, primaryStatus: string | undefined): string {
  return status === primaryStatus ? responsesScope : `${responsesScope}-${fieldSlug(status)}`;
}

/** The anchor prefix of a response's headers inside the response's prefix. */
export function responseHeaderScope(responseScopeId: string): string {
  return `${responseScopeId}-header`;
}

/** Whether a URL fragment (without `#`) names a field rather than a heading. */
export function isFieldAnchor(fragment: string): boolean {
  return /^(request|response|path|query|header|cookie)-./.test(fragment);
}

/** Whether `fragment` names the field `id` itself or a field nested in it. */
export function fragmentIsWithin(fragment: string, id: string): boolean {
  return fragment === id || fragment.startsWith(`${id}-`);
}
