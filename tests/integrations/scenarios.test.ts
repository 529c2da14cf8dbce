/**
 * Payment faults run against the reference integrations of integrations/, each against the
 * test mode (packages/test-mode/): double submits, lost answers, retries after a key expired, duplicate, late
 * and early webhooks, crashes, two workers, declines and failed refunds. Each scenario is written once
 * against a flow's steps and runs in every language the flow has a driver for (shops.ts: Node.js in
 * process, Python one process per step); after each, the test mode's state is held to the invariants
 * of world.ts. The table at the end is scenarios × integrations, a result per language.
 *
 * A new flow is one `describe` block: an interface of its steps; `integration(name, {'Node.js': …,
 * Python: …})`, a driver for each language the flow is written in (a Node.js driver is usually
 * `shop.load('<file>.mjs', '<factory>')`); then its `scenario(name, ends, body)` calls.
 */
import assert from 'node:assert/strict';
import {after, describe, it} from 'node:test';
import {facts} from '@zip/model/facts';
import {testCardFor, testAmounts} from '@zip/model/testValues';
import {NodeShop, PythonShop, type Json, type Language, type Shop} from './shops';
import {invariants, ledgerHolds, type World} from './world';

const hour = 3_600_000;
/** Long enough after a key's first use that Zip has forgotten it (`packages/model/src/facts.ts`). */
const keyForgotten = (facts.api.idempotencyKeyRetentionHours + 1) * hour;

/** How a flow's steps are carried out in each language it is written in. */
interface Drivers<Steps> {
  'Node.js'?: (shop: NodeShop) => Promise<Steps>;
  Python?: (shop: PythonShop) => Steps;
}
interface Run<Steps> {
  world: World;
  shop: Shop;
  steps: Steps;
}
/**
 * How every order (or billing period) of the scenario ends, once what is due is delivered: the
 * invariants alone would also pass a shop that never takes the money.
 */
type Ending = 'paid' | 'unpaid';

/** integration × scenario × language → pass or FAIL, for the table. */
const table = new Map<string, {languages: Language[]; results: Map<string, Map<Language, string>>}>();

/**
 * Declares a flow and its drivers; the `scenario(name, ends, body)` it returns runs body once per
 * language, each in a fresh world, then delivers what is due and checks the invariants and the ending.
 */
function integration<Steps>(name: string, drivers: Drivers<Steps>) {
  const runners: [Language, () => Promise<Omit<Run<Steps>, 'world'>>][] = [];
  const {'Node.js': onNode, Python: onPython} = drivers;
  if (onNode) runners.push(['Node.js', () => drive(NodeShop.open(), onNode)]);
  if (onPython) runners.push(['Python', () => drive(PythonShop.open(), onPython)]);
  const languages = runners.map(([language]) => language);
  table.set(name, {languages, results: new Map()});
  return (scenario: string, ends: Ending, body: (run: Run<Steps>) => Promise<void>): void => {
    for (const [language, open] of runners) {
      const label = `${name} (${language})`;
      it(`${label} × ${scenario}`, async () => {
        const results = table.get(name)?.results;
        const row = results?.get(scenario) ?? new Map<Language, string>();
        results?.set(scenario, row);
        const {shop, steps} = await open().catch((error: unknown) => {
          row.set(language, 'FAIL');
          throw error;
        });
        const world = shop.world;
        try {
          await body({world, shop, steps});
          await world.control('POST', 'webhooks/deliver');
          world.shipped.push(...shop.shipped());
          invariants(world, label, scenario);
          ledgerHolds(await world.control('GET', 'ledger'), `${label} × ${scenario}`);
          endsAs(world, `${label} × ${scenario}`, ends);
          row.set(language, 'pass');
        } catch (error) {
          row.set(language, 'FAIL');
          throw error;
        } finally {
          await shop.close();
        }
      });
    }
  };
}

function endsAs(world: World, where: string, ends: Ending): void {
  const rows = [
    ...world.db.prepare('SELECT id, status FROM orders').all(),
    ...world.db.prepare(`SELECT subscription_id || '/' || period AS id, status FROM billing_periods`).all(),
  ];
  assert.ok(rows.length > 0, `${where}: the shop recorded no order`);
  for (const {id, status} of rows)
    assert.equal(status === 'paid' ? 'paid' : 'unpaid', ends, `${where}: order ${String(id)} ends ${String(status)}, expected ${ends}`);
}

/** Opens a shop and makes the flow's steps on it; the shop is closed if that fails. */
async function drive<S extends Shop, Steps>(opening: Promise<S>, driver: (shop: S) => Steps | Promise<Steps>) {
  const shop = await opening;
  try {
    return {shop, steps: await driver(shop)};
  } catch (error) {
    await shop.close();
    throw error;
  }
}

const {number: visa} = testCardFor('succeeds-visa');
const threeDs = testCardFor('three-d-secure-passed').number;
const declined = testCardFor('card_declined').number;
const threeDsFails = testCardFor('three-d-secure-failed').number;
const refundFails = testCardFor('refund-fails').number;

/** The card source the customer's browser makes with the card form. */
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
const orderOf = (world: World, order: string) => world.db.prepare('SELECT * FROM orders WHERE id = ?').get(order) ?? {};
const sourceOf = (world: World, order: string) => orderOf(world, order).source_id as string;
/**
 * The customer tries to pay a hosted page that must refuse: tried for real, so that a page that takes
 * the money shows as the invariants' "charged 2 times" or a wrong ending; a refusal must say `reason`.
 */
