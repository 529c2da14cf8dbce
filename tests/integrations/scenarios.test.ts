/**
 * Payment faults run against the reference integrations of integrations/node/, each against the
 * stateful test mode (test-mode/): double submits, lost answers, retries after a key expired,
 * duplicate, late and early webhooks, crashes, two workers, declines and failed refunds. After each
 * scenario the test mode's state is held to the invariants of world.ts. The table at the end is
 * integrations × scenarios.
 */
import assert from 'node:assert/strict';
import {after, describe, it} from 'node:test';
import {testCardFor, testAmounts} from '../../src/data/testMode';
import {invariants, makeWorld, type World} from './world';

type Json = Record<string, unknown>;
type Handlers = Record<string, (event: Json) => unknown>;
interface EwalletShop {
  startPayment(order: string): Promise<Json>;
  chargeSource(order: string, source: string): Promise<Json>;
  onReturn(order: string): Promise<Json>;
  recover(): Promise<void>;
  handlers: Handlers;
}
interface CardShop {
  payWithCard(order: string, source: string): Promise<Json>;
  onReturn(order: string, charge: string): Promise<Json>;
  handlers: Handlers;
}
interface CheckoutShop {
  checkout(order: string): Promise<string>;
  onSuccessUrl(order: string): Promise<boolean>;
  handlers: Handlers;
}
interface Refunds {
  refundReturn(request: {returnId: string; orderId: string; amount: number}): Promise<string>;
  handlers: Handlers;
}
interface Billing {
  billPeriod(period: {subscriptionId: string; period: string; customer: string; source: string; amount: number}): Promise<string>;
  handlers?: Handlers;
}
interface LinkShop {
  createOrderLink(order: string): Promise<Json>;
  createProductLink(sku: string, amount?: number | null): Promise<string>;
  cancelOrder(order: string): Promise<string>;
  recover(): Promise<void>;
  handlers: Handlers;
}
interface RequestShop {
  sendRequest(order: string, customer: {name: string; email: string}): Promise<Json>;
  remind(order: string, number: number): Promise<string>;
  cancelOrder(order: string): Promise<string>;
  recover(): Promise<void>;
  handlers: Handlers;
}
const hour = 3_600_000;
const table = new Map<string, Map<string, string>>();

async function loadFlow<Flow extends {handlers?: Handlers}>(file: string, factory: string, world: World, extra: Json = {}): Promise<Flow> {
  const module = (await import(`../../integrations/node/${file}`)) as Record<string, ((options: Json) => Flow) | undefined>;
  const make = module[factory];
  if (!make) throw new Error(`integrations/node/${file} exports no ${factory}`);
  const flow = make({zip: world.zip, db: world.db, ship: (id: string) => world.shipped.push(id), now: world.nowMs, ...extra});
  world.setHandlers(flow.handlers ?? {});
  return flow;
}

/** Runs one scenario in a fresh world, then the invariants; records the outcome in the table. */
function scenario(integration: string, name: string, body: (world: World) => Promise<void>): void {
  it(`${integration} × ${name}`, async () => {
    const world = await makeWorld();
    const row = table.get(integration) ?? new Map<string, string>();
    table.set(integration, row);
    try {
      await body(world);
      await world.testMode.deliverDue();
      invariants(world, integration, name);
      row.set(name, 'pass');
    } catch (error) {
      row.set(name, 'FAIL');
      throw error;
    } finally {
      await world.close();
    }
  });
}

const {number: visa} = testCardFor('succeeds-visa');
const threeDs = testCardFor('three-d-secure-passed').number;
const declined = testCardFor('card_declined').number;
const refundFails = testCardFor('refund-fails').number;

async function cardSource(world: World, number: string): Promise<string> {
  const source = await world.zip(
    'POST',
    '/v2/sources',
    {type: 'card', card: {number, exp_month: 12, exp_year: 2030, cvc: '123'}},
    {idempotencyKey: `src-${Math.random()}`},
  );
  return source.id as string;
}
const eventOf = (world: World, type: string) => [...world.testMode.events].reverse().find((event) => event.type === type)?.id as string;
const sourceOf = (world: World, order: string) =>
  world.db.prepare('SELECT source_id FROM orders WHERE id = ?').get(order)?.source_id as string;

