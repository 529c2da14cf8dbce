/**
 * Payment requests: one per invoice, reminders, cancelling by voiding (payment-request.mjs,
 * payment_request.py).
 * The scenarios' shared machinery and what they assert after each: kit.ts; run by ../scenarios.test.ts.
 */
import assert from 'node:assert/strict';
import {describe} from 'node:test';
import {type NodeShop, type PythonShop} from '../shops';
import {
  eventOf,
  fetched,
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

interface Customer {
  name: string;
  email: string;
}
interface Steps {
  /** Sends the order's request once: `{next: 'sent', request}`. */
  sendRequest(order: string, customer: Customer): Promise<Json>;
  /** Reminder `number` of the order's request: `sent`, or the code that stopped it. */
  remind(order: string, number: number): Promise<string>;
  /** The order is cancelled: `cancelled`, or `already_paid` when a payment came first. */
  cancelOrder(order: string): Promise<string>;
  /** The recovery job after a crash. */
  recover(): Promise<unknown>;
}
const onNode = (shop: NodeShop) => shop.load<Steps>('payment-request.mjs', 'createRequestShop');
const onPython = (shop: PythonShop): Steps => {
  shop.receiveWith('payment_request');
  return {
    sendRequest: (order, {name, email}) => shop.step('send-request', order, name, email),
    remind: (order, number) => shop.step<string>('remind', order, number),
    cancelOrder: (order) => shop.step<string>('cancel-request-order', order),
    recover: () => shop.step('recover-requests'),
  };
};
const name = 'payment-request';
const drivers: Drivers<Steps> = {'Node.js': onNode, Python: onPython};
const scenario = integration(name, drivers);
const customer: Customer = {name: 'Juan dela Cruz', email: 'juan@example.com'};
const place = ({shop}: Run<Steps>) => shop.placeOrder('ORD-6', 850000);
const sent = async (run: Run<Steps>) => {
  await place(run);
  await run.steps.sendRequest('ORD-6', customer);
};
const requestOf = (world: World) => orderOf(world, 'ORD-6').request_id as string;

describe('payment request fulfilment: made once, webhooks and crashes (payment-request.mjs, payment_request.py)', () => {
  scenario('submit twice', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await Promise.all([steps.sendRequest('ORD-6', customer), steps.sendRequest('ORD-6', customer)]);
    assert.equal((await world.list('/v1/requests')).length, 1, 'one request for the order');
    await world.control.payRequest(requestOf(world), visa);
  });
  scenario('two requests after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.control.fault('createRequest', 'fail-500', 4); // no request made
    await assert.rejects(steps.sendRequest('ORD-6', customer));
    await world.control.advance(keyForgotten);
    await Promise.all([steps.sendRequest('ORD-6', customer), steps.sendRequest('ORD-6', customer)]); // both replace the old key
    assert.equal((await world.list('/v1/requests')).length, 1, 'one request for the order');
    await world.control.payRequest(requestOf(world), visa);
  });
  scenario('retry after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.control.fault('createRequest', 'lose-response', 4);
    await assert.rejects(steps.sendRequest('ORD-6', customer));
    await world.control.advance(keyForgotten);
    await steps.sendRequest('ORD-6', customer);
    assert.equal((await world.list('/v1/requests')).length, 1, 'the earlier request was found, not a second bill sent');
    for (const request of await world.list('/v1/requests')) await world.control.payRequest(request.id as string, visa);
  });
  scenario('webhook twice', 'paid', async (run) => {
    const {world} = run;
    await sent(run);
    await world.control.payRequest(requestOf(world), visa);
    await world.control.deliverDue();
    await world.control.redeliver(await eventOf(world, 'payment_request.paid'));
  });
  scenario('webhook late, out of order', 'paid', async (run) => {
    const {world} = run;
    await sent(run);
    await world.control.holdBack('payment_request.paid');
    await world.control.payRequest(requestOf(world), visa);
    await world.control.deliverDue(); // charge.succeeded, naming the request, arrives first
    await world.control.release('payment_request.paid');
    await world.control.advance(hour);
  });
  scenario('two workers on one event', 'paid', async (run) => {
    const {world} = run;
    await sent(run);
    await world.control.holdBack('payment_request.paid');
    await world.control.payRequest(requestOf(world), visa);
    await world.control.release('payment_request.paid');
    const event = await eventOf(world, 'payment_request.paid');
    await Promise.all([world.control.redeliver(event), world.control.redeliver(event)]);
  });
  scenario('crash after payment, before record', 'paid', async (run) => {
    const {world, shop, steps} = run;
    await sent(run);
    // The handler of charge.succeeded dies once it has read the charge; payment_request.paid comes only after the recovery job.
    await world.control.holdBack('payment_request.paid');
    const charge = await world.control.payRequest(requestOf(world), visa);
    shop.crashAfterNext(`GET /v2/charges/${charge}`);
    await world.control.deliverDue();
    assert.deepEqual(shop.shipped(), []);
    assert.notEqual(orderOf(world, 'ORD-6').status, 'paid', 'the crash left the payment unrecorded');
    await steps.recover();
    assert.equal(orderOf(world, 'ORD-6').status, 'paid', 'the recovery job recorded the payment');
    await world.control.release('payment_request.paid');
    await world.control.advance(hour);
  });
});

