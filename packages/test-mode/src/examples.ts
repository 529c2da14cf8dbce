/**
 * The specs' example objects, made in a fresh test mode (`--examples`): the charge, source, customer,
 * session, link, request… that the specs' path parameters and request bodies name (`ch_N87d…`,
 * `src_zSCG…`), each under its example id and in the state its operations need, so that a request
 * copied from the API reference or a guide finds what it names. Each is made through the test
 * mode's own operations, as a client would make it (so its fields, events and payouts are the
 * model's), with the example's id given to the new object (`withIds`).
 */
import {sampleSecretKey, testCardFor} from '@zip/model/testValues';
import {dayMs, withIds} from './model/core/ids';
import type {Json, TestMode} from './testMode';

type Card = Parameters<typeof testCardFor>[0];

const card = (outcome: Card) => ({
  type: 'card',
  card: {number: testCardFor(outcome).number, exp_month: 12, exp_year: 2030, cvc: '123', name: 'Maria Santos'},
});
const shop = 'https://shop.example.com';

/** One API call of the recipe; anything but a 2xx is an error naming the call. */
function call(testMode: TestMode, method: string, path: string, body?: Json): Json {
  const answer = testMode.handle({method, path, body, apiKey: sampleSecretKey});
  if (answer.status >= 300)
    throw new Error(`test mode examples: ${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body.error)}`);
  return answer.body;
}

/** What took money more than a week before the clock: a charge, part refunded, and the payout it joined. */
function paidOut(testMode: TestMode): void {
  withIds(['evt_1VnKx0a8DbQ2tRCe7uMzW4yH', 'ch_N87dOaNZrbnfElnMJLBnmoJi', 're_pGCYpFaNfOXONa7PMjggB37B'], () => {
    const source = call(testMode, 'POST', '/v2/sources', card('succeeds-visa'));
    call(testMode, 'POST', '/v2/charges', {
      amount: 150000,
      source: source.id,
      description: 'Order ORD-1045',
      metadata: {order_id: 'ORD-1045'},
    });
    call(testMode, 'POST', '/v2/charges/ch_N87dOaNZrbnfElnMJLBnmoJi/refund', {amount: 50000, reason: 'requested_by_customer'});
  });
}

/** Sources and charges in the states the payments spec's operations act on. */
function payments(testMode: TestMode): void {
  withIds(['src_zSCG11V0TTHjwjuJJVtVv2wj', 'src_zi0KTUemZ9TVERCJnmyNb54L'], () => {
    call(testMode, 'POST', '/v2/sources', card('succeeds-visa'));
    call(testMode, 'POST', '/v2/sources', {
      type: 'gcash',
      amount: 150000,
      currency: 'PHP',
      redirect: {success_url: `${shop}/orders/1046/paid`, failure_url: `${shop}/orders/1046/failed`},
      metadata: {order_id: 'ORD-1046'},
    });
  });
  testMode.sourceOutcome('src_zi0KTUemZ9TVERCJnmyNb54L', 'chargeable');
  // The guides' card sources: one to authorise, one the issuer declines, one that asks for 3-D Secure.
  withIds(['src_4oZsMtCVIU6enascHhvKMlPH', 'src_mg7If57oOR6cNWti0Uq7c8f6', 'src_ulXAOBS9WOPyuU9hmagKa1Zx'], () => {
    call(testMode, 'POST', '/v2/sources', card('succeeds-visa'));
    call(testMode, 'POST', '/v2/sources', card('card_declined'));
    call(testMode, 'POST', '/v2/sources', card('three-d-secure-passed'));
  });
  // Authorised, to capture or void; at the bank for 3-D Secure, finished there, to verify.
  withIds(['ch_06Knk6Kmug6jBXAa5fm0zamA'], () =>
    call(testMode, 'POST', '/v2/charges', {
      amount: 250000,
      capture: false,
      source: call(testMode, 'POST', '/v2/sources', card('succeeds-visa')).id,
    }),
  );
  withIds(['ch_FNoyaYjqvYoIhqbeJUaC57hy'], () =>
    call(testMode, 'POST', '/v2/charges', {
      amount: 150000,
      return_url: `${shop}/orders/1045/complete`,
      source: call(testMode, 'POST', '/v2/sources', card('three-d-secure-passed')).id,
    }),
  );
  testMode.completeThreeDs('ch_FNoyaYjqvYoIhqbeJUaC57hy');
  const disputed = call(testMode, 'POST', '/v2/charges', {
    amount: 150000,
    source: call(testMode, 'POST', '/v2/sources', card('dispute-won')).id,
  });
  withIds(['dp_Kc8Rw2NtZ5vQm1XpL7sYb4Hd'], () => testMode.openDispute(disputed.id as string));
  // The card is not saved yet, as attach source's example saves it; detaching it needs it attached first.
  withIds(['cus_DmDjcl0OevGMPVGGDAGDvCKq', 'src_ce3FLy3dxt0qJW6mH2WLjvmX'], () => {
    call(testMode, 'POST', '/v2/customers', {email: 'maria.santos@example.com', name: 'Maria Santos', phone: '+639171234567'});
    call(testMode, 'POST', '/v2/sources', card('succeeds-visa'));
  });
  withIds(['we_Gm4Tz8Qb1XcN6vRk3LsW9pYd'], () =>
    call(testMode, 'POST', '/v2/webhook-endpoints', {url: `${shop}/zip/webhooks`, events: ['charge.succeeded', 'charge.failed']}),
  );
}

