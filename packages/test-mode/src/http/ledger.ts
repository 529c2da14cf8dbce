/**
 * The money invariants a developer's own suite asserts (`GET /_test-mode/ledger`, then `ledger.ok`):
 * per order, as `metadata.order_id` names it (the charge's own, or that of the checkout session,
 * payment link or payment request it paid), the charges, how many took money, what was captured,
 * refunded and paid, and the problems (charged more than once, refunded more than paid); and every
 * delivery of an event that its endpoint has not acknowledged.
 */
import type {TestMode} from '../testMode';

type Json = Record<string, unknown>;

/** Statuses of a charge that took money (or holds it, authorised). */
const moneyTaken = new Set(['succeeded', 'authorised', 'partially_refunded', 'refunded']);

export interface OrderLedger {
  readonly order_id: string;
  readonly charges: string[];
  readonly charges_taking_money: number;
  readonly paid: number;
  readonly captured: number;
  readonly refunded: number;
  readonly problems: string[];
}

function orderOf(testMode: TestMode, charge: Json): string | undefined {
  const hosted =
    testMode.sessions.get(charge.checkout_session as string) ??
    testMode.links.get(charge.payment_link as string) ??
    testMode.requests.get(charge.payment_request as string);
  const order = (charge.metadata as Json | undefined)?.order_id ?? (hosted?.metadata as Json | undefined)?.order_id;
  return typeof order === 'string' ? order : undefined;
}

function orderLedger(orderId: string, charges: Json[]): OrderLedger {
  const taking = charges.filter((charge) => moneyTaken.has(charge.status as string));
  const sum = (field: string) => taking.reduce((total, charge) => total + ((charge[field] as number | undefined) ?? 0), 0);
  const paid = sum('amount');
  const captured = sum('amount_captured');
  const refunded = sum('amount_refunded');
  const problems: string[] = [];
  if (taking.length > 1) problems.push(`charged ${taking.length} times: ${taking.map((charge) => charge.id as string).join(', ')}`);
  if (refunded > captured) problems.push(`refunded ${refunded}, more than the ${captured} captured`);
  return {
    order_id: orderId,
    charges: charges.map((charge) => charge.id as string),
    charges_taking_money: taking.length,
    paid,
    captured,
    refunded,
    problems,
  };
}

export function ledgerOf(testMode: TestMode): Json {
  const byOrder = new Map<string, Json[]>();
  const withoutOrder: string[] = [];
  for (const charge of testMode.charges.values()) {
    const order = orderOf(testMode, charge);
    if (order === undefined) withoutOrder.push(charge.id as string);
    else byOrder.set(order, [...(byOrder.get(order) ?? []), charge]);
  }
  const orders = [...byOrder].map(([order, charges]) => orderLedger(order, charges));
  const unacknowledged = testMode.events.flatMap((event) =>
    testMode
      .deliveriesOf(event.id as string)
      .filter((delivery) => delivery.state !== 'delivered')
      .map((delivery) => ({event: event.id, type: event.type, state: delivery.state, attempts: delivery.attempts})),
  );
  return {
    ok: orders.every((order) => order.problems.length === 0) && unacknowledged.length === 0,
    orders,
    charges_without_order: withoutOrder,
    deliveries_not_acknowledged: unacknowledged,
  };
}
