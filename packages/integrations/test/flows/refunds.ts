/**
 * Refunds of returns, and what a failed refund records (refunds.mjs, refunds.py).
 * The scenarios' shared machinery and what they assert after each: kit.ts; run by ../scenarios.test.ts.
 */
import assert from 'node:assert/strict';
import {describe} from 'node:test';
import {eventOf, cardSource, integration, keyForgotten, refundDrivers, refundFails, visa, type RefundSteps, type Run} from './kit';

describe('refunds (refunds.mjs, refunds.py)', () => {
  const scenario = integration('refunds', refundDrivers);
  const paidOrder = async ({world, shop, steps}: Run<RefundSteps>, number: string) => {
    await shop.placeOrder('ORD-4', 120000);
    await steps.payWithCard('ORD-4', await cardSource(world, number));
  };
  scenario('submit twice', 'paid', async (run) => {
    const {world, steps} = run;
    await paidOrder(run, visa);
    await steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000});
    world.db.prepare('UPDATE refunds SET refund_id = NULL').run(); // a second clerk who did not see the first
    await steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000});
    await world.control.settleRefunds();
  });
  scenario('response lost after the refund', 'paid', async (run) => {
    await paidOrder(run, visa);
    await run.world.control.fault('refundCharge', 'lose-response');
    await run.steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000});
  });
  scenario('answer lost, retried after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await paidOrder(run, visa);
    await world.control.fault('refundCharge', 'lose-response', 4);
    await assert.rejects(steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000}));
    await world.control.advance(keyForgotten);
    await steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000}); // the clerk tries again the next day
    await world.control.settleRefunds();
  });
  scenario('two workers after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await paidOrder(run, visa);
    await world.control.fault('refundCharge', 'fail-500', 4); // no refund made
    await assert.rejects(steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000}));
    await world.control.advance(keyForgotten);
    // The next day two clerks retry the return at once: both find no earlier refund, and both replace the old key.
    const retry = () => steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000});
    await Promise.all([retry(), retry()]);
    await world.control.settleRefunds();
  });
  scenario('two workers on charge.refund_failed', 'paid', async (run) => {
    const {world, steps} = run;
    await paidOrder(run, refundFails);
    await steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 120000});
    await world.control.holdBack('charge.refund_failed');
    await world.control.settleRefunds();
    await world.control.release('charge.refund_failed');
    const event = await eventOf(world, 'charge.refund_failed');
    await Promise.all([world.control.redeliver(event), world.control.redeliver(event)]);
    assert.equal(world.db.prepare('SELECT status FROM refunds WHERE return_id = ?').get('RET-1')?.status, 'failed:declined');
  });
  scenario('refund fails', 'paid', async (run) => {
    const {world, steps} = run;
    await paidOrder(run, refundFails);
    await steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 120000});
    await world.control.settleRefunds();
    await world.control.deliverDue();
    assert.equal(world.db.prepare('SELECT status FROM refunds WHERE return_id = ?').get('RET-1')?.status, 'failed:declined');
  });
});