function payRefused(pay: () => unknown, reason: RegExp): void {
  try {
    pay();
  } catch (error) {
    assert.match((error as Error).message, reason);
  }
}

describe('e-wallet source charged on source.chargeable (ewallet-source.mjs, ewallet_source.py)', () => {
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
  scenario('submit twice', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    await steps.startPayment('ORD-1');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await Promise.all([steps.startPayment('ORD-1'), steps.onReturn('ORD-1')]);
  });
  scenario('response lost after the charge', 'paid', async (run) => {
    await start(run);
    await run.world.fault('createCharge', 'lose-response');
    run.world.testMode.sourceOutcome(sourceOf(run.world, 'ORD-1'), 'chargeable');
  });
  scenario('retry after the key expired', 'paid', async (run) => {
    const {world} = run;
    await start(run);
    await world.fault('createCharge', 'lose-response', 4);
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await world.testMode.deliverDue();
    world.testMode.advance(keyForgotten);
  });
  scenario('webhook twice', 'paid', async (run) => {
    const {world} = run;
    await start(run);
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'source.chargeable'));
  });
  scenario('webhook late, after success_url', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    world.testMode.holdBack('source.chargeable');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    await steps.onReturn('ORD-1');
    await world.testMode.deliverDue();
    world.testMode.release('source.chargeable');
    world.testMode.advance(hour);
  });
  scenario('success_url before approval', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    assert.equal((await steps.onReturn('ORD-1')).next, 'wait_for_approval');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
  });
  scenario('crash after charge, before record', 'paid', async (run) => {
    const {world, shop, steps} = run;
    await start(run);
    // No event comes before the recovery job: it alone must find and record the charge.
    world.testMode.holdBack('source.chargeable');
    world.testMode.holdBack('charge.succeeded');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    shop.crashAfterNext('POST /v2/charges');
    await assert.rejects(steps.chargeSource('ORD-1', sourceOf(world, 'ORD-1')), /crashed/);
    await steps.recover();
    assert.equal(orderOf(world, 'ORD-1').status, 'paid', 'the recovery job recorded the charge');
    world.testMode.release('source.chargeable');
    world.testMode.release('charge.succeeded');
    world.testMode.advance(hour);
  });
  scenario('two workers on one event', 'paid', async (run) => {
    const {world} = run;
    await start(run);
    world.testMode.holdBack('source.chargeable');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
    const event = eventOf(world, 'source.chargeable');
    world.testMode.release('source.chargeable');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event)]);
  });
  scenario('source declined, then paid with a new one', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'cancelled');
    await world.testMode.deliverDue();
    assert.equal((await steps.onReturn('ORD-1')).next, 'ask_for_new_source');
    world.db.prepare('UPDATE orders SET source_id = NULL WHERE id = ?').run('ORD-1');
    await steps.startPayment('ORD-1');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-1'), 'chargeable');
  });
  scenario('source expired', 'unpaid', async (run) => {
    await start(run);
    run.world.testMode.advance(2 * hour);
  });
  scenario('charge declined (insufficient funds)', 'unpaid', async (run) => {
    await start(run, testAmounts[0]?.amountMinor ?? 0);
    run.world.testMode.sourceOutcome(sourceOf(run.world, 'ORD-1'), 'chargeable');
  });
});

interface CardSteps {
  payWithCard(order: string, source: string): Promise<Json>;
  /** The customer is back from 3-D Secure. */
  onReturn(order: string, charge: string): Promise<Json>;
}
const cardOnPython = (shop: PythonShop): CardSteps => ({
  payWithCard: (order, source) => shop.step('pay-with-card', order, source),
  onReturn: (order, charge) => shop.step('after-3ds', order, charge),
});