/**
 * The shop's process dies each time it has read a charge, before it records it, until `restart`:
 * a payment a customer made on a hosted page (a link, a request) that the shop has not recorded.
 */
function crashReadingCharges(world: World): {restart(): void} {
  const zip = world.zip;
  let down = true;
  (world as {zip: World['zip']}).zip = async (method, path, body, options) => {
    const answer = await zip(method, path, body, options);
    if (down && method === 'GET' && path.startsWith('/v2/charges/')) throw new Error('process crashed after reading the charge');
    return answer;
  };
  return {restart: () => (down = false)};
}

/** A crash right after a charge call returned, before the shop recorded it. */
function crashAfterCharge(world: World): void {
  const zip = world.zip;
  let crashed = false;
  (world as {zip: World['zip']}).zip = async (method, path, body, options) => {
    const answer = await zip(method, path, body, options);
    if (!crashed && method === 'POST' && path === '/v2/charges') {
      crashed = true;
      throw new Error('process crashed after the charge, before recording it');
    }
    return answer;
  };
}

describe('e-wallet source charged on source.chargeable (integrations/node/ewallet-source.mjs)', () => {
  const name = 'ewallet-source';
  const start = async (world: World, amount = 150000) => {
    const flow = await loadFlow<EwalletShop>('ewallet-source.mjs', 'createEwalletShop', world);
    world.newOrder('ORD-1', amount);
    await flow.startPayment('ORD-1');
    return flow;
  };
  scenario(name, 'submit twice', async (world) => {
    const flow = await start(world);
    await flow.startPayment('ORD-1');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await flow.startPayment('ORD-1');
  });
  scenario(name, 'response lost after the charge', async (world) => {
    await start(world);
    world.testMode.inject('POST /v2/charges', 'lose-response');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
  });
  scenario(name, 'retry after the key expired', async (world) => {
    await start(world);
    for (let attempt = 0; attempt < 4; attempt++) world.testMode.inject('POST /v2/charges', 'lose-response');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await world.testMode.deliverDue();
    world.testMode.advance(25 * hour);
  });
  scenario(name, 'webhook twice', async (world) => {
    await start(world);
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'source.chargeable'));
  });
  scenario(name, 'webhook late, after success_url', async (world) => {
    const flow = await start(world);
    world.testMode.holdBack('source.chargeable');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await flow.onReturn('ORD-1');
    await world.testMode.deliverDue();
    world.testMode.release('source.chargeable');
    world.testMode.advance(hour);
  });
  scenario(name, 'success_url before approval', async (world) => {
    const flow = await start(world);
    assert.equal(((await flow.onReturn('ORD-1')) as Json).next, 'wait_for_approval');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
  });
  scenario(name, 'crash after charge, before record', async (world) => {
    const flow = await start(world);
    crashAfterCharge(world);
    const crashing = await loadFlow<EwalletShop>('ewallet-source.mjs', 'createEwalletShop', world);
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await assert.rejects(crashing.chargeSource('ORD-1', sourceOf(world, 'ORD-1')));
    await flow.recover();
  });
  scenario(name, 'two workers on one event', async (world) => {
    await start(world);
    world.testMode.holdBack('source.chargeable');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    const event = eventOf(world, 'source.chargeable');
    world.testMode.release('source.chargeable');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event)]);
  });
  scenario(name, 'source declined, then paid with a new one', async (world) => {
    const flow = await start(world);
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'cancelled');
    await world.testMode.deliverDue();
    assert.equal(((await flow.onReturn('ORD-1')) as Json).next, 'ask_for_new_source');
    world.db.prepare('UPDATE orders SET source_id = NULL WHERE id = ?').run('ORD-1');
    await flow.startPayment('ORD-1');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
  });
  scenario(name, 'source expired', async (world) => {
    await start(world);
    world.testMode.advance(2 * hour);
  });
  scenario(name, 'charge declined (insufficient funds)', async (world) => {
    await start(world, testAmounts[0]?.amountMinor ?? 0);
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
  });
});

