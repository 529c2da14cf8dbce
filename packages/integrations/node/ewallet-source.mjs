// An e-wallet or QR Ph payment: create a source for the order, send the customer to approve it, and
// charge it when `source.chargeable` arrives (or when the customer comes back to success_url first).
// One charge per source: its Idempotency-Key is the source id, and the source itself can be charged
// only once, so a lost answer, a second worker or a late webhook cannot take the money twice.
import {randomUUID} from 'node:crypto';
import {fulfilOnce, recordPayment} from './orders.mjs';
import {ZipError} from './zip-client.mjs';

export function createEwalletShop({zip, db, ship, returnBase = 'https://shop.example.com'}) {
  const orderOf = (id) => db.prepare('SELECT * FROM orders WHERE id = ?').get(id);

  // #region start-payment
  /** The customer pressed Pay: reuse the order's source while it can still be approved, else make one. */
  async function startPayment(orderId, type = 'gcash') {
    const order = orderOf(orderId);
    if (order.status === 'paid') return {next: 'already_paid'};
    if (order.source_id) {
      const source = await zip('GET', `/v2/sources/${order.source_id}`);
      if (source.status === 'pending') return {next: 'redirect', url: source.redirect.checkout_url};
      if (source.status === 'chargeable' || source.status === 'consumed') return chargeSource(orderId, source.id);
    }
    const source = await zip(
      'POST',
      '/v2/sources',
      {
        type,
        amount: order.amount,
        currency: 'PHP',
        redirect: {success_url: `${returnBase}/orders/${orderId}/return`, failure_url: `${returnBase}/orders/${orderId}/failed`},
        metadata: {order_id: orderId},
      },
      {idempotencyKey: randomUUID()}, // a source takes no money: a duplicate is left to expire
    );
    db.prepare('UPDATE orders SET source_id = ? WHERE id = ?').run(source.id, orderId);
    return {next: 'redirect', url: source.redirect.checkout_url};
  }
  // #endregion start-payment

  // #region charge-source
  /** Charges the order's source once, and records what Zip took, even when an earlier attempt's answer was lost. */
  async function chargeSource(orderId, sourceId) {
    const order = orderOf(orderId);
    if (order.status === 'paid') return {next: 'already_paid'};
    if (order.source_id !== sourceId) return {next: 'ignored'}; // an older source of this order: never charge two
    let charge;
    try {
      charge = await zip(
        'POST',
        '/v2/charges',
        {amount: order.amount, currency: 'PHP', source: sourceId, metadata: {order_id: orderId}},
        {idempotencyKey: `charge-${sourceId}`}, // a 409 is not stored, so this key works once the source is chargeable
      );
    } catch (error) {
      if (!(error instanceof ZipError)) throw error; // no answer: the next event, return or recovery run finds out
      switch (error.code) {
        case 'source_not_chargeable':
          return {next: 'wait_for_approval'}; // source.chargeable comes when the customer approves
        case 'source_already_used':
          // Maybe by our own earlier attempt whose answer was lost: read that charge before anything else.
          charge = await zip('GET', `/v2/charges/${error.error.charge}`);
          if (charge.metadata?.order_id !== orderId) throw new Error(`source ${sourceId} of ${orderId} was used by ${charge.id}`);
          break;
        case 'source_expired':
          // Approved but not charged in time: nothing was taken. Record it and answer 2xx; a retry cannot help.
          db.prepare(`UPDATE orders SET status = 'expired' WHERE id = ? AND status = 'open'`).run(orderId);
          return {next: 'ask_for_new_source'}; // the customer may pay again
        default:
          throw error;
      }
    }
    if (charge.status === 'failed') {
      db.prepare(`UPDATE orders SET status = 'failed' WHERE id = ? AND status = 'open'`).run(orderId);
      return {next: 'ask_for_new_source', code: charge.failure_code};
    }
    recordPayment(db, orderId, charge);
    fulfilOnce(db, orderId, ship);
    return {next: 'paid', charge: charge.id};
  }
  // #endregion charge-source

  // #region return-and-events
  /** The customer is back at success_url, perhaps before any event: look, and charge if approved. */
  async function onReturn(orderId) {
    const order = orderOf(orderId);
    if (order.status === 'paid' || !order.source_id) return {next: order.status === 'paid' ? 'already_paid' : 'start'};
    const source = await zip('GET', `/v2/sources/${order.source_id}`);
    if (source.status === 'pending') return {next: 'wait_for_approval'};
    if (source.status === 'chargeable' || source.status === 'consumed') return chargeSource(orderId, source.id);
    return {next: 'ask_for_new_source'};
  }

  /** A recovery job for a crash between the charge and its record: every open order whose source was used. */
  async function recover() {
    for (const order of db.prepare(`SELECT * FROM orders WHERE status = 'open' AND source_id IS NOT NULL`).all()) {
      const {data} = await zip('GET', `/v2/charges?source=${order.source_id}`);
      for (const charge of data) recordPayment(db, order.id, charge);
      fulfilOnce(db, order.id, ship);
    }
  }

  const handlers = {
    'source.chargeable': (event) => chargeSource(event.data.object.metadata.order_id, event.data.object.id),
    'charge.succeeded': (event) => {
      const charge = event.data.object;
      const orderId = charge.metadata?.order_id;
      if (!orderId) return;
      recordPayment(db, orderId, charge);
      fulfilOnce(db, orderId, ship);
    },
  };
  // #endregion return-and-events

  return {startPayment, chargeSource, onReturn, recover, handlers};
}
