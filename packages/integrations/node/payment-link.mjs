// Payment links. An order gets one single-use link, so the link itself cannot be paid twice; it is
// made once (its Idempotency-Key stored before the call, and the earlier link looked for once the
// key may have expired) and fulfilled from `payment_link.paid` or `charge.succeeded`, whichever
// arrives first, by reading the charge the link took. A product link is reusable: each payment
// through it is an order of its own, keyed by its charge, so every payment is recorded once. A link
// made for an order by hand is found by its metadata; if the order is paid already, its payment is
// kept in payments_to_review for a person to refund, never dropped.
import {randomUUID} from 'node:crypto';
import {fulfilOnce, recordPayment} from './orders.mjs';
import {findInList, lookFirstAfterMs} from './zip-client.mjs';

const moneyTaken = ['succeeded', 'partially_refunded', 'refunded'];

/** Makes the links: an order's single-use link, once, and a product's reusable one. */
function createLinkMaker({zip, db, now, methods, orderOf}) {
  // #region create-order-link
  /** The order's single-use link: made once, however often the customer asks and whatever answers are lost. */
  async function createOrderLink(orderId) {
    let order = orderOf(orderId);
    if (order.status !== 'open') return {next: order.status};
    if (order.link_id) return {next: 'share', url: (await zip('GET', `/v1/links/${order.link_id}`)).url};
    db.prepare('UPDATE orders SET link_key = ?, link_key_made_at = ? WHERE id = ? AND link_key IS NULL').run(randomUUID(), now(), orderId);
    order = orderOf(orderId);
    if (now() - order.link_key_made_at >= lookFirstAfterMs) {
      // The key may be forgotten: a retry with it would make a second link the customer could also pay.
      const earlier = await earlierLink(order);
      if (earlier) return saveLink(orderId, earlier);
      // Replace only the old key: of two requests at once, the one that loses uses the winner's key, so Zip makes one link.
      db.prepare('UPDATE orders SET link_key = ?, link_key_made_at = ? WHERE id = ? AND link_key = ?').run(
        randomUUID(),
        now(),
        orderId,
        order.link_key,
      );
      order = orderOf(orderId);
    }
    const link = await zip(
      'POST',
      '/v1/links',
      {
        amount: order.amount,
        currency: 'PHP',
        description: `Order ${orderId}`,
        usage: 'single_use', // one payment, then inactive for good
        payment_method_types: methods,
        metadata: {order_id: orderId},
      },
      {idempotencyKey: order.link_key},
    );
    return saveLink(orderId, link);
  }

  function saveLink(orderId, link) {
    db.prepare('UPDATE orders SET link_id = ? WHERE id = ? AND link_id IS NULL').run(link.id, orderId);
    return {next: 'share', url: link.url};
  }

  /** A link an earlier attempt made for the order, whose answer was lost: created at or after its key (one-second timestamps). */
  function earlierLink(order) {
    const since = new Date(order.link_key_made_at - 60_000).toISOString();
    return findInList(zip, `/v1/links?created_gte=${encodeURIComponent(since)}`, (link) => link.metadata?.order_id === order.id);
  }
  // #endregion create-order-link

  // #region create-product-link
  /** A reusable link that sells one product, at a fixed price or the amount the customer types (`null`). */
  async function createProductLink(sku, amount = null) {
    const known = db.prepare('SELECT link_id FROM product_links WHERE sku = ?').get(sku);
    if (known) return known.link_id;
    const link = await zip(
      'POST',
      '/v1/links',
      {amount, currency: 'PHP', description: `Product ${sku}`, payment_method_types: methods, metadata: {sku}},
      {idempotencyKey: `product-link-${sku}`},
    );
    db.prepare('INSERT INTO product_links (link_id, sku) VALUES (?, ?) ON CONFLICT DO NOTHING').run(link.id, sku);
    return link.id;
  }
  // #endregion create-product-link

  return {createOrderLink, createProductLink, earlierLink};
}