describe('card payment with 3-D Secure (card-payment.mjs, card_payment.py)', () => {
  const scenario = integration<CardSteps>('card-payment', {
    'Node.js': (shop) => shop.load<CardSteps>('card-payment.mjs', 'createCardShop'),
    Python: (shop) => {
      shop.receiveWith('card_payment');
      return cardOnPython(shop);
    },
  });
  const order = ({shop}: Run<CardSteps>) => shop.placeOrder('ORD-2', 250000);
  scenario('submit twice', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    const [one, two] = [await cardSource(world, visa), await cardSource(world, visa)];
    await Promise.all([steps.payWithCard('ORD-2', one), steps.payWithCard('ORD-2', two)]); // both in flight at once
  });
  scenario('no answer, the customer pays again', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    await world.fault('createCharge', 'lose-response', 4);
    await assert.rejects(steps.payWithCard('ORD-2', await cardSource(world, visa)));
    await steps.payWithCard('ORD-2', await cardSource(world, visa)); // same attempt, same key: refused, not charged
  });
  scenario('response lost after the charge', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    await world.fault('createCharge', 'lose-response');
    await steps.payWithCard('ORD-2', await cardSource(world, visa));
  });
  scenario('3-D Secure, return before the event', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    const started = await steps.payWithCard('ORD-2', await cardSource(world, threeDs));
    assert.equal(started.next, 'redirect');
    world.testMode.completeThreeDs(started.charge as string);
    await steps.onReturn('ORD-2', started.charge as string);
    await steps.onReturn('ORD-2', started.charge as string);
  });
  scenario('webhook twice', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    await steps.payWithCard('ORD-2', await cardSource(world, visa));
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'charge.succeeded'));
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
    world.testMode.holdBack('charge.succeeded');
    const started = await steps.payWithCard('ORD-2', await cardSource(world, threeDs));
    world.testMode.completeThreeDs(started.charge as string);
    await steps.onReturn('ORD-2', started.charge as string);
    await world.testMode.deliverDue();
    world.testMode.release('charge.succeeded');
    world.testMode.advance(hour);
  });
  scenario('two workers on one event', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    world.testMode.holdBack('charge.succeeded');
    await steps.payWithCard('ORD-2', await cardSource(world, visa));
    world.testMode.release('charge.succeeded');
    const event = eventOf(world, 'charge.succeeded');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event)]);
  });
  scenario('answer lost, retried after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    world.testMode.holdBack('charge.succeeded'); // the shop's endpoint is down: nothing records the first charge
    await world.fault('createCharge', 'lose-response', 4);
    await assert.rejects(steps.payWithCard('ORD-2', await cardSource(world, visa)));
    await world.testMode.deliverDue();
    world.testMode.advance(keyForgotten);
    await steps.payWithCard('ORD-2', await cardSource(world, visa)); // the customer pays again the next day
    world.testMode.release('charge.succeeded');
    world.testMode.advance(hour);
  });
  scenario('two workers after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await order(run);
    await world.fault('createCharge', 'fail-500', 4); // no charge made
    await assert.rejects(steps.payWithCard('ORD-2', await cardSource(world, visa)));
    world.testMode.advance(keyForgotten);
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
    world.testMode.completeThreeDs(failed.charge as string);
    assert.equal((await steps.onReturn('ORD-2', failed.charge as string)).next, 'ask_for_another_card');
    const next = await steps.payWithCard('ORD-2', await cardSource(world, threeDs)); // the next attempt, in 3-D Secure
    await steps.onReturn('ORD-2', failed.charge as string); // the old tab reloaded: it must not end the attempt in flight
    await steps.payWithCard('ORD-2', await cardSource(world, visa)); // an impatient submit of the attempt in flight
    world.testMode.completeThreeDs(next.charge as string);
    await steps.onReturn('ORD-2', next.charge as string);
  });
  // A 3-D Secure attempt left pending fails once its window has passed; another card pays the next
  // day, then the first tab comes back: the order keeps the payment that succeeded, fulfilled once.
  for (const [language, open] of [
    ['Node.js', () => drive(NodeShop.open(), (shop) => shop.load<CardSteps>('card-payment.mjs', 'createCardShop'))],
    [
      'Python',
      () =>
        drive(PythonShop.open(), (shop) => {
          shop.receiveWith('card_payment');
          return cardOnPython(shop);
        }),
    ],
  ] as const) {
    it(`card-payment (${language}) × 3-D Secure abandoned, another card paid the next day, the old tab back: fulfilled once`, async () => {
      const {shop, steps} = await open();
      const {world} = shop;
      try {
        await shop.placeOrder('ORD-2', 250000);
        const abandoned = await steps.payWithCard('ORD-2', await cardSource(world, threeDs));
        assert.equal(abandoned.next, 'redirect');
        world.testMode.advance(keyForgotten);
        assert.equal(world.testMode.charges.get(abandoned.charge as string)?.status, 'failed', 'the unfinished 3-D Secure charge failed');
        const paid = await steps.payWithCard('ORD-2', await cardSource(world, visa)); // a new key: the old one is forgotten
        assert.equal(paid.next, 'paid');
        await steps.onReturn('ORD-2', abandoned.charge as string); // the old tab comes back
        await world.testMode.deliverDue();
        assert.equal(orderOf(world, 'ORD-2').charge_id, paid.charge, "the payment that succeeded is the order's");
        assert.deepEqual(shop.shipped(), ['ORD-2'], 'the order is fulfilled once');
      } finally {
        await shop.close();
      }
    });
  }
});

describe('Checkout session fulfilment (checkout-session.mjs, checkout_session.py)', () => {
  interface Steps {
    /** The customer presses Pay: the session's URL. */
    checkout(order: string): Promise<string>;
    /** The customer is back at success_url. */
    onSuccessUrl(order: string): Promise<boolean>;
  }
  const scenario = integration<Steps>('checkout-session', {
    'Node.js': (shop) => shop.load<Steps>('checkout-session.mjs', 'createCheckoutShop'),
    Python: (shop) => {
      shop.receiveWith('checkout_session');
      return {
        checkout: (order) => shop.step<string>('checkout', order),
        onSuccessUrl: (order) => shop.step<boolean>('on-success-url', order),
      };
    },
  });
  const start = async ({shop, steps}: Run<Steps>) => {
    await shop.placeOrder('ORD-3', 99000);
    await steps.checkout('ORD-3');
  };
  const sessionOf = (world: World) => orderOf(world, 'ORD-3').session_id as string;
  scenario('submit twice', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    await steps.checkout('ORD-3');
    assert.equal(world.testMode.sessions.size, 1);
    world.testMode.payCheckoutSession(sessionOf(world), visa);
  });
  scenario('response lost after creating the session', 'paid', async ({world, shop, steps}) => {
    await shop.placeOrder('ORD-3', 99000);
    await world.fault('createSession', 'lose-response');
    await steps.checkout('ORD-3');
    assert.equal(world.testMode.sessions.size, 1, 'the retry with the same key got the same session');
    world.testMode.payCheckoutSession(sessionOf(world), visa);
  });
  scenario('success_url before any event', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    world.testMode.payCheckoutSession(sessionOf(world), visa);
    await steps.onSuccessUrl('ORD-3');
  });
  scenario('webhook twice', 'paid', async (run) => {
    const {world} = run;
    await start(run);
    world.testMode.payCheckoutSession(sessionOf(world), visa);
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'checkout_session.completed'));
  });
  scenario('two workers on one event', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    world.testMode.holdBack('checkout_session.completed');
    world.testMode.payCheckoutSession(sessionOf(world), visa);
    world.testMode.release('checkout_session.completed');
    const event = eventOf(world, 'checkout_session.completed');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event), steps.onSuccessUrl('ORD-3')]);
  });
});

