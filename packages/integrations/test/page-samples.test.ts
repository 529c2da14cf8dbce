/**
 * The payment samples of two pages, run as the reader copies them (the Node.js block, by its title,
 * from the page's source) through the faults that once took a customer's money twice:
 *
 * - api/errors.mdx, charge.mjs: a double-submitted checkout whose first answer was lost must not send
 *   the customer to pay again when the second attempt meets `source_already_used`.
 * - guides/tutorials/save-payment-information.mdx, charge-saved-card.mjs: a daily billing job whose
 *   charge answer was lost must not bill the month again the next day, after the key expired.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import {pathToFileURL} from 'node:url';
import {sampleSecretKey, testCardFor} from '@zip/model/testValues';
import {makeWorld, type World} from './world';

type Json = Record<string, unknown>;
const root = join(import.meta.dirname, '../../..');
const moneyTaken = new Set(['succeeded', 'authorised', 'partially_refunded', 'refunded']);

/** The code of the fenced block with this title on the page, as a reader copies it. */
function pageBlock(page: string, title: string): string {
  const text = readFileSync(join(root, page), 'utf8');
  const start = text.indexOf(`title="${title}"`);
  assert.ok(start >= 0, `${page} has no code block titled ${title}`);
  const from = text.indexOf('\n', start) + 1;
  return text.slice(from, text.indexOf('\n```', from));
}

/** Saves the block pointed at the test mode, and returns a function that runs it afresh each time. */
function saved(world: World, code: string, replacements: [string, string][] = []): {dir: string; file: string} {
  const dir = mkdtempSync(join(tmpdir(), 'page-sample-'));
  let text = code.replaceAll('https://api.example.com', world.url);
  for (const [from, to] of replacements) text = text.replaceAll(from, to);
  const file = join(dir, 'sample.mjs');
  writeFileSync(file, text);
  return {dir, file};
}

async function chargedAtMostOnce(world: World, page: string, scenario: string, order: string): Promise<void> {
  const taken = (await world.list('/v2/charges')).filter((charge) => moneyTaken.has(charge.status as string));
  assert.ok(
    taken.length <= 1,
    `${page} × ${scenario}: order ${order}: charged ${taken.length} times (${taken.map((charge) => charge.id).join(', ')})`,
  );
}

describe('page samples through payment faults', () => {
  it('api/errors.mdx charge.mjs × submit twice, first answer lost', async () => {
    const page = 'api/errors.mdx';
    const world = await makeWorld();
    process.env.ZIP_SECRET_KEY = sampleSecretKey;
    const {dir, file} = saved(world, pageBlock(page, 'charge.mjs'));
    try {
      const {createCharge} = (await import(pathToFileURL(file).href)) as {createCharge: (request: Json) => Promise<Json>};
      const approved = async () => {
        const source = await world.zip(
          'POST',
          '/v2/sources',
          {
            type: 'gcash',
            amount: 150000,
            currency: 'PHP',
            redirect: {success_url: 'https://shop.example.com/ok', failure_url: 'https://shop.example.com/no'},
          },
          {idempotencyKey: `s-${Math.random()}`},
        );
        await world.control.sourceOutcome(source.id as string, 'chargeable');
        return source.id as string;
      };
      const returnUrl = 'https://shop.example.com/orders/1045/complete';
      const sourceId = await approved();
      // Tab one: Zip charges, the answer is lost, the page's code throws.
      await world.control.fault('createCharge', 'lose-response');
      await assert.rejects(createCharge({amount: 150000, sourceId, returnUrl, idempotencyKey: 'attempt-1'}));
      // Tab two: the customer presses Pay again, a new attempt with a new key; the shop does what `next` says.
      let next = await createCharge({amount: 150000, sourceId, returnUrl, idempotencyKey: 'attempt-2'});
      if (next.next === 'ask_for_new_source')
        next = await createCharge({amount: 150000, sourceId: await approved(), returnUrl, idempotencyKey: 'attempt-3'});
      await chargedAtMostOnce(world, page, 'submit twice, first answer lost', 'ORD-1045');
    } finally {
      rmSync(dir, {recursive: true, force: true});
      await world.close();
    }
  });

  it('guides/tutorials/save-payment-information.mdx charge-saved-card.mjs × answer lost, next daily run after the key expired', async () => {
    const page = 'guides/tutorials/save-payment-information.mdx';
    const world = await makeWorld();
    process.env.ZIP_SECRET_KEY = sampleSecretKey;
    const customer = await world.zip('POST', '/v2/customers', {email: 'maria@example.com'}, {idempotencyKey: 'c'});
    const card = await world.zip(
      'POST',
      '/v2/sources',
      {type: 'card', card: {number: testCardFor('succeeds-visa').number, exp_month: 12, exp_year: 2030, cvc: '123'}},
      {idempotencyKey: 's'},
    );
    await world.zip('POST', `/v2/customers/${customer.id as string}/sources`, {source: card.id}, {idempotencyKey: 'a'});
    const {dir, file} = saved(world, pageBlock(page, 'charge-saved-card.mjs'), [
      ['cus_DmDjcl0OevGMPVGGDAGDvCKq', customer.id as string],
      ['src_ce3FLy3dxt0qJW6mH2WLjvmX', card.id as string],
    ]);
    const previous = process.cwd();
    process.chdir(dir); // the sample's own files, if it keeps any, live beside it
    try {
      let run = 0;
      const dailyJob = async () => {
        run++;
        try {
          await import(`${pathToFileURL(file).href}?run=${run}`);
        } catch {
          // the job failed this time (no answer); tomorrow's run tries again
        }
      };
      await world.control.fault('createCharge', 'lose-response');
      await dailyJob();
      await world.control.advance(25 * 3_600_000);
      const realNow = Date.now;
      Date.now = () => realNow() + 25 * 3_600_000; // the sample's clock moves with the test mode's
      try {
        await dailyJob();
      } finally {
        Date.now = realNow;
      }
      await chargedAtMostOnce(world, page, 'answer lost, next daily run after the key expired', 'June 2024');
    } finally {
      process.chdir(previous);
      rmSync(dir, {recursive: true, force: true});
      await world.close();
    }
  });
});