/** Records and fulfils the payments through the links, from either event, the cancel or the recovery job. */
function createLinkPayments({zip, db, ship, orderOf}) {
  // #region fulfil-link-payment
  /** A payment through a link, from either event: the charge, read as it is now, is recorded and fulfilled once. */
  async function onLinkPayment(chargeId) {
    return recordLinkCharge(await zip('GET', `/v2/charges/${chargeId}`));
  }

  async function recordLinkCharge(charge) {
    if (!charge.payment_link || !moneyTaken.includes(charge.status)) return;
    const product = db.prepare('SELECT sku FROM product_links WHERE link_id = ?').get(charge.payment_link);
    if (product) {
      // A reusable link is paid by anyone, any number of times: each payment is its own order.
      const orderId = `link-${charge.id}`;
      db.prepare('INSERT INTO orders (id, amount) VALUES (?, ?) ON CONFLICT DO NOTHING').run(orderId, charge.amount);
      recordPayment(db, orderId, charge);
      fulfilOnce(db, orderId, ship);
      return;
    }
    const order = await orderOfLink(charge.payment_link);
    if (!order) return; // not a link of this shop
    if (charge.amount === order.amount && charge.currency === 'PHP') {
      recordPayment(db, order.id, charge);
    } else {
      // The link was changed by hand: keep the payment on the order, and let a person decide before shipping.
      db.prepare(`UPDATE orders SET status = 'review', charge_id = ? WHERE id = ? AND charge_id IS NULL`).run(charge.id, order.id);
    }
    if (orderOf(order.id).charge_id !== charge.id) {
      // Paid already by another charge, through another link made for the order: the customer paid
      // twice. Keep this payment for a person to refund, rather than drop it.
      db.prepare('INSERT INTO payments_to_review (charge_id, order_id, reason) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(
        charge.id,
        order.id,
        'the order is already paid by another charge',
      );
      return;
    }
    fulfilOnce(db, order.id, ship);
  }

  /**
   * The order a link was made for: the one that stores it, or else the one its metadata names (a link
   * whose create answer was lost, stored here; or another link made for the order by hand).
   */
  async function orderOfLink(linkId) {
    const order = db.prepare('SELECT * FROM orders WHERE link_id = ?').get(linkId);
    if (order) return order;
    const link = await zip('GET', `/v1/links/${linkId}`);
    const orderId = link.metadata?.order_id;
    if (!orderId) return undefined;
    db.prepare('UPDATE orders SET link_id = ? WHERE id = ? AND link_id IS NULL').run(linkId, orderId);
    return orderOf(orderId);
  }

  const handlers = {
    'payment_link.paid': (event) => onLinkPayment(event.data.object.last_charge),
    'charge.succeeded': (event) => (event.data.object.payment_link ? onLinkPayment(event.data.object.id) : undefined),
  };
  // #endregion fulfil-link-payment

  return {onLinkPayment, recordLinkCharge, handlers};
}

/** The shop: the links and their payments on one database, and what needs both, cancelling an order and the recovery job. */
export function createLinkShop({zip, db, ship, now = () => Date.now(), methods = ['card', 'gcash', 'maya']}) {
  const orderOf = (id) => db.prepare('SELECT * FROM orders WHERE id = ?').get(id);
  const context = {zip, db, ship, now, methods, orderOf};
  const {createOrderLink, createProductLink, earlierLink} = createLinkMaker(context);
  const {onLinkPayment, recordLinkCharge, handlers} = createLinkPayments(context);

  // #region cancel-order
  /** The order is cancelled: switch its link off, then believe what the link says; a payment that came first is fulfilled. */
  async function cancelOrder(orderId) {
    const order = orderOf(orderId);
    if (order.status === 'paid') return 'already_paid';
    const linkId = order.link_id ?? (order.link_key ? (await earlierLink(order))?.id : undefined);
    if (linkId) {
      const link = await zip('PUT', `/v1/links/${linkId}`, {status: 'inactive'}); // the same answer when sent again
      if (link.payments_count > 0) {
        await onLinkPayment(link.last_charge);
        return 'already_paid';
      }
    }
    db.prepare(`UPDATE orders SET status = 'cancelled' WHERE id = ? AND status = 'open'`).run(orderId);
    return 'cancelled';
  }
  // #endregion cancel-order

  /** A recovery job for a crash between a payment and its record: the payments of every open order's link and of every product link. */
  async function recover() {
    const links = [
      ...db.prepare(`SELECT link_id FROM orders WHERE status = 'open' AND link_id IS NOT NULL`).all(),
      ...db.prepare('SELECT link_id FROM product_links').all(),
    ];
    for (const {link_id: linkId} of links) {
      const charges = [];
      await findInList(zip, `/v2/charges?payment_link=${linkId}`, (charge) => void charges.push(charge)); // every page
      for (const charge of charges) await recordLinkCharge(charge);
    }
  }

  return {createOrderLink, createProductLink, cancelOrder, recover, handlers};
}