describe('payment request fulfilment: paying, cancelling, requests made by hand and reminders (payment-request.mjs, payment_request.py)', () => {
  scenario('customer pays the same request twice', 'paid', async (run) => {
    const {world} = run;
    await sent(run);
    await world.control.payRequest(requestOf(world), visa);
    await payRefused(() => world.control.payRequest(requestOf(world), visa), /no longer payable/);
  });
  scenario('request cancelled, then a payment attempt', 'unpaid', async (run) => {
    const {world, steps} = run;
    await sent(run);
    assert.equal(await steps.cancelOrder('ORD-6'), 'cancelled');
    assert.equal(await steps.cancelOrder('ORD-6'), 'cancelled', 'cancelling again changes nothing');
    await payRefused(() => world.control.payRequest(requestOf(world), visa), /is voided/);
  });
  scenario('paid, then cancelled before any event', 'paid', async (run) => {
    const {world, steps} = run;
    await sent(run);
    await world.control.holdBack('payment_request.paid');
    await world.control.holdBack('charge.succeeded');
    await world.control.payRequest(requestOf(world), visa);
    assert.equal(await steps.cancelOrder('ORD-6'), 'already_paid', 'the payment came first: the order is fulfilled, not cancelled');
    assert.equal(orderOf(world, 'ORD-6').status, 'paid', 'cancelling recorded the payment it found, before any event');
    await world.control.release('payment_request.paid');
    await world.control.release('charge.succeeded');
    await world.control.advance(hour);
  });
  // A second request made by hand for the order, and both paid: the order is charged twice, which the
  // invariants cannot pass; what must hold is that the second payment is kept for a person to refund,
  // the event handled rather than failed for good, and the order fulfilled once.
  ownChecks(
    name,
    drivers,
    'paid through its request and a second one: the second payment kept for review',
    async ({world, shop, steps}) => {
      await place({world, shop, steps});
      await steps.sendRequest('ORD-6', customer);
      const byHand = await world.zip(
        'POST',
        '/v1/requests',
        {
          amount: 850000,
          currency: 'PHP',
          description: 'Invoice for order ORD-6',
          customer,
          payment_method_types: ['card'],
          metadata: {order_id: 'ORD-6'},
        },
        {idempotencyKey: 'dashboard-request-ORD-6'},
      );
      const first = await world.control.payRequest(requestOf(world), visa);
      const second = await world.control.payRequest(byHand.id as string, visa);
      await world.control.deliverDue();
      assert.equal(orderOf(world, 'ORD-6').charge_id, first, "the first payment is the order's");
      assert.deepEqual(shop.shipped(), ['ORD-6'], 'the order is fulfilled once');
      const kept = world.db.prepare('SELECT order_id FROM payments_to_review WHERE charge_id = ?').get(second);
      assert.equal(kept?.order_id, 'ORD-6', `the second payment ${second} is kept for review, naming the order`);
    },
  );
  scenario('reminder job run twice', 'paid', async (run) => {
    const {world, steps} = run;
    await sent(run);
    assert.equal(await steps.remind('ORD-6', 1), 'sent');
    assert.equal(await steps.remind('ORD-6', 1), 'sent');
    assert.equal((await fetched(world, `/v1/requests/${requestOf(world)}`)).resend_count, 1, 'one reminder, not two');
    await world.control.payRequest(requestOf(world), visa);
  });
});
