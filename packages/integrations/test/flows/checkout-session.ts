/**
 * Checkout session fulfilment (checkout-session.mjs, checkout_session.py).
 * The scenarios' shared machinery and what they assert after each: kit.ts; run by ../scenarios.test.ts.
 */
import assert from 'node:assert/strict';
import {describe} from 'node:test';
import {eventOf, integration, orderOf, visa, type Run, type World} from './kit';

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
    assert.equal((await world.list('/v1/checkout/sessions')).length, 1);
    await world.control.payCheckoutSession(sessionOf(world), visa);
  });
  scenario('response lost after creating the session', 'paid', async ({world, shop, steps}) => {
    await shop.placeOrder('ORD-3', 99000);
    await world.control.fault('createSession', 'lose-response');
    await steps.checkout('ORD-3');
    assert.equal((await world.list('/v1/checkout/sessions')).length, 1, 'the retry with the same key got the same session');
    await world.control.payCheckoutSession(sessionOf(world), visa);
  });
  scenario('success_url before any event', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    await world.control.payCheckoutSession(sessionOf(world), visa);
    await steps.onSuccessUrl('ORD-3');
  });
  scenario('webhook twice', 'paid', async (run) => {
    const {world} = run;
    await start(run);
    await world.control.payCheckoutSession(sessionOf(world), visa);
    await world.control.deliverDue();
    await world.control.redeliver(await eventOf(world, 'checkout_session.completed'));
  });
  scenario('two workers on one event', 'paid', async (run) => {
    const {world, steps} = run;
    await start(run);
    await world.control.holdBack('checkout_session.completed');
    await world.control.payCheckoutSession(sessionOf(world), visa);
    await world.control.release('checkout_session.completed');
    const event = await eventOf(world, 'checkout_session.completed');
    await Promise.all([world.control.redeliver(event), world.control.redeliver(event), steps.onSuccessUrl('ORD-3')]);
  });
});
