// Checkout session fulfilment: one session per order (its key and id stored), fulfilled from the
// `checkout_session.completed` event or from the return to success_url, whichever comes first.
import {fulfilOnce, recordPayment} from './orders.mjs';

export function createCheckoutShop({zip, db, ship, returnBase = 'https://shop.example.com'}) {
  const orderOf = (id) => db.prepare('SELECT * FROM orders WHERE id = ?').get(id);

  // #region create-session
  async function checkout(orderId) {
    const order = orderOf(orderId);
    if (order.session_id) return (await zip('GET', `/v1/checkout/sessions/${order.session_id}`)).url;
    const session = await zip(
      'POST',
      '/v1/checkout/sessions',
      {
        line_items: [{name: `Order ${orderId}`, amount: order.amount, quantity: 1}],
        payment_method_types: ['card', 'gcash'],
        success_url: `${returnBase}/orders/${orderId}/done`,
        cancel_url: `${returnBase}/orders/${orderId}`,
        client_reference_id: orderId,
        metadata: {order_id: orderId},
      },
      {idempotencyKey: `session-${orderId}`}, // a double click gets the same session back
    );
    db.prepare('UPDATE orders SET session_id = ? WHERE id = ? AND session_id IS NULL').run(session.id, orderId);
    return session.url;
  }
  // #endregion create-session

  // #region fulfil-session
  async function fulfilSession(session) {
    const orderId = session.client_reference_id;
    if (session.payment_status !== 'paid' || !orderId) return false;
    const charge = await zip('GET', `/v2/charges/${session.charge}`);
    recordPayment(db, orderId, charge);
    return fulfilOnce(db, orderId, ship);
  }

  /** The customer is back at success_url, perhaps before the event: ask Zip, never trust the URL alone. */
  async function onSuccessUrl(orderId) {
    const {session_id: sessionId} = orderOf(orderId);
    return fulfilSession(await zip('GET', `/v1/checkout/sessions/${sessionId}`));
  }

  const handlers = {'checkout_session.completed': (event) => fulfilSession(event.data.object)};
  // #endregion fulfil-session

  return {checkout, onSuccessUrl, handlers};
}
