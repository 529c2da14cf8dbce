/**
 * Charges: created from a chargeable source, decided at once by the test card or test amount
 * (packages/model/src/testValues.ts), or `pending` while the customer does 3-D Secure at their bank. Verify
 * learns the bank's result: still `pending` (200) while the customer is at the bank, the card's
 * outcome once they finished. A check left unfinished for `facts.authorisation.pendingThreeDSecureMinutes`
 * fails by itself (`authentication_failed`, `charge.failed`); one finished but never verified is
 * fetched by Zip at that time. Capture and void act on an `authorised` charge, which Zip voids itself
 * at its `authorisation_expires_at`.
 */
import {facts, type PaymentMethodType} from '@zip/model/facts';
import {testAmounts, testCards} from '@zip/model/testValues';
import {conflict, invalid, type Json} from '../core/errors';
import {dayMs, minuteMs, newId} from '../core/ids';
import {listed, matches} from '../core/lists';
import type {Handler, Model} from '../core/model';
import {checkAmount} from './sources';

/** Statuses of a charge whose money was taken. */
export const taken = ['succeeded', 'partially_refunded', 'refunded'];

export const testCardOf = (charge: Json) => {
  const number = ((charge.source as Json).card as Json | null)?.number_for_test;
  return testCards.find((candidate) => candidate.number === number);
};

function createCharge(model: Model, body: Json): Json {
  if (typeof body.source !== 'string') throw invalid('parameter_missing', 'Missing required parameter: source.', 'source');
  const source = model.mustGet(model.sources, body.source, 'source');
  if (source.status === 'consumed') {
    const by = [...model.charges.values()].reverse().find((charge) => (charge.source as Json).id === source.id);
    const message = `Source ${source.id as string} has already been used by charge ${by?.id as string}.`;
    throw conflict('source_already_used', message, 'source', by ? {charge: by.id} : {});
  }
  if (source.status === 'expired') throw conflict('source_expired', `Source ${source.id as string} expired.`, 'source');
  if (source.status !== 'chargeable')
    throw conflict('source_not_chargeable', `Source ${source.id as string} is ${source.status as string}.`, 'source');
  if (source.customer && body.customer !== source.customer)
    throw invalid('parameter_invalid', 'A saved card is charged with its customer.', 'customer');
  if (source.type !== 'card' && body.amount !== source.amount)
    throw invalid('amount_mismatch', 'The amount differs from what the customer approved.', 'amount');
  return model.publicView(makeCharge(model, {...body, source}));
}

/** A charge of a source, decided as its test card or test amount says; hosted pages make theirs here too. */
export function makeCharge(model: Model, body: Json): Json {
  const source = body.source as Json;
  const type = source.type as PaymentMethodType;
  if (typeof body.amount !== 'number') throw invalid('parameter_missing', 'Missing required parameter: amount.', 'amount');
  checkAmount(body.amount, type, (body.currency as string | undefined) ?? 'PHP');
  const id = newId('ch_');
  const created = model.now();
  const charge = model.keep(model.charges, {
    id,
    object: 'charge',
    livemode: false,
    amount: body.amount,
    amount_captured: 0,
    amount_refunded: 0,
    currency: body.currency ?? 'PHP',
    status: 'pending',
    capture: body.capture ?? true,
    source,
    customer: body.customer ?? null,
    description: body.description ?? null,
    statement_descriptor: body.statement_descriptor ?? 'ZIP TEST',
    return_url: body.return_url ?? null,
    next_action: null,
    failure_code: null,
    failure_message: null,
    authorisation_expires_at: null,
    captured_at: null,
    refunds: [],
    checkout_session: body.checkout_session ?? null,
    payment_link: body.payment_link ?? null,
    payment_request: body.payment_request ?? null,
    dispute: null,
    metadata: body.metadata ?? {},
    created_at: created,
    updated_at: created,
  });
  if (!source.customer) model.transition('source', source, 'consumed');
  const card = testCardOf(charge);
  const amountFailure = type === 'card' ? undefined : testAmounts.find((candidate) => candidate.amountMinor === body.amount);
  // Only a test card has an outcome; any other number is declined as an unknown card (CardInput.number).
  if (type === 'card' && !card) return fail(model, charge, 'incorrect_number');
  if (card?.chargeStatus === 'pending') return startThreeDs(model, charge);
  if (card?.chargeStatus === 'failed') return fail(model, charge, card.failureCode ?? 'card_declined');
  if (amountFailure) return fail(model, charge, amountFailure.failureCode);
  return succeed(model, charge);
}

/** The issuer asks for 3-D Secure: the customer goes to the bank; the check lapses after the window. */
function startThreeDs(model: Model, charge: Json): Json {
  if (!charge.return_url) return fail(model, charge, 'authentication_required');
  charge.next_action = {type: 'redirect_to_url', redirect_url: `https://pay.example.com/3ds/${charge.id as string}`};
  model.emit('charge.pending', charge);
  model.schedule(model.clockMs() + facts.authorisation.pendingThreeDSecureMinutes * minuteMs, () => {
    if (charge.status !== 'pending') return;
    if (model.threeDsDone.has(charge.id as string)) resolveThreeDs(model, charge);
    else fail(model, charge, 'authentication_failed');
  });
  return charge;
}