const lineItems = (amount: number) => [{name: 'Barako coffee beans, 500 g', amount, quantity: 1}];

/** Checkout sessions paid, authorised and open; a payment link; payment requests open and paid. */
function hostedPages(testMode: TestMode): void {
  const session = (id: string, amount: number, capture: boolean) =>
    withIds([id], () =>
      call(testMode, 'POST', '/v1/checkout/sessions', {
        line_items: lineItems(amount),
        currency: 'PHP',
        payment_method_types: ['card', 'gcash'],
        capture,
        success_url: `${shop}/orders/1047/thanks`,
        cancel_url: `${shop}/cart`,
      }),
    );
  session('cs_6FxlwdI4hCiEbIrY4NrNn6cC', 165000, true);
  testMode.payCheckoutSession('cs_6FxlwdI4hCiEbIrY4NrNn6cC', testCardFor('succeeds-visa').number);
  session('cs_0vdTSKojY1JPO3NROoFtuHu8', 1200000, false);
  testMode.payCheckoutSession('cs_0vdTSKojY1JPO3NROoFtuHu8', testCardFor('succeeds-visa').number);
  session('cs_4HHGsJIwCYXBSS1H7zRHa3Zk', 165000, true);
  const link = (id: string, amount?: number) =>
    withIds([id], () =>
      call(testMode, 'POST', '/v1/links', {
        ...(amount === undefined ? {} : {amount}),
        currency: 'PHP',
        description: 'Barako coffee beans, 250 g',
        payment_method_types: ['card', 'gcash'],
      }),
    );
  link('plink_K2F1LAzS8qyFiomUHF5Ihkqa', 45000);
  link('plink_piAxKFSgSo9Kz7FbWkYVz5TB');
  // A single-use link for one order, paid.
  withIds(['plink_T0wdxFVwJz9pE6dDOdE2RpE5'], () =>
    call(testMode, 'POST', '/v1/links', {
      amount: 350000,
      currency: 'PHP',
      description: 'Custom cake order ORD-1071, three tiers',
      usage: 'single_use',
      payment_method_types: ['card', 'gcash'],
      metadata: {order_id: 'ORD-1071'},
    }),
  );
  testMode.payLink('plink_T0wdxFVwJz9pE6dDOdE2RpE5', testCardFor('succeeds-visa').number);
  const request = (id: string) =>
    withIds([id], () =>
      call(testMode, 'POST', '/v1/requests', {
        amount: 850000,
        currency: 'PHP',
        description: 'Invoice INV-2024-0142: office coffee supply, May',
        customer: {name: 'Juan dela Cruz', email: 'juan.delacruz@example.com', phone: '+639171234567'},
        channels: ['email'],
        payment_method_types: ['card', 'gcash'],
      }),
    );
  request('pr_Ux9dNryXmRfPXUggMud0vD5N');
  request('pr_wFaNKu5mCCOTfbBCKgqndACB');
  testMode.payRequest('pr_wFaNKu5mCCOTfbBCKgqndACB', testCardFor('succeeds-visa').number);
}

/** How long before the clock the paid-out charge was taken: past its payout's send time. */
export const examplesLeadMs = 8 * dayMs;

/**
 * Makes the example objects in `testMode`, whose clock must stand `examplesLeadMs` before the
 * moment the test mode is to start at; it leaves the clock there.
 */
export function seedExamples(testMode: TestMode): void {
  paidOut(testMode);
  testMode.advance(examplesLeadMs);
  withIds(['po_Tq6Xw1Zb8NcR3vLm5KsY2dHe'], () => call(testMode, 'GET', '/v2/payouts'));
  payments(testMode);
  hostedPages(testMode);
}
