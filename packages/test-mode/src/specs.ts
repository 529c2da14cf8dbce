/**
 * What the stateful test mode takes from the specs in `openapi/`: each object's statuses and the
 * transitions its status schema declares (`x-transitions`), and a validator for requests and
 * responses against the operation's schemas. Nothing here is a second copy of the specs: a status or
 * transition the specs do not declare makes `assertTransition` throw, naming the schema.
 */
import type {ErrorObject} from 'ajv/dist/2020';
import {validatorAt} from '#schema-validators';
import {specDocuments, specNames, type SpecName} from '#spec-documents';

export {specNames, type SpecName};

interface StatusSchema {
  enum?: (string | null)[];
  'x-transitions'?: Record<string, string[]>;
}
interface Operation {
  operationId: string;
  requestBody?: {content: {'application/json': {schema: object}}};
  responses: Record<string, {content?: {'application/json': {schema: object}}; $ref?: string}>;
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: {schemas: Record<string, object>; responses: Record<string, {content?: {'application/json': {schema: object}}}>};
}

const specs = specDocuments as Record<SpecName, Spec>;

/** A spec as parsed once, for the HTTP layer's parameter checks (http/specChecks.ts). */
export const specDocument = (name: SpecName): unknown => specs[name];

/** A status machine as one spec declares it. */
export interface StatusMachine {
  readonly where: string;
  readonly statuses: readonly string[];
  readonly transitions: Readonly<Record<string, readonly string[]>>;
}

function machineAt(spec: SpecName, path: string[]): StatusMachine {
  let node: unknown = specs[spec].components.schemas;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  const schema = node as StatusSchema | undefined;
  const where = `openapi/${spec}.yaml components.schemas.${path.join('.')}`;
  if (!schema?.enum || !schema['x-transitions']) throw new Error(`${where} declares no enum and x-transitions`);
  const statuses = schema.enum.filter((status): status is string => typeof status === 'string');
  for (const [from, tos] of Object.entries(schema['x-transitions']))
    for (const status of [from, ...tos])
      if (!statuses.includes(status)) throw new Error(`${where}: x-transitions names ${status}, which is not in its enum`);
  return {where, statuses, transitions: schema['x-transitions']};
}

/** The status machines of the objects the test mode keeps. */
export const machines = {
  charge: machineAt('payments', ['ChargeStatus']),
  source: machineAt('payments', ['SourceStatus']),
  refund: machineAt('payments', ['Refund', 'properties', 'status']),
  session: machineAt('checkout', ['SessionStatus']),
  sessionPayment: machineAt('checkout', ['SessionPaymentStatus']),
  link: machineAt('links', ['LinkStatus']),
  request: machineAt('requests', ['RequestStatus']),
  dispute: machineAt('payments', ['Dispute', 'properties', 'status']),
  webhookEndpoint: machineAt('payments', ['WebhookEndpoint', 'properties', 'status']),
} as const;

/**
 * Every event type the payments spec's `EventType` documents (an open set, so its `examples` list them):
 * what a webhook endpoint may subscribe to, beside `*`.
 */
export const eventTypes: readonly string[] = (() => {
  const schema = specs.payments.components.schemas.EventType as {examples?: string[]} | undefined;
  if (!schema?.examples)
    throw new Error('openapi/payments.yaml components.schemas.EventType lists no examples (the documented event types)');
  return schema.examples;
})();

export type MachineName = keyof typeof machines;

/** Throws unless the spec declares `from → to` for this object; staying in a status is not a transition. */
export function assertTransition(machine: MachineName, id: string, from: string, to: string): void {
  if (from === to && !(machines[machine].transitions[from] ?? []).includes(to)) return;
  const declared = machines[machine].transitions[from] ?? [];
  if (!declared.includes(to))
    throw new Error(`${id}: ${machine} status ${from} → ${to} is not declared by ${machines[machine].where} (x-transitions)`);
}

const validatorFor = (spec: SpecName, pointer: string) => validatorAt('bodies', `zip:${spec}#${pointer}`);

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Every operation of the four specs, with its spec, method and path template. */
export function allOperations(): {spec: SpecName; method: string; template: string; operationId: string}[] {
  return (Object.keys(specs) as SpecName[]).flatMap((spec) =>
    Object.entries(specs[spec].paths).flatMap(([template, item]) =>
      Object.entries(item)
        .filter(([, operation]) => typeof operation === 'object' && operation !== null && 'operationId' in operation)
        .map(([method, operation]) => ({spec, method: method.toUpperCase(), template, operationId: operation.operationId})),
    ),
  );
}

/** The first example request body the spec gives an operation, `$ref`s resolved; `undefined` when it has none. */
export function requestExample(spec: SpecName, template: string, method: string): unknown {
  const content = specs[spec].paths[template]?.[method.toLowerCase()]?.requestBody?.content['application/json'] as
    {example?: unknown; examples?: Record<string, {value?: unknown; $ref?: string}>} | undefined;
  if (!content) return undefined;
  if (content.example !== undefined) return content.example;
  const first = Object.values(content.examples ?? {})[0];
  if (!first?.$ref) return first?.value;
  const name = first.$ref.split('/').pop() ?? '';
  return (specs[spec].components as {examples?: Record<string, {value?: unknown}>}).examples?.[name]?.value;
}

/** The operation a method and concrete path answer to, with its spec and path template. */
export function findOperation(method: string, path: string): {spec: SpecName; template: string; operation: Operation} | undefined {
  for (const spec of Object.keys(specs) as SpecName[]) {
    for (const [template, item] of Object.entries(specs[spec].paths)) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const operation = item[method.toLowerCase()];
      if (operation && pattern.test(path)) return {spec, template, operation};
    }
  }
  return undefined;
}

