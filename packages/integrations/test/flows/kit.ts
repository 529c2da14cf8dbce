/**
 * What the fault scenarios share (a module of them per flow beside this one, all run by
 * ../scenarios.test.ts in one process). Payment faults run
 * against the reference integrations (../node, ../python), each against the test mode, driven over its
 * HTTP surface only (world.ts): double submits, lost answers, retries after a key expired,
 * duplicate, late and early webhooks, crashes, two workers, declines and failed refunds. Each
 * scenario is written once against a flow's steps and runs in every language the flow has a driver
 * for (shops.ts); after each, what is due is delivered and the invariants (invariants.ts) are held.
 * The run ends with a table of scenarios × integrations, a result per language.
 *
 * A new flow is one `describe` block: an interface of its steps; `integration(name, {'Node.js': …,
 * Python: …})`, a driver for each language the flow is written in (a Node.js driver is usually
 * `shop.load('<file>.mjs', '<factory>')`); then its `scenario(name, ends, body)` calls.
 */
import assert from 'node:assert/strict';
import {after, it} from 'node:test';
import {facts} from '@zip/model/facts';
import {testCardFor} from '@zip/model/testValues';
import {invariants, ledgerHolds} from '../invariants';
import {NodeShop, PythonShop, type Language, type Shop} from '../shops';
import type {Json, World} from '../world';

export type {Json, World};
export const hour = 3_600_000;
/** Long enough after a key's first use that Zip has forgotten it (`packages/model/src/facts.ts`). */
export const keyForgotten = (facts.api.idempotencyKeyRetentionHours + 1) * hour;

/** How a flow's steps are carried out in each language it is written in. */
export interface Drivers<Steps> {
  'Node.js'?: (shop: NodeShop) => Promise<Steps>;
  Python?: (shop: PythonShop) => Steps;
}
export interface Run<Steps> {
  world: World;
  shop: Shop;
  steps: Steps;
}
/**
 * How every order (or billing period) of the scenario ends, once what is due is delivered: the
 * invariants alone would also pass a shop that never takes the money.
 */
export type Ending = 'paid' | 'unpaid';

/** integration × scenario × language → pass or FAIL, for the table. */
const table = new Map<string, {languages: Language[]; results: Map<string, Map<Language, string>>}>();

/** The flow's drivers as openers of a fresh shop, one per language. */
function runnersOf<Steps>(drivers: Drivers<Steps>): [Language, () => Promise<Omit<Run<Steps>, 'world'>>][] {
  const runners: [Language, () => Promise<Omit<Run<Steps>, 'world'>>][] = [];
  const {'Node.js': onNode, Python: onPython} = drivers;
  if (onNode) runners.push(['Node.js', () => drive(NodeShop.open(), onNode)]);
  if (onPython) runners.push(['Python', () => drive(PythonShop.open(), onPython)]);
  return runners;
}

/**
 * Declares a flow and its drivers; the `scenario(name, ends, body)` it returns runs body once per
 * language, each in a fresh world, then delivers what is due and checks the invariants and the ending.
 */
export function integration<Steps>(name: string, drivers: Drivers<Steps>) {
  const runners = runnersOf(drivers);
  table.set(name, {languages: runners.map(([language]) => language), results: new Map()});
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
          await world.control.deliverDue();
          world.shipped.push(...shop.shipped());
          const ledger = await world.control.ledger();
          await invariants(world, ledger, label, scenario);
          ledgerHolds(ledger, `${label} × ${scenario}`);
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

/**
 * A case the invariants cannot pass (an order charged twice through a second page made by hand),
 * run once per language in a fresh world with only its own assertions, which say what must hold.
 */
export function ownChecks<Steps>(name: string, drivers: Drivers<Steps>, title: string, body: (run: Run<Steps>) => Promise<void>): void {
  for (const [language, open] of runnersOf(drivers))
    it(`${name} (${language}) × ${title}`, async () => {
      const {shop, steps} = await open();
      try {
        await body({world: shop.world, shop, steps});
      } finally {
        await shop.close();
      }
    });
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

export const visa = testCardFor('succeeds-visa').number;
export const threeDs = testCardFor('three-d-secure-passed').number;
export const declined = testCardFor('card_declined').number;
export const threeDsFails = testCardFor('three-d-secure-failed').number;
export const refundFails = testCardFor('refund-fails').number;

/** The card source the customer's browser makes with the card form. */
export async function cardSource(world: World, number: string): Promise<string> {
  const source = await world.zip(
    'POST',
    '/v2/sources',
    {type: 'card', card: {number, exp_month: 12, exp_year: 2030, cvc: '123'}},
    {idempotencyKey: `src-${Math.random()}`},
  );
  return source.id as string;
}
/** The newest event of this type. */
export const eventOf = async (world: World, type: string) =>
  (await world.control.events()).reverse().find((event) => event.type === type)?.id as string;
export const orderOf = (world: World, order: string) => world.db.prepare('SELECT * FROM orders WHERE id = ?').get(order) ?? {};
export const sourceOf = (world: World, order: string) => orderOf(world, order).source_id as string;
/** One object through the API (`/v2/charges/ch_…`). */
export const fetched = (world: World, path: string) => world.zip('GET', path);
/**
 * The customer tries to pay a hosted page that must refuse: tried for real, so that a page that takes
 * the money shows as the invariants' "charged 2 times" or a wrong ending; a refusal must say `reason`.
 */
export async function payRefused(pay: () => Promise<unknown>, reason: RegExp): Promise<void> {
  try {
    await pay();
  } catch (error) {
    assert.match((error as Error).message, reason);
  }
}

/** The steps of a card payment, which the refunds and money-rules flows use too. */
export interface CardSteps {
  payWithCard(order: string, source: string): Promise<Json>;
  /** The customer is back from 3-D Secure. */
  onReturn(order: string, charge: string): Promise<Json>;
}
export const cardOnPython = (shop: PythonShop): CardSteps => ({
  payWithCard: (order, source) => shop.step('pay-with-card', order, source),
  onReturn: (order, charge) => shop.step('after-3ds', order, charge),
});
/** A card payment and refunds of returns, in one shop. */
export interface RefundSteps extends CardSteps {
  /** A clerk refunds a return: the refund's status. */
  refundReturn(request: {returnId: string; orderId: string; amount: number}): Promise<string>;
}
export const refundDrivers: Drivers<RefundSteps> = {
  'Node.js': async (shop) => {
    const card = await shop.load<CardSteps>('card-payment.mjs', 'createCardShop');
    const refunds = await shop.load<Pick<RefundSteps, 'refundReturn'>>('refunds.mjs', 'createRefunds');
    return {...card, refundReturn: refunds.refundReturn};
  },
  Python: (shop) => {
    shop.receiveWith('card_payment', 'refunds');
    return {
      ...cardOnPython(shop),
      refundReturn: ({returnId, orderId, amount}) => shop.step<string>('refund-return', returnId, orderId, amount),
    };
  },
};

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
