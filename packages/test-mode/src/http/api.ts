/**
 * One API request as Zip answers it: the operation the specs declare for the method and path (an
 * unknown one is `404`), a test key, the query parameters, headers and body valid against the
 * operation (specChecks.ts, specs.ts), the faults planned for the operation, and the model's answer
 * held to the schema the specs give its status. Only a real drift of the model from the specs
 * becomes a `500`: an error the model answers with a status the operation does not list (its `404`
 * for an operation it does not keep) passes when it has the specs' error shape.
 */
import {publicTestKeyPattern, secretTestKeyPattern} from '@zip/model/testValues';
import * as specs from '../specs';
import {parseJsonObject} from './body';
import {HttpError, invalidRequest} from './errors';
import type {Fault} from './faults';
import type {TestModeHost} from './host';
import {isErrorBody, parameterProblem, type RequestHeaders} from './specChecks';

export interface ApiRequestIn {
  readonly method: string;
  readonly url: URL;
  readonly headers: RequestHeaders;
  /** The body's bytes (a Node `Buffer` is one). */
  readonly raw: Uint8Array;
}

export interface ApiAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers?: Readonly<Record<string, string>>;
  /** The work was done, and the connection closes before the answer. */
  readonly lose?: boolean;
  /** Milliseconds to wait before answering. */
  readonly delayMs?: number;
}

/** The body's first problem, with the specs' own code and `param` (specs.ts). */
function bodyProblem(spec: specs.SpecName, template: string, method: string, body: unknown): HttpError | undefined {
  const found = specs.requestError(spec, template, method, body);
  return found ? invalidRequest(found.status, found.code, found.message, found.param) : undefined;
}

/** A header's value; Node gives a list only for headers that may repeat, which these may not. */
const headerText = (value: string | readonly string[] | undefined): string | undefined => (typeof value === 'string' ? value : value?.[0]);

/** Base64 to text, in Node and the browser alike; what does not decode stays as it is, an invalid key. */
function decodeBase64(text: string): string {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text), (character) => character.charCodeAt(0)));
  } catch {
    return text;
  }
}

function apiKeyOf(authorization: string | undefined): string | undefined {
  const basic = /^Basic (.+)$/.exec(authorization ?? '')?.[1];
  if (basic) return decodeBase64(basic).split(':')[0];
  return /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
}

function checkKey(apiKey: string | undefined, operationId: string): string {
  if (!apiKey)
    throw new HttpError(401, {
      type: 'authentication_error',
      code: 'api_key_missing',
      message: 'No API key provided. Send your secret key as the Basic auth user name.',
    });
  const isPublic = publicTestKeyPattern.test(apiKey);
  if (!secretTestKeyPattern.test(apiKey) && !isPublic)
    throw new HttpError(401, {
      type: 'authentication_error',
      code: 'api_key_invalid',
      message: 'Invalid API key: the test mode takes the test keys of packages/model/src/testValues.ts.',
    });
  if (isPublic && operationId !== 'createSource')
    throw new HttpError(403, {
      type: 'permission_error',
      code: 'api_key_public_not_allowed',
      message: 'Public keys may only create sources.',
    });
  return apiKey;
}

function bodyOf(request: ApiRequestIn): Record<string, unknown> | undefined {
  if ((request.method !== 'POST' && request.method !== 'PUT') || request.raw.length === 0) return undefined;
  const type = headerText(request.headers['content-type']) ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw invalidRequest(400, 'request_malformed', `The Content-Type header must be application/json, not ${type || 'missing'}.`);
  return parseJsonObject(request.raw);
}

/** A fault that answers before the work, or undefined. */
function failBefore(fault: Fault | undefined): HttpError | undefined {
  if (fault?.kind === 'fail-500')
    return new HttpError(500, {
      type: 'api_error',
      code: 'internal_error',
      message: 'An unexpected error occurred (a planned test-mode fault).',
    });
  if (fault?.kind === 'fail-429')
    return new HttpError(
      429,
      {
        type: 'rate_limit_error',
        code: 'rate_limit_exceeded',
        message: `Too many requests (a planned test-mode fault). Retry after ${fault.retry_after_seconds} seconds.`,
      },
      {'retry-after': String(fault.retry_after_seconds)},
    );
  if (fault?.kind === 'in-progress')
    return new HttpError(409, {
      type: 'idempotency_error',
      code: 'idempotency_request_in_progress',
      message: 'A request with this Idempotency-Key is still being processed. Retry in a moment.',
    });
  return undefined;
}

/** The query without parameters given no value (`?limit&status=active`), which the API explorer sends for a field its reader left empty. */
function givenQuery(url: URL): URL {
  const given = new URL(url);
  for (const [name, value] of url.searchParams) if (value === '') given.searchParams.delete(name);
  return given;
}

export function answerApi(host: TestModeHost, request: ApiRequestIn): ApiAnswer {
  const {method} = request;
  const url = givenQuery(request.url);
  const found = specs.findOperation(method, url.pathname);
  if (!found)
    throw new HttpError(404, {
      type: 'not_found_error',
      code: 'resource_missing',
      message: `No operation ${method} ${url.pathname} in the specs.`,
    });
  const {spec, template, operation} = found;
  const apiKey = checkKey(apiKeyOf(headerText(request.headers.authorization)), operation.operationId);
  const refused = parameterProblem(spec, template, method, url.searchParams, request.headers);
  if (refused) throw refused;
  const body = bodyOf(request);
  const invalid = method === 'POST' || method === 'PUT' ? bodyProblem(spec, template, method, body ?? {}) : undefined;
  if (invalid) throw invalid;
  const fault = host.faults.take(operation.operationId);
  const before = failBefore(fault);
  if (before) throw before;
  const answer = host.testMode.handle({
    method,
    path: url.pathname,
    query: url.searchParams,
    body,
    apiKey,
    idempotencyKey: headerText(request.headers['idempotency-key']),
  });
  const declared = specs.responseProblems(spec, template, method, answer.status, answer.body);
  const undeclaredError = answer.status >= 400 && declared.some((line) => line.includes(`declares no ${answer.status} answer`));
  const drift = undeclaredError && isErrorBody(answer.body) ? [] : declared;
  if (drift.length > 0)
    throw new HttpError(500, {
      type: 'api_error',
      code: 'internal_error',
      message: `test mode answer breaks openapi/${spec}.yaml ${answer.status} of ${method} ${template}: ${drift.join('; ')}`,
    });
  return {
    status: answer.status,
    body: answer.body,
    lose: answer.lost === true || fault?.kind === 'lose-response',
    delayMs: fault?.kind === 'slow' ? fault.delay_ms : undefined,
  };
}