/** Where the spec keeps an operation's request body schema. */
export const requestBodyPointer = (template: string, method: string) =>
  `/paths/${escape(template)}/${method.toLowerCase()}/requestBody/content/application~1json/schema`;

/** Where the spec keeps the schema of an operation's answer with this status; `undefined` when it declares none or no body. */
export function responsePointer(spec: SpecName, template: string, method: string, status: number | string): string | undefined {
  const response = specs[spec].paths[template]?.[method.toLowerCase()]?.responses[String(status)];
  if (!response || (!response.$ref && !response.content)) return undefined;
  return response.$ref
    ? `/components/responses/${response.$ref.split('/').pop()}/content/application~1json/schema`
    : `/paths/${escape(template)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
}

/** Every status an operation's answer may have, as the spec lists them. */
export const responseStatuses = (spec: SpecName, template: string, method: string): string[] =>
  Object.keys(specs[spec].paths[template]?.[method.toLowerCase()]?.responses ?? {});

/** The ajv errors of a request body against its operation's schema; none when it is valid or has no body. */
function requestErrors(spec: SpecName, template: string, method: string, body: unknown): ErrorObject[] {
  const operation = specs[spec].paths[template]?.[method.toLowerCase()];
  if (!operation?.requestBody) return [];
  const validate = validatorFor(spec, requestBodyPointer(template, method));
  return validate(body) ? [] : (validate.errors ?? []);
}

/** Problems of a request body against its operation's schema, as `field: message` lines. */
export function requestProblems(spec: SpecName, template: string, method: string, body: unknown): string[] {
  return requestErrors(spec, template, method, body).map((error) => `${error.instancePath || 'body'} ${error.message ?? ''}`);
}

/** One request problem as the specs' `Error` states it (`api/errors.mdx`): a status, a code and the parameter at fault. */
export interface RequestError {
  readonly status: 400 | 422;
  readonly code: string;
  readonly param: string | null;
  readonly message: string;
}

/** `/line_items/0/amount` → `line_items.0.amount`, the specs' dot notation. */
const dotted = (pointer: string, leaf?: string) =>
  [...pointer.split('/').slice(1), ...(leaf === undefined ? [] : [leaf])]
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.') || null;

function asRequestError(error: ErrorObject): RequestError {
  const params = error.params as {missingProperty?: string; additionalProperty?: string; unevaluatedProperty?: string};
  if (error.keyword === 'required' && params.missingProperty)
    return {
      status: 422,
      code: 'parameter_missing',
      param: dotted(error.instancePath, params.missingProperty),
      message: `Missing required parameter: ${dotted(error.instancePath, params.missingProperty)}.`,
    };
  const unknown = params.additionalProperty ?? params.unevaluatedProperty;
  if (unknown !== undefined)
    return {
      status: 422,
      code: 'parameter_unknown',
      param: dotted(error.instancePath, unknown),
      message: `Unknown parameter: ${dotted(error.instancePath, unknown)}.`,
    };
  const param = dotted(error.instancePath);
  const isAmount = /(^|\.)amount$/.test(param ?? '');
  if (isAmount && error.keyword === 'minimum')
    return {
      status: 422,
      code: 'amount_too_small',
      param,
      message: `${param} must be at least ${String((error.params as {limit: number}).limit)}.`,
    };
  if (isAmount && error.keyword === 'maximum')
    return {
      status: 422,
      code: 'amount_too_large',
      param,
      message: `${param} must be at most ${String((error.params as {limit: number}).limit)}.`,
    };
  if (param === null && error.keyword === 'type')
    return {status: 400, code: 'request_malformed', param: null, message: 'The request body must be a JSON object.'};
  return {status: 422, code: 'parameter_invalid', param, message: `${param ?? 'The body'} ${error.message ?? 'is invalid'}.`};
}

/** Errors that only say which branch of a `oneOf`/`anyOf` failed; the branch's own error says more. */
const wrappers = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'not']);

/**
 * The first problem of a request body, as the API answers it: `parameter_missing`, `parameter_unknown`,
 * `amount_too_small`, `amount_too_large` or `parameter_invalid`, with `param`; `request_malformed` (400)
 * for a body that is not a JSON object. `undefined` when the body is valid.
 */
export function requestError(spec: SpecName, template: string, method: string, body: unknown): RequestError | undefined {
  const errors = requestErrors(spec, template, method, body);
  if (errors.length === 0) return undefined;
  const rank = (error: ErrorObject) =>
    wrappers.has(error.keyword) ? 9 : ['type', 'required', 'additionalProperties', 'unevaluatedProperties'].indexOf(error.keyword) + 1 || 5;
  const first = [...errors].sort((a, b) => rank(a) - rank(b) || a.instancePath.length - b.instancePath.length)[0] as ErrorObject;
  return asRequestError(first);
}

/** Problems of a response body against the schema the spec gives its status, for the test mode's own guard. */
export function responseProblems(spec: SpecName, template: string, method: string, status: number, body: unknown): string[] {
  const operation = specs[spec].paths[template]?.[method.toLowerCase()];
  const response = operation?.responses[String(status)];
  if (!response) return [`openapi/${spec}.yaml declares no ${status} answer for ${method} ${template}`];
  const pointer = responsePointer(spec, template, method, status);
  if (!pointer) return [];
  const validate = validatorFor(spec, pointer);
  return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || 'body'} ${error.message ?? ''}`);
}
