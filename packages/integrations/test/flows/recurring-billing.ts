/**
 * Monthly billing of a saved card (recurring-billing.mjs, recurring_billing.py).
 * The scenarios' shared machinery and what they assert after each: kit.ts; run by ../scenarios.test.ts.
 */
import assert from 'node:assert/strict';
import {describe} from 'node:test';
import {cardSource, declined, hour, integration, keyForgotten, visa, type Run} from './kit';

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
    await run.world.control.fault('createCharge', 'lose-response');
    assert.equal(await bill(), 'paid');
  });
  scenario('no answer, next run an hour later', 'paid', async (run) => {
    const bill = await saved(run);
    await run.world.control.fault('createCharge', 'lose-response', 4);
    assert.equal(await bill(), 'due');
    await run.world.control.advance(hour);
    assert.equal(await bill(), 'paid');
  });
  scenario('retry after the key expired', 'paid', async (run) => {
    const bill = await saved(run);
    await run.world.control.fault('createCharge', 'lose-response', 4);
    assert.equal(await bill(), 'due');
    await run.world.control.advance(keyForgotten);
    assert.equal(await bill(), 'paid');
  });
  scenario('two jobs after the key expired', 'paid', async (run) => {
    const bill = await saved(run);
    await run.world.control.fault('createCharge', 'fail-500', 4); // no charge made
    assert.equal(await bill(), 'due');
    await run.world.control.advance(keyForgotten);
    await Promise.all([bill(), bill()]); // both find no earlier charge, and both replace the old key
  });
  scenario('server error, then a retry', 'paid', async (run) => {
    const bill = await saved(run);
    await run.world.control.fault('createCharge', 'fail-500');
    assert.equal(await bill(), 'paid');
  });
  scenario('card declined', 'unpaid', async (run) => {
    const bill = await saved(run, declined);
    assert.equal(await bill(), 'failed');
    assert.equal(await bill(), 'failed');
  });
});