describe('refunds (refunds.mjs, refunds.py)', () => {
  interface Steps extends CardSteps {
    /** A clerk refunds a return: the refund's status. */
    refundReturn(request: {returnId: string; orderId: string; amount: number}): Promise<string>;
  }
  const scenario = integration<Steps>('refunds', {
    'Node.js': async (shop) => {
      const card = await shop.load<CardSteps>('card-payment.mjs', 'createCardShop');
      const refunds = await shop.load<Pick<Steps, 'refundReturn'>>('refunds.mjs', 'createRefunds');
      return {...card, refundReturn: refunds.refundReturn};
    },
    Python: (shop) => {
      shop.receiveWith('card_payment', 'refunds');
      return {
        ...cardOnPython(shop),
        refundReturn: ({returnId, orderId, amount}) => shop.step<string>('refund-return', returnId, orderId, amount),
      };
    },
  });
  const paidOrder = async ({world, shop, steps}: Run<Steps>, number: string) => {
    await shop.placeOrder('ORD-4', 120000);
    await steps.payWithCard('ORD-4', await cardSource(world, number));
  };
  scenario('submit twice', 'paid', async (run) => {
    const {world, steps} = run;
    await paidOrder(run, visa);
    await steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000});
    world.db.prepare('UPDATE refunds SET refund_id = NULL').run(); // a second clerk who did not see the first
    await steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000});
    world.testMode.settleRefunds();
  });
  scenario('response lost after the refund', 'paid', async (run) => {
    await paidOrder(run, visa);
    await run.world.fault('refundCharge', 'lose-response');
    await run.steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000});
  });
  scenario('answer lost, retried after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await paidOrder(run, visa);
    await world.fault('refundCharge', 'lose-response', 4);
    await assert.rejects(steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000}));
    world.testMode.advance(keyForgotten);
    await steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000}); // the clerk tries again the next day
    world.testMode.settleRefunds();
  });
  scenario('two workers after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await paidOrder(run, visa);
    await world.fault('refundCharge', 'fail-500', 4); // no refund made
    await assert.rejects(steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000}));
    world.testMode.advance(keyForgotten);
    // The next day two clerks retry the return at once: both find no earlier refund, and both replace the old key.
    const retry = () => steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 50000});
    await Promise.all([retry(), retry()]);
    world.testMode.settleRefunds();
  });
  scenario('two workers on charge.refund_failed', 'paid', async (run) => {
    const {world, steps} = run;
    await paidOrder(run, refundFails);
    await steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 120000});
    world.testMode.holdBack('charge.refund_failed');
    world.testMode.settleRefunds();
    world.testMode.release('charge.refund_failed');
    const event = eventOf(world, 'charge.refund_failed');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event)]);
    assert.equal(world.db.prepare('SELECT status FROM refunds WHERE return_id = ?').get('RET-1')?.status, 'failed:declined');
  });
  scenario('refund fails', 'paid', async (run) => {
    const {world, steps} = run;
    await paidOrder(run, refundFails);
    await steps.refundReturn({returnId: 'RET-1', orderId: 'ORD-4', amount: 120000});
    world.testMode.settleRefunds();
    await world.testMode.deliverDue();
    assert.equal(world.db.prepare('SELECT status FROM refunds WHERE return_id = ?').get('RET-1')?.status, 'failed:declined');
  });
});