describe('card payment with 3-D Secure (integrations/node/card-payment.mjs)', () => {
  const name = 'card-payment';
  const setup = async (world: World) => {
    const flow = await loadFlow<CardShop>('card-payment.mjs', 'createCardShop', world);
    world.newOrder('ORD-2', 250000);
    return flow;
  };
  scenario(name, 'submit twice', async (world) => {
    const flow = await setup(world);
    const [one, two] = [await cardSource(world, visa), await cardSource(world, visa)];
    await Promise.all([flow.payWithCard('ORD-2', one), flow.payWithCard('ORD-2', two)]); // both in flight at once
  });
  scenario(name, 'no answer, the customer pays again', async (world) => {
    const flow = await setup(world);
    for (let attempt = 0; attempt < 4; attempt++) world.testMode.inject('POST /v2/charges', 'lose-response');
    await assert.rejects(flow.payWithCard('ORD-2', await cardSource(world, visa)));
    await flow.payWithCard('ORD-2', await cardSource(world, visa)); // same attempt, same key: refused, not charged
  });
  scenario(name, 'response lost after the charge', async (world) => {
    const flow = await setup(world);
    world.testMode.inject('POST /v2/charges', 'lose-response');
    await flow.payWithCard('ORD-2', await cardSource(world, visa));
  });
  scenario(name, '3-D Secure, return before the event', async (world) => {
    const flow = await setup(world);
    const started = (await flow.payWithCard('ORD-2', await cardSource(world, threeDs))) as Json;
    assert.equal(started.next, 'redirect');
    world.testMode.completeThreeDs(started.charge as string);
    await flow.onReturn('ORD-2', started.charge as string);
    await flow.onReturn('ORD-2', started.charge as string);
  });
  scenario(name, 'webhook twice', async (world) => {
    const flow = await setup(world);
    await flow.payWithCard('ORD-2', await cardSource(world, visa));
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'charge.succeeded'));
  });
  scenario(name, 'crash after charge, before record', async (world) => {
    crashAfterCharge(world);
    const flow = await setup(world);
    await assert.rejects(flow.payWithCard('ORD-2', await cardSource(world, visa)));
  });
  scenario(name, 'webhook late, after the return', async (world) => {
    const flow = await setup(world);
    world.testMode.holdBack('charge.succeeded');
    const started = await flow.payWithCard('ORD-2', await cardSource(world, threeDs));
    world.testMode.completeThreeDs(started.charge as string);
    await flow.onReturn('ORD-2', started.charge as string);
    await world.testMode.deliverDue();
    world.testMode.release('charge.succeeded');
    world.testMode.advance(3_600_000);
  });
  scenario(name, 'two workers on one event', async (world) => {
    const flow = await setup(world);
    world.testMode.holdBack('charge.succeeded');
    await flow.payWithCard('ORD-2', await cardSource(world, visa));
    world.testMode.release('charge.succeeded');
    const event = eventOf(world, 'charge.succeeded');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event)]);
  });
  scenario(name, 'declined, then another card', async (world) => {
    const flow = await setup(world);
    assert.equal(((await flow.payWithCard('ORD-2', await cardSource(world, declined))) as Json).next, 'ask_for_another_card');
    await flow.payWithCard('ORD-2', await cardSource(world, visa));
  });
});

