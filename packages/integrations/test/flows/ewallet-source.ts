/**
 * GCash, Maya or QR Ph sources charged on `source.chargeable` or on the return to `success_url`
 * (ewallet-source.mjs, ewallet_source.py), and an approved source that expires before its webhook is handled.
 * The scenarios' shared machinery and what they assert after each: kit.ts; run by ../scenarios.test.ts.
 */
import assert from 'node:assert/strict';
import {describe} from 'node:test';
import {testAmounts} from '@zip/model/testValues';
import {hour, integration, keyForgotten, orderOf, sourceOf, eventOf, type Json, type Run} from './kit';

interface Steps {
  startPayment(order: string): Promise<Json>;
  chargeSource(order: string, source: string): Promise<Json>;
  /** The customer is back at success_url. */
  onReturn(order: string): Promise<Json>;
  /** The recovery job after a crash. */
  recover(): Promise<unknown>;
}
const scenario = integration<Steps>('ewallet-source', {
  'Node.js': (shop) => shop.load<Steps>('ewallet-source.mjs', 'createEwalletShop'),
  Python: (shop) => {
    shop.receiveWith('ewallet_source');
    return {
      startPayment: (order) => shop.step('start-payment', order),
      chargeSource: (order, source) => shop.step('charge-source', order, source),
      onReturn: (order) => shop.step('on-return', order),
      recover: () => shop.step('recover'),
    };
  },
});
const start = async ({shop, steps}: Run<Steps>, amount = 150000) => {
  await shop.placeOrder('ORD-1', amount);
  await steps.startPayment('ORD-1');
};

describe('e-wallet source charged on source.chargeable (ewallet-source.mjs, ewallet_source.py)', () => {
  scenario('submit twice', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    await steps.startPayment('ORD-1');
    await world.control.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await Promise.all([steps.startPayment('ORD-1'), steps.onReturn('ORD-1')]);
  });
  scenario('response lost after the charge', 'paid', async (run) => {
    await start(run);
    await run.world.control.fault('createCharge', 'lose-response');
    await run.world.control.sourceOutcome(sourceOf(run.world, 'ORD-1'), 'chargeable');
  });
  scenario('retry after the key expired', 'paid', async (run) => {
    const {world} = run;
    await start(run);
    await world.control.fault('createCharge', 'lose-response', 4);
    await world.control.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await world.control.deliverDue();
    await world.control.advance(keyForgotten);
  });
  scenario('webhook twice', 'paid', async (run) => {
    const {world} = run;
    await start(run);
    await world.control.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await world.control.deliverDue();
    await world.control.redeliver(await eventOf(world, 'source.chargeable'));
  });
  scenario('webhook late, after success_url', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    await world.control.holdBack('source.chargeable');
    await world.control.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await steps.onReturn('ORD-1');
    await world.control.deliverDue();
    await world.control.release('source.chargeable');
    await world.control.advance(hour);
  });
  scenario('success_url before approval', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    assert.equal((await steps.onReturn('ORD-1')).next, 'wait_for_approval');
    await world.control.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
  });
  scenario('crash after charge, before record', 'paid', async (run) => {
    const {world, shop, steps} = run;
    await start(run);
    // No event comes before the recovery job: it alone must find and record the charge.
    await world.control.holdBack('source.chargeable');
    await world.control.holdBack('charge.succeeded');
    await world.control.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    shop.crashAfterNext('POST /v2/charges');
    await assert.rejects(steps.chargeSource('ORD-1', sourceOf(world, 'ORD-1')), /crashed/);
    await steps.recover();
    assert.equal(orderOf(world, 'ORD-1').status, 'paid', 'the recovery job recorded the charge');
    await world.control.release('source.chargeable');
    await world.control.release('charge.succeeded');
    await world.control.advance(hour);
  });
  scenario('two workers on one event', 'paid', async (run) => {
    const {world} = run;
    await start(run);
    await world.control.holdBack('source.chargeable');
    await world.control.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    const event = await eventOf(world, 'source.chargeable');
    await world.control.release('source.chargeable');
    await Promise.all([world.control.redeliver(event), world.control.redeliver(event)]);
  });
  scenario('source declined, then paid with a new one', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    await world.control.sourceOutcome(sourceOf(world, 'ORD-1'), 'cancelled');
    await world.control.deliverDue();
    assert.equal((await steps.onReturn('ORD-1')).next, 'ask_for_new_source');
    world.db.prepare('UPDATE orders SET source_id = NULL WHERE id = ?').run('ORD-1');
    await steps.startPayment('ORD-1');
    await world.control.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
  });
  scenario('source expired', 'unpaid', async (run) => {
    await start(run);
    await run.world.control.advance(2 * hour);
  });
  scenario('charge declined (insufficient funds)', 'unpaid', async (run) => {
    await start(run, testAmounts[0]?.amountMinor ?? 0);
    await run.world.control.sourceOutcome(sourceOf(run.world, 'ORD-1'), 'chargeable');
  });
});

describe('an approved source that expires before its webhook is handled (ewallet-source.mjs, ewallet_source.py)', () => {
  interface Steps {
    startPayment(order: string): Promise<Json>;
  }
  const scenario = integration<Steps>('ewallet-source, late webhook', {
    'Node.js': (shop) => shop.load<Steps>('ewallet-source.mjs', 'createEwalletShop'),
    Python: (shop) => {
      shop.receiveWith('ewallet_source');
      return {startPayment: (order) => shop.step('start-payment', order)};
    },
  });
  scenario('source.chargeable delivered after the source expired', 'unpaid', async ({world, shop, steps}) => {
    await shop.placeOrder('ORD-8', 150000);
    await steps.startPayment('ORD-8');
    await world.control.holdBack('source.chargeable');
    await world.control.sourceOutcome(sourceOf(world, 'ORD-8'), 'chargeable');
    await world.control.sourceOutcome(sourceOf(world, 'ORD-8'), 'expired'); // retries came after the charge window
    await world.control.release('source.chargeable');
    await world.control.deliverDue();
    // The endpoint records the order expired and answers 2xx, rather than 500 on every retry.
    assert.equal(await world.control.redeliver(await eventOf(world, 'source.chargeable')), true, 'source.chargeable answered 2xx');
    assert.equal(orderOf(world, 'ORD-8').status, 'expired');
  });
});