describe('saved card, monthly billing (recurring-billing.mjs, recurring_billing.py)', () => {
  interface Period {
    subscriptionId: string;
    period: string;
    customer: string;
    source: string;
    amount: number;
  }
  interface Steps {
    /** One run of the billing job for one period: its status (due, paid, failed). */
    billPeriod(period: Period): Promise<string>;
  }
  const scenario = integration<Steps>('recurring-billing', {
    'Node.js': (shop) => shop.load<Steps>('recurring-billing.mjs', 'createRecurringBilling'),
    Python: (shop) => ({
      billPeriod: ({subscriptionId, period, customer, source, amount}) =>
        shop.step<string>('bill', subscriptionId, period, customer, source, amount),
    }),
  });
  /** A customer with a saved card, and the job that bills their January. */
  const saved = async ({world, steps}: Run<Steps>, number = visa) => {
    const customer = await world.zip('POST', '/v2/customers', {email: 'maria@example.com'}, {idempotencyKey: 'cus-1'});
    const source = await cardSource(world, number);
    await world.zip('POST', `/v2/customers/${customer.id as string}/sources`, {source}, {idempotencyKey: 'attach-1'});
    return () => steps.billPeriod({subscriptionId: 'SUB-1', period: '2026-01', customer: customer.id as string, source, amount: 49900});
  };
  scenario('two jobs at once', 'paid', async (run) => {
    const bill = await saved(run);
    await Promise.all([bill(), bill()]);
  });
  scenario('response lost after the charge', 'paid', async (run) => {
    const bill = await saved(run);
    await run.world.fault('createCharge', 'lose-response');
    assert.equal(await bill(), 'paid');
  });
  scenario('no answer, next run an hour later', 'paid', async (run) => {
    const bill = await saved(run);
    await run.world.fault('createCharge', 'lose-response', 4);
    assert.equal(await bill(), 'due');
    run.world.testMode.advance(hour);
    assert.equal(await bill(), 'paid');
  });
  scenario('retry after the key expired', 'paid', async (run) => {
    const bill = await saved(run);
    await run.world.fault('createCharge', 'lose-response', 4);
    assert.equal(await bill(), 'due');
    run.world.testMode.advance(keyForgotten);
    assert.equal(await bill(), 'paid');
  });
  scenario('two jobs after the key expired', 'paid', async (run) => {
    const bill = await saved(run);
    await run.world.fault('createCharge', 'fail-500', 4); // no charge made
    assert.equal(await bill(), 'due');
    run.world.testMode.advance(keyForgotten);
    await Promise.all([bill(), bill()]); // both find no earlier charge, and both replace the old key
  });
  scenario('server error, then a retry', 'paid', async (run) => {
    const bill = await saved(run);
    await run.world.fault('createCharge', 'fail-500');
    assert.equal(await bill(), 'paid');
  });
  scenario('card declined', 'unpaid', async (run) => {
    const bill = await saved(run, declined);
    assert.equal(await bill(), 'failed');
    assert.equal(await bill(), 'failed');
  });
});