describe('Checkout session fulfilment (integrations/node/checkout-session.mjs)', () => {
  const name = 'checkout-session';
  const setup = async (world: World) => {
    const flow = await loadFlow<CheckoutShop>('checkout-session.mjs', 'createCheckoutShop', world);
    world.newOrder('ORD-3', 99000);
    await flow.checkout('ORD-3');
    return flow;
  };
  const sessionOf = (world: World) => world.db.prepare('SELECT session_id FROM orders WHERE id = ?').get('ORD-3')?.session_id as string;
  scenario(name, 'submit twice', async (world) => {
    const flow = await setup(world);
    await flow.checkout('ORD-3');
    assert.equal(world.testMode.sessions.size, 1);
    world.testMode.payCheckoutSession(sessionOf(world), visa);
  });
  scenario(name, 'response lost after creating the session', async (world) => {
    const flow = await loadFlow<CheckoutShop>('checkout-session.mjs', 'createCheckoutShop', world);
    world.newOrder('ORD-3', 99000);
    world.testMode.inject('POST /v1/checkout/sessions', 'lose-response');
    await flow.checkout('ORD-3');
    assert.equal(world.testMode.sessions.size, 1, 'the retry with the same key got the same session');
    world.testMode.payCheckoutSession(sessionOf(world), visa);
  });
  scenario(name, 'success_url before any event', async (world) => {
    const flow = await setup(world);
    world.testMode.payCheckoutSession(sessionOf(world), visa);
    await flow.onSuccessUrl('ORD-3');
  });
  scenario(name, 'webhook twice', async (world) => {
    await setup(world);
    world.testMode.payCheckoutSession(sessionOf(world), visa);
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'checkout_session.completed'));
  });
  scenario(name, 'two workers on one event', async (world) => {
    const flow = await setup(world);
    world.testMode.holdBack('checkout_session.completed');
    world.testMode.payCheckoutSession(sessionOf(world), visa);
    world.testMode.release('checkout_session.completed');
    const event = eventOf(world, 'checkout_session.completed');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event), flow.onSuccessUrl('ORD-3')]);
  });
});

describe('refunds (integrations/node/refunds.mjs)', () => {
  const name = 'refunds';
  const paidOrder = async (world: World, number: string) => {
    const card = await loadFlow<CardShop>('card-payment.mjs', 'createCardShop', world);
    world.newOrder('ORD-4', 120000);
    await card.payWithCard('ORD-4', await cardSource(world, number));
    const refunds = await loadFlow<Refunds>('refunds.mjs', 'createRefunds', world);
    world.setHandlers({...card.handlers, ...refunds.handlers});
    return refunds;
  };
  scenario(name, 'submit twice', async (world) => {
    const refunds = await paidOrder(world, visa);
    await refunds.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000});
    world.db.prepare('UPDATE refunds SET refund_id = NULL').run(); // a second clerk who did not see the first
    await refunds.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000});
    world.testMode.settleRefunds();
  });
  scenario(name, 'response lost after the refund', async (world) => {
    const refunds = await paidOrder(world, visa);
    world.testMode.inject('POST /v2/charges/', 'lose-response');
    await refunds.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000});
  });
  scenario(name, 'two workers on charge.refund_failed', async (world) => {
    const refunds = await paidOrder(world, refundFails);
    await refunds.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 120000});
    world.testMode.holdBack('charge.refund_failed');
    world.testMode.settleRefunds();
    world.testMode.release('charge.refund_failed');
    const event = eventOf(world, 'charge.refund_failed');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event)]);
    assert.equal(world.db.prepare('SELECT status FROM refunds WHERE return_id = ?').get('RET-1')?.status, 'failed:declined');
  });
  scenario(name, 'refund fails', async (world) => {
    const refunds = await paidOrder(world, refundFails);
    await refunds.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 120000});
    world.testMode.settleRefunds();
    await world.testMode.deliverDue();
    const row = world.db.prepare('SELECT status FROM refunds WHERE return_id = ?').get('RET-1');
    assert.equal(row?.status, 'failed:declined');
  });
});

