/**
 * Checkout sessions: `open` until the customer pays on the hosted page (`payCheckoutSession`, one
 * charge with `checkout_session` set) → `complete` with `payment_status` `paid`, or `authorised`
 * for `capture: false`, which capture makes `paid`; expire ends an open one, as does the clock passing
 * its `expires_at`.
 */
import {conflict, invalid, type Json} from '../core/errors';
import {facts} from '@zip/model/facts';
import {hourMs, minuteMs, newId} from '../core/ids';
import {listed, matches} from '../core/lists';
import type {Handler, Model} from '../core/model';
import {capture, chargeOnPage} from './charges';
import {cardSource} from './sources';

function createSession(model: Model, body: Json): Json {
  const items = body.line_items;
  if (!Array.isArray(items) || items.length === 0)
    throw invalid('parameter_missing', 'Missing required parameter: line_items.', 'line_items');
  const total = (items as Json[]).reduce((sum, item) => sum + Number(item.amount) * Number(item.quantity ?? 1), 0);
  const expiresAt = expiry(model, body.expires_at);
  const id = newId('cs_');
  const created = model.now();
  const session = model.keep(model.sessions, {
    id,
    object: 'checkout_session',
    livemode: false,
    status: 'open',
    payment_status: 'unpaid',
    amount_total: total,
    currency: body.currency ?? 'PHP',
    line_items: (items as Json[]).map((item) => ({description: null, image_url: null, ...item})),
    payment_method_types: body.payment_method_types,
    capture: body.capture ?? true,
    url: `https://pay.example.com/checkout/${id}`,
    success_url: body.success_url,
    cancel_url: body.cancel_url,
    customer: body.customer ?? null,
    customer_email: body.customer_email ?? null,
    client_reference_id: body.client_reference_id ?? null,
    description: body.description ?? null,
    charge: null,
    expires_at: model.inMs(expiresAt - model.clockMs()),
    completed_at: null,
    metadata: body.metadata ?? {},
    created_at: created,
    updated_at: created,
  });
  model.schedule(expiresAt, () => {
    if (session.status === 'open') expireSession(model, id);
  });
  return session;
}

/** When an unpaid session expires: `expires_at` if sent, within `facts.checkout.sessionExpiryMinutes`, else the default. */
function expiry(model: Model, expiresAt: unknown): number {
  const {sessionDefaultExpiryHours, sessionExpiryMinutes} = facts.checkout;
  if (expiresAt === undefined) return model.clockMs() + sessionDefaultExpiryHours * hourMs;
  const at = typeof expiresAt === 'string' ? Date.parse(expiresAt) : NaN;
  const {min, max} = sessionExpiryMinutes;
  if (!(at >= model.clockMs() + min * minuteMs && at <= model.clockMs() + max * minuteMs))
    throw invalid('parameter_invalid', `expires_at must be ${min} minutes to ${max} minutes from now.`, 'expires_at');
  return at;
}

/** The customer pays a checkout session with a test card number; Zip charges it and completes the session. */
export function payCheckoutSession(model: Model, sessionId: string, cardNumber: string): string {
  const session = model.mustGet(model.sessions, sessionId);
  if (session.status !== 'open') throw conflict('session_not_open', `Session ${sessionId} is ${session.status as string}.`);
  const charge = chargeOnPage(model, {
    amount: session.amount_total,
    currency: session.currency,
    source: cardSource(model, cardNumber),
    capture: session.capture,
    return_url: session.success_url,
    checkout_session: sessionId,
    metadata: {},
  });
  if (charge.status === 'succeeded' || charge.status === 'authorised') {
    model.transition('session', session, 'complete');
    model.transitionField('sessionPayment', session, 'payment_status', charge.status === 'succeeded' ? 'paid' : 'authorised');
    Object.assign(session, {charge: charge.id, completed_at: model.now(), updated_at: model.now()});
    model.emit('checkout_session.completed', session, 'v1');
  }
  return charge.id as string;
}

function captureSession(model: Model, id: string, body: Json): Json {
  const session = model.mustGet(model.sessions, id);
  if (session.payment_status !== 'authorised')
    throw conflict(
      'session_not_capturable',
      `Checkout session ${id} has payment_status ${session.payment_status as string}; only authorised payments can be captured.`,
    );
  capture(model, session.charge as string, body);
  model.transitionField('sessionPayment', session, 'payment_status', 'paid');
  return session;
}

function expireSession(model: Model, id: string): Json {
  const session = model.mustGet(model.sessions, id);
  if (session.status !== 'open') throw conflict('session_expired', `Session ${id} is ${session.status as string}.`);
  model.transition('session', session, 'expired');
  model.emit('checkout_session.expired', session, 'v1');
  return session;
}

const sessionId = (params: Record<string, string>) => params.cs_id ?? '';

export const checkoutSessionHandlers: Record<string, Handler> = {
  createSession: (model, {body}) => ({status: 201, body: createSession(model, body)}),
  listSessions: (model, {query}) => ({
    status: 200,
    body: listed(model.sessions.values(), query, (session) => matches(session, query, ['status', 'payment_status'])),
  }),
  retrieveSession: (model, {params}) => ({status: 200, body: model.mustGet(model.sessions, sessionId(params))}),
  captureSession: (model, {params, body}) => ({status: 200, body: captureSession(model, sessionId(params), body)}),
  expireSession: (model, {params}) => ({status: 200, body: expireSession(model, sessionId(params))}),
};