describe('payment link fulfilment (payment-link.mjs, payment_link.py)', () => {
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
  const scenario = integration<Steps>('payment-link', {'Node.js': onNode, Python: onPython});
  const place = ({shop}: Run<Steps>) => shop.placeOrder('ORD-5', 350000);
  const shared = async (run: Run<Steps>) => {
    await place(run);
    await run.steps.createOrderLink('ORD-5');
  };
  const linkOf = (world: World) => orderOf(world, 'ORD-5').link_id as string;
  scenario('submit twice', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await Promise.all([steps.createOrderLink('ORD-5'), steps.createOrderLink('ORD-5')]);
    await steps.createOrderLink('ORD-5');
    assert.equal(world.testMode.links.size, 1, 'one link for the order');
    world.testMode.payLink(linkOf(world), visa);
  });
  scenario('response lost after creating the link', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.fault('createLink', 'lose-response');
    await steps.createOrderLink('ORD-5');
    assert.equal(world.testMode.links.size, 1, 'the retry with the same key got the same link');
    world.testMode.payLink(linkOf(world), visa);
  });
  scenario('retry after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.fault('createLink', 'lose-response', 4);
    await assert.rejects(steps.createOrderLink('ORD-5'));
    world.testMode.advance(keyForgotten);
    await steps.createOrderLink('ORD-5');
    assert.equal(world.testMode.links.size, 1, 'the earlier link was found, not a second made');
    for (const link of world.testMode.links.values()) world.testMode.payLink(link.id as string, visa); // the customer pays every link they got
  });
  scenario('two requests after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.fault('createLink', 'fail-500', 4); // no link made
    await assert.rejects(steps.createOrderLink('ORD-5'));
    world.testMode.advance(keyForgotten);
    await Promise.all([steps.createOrderLink('ORD-5'), steps.createOrderLink('ORD-5')]); // both replace the old key
    assert.equal(world.testMode.links.size, 1, 'one link for the order');
    world.testMode.payLink(linkOf(world), visa);
  });
  scenario('webhook twice', 'paid', async (run) => {
    const {world} = run;
    await shared(run);
    world.testMode.payLink(linkOf(world), visa);
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'payment_link.paid'));
    await world.testMode.redeliver(eventOf(world, 'charge.succeeded'));
  });
  scenario('webhook late, out of order', 'paid', async (run) => {
    const {world, shop} = run;
    await shared(run);
    world.testMode.holdBack('payment_link.paid');
    world.testMode.holdBack('charge.succeeded');
    world.testMode.payLink(linkOf(world), visa);
    await world.testMode.deliverDue(); // payment_link.deactivated arrives first
    assert.deepEqual(shop.shipped(), []);
    world.testMode.release('payment_link.paid');
    world.testMode.release('charge.succeeded');
    world.testMode.advance(hour);
  });
  scenario('two workers on one event', 'paid', async (run) => {
    const {world} = run;
    await shared(run);
    world.testMode.holdBack('payment_link.paid');
    world.testMode.payLink(linkOf(world), visa);
    world.testMode.release('payment_link.paid');
    const event = eventOf(world, 'payment_link.paid');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event)]);
  });
  scenario('crash after payment, before record', 'paid', async (run) => {
    const {world, shop, steps} = run;
    await shared(run);
    // The handler of charge.succeeded dies once it has read the charge; payment_link.paid comes only after the recovery job.
    world.testMode.holdBack('payment_link.paid');
    const charge = world.testMode.payLink(linkOf(world), visa);
    shop.crashAfterNext(`GET /v2/charges/${charge}`);
    await world.testMode.deliverDue();
    assert.deepEqual(shop.shipped(), []);
    assert.notEqual(orderOf(world, 'ORD-5').status, 'paid', 'the crash left the payment unrecorded');
    await steps.recover();
    assert.equal(orderOf(world, 'ORD-5').status, 'paid', 'the recovery job recorded the payment');
    world.testMode.release('payment_link.paid');
    world.testMode.advance(hour); // the retries of the events come after the recovery
  });
  scenario('customer pays the same link twice', 'paid', async (run) => {
    const {world} = run;
    await shared(run);
    world.testMode.payLink(linkOf(world), visa);
    payRefused(() => world.testMode.payLink(linkOf(world), visa), /no longer available/);
  });
  scenario('reusable product link paid twice', 'paid', async ({world, shop, steps}) => {
    // No order is placed first: each payment through the link is an order of its own.
    const link = await steps.createProductLink('BRK-250', 45000);
    assert.equal(await steps.createProductLink('BRK-250', 45000), link);
    world.testMode.payLink(link, visa);
    world.testMode.payLink(link, visa);
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'payment_link.paid'));
    assert.equal(shop.shipped().length, 2, 'each payment is an order, fulfilled once');
  });
  scenario('link deactivated, then a payment attempt', 'unpaid', async (run) => {
    const {world, steps} = run;
    await shared(run);
    assert.equal(await steps.cancelOrder('ORD-5'), 'cancelled');
    payRefused(() => world.testMode.payLink(linkOf(world), visa), /no longer available/);
  });
  scenario('paid, then cancelled before any event', 'paid', async (run) => {
    const {world, steps} = run;
    await shared(run);
    world.testMode.holdBack('payment_link.paid');
    world.testMode.holdBack('charge.succeeded');
    world.testMode.payLink(linkOf(world), visa);
    assert.equal(await steps.cancelOrder('ORD-5'), 'already_paid', 'the payment came first: the order is fulfilled, not cancelled');
    assert.equal(orderOf(world, 'ORD-5').status, 'paid', 'cancelling recorded the payment it found, before any event');
    world.testMode.release('payment_link.paid');
    world.testMode.release('charge.succeeded');
    world.testMode.advance(hour);
  });
  scenario('answer lost, then cancelled', 'unpaid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.fault('createLink', 'lose-response', 4);
    await assert.rejects(steps.createOrderLink('ORD-5'));
    assert.equal(await steps.cancelOrder('ORD-5'), 'cancelled');
    // The link whose answer was lost is off too.
    for (const link of world.testMode.links.values())
      payRefused(() => world.testMode.payLink(link.id as string, visa), /no longer available/);
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
    world.testMode.payLink(await linkByHand(world), visa); // the customer pays that link, not the order's own
  });
  // Paid through both links, the order is charged twice, which no shop can prevent once a second link
  // exists, so the invariants cannot hold; what must hold is that the second payment is kept for a
  // person to refund, and the order fulfilled once.
  for (const [language, open] of [
    ['Node.js', () => drive(NodeShop.open(), onNode)],
    ['Python', () => drive(PythonShop.open(), onPython)],
  ] as const) {
    it(`payment-link (${language}) × paid through its link and a second one: the second payment kept for review`, async () => {
      const {shop, steps} = await open();
      const {world} = shop;
      try {
        await shop.placeOrder('ORD-5', 350000);
        await steps.createOrderLink('ORD-5');
        const first = world.testMode.payLink(linkOf(world), visa);
        const second = world.testMode.payLink(await linkByHand(world), visa);
        await world.testMode.deliverDue();
        assert.equal(orderOf(world, 'ORD-5').charge_id, first, "the first payment is the order's");
        assert.deepEqual(shop.shipped(), ['ORD-5'], 'the order is fulfilled once');
        const kept = world.db.prepare('SELECT order_id FROM payments_to_review WHERE charge_id = ?').get(second);
        assert.equal(kept?.order_id, 'ORD-5', `the second payment ${second} is kept for review, naming the order`);
      } finally {
        await shop.close();
      }
    });
  }
});