describe('saved card, monthly billing (integrations/node/recurring-billing.mjs)', () => {
  const name = 'recurring-billing';
  const setup = async (world: World, number = visa) => {
    const flow = await loadFlow<Billing>('recurring-billing.mjs', 'createRecurringBilling', world);
    const customer = await world.zip('POST', '/v2/customers', {email: 'maria@example.com'}, {idempotencyKey: 'cus-1'});
    const source = await cardSource(world, number);
    await world.zip('POST', `/v2/customers/${customer.id as string}/sources`, {source}, {idempotencyKey: 'attach-1'});
    const bill = () =>
      flow.billPeriod({subscriptionId: 'SUB-1', period: '2026-01', customer: customer.id as string, source, amount: 49900});
    return bill;
  };
  scenario(name, 'two jobs at once', async (world) => {
    const bill = await setup(world);
    await Promise.all([bill(), bill()]);
  });
  scenario(name, 'response lost after the charge', async (world) => {
    const bill = await setup(world);
    world.testMode.inject('POST /v2/charges', 'lose-response');
    assert.equal(await bill(), 'paid');
  });
  scenario(name, 'no answer, next run an hour later', async (world) => {
    const bill = await setup(world);
    for (let attempt = 0; attempt < 4; attempt++) world.testMode.inject('POST /v2/charges', 'lose-response');
    assert.equal(await bill(), 'due');
    world.testMode.advance(3_600_000);
    assert.equal(await bill(), 'paid');
  });
  scenario(name, 'retry after the key expired', async (world) => {
    const bill = await setup(world);
    for (let attempt = 0; attempt < 4; attempt++) world.testMode.inject('POST /v2/charges', 'lose-response');
    assert.equal(await bill(), 'due');
    world.testMode.advance(25 * hour);
    assert.equal(await bill(), 'paid');
  });
  scenario(name, 'server error, then a retry', async (world) => {
    const bill = await setup(world);
    world.testMode.inject('POST /v2/charges', 'fail-500');
    assert.equal(await bill(), 'paid');
  });
  scenario(name, 'card declined', async (world) => {
    const bill = await setup(world, declined);
    assert.equal(await bill(), 'failed');
    assert.equal(await bill(), 'failed');
  });
});

