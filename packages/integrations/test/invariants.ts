/**
 * The money invariants of a scenario, held against what Zip holds (read through the API) and what
 * the shop recorded (its tables `orders` and `billing_periods`), with charges grouped by order as the
 * test mode's ledger (`GET /_test-mode/ledger`) groups them: each order charged at most once,
 * fulfilled exactly once if and only if paid, never refunded twice, no payment left unrecorded.
 * A failure names integration, scenario and order; `ledgerHolds` asserts the test mode's own ledger.
 */
import assert from 'node:assert/strict';
import type {Json, World} from './world';

/** The ledger's problems per order (charged more than once, refunded more than captured): none may be left. */
export function ledgerHolds(ledger: Json, where: string): void {
  for (const order of ledger.orders as {order_id: string; problems: string[]}[])
    assert.deepEqual(order.problems, [], `${where}: the ledger finds order ${order.order_id} ${order.problems.join('; ')}`);
}

const moneyTaken = new Set(['succeeded', 'authorised', 'partially_refunded', 'refunded']);

/**
 * The order a charge was made for, as Zip knows it (the ledger's grouping): its own
 * `metadata.order_id`, or that of the checkout session, payment link or payment request it paid,
 * which carry the shop's order id.
 */
function ordersOfCharges(ledger: Json): Map<string, string> {
  const orders = new Map<string, string>();
  for (const order of ledger.orders as {order_id: string; charges: string[]}[])
    for (const charge of order.charges) orders.set(charge, order.order_id);
  return orders;
}

/** The invariants of the issue, for orders (table `orders`) or billing periods (`billing_periods`). */
export async function invariants(world: World, ledger: Json, integration: string, scenario: string): Promise<void> {
  const where = (order: string) => `${integration} × ${scenario}: order ${order}`;
  const charges = await world.list('/v2/charges');
  const orderOf = ordersOfCharges(ledger);
  const orderOfCharge = (charge: Json) => orderOf.get(charge.id as string);
  const orders = world.db.prepare('SELECT * FROM orders').all();
  for (const order of orders) {
    const id = order.id as string;
    const session = (order.session_id as string | null | undefined) ?? null;
    // An order's charges: those made for it, those of its session, and the one it recorded (a payment through a reusable link).
    const mine = charges.filter(
      (charge) =>
        orderOfCharge(charge) === id || (session !== null && charge.checkout_session === session) || charge.id === order.charge_id,
    );
    const taken = mine.filter((charge) => moneyTaken.has(charge.status as string));
    assert.ok(taken.length <= 1, `${where(id)}: charged ${taken.length} times (${taken.map((charge) => charge.id).join(', ')})`);
    const shipments = world.shipped.filter((shipped) => shipped === id).length;
    // An order held for a person (its payment refunded or disputed before it shipped, or changed by hand) ships not at all.
    const due = order.status === 'review' ? 0 : taken.length;
    assert.equal(shipments, due, `${where(id)}: fulfilled ${shipments} times, paid ${taken.length} times, order ${String(order.status)}`);
    for (const charge of taken)
      assert.equal(
        order.charge_id,
        charge.id,
        `${where(id)}: payment ${charge.id as string} taken but not recorded (order has ${String(order.charge_id)})`,
      );
    for (const charge of mine) refundedOnce(where(id), charge);
  }
  const periods = world.db.prepare('SELECT * FROM billing_periods').all();
  for (const period of periods) {
    const id = `${period.subscription_id as string}/${period.period as string}`;
    const taken = charges.filter(
      (charge) =>
        (charge.metadata as Json).subscription_id === period.subscription_id &&
        (charge.metadata as Json).period === period.period &&
        moneyTaken.has(charge.status as string),
    );
    assert.ok(taken.length <= 1, `${where(id)}: charged ${taken.length} times (${taken.map((charge) => charge.id).join(', ')})`);
    for (const charge of taken)
      assert.equal(
        period.charge_id,
        charge.id,
        `${where(id)}: payment ${charge.id as string} taken but not recorded (period has ${String(period.charge_id)})`,
      );
  }
  // Money taken that no order or period records: a payment the shop never learnt of.
  const recorded = new Set([...orders, ...periods].map((row) => row.charge_id));
  for (const charge of charges)
    if (moneyTaken.has(charge.status as string) && !recorded.has(charge.id))
      assert.fail(
        `${integration} × ${scenario}: payment ${charge.id as string} (${String(orderOfCharge(charge) ?? charge.payment_link ?? 'no order')}) taken but recorded by no order`,
      );
}

function refundedOnce(where: string, charge: Json): void {
  const refunds = (charge.refunds as Json[]).filter((refund) => refund.status !== 'failed');
  const byReturn = new Map<string, number>();
  for (const refund of refunds) {
    const returnId = ((refund.metadata as Json).return_id as string) ?? refund.id;
    byReturn.set(returnId, (byReturn.get(returnId) ?? 0) + 1);
  }
  for (const [returnId, count] of byReturn) assert.ok(count <= 1, `${where}: return ${returnId} refunded ${count} times`);
  assert.ok((charge.amount_refunded as number) <= (charge.amount_captured as number), `${where}: refunded more than captured`);
}
