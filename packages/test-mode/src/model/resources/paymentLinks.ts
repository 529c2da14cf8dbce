/**
 * Payment links: `active` until switched off; a single-use link deactivates itself once paid and
 * cannot be switched on or changed again (`link_already_used`). Paying one (`payLink`) counts the
 * payment and sends `payment_link.paid`.
 */
import {type PaymentMethodType} from '@zip/model/facts';
import {conflict, invalid, type Json} from '../core/errors';
import {newId} from '../core/ids';
import {listed, matches} from '../core/lists';
import type {Handler, Model} from '../core/model';
import {checkPageAmount, payOnHostedPage} from './hostedPages';
import {mergeMetadata} from './metadata';

function createLink(model: Model, body: Json): Json {
  const currency = (body.currency as string | undefined) ?? 'PHP';
  const methods = body.payment_method_types as PaymentMethodType[];
  const amount = (body.amount as number | null | undefined) ?? null;
  checkPageAmount(amount, currency, methods, 'currency_not_supported');
  const id = newId('plink_');
  const created = model.now();
  return model.keep(model.links, {
    id,
    object: 'payment_link',
    livemode: false,
    status: 'active',
    usage: body.usage ?? 'reusable',
    amount,
    currency,
    description: body.description,
    payment_method_types: methods,
    url: `https://pay.example.com/links/${id}`,
    payments_count: 0,
    last_paid_at: null,
    last_charge: null,
    metadata: body.metadata ?? {},
    created_at: created,
    updated_at: created,
  });
}

const paidSingleUse = (link: Json) => link.usage === 'single_use' && (link.payments_count as number) > 0;
const linkAlreadyUsed = (id: string) =>
  conflict('link_already_used', `Payment link ${id} is single-use and has been paid; create a new link.`);

function updateLink(model: Model, id: string, body: Json): Json {
  const link = model.mustGet(model.links, id);
  const onlySwitchesOff = Object.keys(body).length === 1 && body.status === 'inactive';
  if (paidSingleUse(link) && !onlySwitchesOff) throw linkAlreadyUsed(id);
  const amount = 'amount' in body ? ((body.amount as number | null) ?? null) : (link.amount as number | null);
  const methods = (body.payment_method_types as PaymentMethodType[] | undefined) ?? (link.payment_method_types as PaymentMethodType[]);
  checkPageAmount(amount, link.currency as string, methods, 'currency_not_supported');
  const changes: Json = {amount, payment_method_types: methods, description: body.description ?? link.description};
  const changed =
    Object.entries(changes).some(([field, value]) => JSON.stringify(value) !== JSON.stringify(link[field])) || !!body.metadata;
  Object.assign(link, changes);
  mergeMetadata(link, body.metadata);
  if (changed) link.updated_at = model.now();
  return body.status ? switchLink(model, link, body.status as 'active' | 'inactive') : link;
}

/** Switches a link on or off; the status it has already changes nothing and sends no event. */
function switchLink(model: Model, link: Json, to: 'active' | 'inactive'): Json {
  if (link.status === to) return link;
  if (to === 'active' && paidSingleUse(link)) throw linkAlreadyUsed(link.id as string);
  model.transition('link', link, to);
  model.emit(to === 'active' ? 'payment_link.activated' : 'payment_link.deactivated', link, 'v1');
  return link;
}

/**
 * The customer pays a payment link with a test card number; `amount` is what they type on a link
 * without a fixed amount. Returns the charge's id. An inactive link takes no payment.
 */
export function payLink(model: Model, linkId: string, cardNumber: string, amount?: number): string {
  const link = model.mustGet(model.links, linkId);
  if (link.status !== 'active') throw new Error(`${linkId} is ${link.status as string}: its page says it is no longer available`);
  const price = (link.amount as number | null) ?? amount;
  if (price === undefined) throw new Error(`${linkId} has no fixed amount: give the amount the customer types`);
  if (!Number.isInteger(price)) throw invalid('parameter_invalid', `amount must be a whole number of centavos, not ${price}.`, 'amount');
  checkPageAmount(price, link.currency as string, link.payment_method_types as PaymentMethodType[], 'currency_not_supported');
  const charge = payOnHostedPage(model, link, cardNumber, price, {payment_link: linkId});
  if (charge.status === 'succeeded') {
    Object.assign(link, {
      payments_count: (link.payments_count as number) + 1,
      last_paid_at: model.now(),
      last_charge: charge.id,
      updated_at: model.now(),
    });
    model.emit('payment_link.paid', link, 'v1');
    if (link.usage === 'single_use') {
      model.transition('link', link, 'inactive');
      model.emit('payment_link.deactivated', link, 'v1');
    }
  }
  return charge.id as string;
}

const linkId = (params: Record<string, string>) => params.plink_id ?? '';

export const paymentLinkHandlers: Record<string, Handler> = {
  createLink: (model, {body}) => ({status: 201, body: createLink(model, body)}),
  listLinks: (model, {query}) => ({status: 200, body: listed(model.links.values(), query, (link) => matches(link, query, ['status']))}),
  retrieveLink: (model, {params}) => ({status: 200, body: model.mustGet(model.links, linkId(params))}),
  updateLink: (model, {params, body}) => ({status: 200, body: updateLink(model, linkId(params), body)}),
  deactivateLink: (model, {params}) => ({status: 200, body: switchLink(model, model.mustGet(model.links, linkId(params)), 'inactive')}),
  activateLink: (model, {params}) => ({status: 200, body: switchLink(model, model.mustGet(model.links, linkId(params)), 'active')}),
};
