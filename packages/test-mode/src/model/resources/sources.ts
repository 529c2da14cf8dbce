/**
 * Sources: a card is `chargeable` at once; every other type waits for the customer's approval at
 * its `redirect.checkout_url` (`pending`), and expires when its approval window
 * (`facts.paymentMethods[type].approvalWindowMinutes`) passes. An approved source not charged within
 * `facts.sources.approvedChargeWindowMinutes` expires too, with `source.expired`, as the
 * `SourceStatus` schema says.
 */
import {facts, type PaymentMethodType} from '@zip/model/facts';
import {approvalActions, testCards} from '@zip/model/testValues';
import {ApiError, invalid, type Json} from '../core/errors';
import {iso, minuteMs, newId} from '../core/ids';
import type {Handler, Model} from '../core/model';

export function checkAmount(amount: number, type: PaymentMethodType, currency = 'PHP'): void {
  const minimum = currency === 'USD' ? facts.money.minimumUsdChargeUsdMinor : facts.money.minimumChargeMinor;
  if (amount < minimum) throw invalid('amount_too_small', `Amount must be at least ${minimum}.`, 'amount');
  if (amount > facts.paymentMethods[type].maximumChargeMinor)
    throw invalid('amount_too_large', `The amount is above ${type}'s maximum.`, 'amount');
}

function methodOf(type: unknown): PaymentMethodType {
  if (typeof type !== 'string' || !Object.hasOwn(facts.paymentMethods, type))
    throw invalid('payment_method_not_supported', `type must be one of ${Object.keys(facts.paymentMethods).join(', ')}.`, 'type');
  return type as PaymentMethodType;
}

function cardOf(body: Json): Json {
  const card = body.card;
  if (!card || typeof card !== 'object') throw invalid('parameter_missing', 'Missing required parameter: card.', 'card');
  if (typeof (card as Json).number !== 'string')
    throw invalid('parameter_missing', 'Missing required parameter: card.number.', 'card.number');
  return card as Json;
}

function createCardSource(model: Model, body: Json): Json {
  const card = cardOf(body);
  const number = card.number as string;
  const test = testCards.find((candidate) => candidate.number === number);
  const created = model.now();
  const source = model.keep(model.sources, {
    id: newId('src_'),
    object: 'source',
    livemode: false,
    type: 'card',
    status: 'chargeable',
    amount: null,
    currency: null,
    card: {
      brand: test?.brand ?? 'visa',
      last4: number.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      country: 'PH',
      funding: 'credit',
      name: card.name ?? null,
      number_for_test: number,
    },
    redirect: null,
    customer: null,
    expires_at: null,
    metadata: body.metadata ?? {},
    created_at: created,
    updated_at: created,
  });
  return model.publicView(source);
}

export function createSource(model: Model, body: Json): Json {
  const type = methodOf(body.type);
  if (type === 'card') return createCardSource(model, body);
  const amount = body.amount;
  if (amount === undefined) throw invalid('parameter_missing', 'Missing required parameter: amount.', 'amount');
  if (typeof amount !== 'number' || !Number.isInteger(amount)) throw invalid('parameter_invalid', 'amount must be an integer.', 'amount');
  checkAmount(amount, type);
  const redirect = body.redirect as Json | undefined;
  if (!redirect || typeof redirect !== 'object') throw invalid('parameter_missing', 'Missing required parameter: redirect.', 'redirect');
  const id = newId('src_');
  const created = model.now();
  const expiresAt = model.clockMs() + (facts.paymentMethods[type].approvalWindowMinutes ?? 60) * minuteMs;
  const source = model.keep(model.sources, {
    id,
    object: 'source',
    livemode: false,
    type,
    status: 'pending',
    amount,
    currency: 'PHP',
    card: null,
    redirect: {checkout_url: `https://pay.example.com/sources/${id}`, success_url: redirect.success_url, failure_url: redirect.failure_url},
    customer: null,
    expires_at: iso(expiresAt),
    metadata: body.metadata ?? {},
    created_at: created,
    updated_at: created,
  });
  model.schedule(expiresAt, () => {
    if (source.status === 'pending') sourceOutcome(model, id, 'expired');
  });
  return model.publicView(source);
}

/** The customer presses Approve, Decline or Expire now (packages/model/src/testValues.ts approvalActions). */
export function sourceOutcome(model: Model, id: string, status: 'chargeable' | 'cancelled' | 'expired'): void {
  const source = model.mustGet(model.sources, id);
  const action = approvalActions.find((candidate) => candidate.sourceStatus === status);
  if (!action) throw new Error(`packages/model/src/testValues.ts has no approval action for ${status}`);
  model.transition('source', source, status);
  model.emit(action.event, source);
  if (status !== 'chargeable') return;
  // The approval lapses if the source is not charged in time: nothing is taken, and `source.expired` is sent.
  model.schedule(model.clockMs() + facts.sources.approvedChargeWindowMinutes * minuteMs, () => {
    if (source.status === 'chargeable' && !source.customer) {
      model.transition('source', source, 'expired');
      model.emit('source.expired', source);
    }
  });
}

/** The source a hosted page makes when the customer types a test card number. */
export function cardSource(model: Model, number: string): Json {
  if (!/^[0-9]{12,19}$/.test(number))
    throw new ApiError(422, 'invalid_request_error', 'parameter_invalid', `card must be a card number, not '${number}'.`, 'card');
  const view = createCardSource(model, {type: 'card', card: {number, exp_month: 12, exp_year: 2030, cvc: '123'}});
  return model.mustGet(model.sources, view.id as string);
}

export const sourceHandlers: Record<string, Handler> = {
  createSource: (model, {body}) => ({status: 201, body: createSource(model, body)}),
  retrieveSource: (model, {params}) => ({status: 200, body: model.publicView(model.mustGet(model.sources, params.src_id ?? ''))}),
};
