/**
 * Card payments with 3-D Secure and verify (card-payment.mjs, card_payment.py).
 * The scenarios' shared machinery and what they assert after each: kit.ts; run by ../scenarios.test.ts.
 */
import assert from 'node:assert/strict';
import {describe} from 'node:test';
import {
  cardOnPython,
  cardSource,
  declined,
  eventOf,
  fetched,
  hour,
  integration,
  keyForgotten,
  orderOf,
  ownChecks,
  threeDs,
  threeDsFails,
  visa,
  type CardSteps,
  type Drivers,
  type Run,
} from './kit';

const cardDrivers: Drivers<CardSteps> = {
  'Node.js': (shop) => shop.load<CardSteps>('card-payment.mjs', 'createCardShop'),
  Python: (shop) => {
    shop.receiveWith('card_payment');
    return cardOnPython(shop);
  },
};
const scenario = integration('card-payment', cardDrivers);
const order = ({shop}: Run<CardSteps>) => shop.placeOrder('ORD-2', 250000);

describe('card payment with 3-D Secure: double submits, lost answers and webhooks (card-payment.mjs, card_payment.py)', () => {
  scenario('submit twice', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    const [one, two] = [await cardSource(world, visa), await cardSource(world, visa)];
    await Promise.all([steps.payWithCard('ORD-2', one), steps.payWithCard('ORD-2', two)]); // both in flight at once
  });
  scenario('no answer, the customer pays again', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    await world.control.fault('createCharge', 'lose-response', 4);
    await assert.rejects(steps.payWithCard('ORD-2', await cardSource(world, visa)));
    await steps.payWithCard('ORD-2', await cardSource(world, visa)); // same attempt, same key: refused, not charged
  });
  scenario('response lost after the charge', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    await world.control.fault('createCharge', 'lose-response');
    await steps.payWithCard('ORD-2', await cardSource(world, visa));
  });
  scenario('3-D Secure, return before the event', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    const started = await steps.payWithCard('ORD-2', await cardSource(world, threeDs));
    assert.equal(started.next, 'redirect');
    await world.control.completeThreeDs(started.charge as string);
    await steps.onReturn('ORD-2', started.charge as string);
    await steps.onReturn('ORD-2', started.charge as string);
  });
  scenario('webhook twice', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    await steps.payWithCard('ORD-2', await cardSource(world, visa));
    await world.control.deliverDue();
    await world.control.redeliver(await eventOf(world, 'charge.succeeded'));
  });
  scenario('crash after charge, before record', 'paid', async (run) => {
    const {world, shop, steps} = run;
    await order(run);
    shop.crashAfterNext('POST /v2/charges');
    await assert.rejects(steps.payWithCard('ORD-2', await cardSource(world, visa)), /crashed/);
  });
  scenario('webhook late, after the return', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    await world.control.holdBack('charge.succeeded');
    const started = await steps.payWithCard('ORD-2', await cardSource(world, threeDs));
    await world.control.completeThreeDs(started.charge as string);
    await steps.onReturn('ORD-2', started.charge as string);
    await world.control.deliverDue();
    await world.control.release('charge.succeeded');
    await world.control.advance(hour);
  });
  scenario('two workers on one event', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    await world.control.holdBack('charge.succeeded');
    await steps.payWithCard('ORD-2', await cardSource(world, visa));
    await world.control.release('charge.succeeded');
    const event = await eventOf(world, 'charge.succeeded');
    await Promise.all([world.control.redeliver(event), world.control.redeliver(event)]);
  });
});

describe('card payment with 3-D Secure: expired keys, declines and old tabs (card-payment.mjs, card_payment.py)', () => {
  scenario('answer lost, retried after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    await world.control.holdBack('charge.succeeded'); // the shop's endpoint is down: nothing records the first charge
    await world.control.fault('createCharge', 'lose-response', 4);
    await assert.rejects(steps.payWithCard('ORD-2', await cardSource(world, visa)));
    await world.control.deliverDue();
    await world.control.advance(keyForgotten);
    await steps.payWithCard('ORD-2', await cardSource(world, visa)); // the customer pays again the next day
    await world.control.release('charge.succeeded');
    await world.control.advance(hour);
  });
  scenario('two workers after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    await world.control.fault('createCharge', 'fail-500', 4); // no charge made
    await assert.rejects(steps.payWithCard('ORD-2', await cardSource(world, visa)));
    await world.control.advance(keyForgotten);
    // The next day the customer submits twice at once: both find no earlier charge, and both replace the old key.
    const [one, two] = [await cardSource(world, visa), await cardSource(world, visa)];
    await Promise.all([steps.payWithCard('ORD-2', one), steps.payWithCard('ORD-2', two)]);
  });
  scenario('declined, then another card', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    assert.equal((await steps.payWithCard('ORD-2', await cardSource(world, declined))).next, 'ask_for_another_card');
    await steps.payWithCard('ORD-2', await cardSource(world, visa));
  });
  scenario('an old declined return reloaded during the next attempt', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    const failed = await steps.payWithCard('ORD-2', await cardSource(world, threeDsFails));
    await world.control.completeThreeDs(failed.charge as string);
    assert.equal((await steps.onReturn('ORD-2', failed.charge as string)).next, 'ask_for_another_card');
    const next = await steps.payWithCard('ORD-2', await cardSource(world, threeDs)); // the next attempt, in 3-D Secure
    await steps.onReturn('ORD-2', failed.charge as string); // the old tab reloaded: it must not end the attempt in flight
    await steps.payWithCard('ORD-2', await cardSource(world, visa)); // an impatient submit of the attempt in flight
    await world.control.completeThreeDs(next.charge as string);
    await steps.onReturn('ORD-2', next.charge as string);
  });
  // A 3-D Secure attempt left pending fails once its window has passed; another card pays the next
  // day, then the first tab comes back: the order keeps the payment that succeeded, fulfilled once.
  ownChecks(
    'card-payment',
    cardDrivers,
    '3-D Secure abandoned, another card paid the next day, the old tab back: fulfilled once',
    async ({world, shop, steps}) => {
      await shop.placeOrder('ORD-2', 250000);
      const abandoned = await steps.payWithCard('ORD-2', await cardSource(world, threeDs));
      assert.equal(abandoned.next, 'redirect');
      await world.control.advance(keyForgotten);
      assert.equal(
        (await fetched(world, `/v2/charges/${abandoned.charge as string}`)).status,
        'failed',
        'the unfinished 3-D Secure charge failed',
      );
      const paid = await steps.payWithCard('ORD-2', await cardSource(world, visa)); // a new key: the old one is forgotten
      assert.equal(paid.next, 'paid');
      await steps.onReturn('ORD-2', abandoned.charge as string); // the old tab comes back
      await world.control.deliverDue();
      assert.equal(orderOf(world, 'ORD-2').charge_id, paid.charge, "the payment that succeeded is the order's");
      assert.deepEqual(shop.shipped(), ['ORD-2'], 'the order is fulfilled once');
    },
  );
});