export function fail(model: Model, charge: Json, code: string): Json {
  model.transition('charge', charge, 'failed');
  Object.assign(charge, {failure_code: code, failure_message: `The payment failed: ${code}.`, next_action: null});
  model.emit('charge.failed', charge);
  return charge;
}

function succeed(model: Model, charge: Json): Json {
  charge.next_action = null;
  if (charge.capture === false) {
    model.transition('charge', charge, 'authorised');
    const expiresAt = model.clockMs() + facts.authorisation.uncapturedExpiryDays * dayMs;
    charge.authorisation_expires_at = model.inMs(expiresAt - model.clockMs());
    model.emit('charge.authorised', charge);
    model.schedule(expiresAt, () => {
      if (charge.status === 'authorised') voidCharge(model, charge.id as string);
    });
    return charge;
  }
  model.transition('charge', charge, 'succeeded');
  Object.assign(charge, {amount_captured: charge.amount, captured_at: model.now()});
  model.emit('charge.succeeded', charge);
  return charge;
}

/** The bank's result of a finished check, as the card says. */
export function resolveThreeDs(model: Model, charge: Json): void {
  const card = testCardOf(charge);
  if (card?.failureCode) fail(model, charge, card.failureCode);
  else succeed(model, charge);
}

/** A hosted page's card charge: the customer finishes any 3-D Secure on the page itself. */
export function chargeOnPage(model: Model, body: Json): Json {
  const charge = makeCharge(model, body);
  if (charge.status === 'pending') {
    model.threeDsDone.add(charge.id as string);
    resolveThreeDs(model, charge);
  }
  return charge;
}

function verify(model: Model, id: string): Json {
  const charge = model.mustGet(model.charges, id);
  if (charge.status !== 'pending') throw conflict('charge_not_verifiable', `Charge ${id} is ${charge.status as string}.`);
  // While the customer is still at the bank, the issuer has no result: the charge stays pending.
  if (model.threeDsDone.has(id)) resolveThreeDs(model, charge);
  return model.publicView(charge);
}

export function capture(model: Model, id: string, body: Json): Json {
  const charge = model.mustGet(model.charges, id);
  if (charge.status === 'succeeded') throw conflict('charge_already_captured', `Charge ${id} is captured.`);
  if (charge.status !== 'authorised') throw conflict('charge_not_capturable', `Charge ${id} is ${charge.status as string}.`);
  const amount = (body.amount as number | undefined) ?? (charge.amount as number);
  if (amount > (charge.amount as number)) throw invalid('capture_exceeds_authorisation', 'More than was authorised.', 'amount');
  model.transition('charge', charge, 'succeeded');
  Object.assign(charge, {amount_captured: amount, captured_at: model.now()});
  model.emit('charge.captured', charge);
  return model.publicView(charge);
}

function voidCharge(model: Model, id: string): Json {
  const charge = model.mustGet(model.charges, id);
  if (charge.status !== 'authorised') throw conflict('charge_not_voidable', `Charge ${id} is ${charge.status as string}.`);
  model.transition('charge', charge, 'voided');
  model.emit('charge.voided', charge);
  // A checkout session's authorised payment is voided with its charge (the session's `payment_status`).
  const session = charge.checkout_session ? model.sessions.get(charge.checkout_session as string) : undefined;
  if (session?.payment_status === 'authorised') model.transitionField('sessionPayment', session, 'payment_status', 'voided');
  return model.publicView(charge);
}

function listCharges(model: Model, query: URLSearchParams): Json {
  const metadata = [...query.entries()].flatMap(([name, value]) => {
    const match = /^metadata\[(.+)\]$/.exec(name);
    return match?.[1] ? [[match[1], value] as const] : [];
  });
  const disputed = query.get('disputed');
  const filter = (charge: Json) =>
    (!query.get('source') || (charge.source as Json).id === query.get('source')) &&
    matches(charge, query, ['customer', 'status', 'checkout_session', 'payment_link', 'payment_request']) &&
    (disputed === null || (charge.dispute !== null) === (disputed === 'true')) &&
    metadata.every(([key, value]) => (charge.metadata as Json)[key] === value);
  return listed(model.charges.values(), query, filter, (charge) => model.publicView(charge));
}

const chargeId = (params: Record<string, string>) => params.ch_id ?? '';

export const chargeHandlers: Record<string, Handler> = {
  createCharge: (model, {body}) => ({status: 201, body: createCharge(model, body)}),
  listCharges: (model, {query}) => ({status: 200, body: listCharges(model, query)}),
  retrieveCharge: (model, {params}) => ({status: 200, body: model.publicView(model.mustGet(model.charges, chargeId(params)))}),
  verifyCharge: (model, {params}) => ({status: 200, body: verify(model, chargeId(params))}),
  captureCharge: (model, {params, body}) => ({status: 200, body: capture(model, chargeId(params), body)}),
  voidCharge: (model, {params}) => ({status: 200, body: voidCharge(model, chargeId(params))}),
};
