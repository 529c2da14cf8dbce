/**
 * Every operation of the four specs, by `operationId`, to the room of the model that carries it out.
 * A request finds its operation through the specs' own paths (`findOperation`), so the model serves
 * exactly what the specs declare; `unhandledOperations` lists any the model does not carry out, which
 * a unit test keeps empty.
 */
import {allOperations, findOperation, requestError} from '../specs';
import {ApiError, notFound, type Answer, type ApiRequest, type Json} from './core/errors';
import type {Handler, Model} from './core/model';
import {chargeHandlers} from './resources/charges';
import {checkoutSessionHandlers} from './resources/checkoutSessions';
import {customerHandlers} from './resources/customers';
import {disputeHandlers} from './resources/disputes';
import {eventHandlers} from './resources/events';
import {paymentLinkHandlers} from './resources/paymentLinks';
import {paymentRequestHandlers} from './resources/paymentRequests';
import {payoutHandlers} from './resources/payouts';
import {refundHandlers} from './resources/refunds';
import {sourceHandlers} from './resources/sources';
import {webhookEndpointHandlers} from './resources/webhookEndpoints';

const handlers: Readonly<Record<string, Handler>> = {
  ...sourceHandlers,
  ...chargeHandlers,
  ...refundHandlers,
  ...disputeHandlers,
  ...payoutHandlers,
  ...customerHandlers,
  ...eventHandlers,
  ...webhookEndpointHandlers,
  ...checkoutSessionHandlers,
  ...paymentLinkHandlers,
  ...paymentRequestHandlers,
};

/** The operations of the specs that no room of the model carries out. */
export const unhandledOperations = (): string[] =>
  allOperations()
    .map((operation) => operation.operationId)
    .filter((id) => !Object.hasOwn(handlers, id));

/** The values of a path's `{name}` segments, decoded; a segment that is not valid percent-encoding names no object. */
function pathParams(template: string, path: string): Record<string, string> {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  const values = new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`).exec(path)?.slice(1) ?? [];
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    try {
      params[name] = decodeURIComponent(values[index] ?? '');
    } catch {
      throw notFound(`No such object: '${values[index] ?? ''}'.`, name);
    }
  });
  return params;
}

/** Carries out one request: its body checked against its operation's schema, then the operation's handler. */
export function carryOut(model: Model, request: ApiRequest): Answer {
  const found = findOperation(request.method, request.path);
  if (!found) throw notFound(`No operation ${request.method} ${request.path} in the specs.`, null);
  const body: unknown = request.body ?? (['POST', 'PUT'].includes(request.method.toUpperCase()) ? {} : undefined);
  const problem = body === undefined ? undefined : requestError(found.spec, found.template, request.method, body);
  if (problem) throw new ApiError(problem.status, 'invalid_request_error', problem.code, problem.message, problem.param);
  const handler = handlers[found.operation.operationId];
  if (!handler) throw notFound(`The test mode does not carry out ${found.operation.operationId}.`, null);
  return handler(model, {
    params: pathParams(found.template, request.path),
    body: (body ?? {}) as Json,
    query: request.query ?? new URLSearchParams(),
  });
}
