/**
 * Disputes: the cardholder's bank opens one on a charge paid with a dispute test card
 * (`dispute-won`, `dispute-lost`), evidence due after `facts.chargebacks.evidenceDeadlineCalendarDays`;
 * the test bank decides as the card says once evidence is in, and a dispute not answered by its
 * deadline is lost as the clock passes it.
 */
import {facts} from '@zip/model/facts';
import type {Json} from '../core/errors';
import {dayMs, newId} from '../core/ids';
import {listed, matches} from '../core/lists';
import type {Handler, Model} from '../core/model';
import {taken, testCardOf} from './charges';

/** A charge shows its dispute as it is now. */
function syncDispute(model: Model, dispute: Json): void {
  const charge = model.mustGet(model.charges, dispute.charge as string);
  Object.assign(charge, {dispute: {...dispute}, updated_at: model.now()});
}

function decide(model: Model, dispute: Json, outcome: 'won' | 'lost'): void {
  model.transition('dispute', dispute, outcome);
  dispute.evidence_due_by = null;
  syncDispute(model, dispute);
  model.emit(outcome === 'won' ? 'dispute.won' : 'dispute.lost', dispute);
}

export function openDispute(model: Model, chargeId: string): string {
  const charge = model.mustGet(model.charges, chargeId);
  if (!testCardOf(charge)?.outcome.startsWith('dispute-'))
    throw new Error(`${chargeId}: only a charge paid with a dispute test card of packages/model/src/testValues.ts is disputed`);
  if (!taken.includes(charge.status as string)) throw new Error(`${chargeId} is ${charge.status as string}: nothing was taken to dispute`);
  if (charge.dispute) throw new Error(`${chargeId} is disputed already`);
  const created = model.now();
  const dueAt = model.clockMs() + facts.chargebacks.evidenceDeadlineCalendarDays * dayMs;
  const dispute = model.keep(model.disputes, {
    id: newId('dp_'),
    object: 'dispute',
    livemode: false,
    amount: charge.amount_captured,
    currency: charge.currency,
    charge: chargeId,
    reason: 'general',
    status: 'needs_response',
    evidence_due_by: model.inMs(dueAt - model.clockMs()),
    created_at: created,
    updated_at: created,
  });
  syncDispute(model, dispute);
  model.emit('dispute.opened', dispute);
  model.schedule(dueAt, () => {
    if (dispute.status === 'needs_response') decide(model, dispute, 'lost');
  });
  return dispute.id as string;
}

export function submitDisputeEvidence(model: Model, disputeId: string): void {
  const dispute = model.mustGet(model.disputes, disputeId);
  if (dispute.status !== 'needs_response')
    throw new Error(`${disputeId} is ${dispute.status as string}: evidence is taken while needs_response`);
  model.transition('dispute', dispute, 'under_review');
  dispute.evidence_due_by = null;
  syncDispute(model, dispute);
  const card = testCardOf(model.mustGet(model.charges, dispute.charge as string));
  decide(model, dispute, card?.outcome === 'dispute-won' ? 'won' : 'lost');
}

export function acceptDispute(model: Model, disputeId: string): void {
  const dispute = model.mustGet(model.disputes, disputeId);
  if (dispute.status !== 'needs_response')
    throw new Error(`${disputeId} is ${dispute.status as string}: only a dispute that needs a response is accepted`);
  decide(model, dispute, 'lost');
}

export const disputeHandlers: Record<string, Handler> = {
  listDisputes: (model, {query}) => ({
    status: 200,
    body: listed(model.disputes.values(), query, (dispute) => matches(dispute, query, ['status', 'charge'])),
  }),
  retrieveDispute: (model, {params}) => ({status: 200, body: model.mustGet(model.disputes, params.dp_id ?? '')}),
};