describe('payment link fulfilment (integrations/node/payment-link.mjs)', () => {
  const name = 'payment-link';
  const setup = async (world: World) => {
    const flow = await loadFlow<LinkShop>('payment-link.mjs', 'createLinkShop', world);
    world.newOrder('ORD-5', 350000);
    return flow;
  };
  const linkOf = (world: World) => world.db.prepare('SELECT link_id FROM orders WHERE id = ?').get('ORD-5')?.link_id as string;
  const shared = async (world: World) => {
    const flow = await setup(world);
    await flow.createOrderLink('ORD-5');
    return flow;
  };
  scenario(name, 'submit twice', async (world) => {
    const flow = await setup(world);
    await Promise.all([flow.createOrderLink('ORD-5'), flow.createOrderLink('ORD-5')]);
    await flow.createOrderLink('ORD-5');
    assert.equal(world.testMode.links.size, 1, 'one link for the order');
    world.testMode.payLink(linkOf(world), visa);
  });
  scenario(name, 'response lost after creating the link', async (world) => {
    const flow = await setup(world);
    world.testMode.inject('POST /v1/links', 'lose-response');
    await flow.createOrderLink('ORD-5');
    assert.equal(world.testMode.links.size, 1, 'the retry with the same key got the same link');
    world.testMode.payLink(linkOf(world), visa);
  });
  scenario(name, 'retry after the key expired', async (world) => {
    const flow = await setup(world);
    for (let attempt = 0; attempt < 4; attempt++) world.testMode.inject('POST /v1/links', 'lose-response');
    await assert.rejects(flow.createOrderLink('ORD-5'));
    world.testMode.advance(25 * hour);
    await flow.createOrderLink('ORD-5');
    assert.equal(world.testMode.links.size, 1, 'the earlier link was found, not a second made');
    for (const link of world.testMode.links.values()) world.testMode.payLink(link.id as string, visa); // the customer pays every link they got
  });
  scenario(name, 'webhook twice', async (world) => {
    await shared(world);
    world.testMode.payLink(linkOf(world), visa);
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'payment_link.paid'));
    await world.testMode.redeliver(eventOf(world, 'charge.succeeded'));
  });
  scenario(name, 'webhook late, out of order', async (world) => {
    await shared(world);
    world.testMode.holdBack('payment_link.paid');
    world.testMode.holdBack('charge.succeeded');
    world.testMode.payLink(linkOf(world), visa);
    await world.testMode.deliverDue(); // payment_link.deactivated arrives first
    assert.deepEqual(world.shipped, []);
    world.testMode.release('payment_link.paid');
    world.testMode.release('charge.succeeded');
    world.testMode.advance(hour);
  });
  scenario(name, 'two workers on one event', async (world) => {
    await shared(world);
    world.testMode.holdBack('payment_link.paid');
    world.testMode.payLink(linkOf(world), visa);
    world.testMode.release('payment_link.paid');
    const event = eventOf(world, 'payment_link.paid');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event)]);
  });
  scenario(name, 'crash after payment, before record', async (world) => {
    const process = crashReadingCharges(world);
    const flow = await shared(world);
    world.testMode.payLink(linkOf(world), visa);
    await world.testMode.deliverDue(); // every handler dies before recording
    assert.deepEqual(world.shipped, []);
    process.restart();
    await flow.recover();
    world.testMode.advance(hour); // the retries of the events come after the recovery
  });
  scenario(name, 'customer pays the same link twice', async (world) => {
    await shared(world);
    world.testMode.payLink(linkOf(world), visa);
    assert.throws(() => world.testMode.payLink(linkOf(world), visa), /no longer available/);
  });
  scenario(name, 'reusable product link paid twice', async (world) => {
    const flow = await setup(world);
    const link = await flow.createProductLink('BRK-250', 45000);
    assert.equal(await flow.createProductLink('BRK-250', 45000), link);
    world.testMode.payLink(link, visa);
    world.testMode.payLink(link, visa);
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'payment_link.paid'));
    assert.equal(world.shipped.length, 2, 'each payment is an order, fulfilled once');
  });
  scenario(name, 'link deactivated, then a payment attempt', async (world) => {
    const flow = await shared(world);
    assert.equal(await flow.cancelOrder('ORD-5'), 'cancelled');
    assert.throws(() => world.testMode.payLink(linkOf(world), visa), /no longer available/);
  });
  scenario(name, 'paid, then cancelled before any event', async (world) => {
    const flow = await shared(world);
    world.testMode.holdBack('payment_link.paid');
    world.testMode.holdBack('charge.succeeded');
    world.testMode.payLink(linkOf(world), visa);
    assert.equal(await flow.cancelOrder('ORD-5'), 'already_paid', 'the payment came first: the order is fulfilled, not cancelled');
    world.testMode.release('payment_link.paid');
    world.testMode.release('charge.succeeded');
    world.testMode.advance(hour);
  });
  scenario(name, 'answer lost, then cancelled', async (world) => {
    const flow = await setup(world);
    for (let attempt = 0; attempt < 4; attempt++) world.testMode.inject('POST /v1/links', 'lose-response');
    await assert.rejects(flow.createOrderLink('ORD-5'));
    assert.equal(await flow.cancelOrder('ORD-5'), 'cancelled');
    for (const link of world.testMode.links.values())
      assert.throws(
        () => world.testMode.payLink(link.id as string, visa),
        /no longer available/,
        'the link whose answer was lost is off too',
      );
  });
});

