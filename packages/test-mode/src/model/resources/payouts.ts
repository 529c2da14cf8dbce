/**
 * Payouts, derived from the money the model moved: each captured charge, less its fee
 * (`facts.fees`), joins the payout `payoutTPlusBusinessDays` business days after the day it was taken
 * (a day ending at `facts.payouts.cutoffTime24h`, Manila time); each refund leaves the payout of the
 * day it was made. A day's total under `minimumPayoutMinor` waits for the next. A payout is
 * `scheduled` until its day's `sendTime24h`, then `sent`; a sent payout no longer changes.
 */
import {facts, type PaymentMethodType} from '@zip/model/facts';
import type {Json} from '../core/errors';
import {dayMs, hourMs, iso, newId} from '../core/ids';
import {listed, matches} from '../core/lists';
import type {Handler, Model} from '../core/model';

const manilaMs = 8 * hourMs;
const timeOfDayMs = (hhmm: string) => Number(hhmm.slice(0, 2)) * hourMs + Number(hhmm.slice(3, 5)) * 60_000;

/** The business day (a Manila date, `YYYY-MM-DD`) a movement at `atMs` is paid out on. */
function payoutDay(atMs: number, type: PaymentMethodType): string {
  const local = atMs + manilaMs;
  let day = Math.floor(local / dayMs) * dayMs;
  if (local - day >= timeOfDayMs(facts.payouts.cutoffTime24h)) day += dayMs;
  for (let left = facts.paymentMethods[type].payoutTPlusBusinessDays; left > 0;) {
    day += dayMs;
    if (![0, 6].includes(new Date(day).getUTCDay())) left--;
  }
  while ([0, 6].includes(new Date(day).getUTCDay())) day += dayMs;
  return iso(day).slice(0, 10);
}

function feeOf(charge: Json): number {
  const type = (charge.source as Json).type as PaymentMethodType;
  const key = type === 'card' ? 'cardDomestic' : facts.paymentMethods[type].fees[0];
  const fee = key ? (facts.fees[key] as {percent: number; fixedMinor?: number; minimumMinor?: number}) : undefined;
  if (!fee) return 0;
  const amount = charge.amount_captured as number;
  return Math.max(Math.round((amount * fee.percent) / 100) + (fee.fixedMinor ?? 0), fee.minimumMinor ?? 0);
}

/** Net money per payout day, from the charges taken and the refunds made (PHP only: payouts are in pesos). */
function movements(model: Model): Map<string, number> {
  const byDay = new Map<string, number>();
  const add = (day: string, amount: number) => byDay.set(day, (byDay.get(day) ?? 0) + amount);
  for (const charge of model.charges.values()) {
    if (charge.currency !== 'PHP' || !charge.captured_at) continue;
    const type = (charge.source as Json).type as PaymentMethodType;
    add(payoutDay(Date.parse(charge.captured_at as string), type), (charge.amount_captured as number) - feeOf(charge));
  }
  for (const refund of model.refunds.values()) {
    if (refund.currency !== 'PHP' || refund.status === 'failed') continue;
    const charge = model.charges.get(refund.charge as string);
    const type = ((charge?.source as Json | undefined)?.type as PaymentMethodType | undefined) ?? 'card';
    add(payoutDay(Date.parse(refund.created_at as string), type), -(refund.amount as number));
  }
  return byDay;
}

/** Brings the payouts up to the model's clock: scheduled ones recomputed, due ones sent and frozen. */
export function refreshPayouts(model: Model): void {
  const byDate = new Map([...model.payouts.values()].map((payout) => [payout.scheduled_for as string, payout]));
  let carried = 0;
  for (const [day, net] of [...movements(model)].sort(([a], [b]) => a.localeCompare(b))) {
    const existing = byDate.get(day);
    if (existing?.status === 'sent') continue;
    const amount = net + carried;
    if (amount < facts.payouts.minimumPayoutMinor) {
      carried = amount;
      if (existing) model.payouts.delete(existing.id as string);
      continue;
    }
    carried = 0;
    const sendAt = Date.parse(`${day}T00:00:00Z`) - manilaMs + timeOfDayMs(facts.payouts.sendTime24h);
    const sent = model.clockMs() >= sendAt;
    const payout = existing ?? {id: newId('po_'), object: 'payout', livemode: false, currency: 'PHP', created_at: model.now()};
    Object.assign(payout, {
      amount,
      status: sent ? 'sent' : 'scheduled',
      destination: 'BDO •••• 4821',
      scheduled_for: day,
      sent_at: sent ? iso(sendAt) : null,
      failure_reason: null,
      updated_at: model.now(),
    });
    if (!existing) model.keep(model.payouts, payout);
  }
}

export const payoutHandlers: Record<string, Handler> = {
  listPayouts: (model, {query}) => {
    refreshPayouts(model);
    return {status: 200, body: listed(model.payouts.values(), query, (payout) => matches(payout, query, ['status']))};
  },
  retrievePayout: (model, {params}) => {
    refreshPayouts(model);
    return {status: 200, body: model.mustGet(model.payouts, params.po_id ?? '')};
  },
};
