// Payment requests for invoices. An order gets one request, made once: its Idempotency-Key is stored
// before the call, and once the key may have expired the earlier request is looked for first, since
// a second request is a second bill the customer could pay. It is fulfilled from
// `payment_request.paid` (or the request's `charge.succeeded`) by reading the request and its charge
// as they are now. Cancelling voids the request first and believes Zip's answer: a request the
// customer has already paid is fulfilled, not cancelled.
import {randomUUID} from 'node:crypto';
import {fulfilOnce, recordPayment} from './orders.mjs';
import {findInList, lookFirstAfterMs, ZipError} from './zip-client.mjs';

/** Sends the requests: an order's request, once, and its reminders. */
function createRequestSender({zip, db, now, methods, orderOf}) {
  // #region send-request
  /** Sends the order's request once, to `customer` ({name, email}); safe to run again at any time. */
  async function sendRequest(orderId, customer) {
    let order = orderOf(orderId);
    if (order.status !== 'open') return {next: order.status};
    if (order.request_id) return {next: 'sent', request: await zip('GET', `/v1/requests/${order.request_id}`)};
    db.prepare('UPDATE orders SET request_key = ?, request_key_made_at = ? WHERE id = ? AND request_key IS NULL').run(
      randomUUID(),
      now(),
      orderId,
    );
    order = orderOf(orderId);
    if (now() - order.request_key_made_at >= lookFirstAfterMs) {
      // The key may be forgotten: a retry with it would bill the customer a second time.
      const earlier = await earlierRequest(order);
      if (earlier) return saveRequest(orderId, earlier);
      // Replace only the old key: of two requests at once, the one that loses uses the winner's key, so Zip bills once.
      db.prepare('UPDATE orders SET request_key = ?, request_key_made_at = ? WHERE id = ? AND request_key = ?').run(
        randomUUID(),
        now(),
        orderId,
        order.request_key,
      );
      order = orderOf(orderId);
    }
    const request = await zip(
      'POST',
      '/v1/requests',
      {
        amount: order.amount,
        currency: 'PHP',
        description: `Invoice for order ${orderId}`,
        customer,
        payment_method_types: methods,
        metadata: {order_id: orderId},
      },
      {idempotencyKey: order.request_key},
    );
    return saveRequest(orderId, request);
  }

  function saveRequest(orderId, request) {
    db.prepare('UPDATE orders SET request_id = ? WHERE id = ? AND request_id IS NULL').run(request.id, orderId);
    return {next: 'sent', request};
  }

  /** A request an earlier attempt made for the order, whose answer was lost: created at or after its key (one-second timestamps). */
  function earlierRequest(order) {
    const since = new Date(order.request_key_made_at - 60_000).toISOString();
    return findInList(zip, `/v1/requests?created_gte=${encodeURIComponent(since)}`, (request) => request.metadata?.order_id === order.id);
  }
  // #endregion send-request

  // #region remind
  /** Reminder `number` of the order's request: numbered in its key, so a retried job sends it once. */
  async function remind(orderId, number) {
    const {request_id: requestId} = orderOf(orderId);
    try {
      await zip('POST', `/v1/requests/${requestId}/resend`, {}, {idempotencyKey: `remind-${requestId}-${number}`});
      return 'sent';
    } catch (error) {
      if (error instanceof ZipError && ['resend_limit_reached', 'request_not_open'].includes(error.code)) return error.code;
      throw error;
    }
  }
  // #endregion remind

  return {sendRequest, remind, earlierRequest};
}

/** Records and fulfils what is paid through the requests, from either event, the cancel or the recovery job. */
function createRequestPayments({zip, db, ship, orderOf}) {
  // #region fulfil-request
  /** The request is paid, says an event: read the request and its charge as they are now, then record and fulfil once. */
  async function onRequestPaid(requestId) {
    const request = await zip('GET', `/v1/requests/${requestId}`);
    if (request.status !== 'paid') return;
    const orderId = request.metadata?.order_id;
    if (!orderId) return; // not a request of this shop
    // A request whose create answer was lost is taken up here, by its metadata.
    db.prepare('UPDATE orders SET request_id = ? WHERE id = ? AND request_id IS NULL').run(request.id, orderId);
    const order = db.prepare('SELECT * FROM orders WHERE request_id = ?').get(request.id);
    const charge = await zip('GET', `/v2/charges/${request.charge}`);
    if (!order) {
      if (!orderOf(orderId)) return; // no such order in this shop
      // Paid through another request made for the order (by hand): keep the payment for a person to
      // refund, rather than fail the event for good or drop it.
      db.prepare('INSERT INTO payments_to_review (charge_id, order_id, reason) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(
        charge.id,
        orderId,
        'the order is billed by another request',
      );
      return;
    }
    if (charge.amount !== order.amount || charge.currency !== 'PHP') {
      db.prepare(`UPDATE orders SET status = 'review', charge_id = ? WHERE id = ? AND charge_id IS NULL`).run(charge.id, order.id);
      return; // a person decides before anything ships
    }
    recordPayment(db, order.id, charge);
    fulfilOnce(db, order.id, ship);
  }

  const handlers = {
    'payment_request.paid': (event) => onRequestPaid(event.data.object.id),
    'charge.succeeded': (event) => (event.data.object.payment_request ? onRequestPaid(event.data.object.payment_request) : undefined),
  };
  // #endregion fulfil-request

  return {onRequestPaid, handlers};
}

/** The shop: the requests and their payments on one database, and what needs both, cancelling an order and the recovery job. */
export function createRequestShop({zip, db, ship, now = () => Date.now(), methods = ['card', 'gcash', 'maya', 'bpi', 'unionbank']}) {
  const orderOf = (id) => db.prepare('SELECT * FROM orders WHERE id = ?').get(id);
  const context = {zip, db, ship, now, methods, orderOf};
  const {sendRequest, remind, earlierRequest} = createRequestSender(context);
  const {onRequestPaid, handlers} = createRequestPayments(context);

  // #region cancel-order
  /** The order is cancelled: void its request first; one that is already paid is fulfilled instead. */
  async function cancelOrder(orderId) {
    const order = orderOf(orderId);
    if (order.status === 'paid') return 'already_paid';
    const requestId = order.request_id ?? (order.request_key ? (await earlierRequest(order))?.id : undefined);
    if (requestId) {
      try {
        await zip('POST', `/v1/requests/${requestId}/void`, {reason: `Order ${orderId} cancelled.`}, {idempotencyKey: `void-${requestId}`});
      } catch (error) {
        if (!(error instanceof ZipError) || error.code !== 'request_not_open') throw error;
        // Paid, voided or expired already: only a paid one changes what happens to the order.
        const request = await zip('GET', `/v1/requests/${requestId}`);
        if (request.status === 'paid') {
          await onRequestPaid(requestId);
          return 'already_paid';
        }
      }
    }
    db.prepare(`UPDATE orders SET status = 'cancelled' WHERE id = ? AND status = 'open'`).run(orderId);
    return 'cancelled';
  }
  // #endregion cancel-order

  /** A recovery job for a crash between a payment and its record: every open order's request, read again. */
  async function recover() {
    for (const order of db.prepare(`SELECT request_id FROM orders WHERE status = 'open' AND request_id IS NOT NULL`).all())
      await onRequestPaid(order.request_id);
  }

  return {sendRequest, remind, cancelOrder, recover, handlers};
}
