/**
 * Payment requests: `open` until paid (`payRequest`), voided, or expired as the clock passes
 * `expires_at` (`facts.paymentRequests`); resent at most `maxResendTimes`, by sms only to a customer
 * with a phone.
 */
import {facts, type PaymentMethodType} from '@zip/model/facts';
import {conflict, invalid, notFound, type Json} from '../core/errors';
import {dayMs, newId} from '../core/ids';
import {listed, matches} from '../core/lists';
import type {Handler, Model} from '../core/model';
import {checkPageAmount, payOnHostedPage} from './hostedPages';

/** Who a request goes to: a `cus_` id's details copied (a phone that is not a Philippine mobile left out), or the details sent. */
function requestCustomer(model: Model, customer: unknown): Json {
  if (customer && typeof customer === 'object') {
    const details = customer as Json;
    return {id: null, name: details.name, email: details.email, phone: details.phone ?? null};
  }
  const saved = typeof customer === 'string' ? model.customers.get(customer) : undefined;
  if (!saved) throw notFound(`No such customer: '${String(customer)}'.`, 'customer');
  const phone = /^\+639[0-9]{9}$/.test((saved.phone as string | null) ?? '') ? saved.phone : null;
  return {id: customer, name: saved.name ?? saved.email, email: saved.email, phone};
}

function expiry(model: Model, expiresAt: unknown): number {
  const {defaultExpiryDays, allowedExpiryDays} = facts.paymentRequests;
  const at = typeof expiresAt === 'string' ? Date.parse(expiresAt) : model.clockMs() + defaultExpiryDays * dayMs;
  if (!(at >= model.clockMs() + allowedExpiryDays.min * dayMs && at <= model.clockMs() + allowedExpiryDays.max * dayMs))
    throw invalid(
      'parameter_invalid',
      `expires_at must be ${allowedExpiryDays.min} to ${allowedExpiryDays.max} days from now.`,
      'expires_at',
    );
  return at;
}

function createRequest(model: Model, body: Json): Json {
  const currency = (body.currency as string | undefined) ?? 'PHP';
  const methods = body.payment_method_types as PaymentMethodType[];
  if (typeof body.amount !== 'number') throw invalid('parameter_missing', 'Missing required parameter: amount.', 'amount');
  checkPageAmount(body.amount, currency, methods, 'parameter_invalid');
  const customer = requestCustomer(model, body.customer);
  const channels = (body.channels as string[] | undefined) ?? ['email'];
  if (channels.includes('sms') && !customer.phone)
    throw invalid('parameter_invalid', 'channels includes sms, so customer.phone is required.', 'customer.phone');
  const expiresAt = expiry(model, body.expires_at);
  const id = newId('pr_');
  const created = model.now();
  const request = model.keep(model.requests, {
    id,
    object: 'payment_request',
    livemode: false,
    status: 'open',
    amount: body.amount,
    currency,
    description: body.description,
    customer,
    channels,
    payment_method_types: methods,
    url: `https://pay.example.com/requests/${id}`,
    expires_at: model.inMs(expiresAt - model.clockMs()),
    resend_count: 0,
    last_sent_at: created,
    paid_at: null,
    charge: null,
    voided_at: null,
    void_reason: null,
    metadata: body.metadata ?? {},
    created_at: created,
    updated_at: created,
  });
  model.schedule(expiresAt, () => {
    if (request.status !== 'open') return;
    model.transition('request', request, 'expired');
    model.emit('payment_request.expired', request, 'v1');
  });
  return request;
}

function openRequest(model: Model, id: string, verb: string): Json {
  const request = model.mustGet(model.requests, id);
  if (request.status !== 'open')
    throw conflict('request_not_open', `Payment request ${id} is ${request.status as string} and cannot be ${verb}.`);
  return request;
}

function resendRequest(model: Model, id: string, body: Json): Json {
  const request = openRequest(model, id, 'resent');
  const {maxResendTimes} = facts.paymentRequests;
  if ((request.resend_count as number) >= maxResendTimes)
    throw conflict('resend_limit_reached', `Payment request ${id} has already been resent ${maxResendTimes} times.`);
  const channels = (body.channels as string[] | undefined) ?? (request.channels as string[]);
  if (channels.includes('sms') && !(request.customer as Json).phone)
    throw invalid('parameter_invalid', 'This request has no customer.phone, so it cannot be sent by sms.', 'channels');
  Object.assign(request, {resend_count: (request.resend_count as number) + 1, last_sent_at: model.now(), updated_at: model.now()});
  return request;
}

function voidRequest(model: Model, id: string, body: Json): Json {
  const request = openRequest(model, id, 'voided');
  model.transition('request', request, 'voided');
  Object.assign(request, {voided_at: model.now(), void_reason: body.reason ?? null});
  model.emit('payment_request.voided', request, 'v1');
  return request;
}

/** The customer pays a payment request by card: `paid` and `payment_request.paid` when the charge succeeds. */
export function payRequest(model: Model, requestId: string, cardNumber: string): string {
  const request = model.mustGet(model.requests, requestId);
  if (request.status !== 'open') throw new Error(`${requestId} is ${request.status as string}: its page says it is no longer payable`);
  const charge = payOnHostedPage(model, request, cardNumber, request.amount as number, {payment_request: requestId});
  if (charge.status === 'succeeded') {
    model.transition('request', request, 'paid');
    Object.assign(request, {paid_at: model.now(), charge: charge.id});
    model.emit('payment_request.paid', request, 'v1');
  }
  return charge.id as string;
}

const requestId = (params: Record<string, string>) => params.pr_id ?? '';

export const paymentRequestHandlers: Record<string, Handler> = {
  createRequest: (model, {body}) => ({status: 201, body: createRequest(model, body)}),
  listRequests: (model, {query}) => {
    const email = query.get('customer_email')?.toLowerCase();
    const filter = (request: Json) =>
      matches(request, query, ['status']) && (!email || String((request.customer as Json).email).toLowerCase() === email);
    return {status: 200, body: listed(model.requests.values(), query, filter)};
  },
  retrieveRequest: (model, {params}) => ({status: 200, body: model.mustGet(model.requests, requestId(params))}),
  resendRequest: (model, {params, body}) => ({status: 200, body: resendRequest(model, requestId(params), body)}),
  voidRequest: (model, {params, body}) => ({status: 200, body: voidRequest(model, requestId(params), body)}),
};