describe('payment request fulfilment (payment-request.mjs, payment_request.py)', () => {
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
  const scenario = integration<Steps>('payment-request', {'Node.js': onNode, Python: onPython});
  const customer: Customer = {name: 'Juan dela Cruz', email: 'juan@example.com'};
  const place = ({shop}: Run<Steps>) => shop.placeOrder('ORD-6', 850000);
  const sent = async (run: Run<Steps>) => {
    await place(run);
    await run.steps.sendRequest('ORD-6', customer);
  };
  const requestOf = (world: World) => orderOf(world, 'ORD-6').request_id as string;
  scenario('submit twice', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await Promise.all([steps.sendRequest('ORD-6', customer), steps.sendRequest('ORD-6', customer)]);
    assert.equal(world.testMode.requests.size, 1, 'one request for the order');
    world.testMode.payRequest(requestOf(world), visa);
  });
  scenario('two requests after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.fault('createRequest', 'fail-500', 4); // no request made
    await assert.rejects(steps.sendRequest('ORD-6', customer));
    world.testMode.advance(keyForgotten);
    await Promise.all([steps.sendRequest('ORD-6', customer), steps.sendRequest('ORD-6', customer)]); // both replace the old key
    assert.equal(world.testMode.requests.size, 1, 'one request for the order');
    world.testMode.payRequest(requestOf(world), visa);
  });
  scenario('retry after the key expired', 'paid', async (run) => {
    const {world, steps} = run;
    await place(run);
    await world.fault('createRequest', 'lose-response', 4);
    await assert.rejects(steps.sendRequest('ORD-6', customer));
    world.testMode.advance(keyForgotten);
    await steps.sendRequest('ORD-6', customer);
    assert.equal(world.testMode.requests.size, 1, 'the earlier request was found, not a second bill sent');
    for (const request of world.testMode.requests.values()) world.testMode.payRequest(request.id as string, visa);
  });
  scenario('webhook twice', 'paid', async (run) => {
    const {world} = run;
    await sent(run);
    world.testMode.payRequest(requestOf(world), visa);
    await world.testMode.deliverDue();
    await world.testMode.redeliver(eventOf(world, 'payment_request.paid'));
  });
  scenario('webhook late, out of order', 'paid', async (run) => {
    const {world} = run;
    await sent(run);
    world.testMode.holdBack('payment_request.paid');
    world.testMode.payRequest(requestOf(world), visa);
    await world.testMode.deliverDue(); // charge.succeeded, naming the request, arrives first
    world.testMode.release('payment_request.paid');
    world.testMode.advance(hour);
  });
  scenario('two workers on one event', 'paid', async (run) => {
    const {world} = run;
    await sent(run);
    world.testMode.holdBack('payment_request.paid');
    world.testMode.payRequest(requestOf(world), visa);
    world.testMode.release('payment_request.paid');
    const event = eventOf(world, 'payment_request.paid');
    await Promise.all([world.testMode.redeliver(event), world.testMode.redeliver(event)]);
  });
  scenario('crash after payment, before record', 'paid', async (run) => {
    const {world, shop, steps} = run;
    await sent(run);
    // The handler of charge.succeeded dies once it has read the charge; payment_request.paid comes only after the recovery job.
    world.testMode.holdBack('payment_request.paid');
    const charge = world.testMode.payRequest(requestOf(world), visa);
    shop.crashAfterNext(`GET /v2/charges/${charge}`);
    await world.testMode.deliverDue();
    assert.deepEqual(shop.shipped(), []);
    assert.notEqual(orderOf(world, 'ORD-6').status, 'paid', 'the crash left the payment unrecorded');
    await steps.recover();
    assert.equal(orderOf(world, 'ORD-6').status, 'paid', 'the recovery job recorded the payment');
    world.testMode.release('payment_request.paid');
    world.testMode.advance(hour);
  });
  scenario('customer pays the same request twice', 'paid', async (run) => {
    const {world} = run;
    await sent(run);
    world.testMode.payRequest(requestOf(world), visa);
    payRefused(() => world.testMode.payRequest(requestOf(world), visa), /no longer payable/);
  });
  scenario('request cancelled, then a payment attempt', 'unpaid', async (run) => {
    const {world, steps} = run;
    await sent(run);
    assert.equal(await steps.cancelOrder('ORD-6'), 'cancelled');
    assert.equal(await steps.cancelOrder('ORD-6'), 'cancelled', 'cancelling again changes nothing');
    payRefused(() => world.testMode.payRequest(requestOf(world), visa), /is voided/);
  });
  scenario('paid, then cancelled before any event', 'paid', async (run) => {
    const {world, steps} = run;
    await sent(run);
    world.testMode.holdBack('payment_request.paid');
    world.testMode.holdBack('charge.succeeded');
    world.testMode.payRequest(requestOf(world), visa);
    assert.equal(await steps.cancelOrder('ORD-6'), 'already_paid', 'the payment came first: the order is fulfilled, not cancelled');
    assert.equal(orderOf(world, 'ORD-6').status, 'paid', 'cancelling recorded the payment it found, before any event');
    world.testMode.release('payment_request.paid');
    world.testMode.release('charge.succeeded');
    world.testMode.advance(hour);
  });
  // A second request made by hand for the order, and both paid: the order is charged twice, which the
  // invariants cannot pass; what must hold is that the second payment is kept for a person to refund,
  // the event handled rather than failed for good, and the order fulfilled once.
  for (const [language, open] of [
    ['Node.js', () => drive(NodeShop.open(), onNode)],
    ['Python', () => drive(PythonShop.open(), onPython)],
  ] as const) {
    it(`payment-request (${language}) × paid through its request and a second one: the second payment kept for review`, async () => {
      const {shop, steps} = await open();
      const {world} = shop;
      try {
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
        const first = world.testMode.payRequest(requestOf(world), visa);
        const second = world.testMode.payRequest(byHand.id as string, visa);
        await world.testMode.deliverDue();
        assert.equal(orderOf(world, 'ORD-6').charge_id, first, "the first payment is the order's");
        assert.deepEqual(shop.shipped(), ['ORD-6'], 'the order is fulfilled once');
        const kept = world.db.prepare('SELECT order_id FROM payments_to_review WHERE charge_id = ?').get(second);
        assert.equal(kept?.order_id, 'ORD-6', `the second payment ${second} is kept for review, naming the order`);
      } finally {
        await shop.close();
      }
    });
  }
  scenario('reminder job run twice', 'paid', async (run) => {
    const {world, steps} = run;
    await sent(run);
    assert.equal(await steps.remind('ORD-6', 1), 'sent');
    assert.equal(await steps.remind('ORD-6', 1), 'sent');
    assert.equal(world.testMode.requests.get(requestOf(world))?.resend_count, 1, 'one reminder, not two');
    world.testMode.payRequest(requestOf(world), visa);
  });
});