describe('payment request fulfilment (integrations/node/payment-request.mjs)', () => {
  const name = 'payment-request';
  const customer = {name: 'Juan dela Cruz', email: 'juan@example.com'};
  const setup = async (world: World) => {
    const flow = await loadFlow<RequestShop>('payment-request.mjs', 'createRequestShop', world);
    world.newOrder('ORD-6', 850000);
    return flow;
  };
  const requestOf = (world: World) => world.db.prepare('SELECT request_id FROM orders WHERE id = ?').get('ORD-6')?.request_id as string;
  const sent = async (world: World) => {
    const flow = await setup(world);
    await flow.sendRequest('ORD-6', customer);
    return flow;
  };
  scenario(name, 'submit twice', async (world) => {
    const flow = await setup(world);
    await Promise.all([flow.sendRequest('ORD-6', customer), flow.sendRequest('ORD-6', customer)]);
    assert.equal(world.testMode.requests.size, 1, 'one request for the order');
    world.testMode.payRequest(requestOf(world), visa);
  });
  scenario(name, 'retry after the key expired', async (world) => {
    const flow = await setup(world);
    for (let attempt = 0; attempt < 4; attempt++) world.testMode.inject('POST /v1/requests', 'lose-response');
    await assert.rejects(flow.sendRequest('ORD-6', customer));
    world.testMode.advance(25 * hour);
    await flow.sendRequest('ORD-6', customer);
    assert.equal(world.testMode.requests.size, 1, 'the earlier request was found, not a second bill sent');
    for (const request of world.testMode.requests.values()) world.testMode.payRequest(request.id as string, visa);
  });
  scenario(name, 'webhook twice', async (world) => {
    await sent(world);
    world.testMode.payRequest(requestOf(world), visa);
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'payment_request.paid'));
  });
  scenario(name, 'webhook late, out of order', async (world) => {
    await sent(world);
    world.testMode.holdBack('payment_request.paid');
    world.testMode.payRequest(requestOf(world), visa);
    await world.testMode.deliverDue(); // charge.succeeded, naming the request, arrives first
    world.testMode.release('payment_request.paid');
    world.testMode.advance(hour);
  });
  scenario(name, 'two workers on one event', async (world) => {
    await sent(world);
    world.testMode.holdBack('payment_request.paid');
    world.testMode.payRequest(requestOf(world), visa);
    world.testMode.release('payment_request.paid');
    const event = eventOf(world, 'payment_request.paid');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event)]);
  });
  scenario(name, 'crash after payment, before record', async (world) => {
    const process = crashReadingCharges(world);
    const flow = await sent(world);
    world.testMode.payRequest(requestOf(world), visa);
    await world.testMode.deliverDue();
    assert.deepEqual(world.shipped, []);
    process.restart();
    await flow.recover();
    world.testMode.advance(hour);
  });
  scenario(name, 'customer pays the same request twice', async (world) => {
    await sent(world);
    world.testMode.payRequest(requestOf(world), visa);
    assert.throws(() => world.testMode.payRequest(requestOf(world), visa), /no longer payable/);
  });
  scenario(name, 'request cancelled, then a payment attempt', async (world) => {
    const flow = await sent(world);
    assert.equal(await flow.cancelOrder('ORD-6'), 'cancelled');
    assert.equal(await flow.cancelOrder('ORD-6'), 'cancelled', 'cancelling again changes nothing');
    assert.throws(() => world.testMode.payRequest(requestOf(world), visa), /is voided/);
  });
  scenario(name, 'paid, then cancelled before any event', async (world) => {
    const flow = await sent(world);
    world.testMode.holdBack('payment_request.paid');
    world.testMode.holdBack('charge.succeeded');
    world.testMode.payRequest(requestOf(world), visa);
    assert.equal(await flow.cancelOrder('ORD-6'), 'already_paid', 'the payment came first: the order is fulfilled, not cancelled');
    world.testMode.release('payment_request.paid');
    world.testMode.release('charge.succeeded');
    world.testMode.advance(hour);
  });
  scenario(name, 'reminder job run twice', async (world) => {
    const flow = await sent(world);
    assert.equal(await flow.remind('ORD-6', 1), 'sent');
    assert.equal(await flow.remind('ORD-6', 1), 'sent');
    assert.equal(world.testMode.requests.get(requestOf(world))?.resend_count, 1, 'one reminder, not two');
    world.testMode.payRequest(requestOf(world), visa);
  });
});

after(() => {
  // Scenarios down, integrations across: the table of the lead's note.
  const integrations = [...table.keys()];
  const scenarios = [...new Set([...table.values()].flatMap((row) => [...row.keys()]))];
  const lines = [`| scenario | ${integrations.join(' | ')} |`, `| --- | ${integrations.map(() => '---').join(' | ')} |`];
  for (const name of scenarios)
    lines.push(`| ${name} | ${integrations.map((integration) => table.get(integration)?.get(name) ?? '–').join(' | ')} |`);
  console.log(lines.join('\n'));
});
