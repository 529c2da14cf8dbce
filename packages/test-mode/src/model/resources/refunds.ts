/**
 * Refunds: `pending` until the card networks answer (`settleRefunds`): `refund-fails` test cards
 * fail and give the amount back to the charge, every other succeeds. A dispute that is open or lost
 * stops refunds of its charge, as the Charge schema's `dispute` says; QR Ph refunds only in full.
 */
import {conflict, invalid, type Json} from '../core/errors';
import {newId} from '../core/ids';
import {listed, matches} from '../core/lists';
import type {Handler, Model} from '../core/model';
import {testCardOf} from './charges';

/** A dispute in these statuses stops refunds of its charge (the Charge schema's `dispute`). */
const disputeBlocksRefund = ['needs_response', 'under_review', 'lost'];

function refund(model: Model, id: string, body: Json): Json {
  const charge = model.mustGet(model.charges, id);
  const left = (charge.amount_captured as number) - (charge.amount_refunded as number);
  if (!['succeeded', 'partially_refunded'].includes(charge.status as string) || left === 0)
    throw conflict('charge_not_refundable', `Charge ${id} is ${charge.status as string}.`);
  const dispute = charge.dispute as Json | null;
  if (dispute && disputeBlocksRefund.includes(dispute.status as string))
    throw conflict('charge_disputed', `Charge ${id} is disputed (${dispute.id as string} is ${dispute.status as string}).`);
  const amount = (body.amount as number | undefined) ?? left;
  if (amount > left) throw invalid('refund_exceeds_charge', `Only ${left} is left to refund.`, 'amount');
  if ((charge.source as Json).type === 'qrph' && amount !== charge.amount_captured)
    throw invalid('refund_partial_not_supported', 'QR Ph charges are refunded in full.', 'amount');
  const created = model.now();
  const refund = model.keep(model.refunds, {
    id: newId('re_'),
    object: 'refund',
    livemode: false,
    amount,
    currency: charge.currency,
    charge: id,
    reason: body.reason ?? null,
    status: 'pending',
    failure_reason: null,
    metadata: body.metadata ?? {},
    created_at: created,
    updated_at: created,
  });
  charge.amount_refunded = (charge.amount_refunded as number) + amount;
  model.transition('charge', charge, charge.amount_refunded === charge.amount_captured ? 'refunded' : 'partially_refunded');
  syncRefund(charge, refund);
  return model.publicView(charge);
}

/** The charge's copy of a refund, new or changed: its `refunds` are oldest first, as the Charge schema says. */
function syncRefund(charge: Json, refund: Json): void {
  const refunds = charge.refunds as Json[];
  const index = refunds.findIndex((candidate) => candidate.id === refund.id);
  charge.refunds = index === -1 ? [...refunds, {...refund}] : refunds.map((candidate, at) => (at === index ? {...refund} : candidate));
}

/** Card networks answer pending refunds: `refund-fails` cards fail, every other succeeds. */
export function settleRefunds(model: Model): void {
  for (const refund of model.refunds.values()) {
    if (refund.status !== 'pending') continue;
    const charge = model.mustGet(model.charges, refund.charge as string);
    const fails = testCardOf(charge)?.outcome === 'refund-fails';
    model.transition('refund', refund, fails ? 'failed' : 'succeeded');
    if (fails) {
      refund.failure_reason = 'declined';
      charge.amount_refunded = (charge.amount_refunded as number) - (refund.amount as number);
      model.transition('charge', charge, (charge.amount_refunded as number) === 0 ? 'succeeded' : 'partially_refunded');
    }
    syncRefund(charge, refund);
    model.emit(fails ? 'charge.refund_failed' : 'charge.refunded', charge, 'v2', {refund: {...refund}});
  }
}

export const refundHandlers: Record<string, Handler> = {
  refundCharge: (model, {params, body}) => ({status: 200, body: refund(model, params.ch_id ?? '', body)}),
  listRefunds: (model, {query}) => ({status: 200, body: listed(model.refunds.values(), query, (r) => matches(r, query, ['charge']))}),
  retrieveRefund: (model, {params}) => ({status: 200, body: model.mustGet(model.refunds, params.re_id ?? '')}),
};