describe('the money rules an assistant broke (card-payment.mjs, refunds.mjs and their Python twins)', () => {
  // The integration rules of packages/model/src/integrationRules.ts, each as the fault that breaks it.
  interface Steps extends CardSteps {
    refundReturn(request: {returnId: string; orderId: string; amount: number}): Promise<string>;
  }
  const drivers = {
    'Node.js': async (shop: NodeShop): Promise<Steps> => {
      const card = await shop.load<CardSteps>('card-payment.mjs', 'createCardShop');
      const refunds = await shop.load<Pick<Steps, 'refundReturn'>>('refunds.mjs', 'createRefunds');
      return {...card, refundReturn: refunds.refundReturn};
    },
    Python: (shop: PythonShop): Steps => {
      shop.receiveWith('card_payment', 'refunds');
      return {
        ...cardOnPython(shop),
        refundReturn: ({returnId, orderId, amount}) => shop.step<string>('refund-return', returnId, orderId, amount),
      };
    },
  };
  const scenario = integration<Steps>('money rules', drivers);
  scenario('the browser names an order the server has not seen', 'unpaid', async ({world, shop, steps}) => {
    await shop.placeOrder('ORD-7', 250000);
    const answer = await steps.payWithCard('ORD-FORGED', await cardSource(world, visa)); // and, say, a price of its own
    assert.equal(answer.next, 'unknown_order');
    assert.equal(world.testMode.charges.size, 0, 'no charge for an order the shop does not have');
  });
  scenario('a partial refund without a return id, then retried after a lost answer', 'paid', async ({world, shop, steps}) => {
    await shop.placeOrder('ORD-7', 120000);
    await steps.payWithCard('ORD-7', await cardSource(world, visa));
    await assert.rejects(steps.refundReturn({returnId: '', orderId: 'ORD-7', amount: 50000}), /return id/);
    await world.fault('refundCharge', 'lose-response');
    await steps.refundReturn({returnId: 'RET-7', orderId: 'ORD-7', amount: 50000}).catch(() => undefined);
    await steps.refundReturn({returnId: 'RET-7', orderId: 'ORD-7', amount: 50000}); // the clerk presses again
    const charge = [...world.testMode.charges.values()][0];
    assert.equal(charge?.amount_refunded, 50000, 'the partial refund was paid once');
  });
  scenario('a refund made before the shop recorded the payment', 'unpaid', async ({world, shop, steps}) => {
    await shop.placeOrder('ORD-7', 250000);
    await world.fault('createCharge', 'lose-response', 4); // the charge is made, every answer lost: nothing recorded
    await assert.rejects(steps.payWithCard('ORD-7', await cardSource(world, visa)));
    const charge = [...world.testMode.charges.values()][0]?.id as string;
    // A clerk refunds it from the dashboard before charge.succeeded reaches the shop.
    await world.zip('POST', `/v2/charges/${charge}/refund`, {}, {idempotencyKey: 'dashboard-refund-ORD-7'});
    await world.testMode.deliverDue();
    assert.deepEqual(shop.shipped(), [], 'a refunded order does not ship');
    const kept = world.db.prepare('SELECT order_id FROM payments_to_review WHERE charge_id = ?').get(charge);
    assert.equal(kept?.order_id, 'ORD-7', 'the refunded payment is kept for a person, naming the order');
    assert.equal(orderOf(world, 'ORD-7').status, 'review');
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
    world.testMode.holdBack('source.chargeable');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-8'), 'chargeable');
    world.testMode.sourceOutcome(sourceOf(world, 'ORD-8'), 'expired'); // retries came after the charge window
    world.testMode.release('source.chargeable');
    await world.testMode.deliverDue();
    // The endpoint records the order expired and answers 2xx, rather than 500 on every retry.
    assert.equal(await world.testMode.redeliver(eventOf(world, 'source.chargeable')), true, 'source.chargeable answered 2xx');
    assert.equal(orderOf(world, 'ORD-8').status, 'expired');
  });
});

after(() => {
  // Scenarios down, integrations across, a result per language: the table of the lead's note.
  const integrations = [...table.entries()];
  const scenarios = [...new Set(integrations.flatMap(([, {results}]) => [...results.keys()]))];
  const lines = [
    `| scenario | ${integrations.map(([name, {languages}]) => `${name} (${languages.join(' / ')})`).join(' | ')} |`,
    `| --- | ${integrations.map(() => '---').join(' | ')} |`,
  ];
  for (const scenario of scenarios) {
    const cells = integrations.map(([, {languages, results}]) => {
      const row = results.get(scenario);
      return row ? languages.map((language) => row.get(language) ?? '–').join(' / ') : '–';
    });
    lines.push(`| ${scenario} | ${cells.join(' | ')} |`);
  }
  console.log(lines.join('\n'));
});
