/**
 * Payment links: a single-use link per order, a reusable product link, cancelling by switching a
 * link off (payment-link.mjs, payment_link.py).
 * The scenarios' shared machinery and what they assert after each: kit.ts; run by ../scenarios.test.ts.
 */
import assert from 'node:assert/strict';
import {describe} from 'node:test';
import {type NodeShop, type PythonShop} from '../shops';
import {
  eventOf,
  hour,
  integration,
  keyForgotten,
  orderOf,
  ownChecks,
  payRefused,
  visa,
  type Drivers,
  type Json,
  type Run,
  type World,
} from './kit';

interface Steps {
  /** The order's single-use link, made once: `{next: 'share', url}`. */
  createOrderLink(order: string): Promise<Json>;
  /** A reusable link that sells one product: its id. */
  createProductLink(sku: string, amount: number): Promise<string>;
  /** The order is cancelled: `cancelled`, or `already_paid` when a payment came first. */
  cancelOrder(order: string): Promise<string>;
  /** The recovery job after a crash. */
  recover(): Promise<unknown>;
}
const onNode = (shop: NodeShop) => shop.load<Steps>('payment-link.mjs', 'createLinkShop');
const onPython = (shop: PythonShop): Steps => {
  shop.receiveWith('payment_link');
  return {
    createOrderLink: (order) => shop.step('create-order-link', order),
    createProductLink: (sku, amount) => shop.step<string>('create-product-link', sku, amount),
    cancelOrder: (order) => shop.step<string>('cancel-link-order', order),
    recover: () => shop.step('recover-links'),
  };
};
const name = 'payment-link';
const drivers: Drivers<Steps> = {'Node.js': onNode, Python: onPython};
const scenario = integration(name, drivers);
const place = ({shop}: Run<Steps>) => shop.placeOrder('ORD-5', 350000);
const shared = async (run: Run<Steps>) => {
  await place(run);
  await run.steps.createOrderLink('ORD-5');
};
const linkOf = (world: World) => orderOf(world, 'ORD-5').link_id as string;

describe('payment link fulfilment: made once, webhooks and crashes (payment-link.mjs, payment_link.py)', () => {
  scenario('submit twice', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await Promise.all([steps.createOrderLink('ORD-5'), steps.createOrderLink('ORD-5')]);
    await steps.createOrderLink('ORD-5');
    assert.equal((await world.list('/v1/links')).length, 1, 'one link for the order');
    await world.control.payLink(linkOf(world), visa);
  });
  scenario('response lost after creating the link', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.control.fault('createLink', 'lose-response');
    await steps.createOrderLink('ORD-5');
    assert.equal((await world.list('/v1/links')).length, 1, 'the retry with the same key got the same link');
    await world.control.payLink(linkOf(world), visa);
  });
  scenario('retry after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.control.fault('createLink', 'lose-response', 4);
    await assert.rejects(steps.createOrderLink('ORD-5'));
    await world.control.advance(keyForgotten);
    await steps.createOrderLink('ORD-5');
    assert.equal((await world.list('/v1/links')).length, 1, 'the earlier link was found, not a second made');
    for (const link of await world.list('/v1/links')) await world.control.payLink(link.id as string, visa); // the customer pays every link they got
  });
  scenario('two requests after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.control.fault('createLink', 'fail-500', 4); // no link made
    await assert.rejects(steps.createOrderLink('ORD-5'));
    await world.control.advance(keyForgotten);
    await Promise.all([steps.createOrderLink('ORD-5'), steps.createOrderLink('ORD-5')]); // both replace the old key
    assert.equal((await world.list('/v1/links')).length, 1, 'one link for the order');
    await world.control.payLink(linkOf(world), visa);
  });
  scenario('webhook twice', 'paid', async (run) => {
    const {world} = run;
    await shared(run);
    await world.control.payLink(linkOf(world), visa);
    await world.control.deliverDue();
    await world.control.redeliver(await eventOf(world, 'payment_link.paid'));
    await world.control.redeliver(await eventOf(world, 'charge.succeeded'));
  });
  scenario('webhook late, out of order', 'paid', async (run) => {
    const {world, shop} = run;
    await shared(run);
    await world.control.holdBack('payment_link.paid');
    await world.control.holdBack('charge.succeeded');
    await world.control.payLink(linkOf(world), visa);
    await world.control.deliverDue(); // payment_link.deactivated arrives first
    assert.deepEqual(shop.shipped(), []);
    await world.control.release('payment_link.paid');
    await world.control.release('charge.succeeded');
    await world.control.advance(hour);
  });
  scenario('two workers on one event', 'paid', async (run) => {
    const {world} = run;
    await shared(run);
    await world.control.holdBack('payment_link.paid');
    await world.control.payLink(linkOf(world), visa);
    await world.control.release('payment_link.paid');
    const event = await eventOf(world, 'payment_link.paid');
    await Promise.all([world.control.redeliver(event), world.control.redeliver(event)]);
  });
  scenario('crash after payment, before record', 'paid', async (run) => {
    const {world, shop, steps} = run;
    await shared(run);
    // The handler of charge.succeeded dies once it has read the charge; payment_link.paid comes only after the recovery job.
    await world.control.holdBack('payment_link.paid');
    const charge = await world.control.payLink(linkOf(world), visa);
    shop.crashAfterNext(`GET /v2/charges/${charge}`);
    await world.control.deliverDue();
    assert.deepEqual(shop.shipped(), []);
    assert.notEqual(orderOf(world, 'ORD-5').status, 'paid', 'the crash left the payment unrecorded');
    await steps.recover();
    assert.equal(orderOf(world, 'ORD-5').status, 'paid', 'the recovery job recorded the payment');
    await world.control.release('payment_link.paid');
    await world.control.advance(hour); // the retries of the events come after the recovery
  });
});

