/**
 * The money rules an assistant broke (packages/model/src/integrationRules.ts), each as the fault that breaks
 * it (card-payment.mjs, refunds.mjs and their Python twins).
 * The scenarios' shared machinery and what they assert after each: kit.ts; run by ../scenarios.test.ts.
 */
import assert from 'node:assert/strict';
import {describe} from 'node:test';
import {cardSource, integration, orderOf, refundDrivers, visa} from './kit';

describe('the money rules an assistant broke (card-payment.mjs, refunds.mjs and their Python twins)', () => {
  // The integration rules of packages/model/src/integrationRules.ts, each as the fault that breaks it.
  const scenario = integration('money rules', refundDrivers);
  scenario('the browser names an order the server has not seen', 'unpaid', async ({world, shop, steps}) => {
    await shop.placeOrder('ORD-7', 250000);
    const answer = await steps.payWithCard('ORD-FORGED', await cardSource(world, visa)); // and, say, a price of its own
    assert.equal(answer.next, 'unknown_order');
    assert.equal((await world.list('/v2/charges')).length, 0, 'no charge for an order the shop does not have');
  });
  scenario('a partial refund without a return id, then retried after a lost answer', 'paid', async ({world, shop, steps}) => {
    await shop.placeOrder('ORD-7', 120000);
    await steps.payWithCard('ORD-7', await cardSource(world, visa));
    await assert.rejects(steps.refundReturn({returnId: '', orderId: 'ORD-7', amount: 50000}), /return id/);
    await world.control.fault('refundCharge', 'lose-response');
    await steps.refundReturn({returnId: 'RET-7', orderId: 'ORD-7', amount: 50000}).catch(() => undefined);
    await steps.refundReturn({returnId: 'RET-7', orderId: 'ORD-7', amount: 50000}); // the clerk presses again
    const charge = (await world.list('/v2/charges'))[0];
    assert.equal(charge?.amount_refunded, 50000, 'the partial refund was paid once');
  });
  scenario('a refund made before the shop recorded the payment', 'unpaid', async ({world, shop, steps}) => {
    await shop.placeOrder('ORD-7', 250000);
    await world.control.fault('createCharge', 'lose-response', 4); // the charge is made, every answer lost: nothing recorded
    await assert.rejects(steps.payWithCard('ORD-7', await cardSource(world, visa)));
    const charge = (await world.list('/v2/charges'))[0]?.id as string;
    // A clerk refunds it from the dashboard before charge.succeeded reaches the shop.
    await world.zip('POST', `/v2/charges/${charge}/refund`, {}, {idempotencyKey: 'dashboard-refund-ORD-7'});
    await world.control.deliverDue();
    assert.deepEqual(shop.shipped(), [], 'a refunded order does not ship');
    const kept = world.db.prepare('SELECT order_id FROM payments_to_review WHERE charge_id = ?').get(charge);
    assert.equal(kept?.order_id, 'ORD-7', 'the refunded payment is kept for a person, naming the order');
    assert.equal(orderOf(world, 'ORD-7').status, 'review');
  });
});