describe('payment link fulfilment: paying, cancelling and links made by hand (payment-link.mjs, payment_link.py)', () => {
  scenario('customer pays the same link twice', 'paid', async (run) => {
    const {world} = run;
    await shared(run);
    await world.control.payLink(linkOf(world), visa);
    await payRefused(() => world.control.payLink(linkOf(world), visa), /no longer available/);
  });
  scenario('reusable product link paid twice', 'paid', async ({world, shop, steps}) => {
    // No order is placed first: each payment through the link is an order of its own.
    const link = await steps.createProductLink('BRK-250', 45000);
    assert.equal(await steps.createProductLink('BRK-250', 45000), link);
    await world.control.payLink(link, visa);
    await world.control.payLink(link, visa);
    await world.control.deliverDue();
    await world.control.redeliver(await eventOf(world, 'payment_link.paid'));
    assert.equal(shop.shipped().length, 2, 'each payment is an order, fulfilled once');
  });
  scenario('link deactivated, then a payment attempt', 'unpaid', async (run) => {
    const {world, steps} = run;
    await shared(run);
    assert.equal(await steps.cancelOrder('ORD-5'), 'cancelled');
    await payRefused(() => world.control.payLink(linkOf(world), visa), /no longer available/);
  });
  scenario('paid, then cancelled before any event', 'paid', async (run) => {
    const {world, steps} = run;
    await shared(run);
    await world.control.holdBack('payment_link.paid');
    await world.control.holdBack('charge.succeeded');
    await world.control.payLink(linkOf(world), visa);
    assert.equal(await steps.cancelOrder('ORD-5'), 'already_paid', 'the payment came first: the order is fulfilled, not cancelled');
    assert.equal(orderOf(world, 'ORD-5').status, 'paid', 'cancelling recorded the payment it found, before any event');
    await world.control.release('payment_link.paid');
    await world.control.release('charge.succeeded');
    await world.control.advance(hour);
  });
  scenario('answer lost, then cancelled', 'unpaid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.control.fault('createLink', 'lose-response', 4);
    await assert.rejects(steps.createOrderLink('ORD-5'));
    assert.equal(await steps.cancelOrder('ORD-5'), 'cancelled');
    // The link whose answer was lost is off too.
    for (const link of await world.list('/v1/links'))
      await payRefused(() => world.control.payLink(link.id as string, visa), /no longer available/);
  });
  /** Another link for the order, made by hand in the dashboard with the order id in its metadata. */
  const linkByHand = async (world: World) => {
    const link = await world.zip(
      'POST',
      '/v1/links',
      {
        amount: 350000,
        currency: 'PHP',
        description: 'Order ORD-5',
        usage: 'single_use',
        payment_method_types: ['card'],
        metadata: {order_id: 'ORD-5'},
      },
      {idempotencyKey: 'dashboard-link-ORD-5'},
    );
    return link.id as string;
  };
  scenario('paid through a second link made by hand', 'paid', async (run) => {
    const {world} = run;
    await shared(run);
    await world.control.payLink(await linkByHand(world), visa); // the customer pays that link, not the order's own
  });
  // Paid through both links, the order is charged twice, which no shop can prevent once a second link
  // exists, so the invariants cannot hold; what must hold is that the second payment is kept for a
  // person to refund, and the order fulfilled once.
  ownChecks(name, drivers, 'paid through its link and a second one: the second payment kept for review', async ({world, shop, steps}) => {
    await shop.placeOrder('ORD-5', 350000);
    await steps.createOrderLink('ORD-5');
    const first = await world.control.payLink(linkOf(world), visa);
    const second = await world.control.payLink(await linkByHand(world), visa);
    await world.control.deliverDue();
    assert.equal(orderOf(world, 'ORD-5').charge_id, first, "the first payment is the order's");
    assert.deepEqual(shop.shipped(), ['ORD-5'], 'the order is fulfilled once');
    const kept = world.db.prepare('SELECT order_id FROM payments_to_review WHERE charge_id = ?').get(second);
    assert.equal(kept?.order_id, 'ORD-5', `the second payment ${second} is kept for review, naming the order`);
  });
});
