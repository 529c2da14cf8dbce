// A card payment with 3-D Secure. The browser creates the card source with the public key; the
// server charges it with a key per order attempt, stored before the call. A second submit of the same
// attempt (with a new source) meets that key and is refused, instead of charging again. Once the key
// may have expired (the customer pays again a day after an answer was lost), the order's charges are
// looked for first, by the order id in their metadata.
import {randomUUID} from 'node:crypto';
import {fulfilOnce, recordPayment} from './orders.mjs';
import {findInList, lookFirstAfterMs, ZipError} from './zip-client.mjs';

const moneyTaken = ['succeeded', 'partially_refunded', 'refunded'];

/** The shop: a card payment's first submit here, and what settles its charge (its 3-D Secure return and `charge.succeeded`) below. */
export function createCardShop({zip, db, ship, now = () => Date.now(), returnBase = 'https://shop.example.com'}) {
  const orderOf = (id) => db.prepare('SELECT * FROM orders WHERE id = ?').get(id);
  const {onReturn, settle, handlers} = createCardSettlement({zip, db, ship});

  // #region pay-with-card
  async function payWithCard(orderId, sourceId) {
    let order = orderOf(orderId);
    // The amount comes from the shop's own order, never the browser: an order id it has not seen is refused.
    if (!order) return {next: 'unknown_order'};
    if (order.status === 'paid') return {next: 'already_paid'};
    if (!order.charge_key) {
      // One key per payment attempt, stored before the first call; a failed attempt gets a new one.
      db.prepare(`UPDATE orders SET charge_key = ?, charge_key_made_at = ? WHERE id = ? AND charge_key IS NULL`).run(
        `charge-${orderId}-${randomUUID()}`,
        now(),
        orderId,
      );
      order = orderOf(orderId);
    }
    if (now() - (order.charge_key_made_at ?? 0) >= lookFirstAfterMs) {
      // The key may be forgotten: a retry with it would charge again. Find the earlier attempt's charge first.
      const query = new URLSearchParams({'metadata[order_id]': orderId});
      const taken = await findInList(zip, `/v2/charges?${query}`, (charge) => moneyTaken.includes(charge.status));
      if (taken) return settle(orderId, taken);
      // Replace only the old key: of two submits at once, the one that loses uses the winner's key, so Zip answers once.
      db.prepare('UPDATE orders SET charge_key = ?, charge_key_made_at = ? WHERE id = ? AND charge_key IS ?').run(
        `charge-${orderId}-${randomUUID()}`,
        now(),
        orderId,
        order.charge_key,
      );
      order = orderOf(orderId);
    }
    let charge;
    try {
      charge = await zip(
        'POST',
        '/v2/charges',
        {
          amount: order.amount,
          currency: 'PHP',
          source: sourceId,
          return_url: `${returnBase}/orders/${orderId}/3ds`,
          metadata: {order_id: orderId, attempt: order.charge_key}, // the attempt, so its decline ends only that attempt
        },
        {idempotencyKey: order.charge_key},
      );
    } catch (error) {
      if (error instanceof ZipError && error.code === 'idempotency_key_reused') return {next: 'in_progress'}; // a second submit
      throw error;
    }
    return settle(orderId, charge);
  }
  // #endregion pay-with-card

  return {payWithCard, onReturn, handlers};
}

/** Settles a charge, whichever way it arrives: recorded and fulfilled once, sent back to 3-D Secure, or ended as a decline. */
function createCardSettlement({zip, db, ship}) {
  // #region after-3ds
  /** The customer is back from 3-D Secure: verify (a new key each return), or read the charge if it is settled already. */
  async function onReturn(orderId, chargeId) {
    let charge = await zip('GET', `/v2/charges/${chargeId}`);
    if (charge.metadata?.order_id !== orderId) throw new Error(`${chargeId} is not ${orderId}'s charge`);
    if (charge.status === 'pending') {
      try {
        // A new key per return: a verify that answered pending is stored, and its key would replay pending.
        const idempotencyKey = `verify-${chargeId}-${randomUUID()}`;
        charge = await zip('POST', `/v2/charges/${chargeId}/verify`, undefined, {idempotencyKey});
      } catch (error) {
        if (!(error instanceof ZipError && error.code === 'charge_not_verifiable')) throw error;
        charge = await zip('GET', `/v2/charges/${chargeId}`);
      }
    }
    return settle(orderId, charge);
  }

  function settle(orderId, charge) {
    if (charge.status === 'pending') return {next: 'redirect', url: charge.next_action.redirect_url, charge: charge.id};
    if (charge.status === 'failed') {
      // The next attempt gets a new key, unless this is an older attempt's decline (a reloaded 3-D Secure return).
      db.prepare('UPDATE orders SET charge_key = NULL WHERE id = ? AND status = ? AND charge_key = ?').run(
        orderId,
        'open',
        charge.metadata?.attempt ?? null,
      );
      return {next: 'ask_for_another_card', code: charge.failure_code};
    }
    if (!recordOrKeep(orderId, charge)) return {next: 'already_paid'};
    if (charge.status === 'refunded' || charge.dispute) {
      // Refunded (from the dashboard) or disputed before the shop shipped: a person decides, nothing ships,
      // and the order leaves `paid`, so no later job ships it from the shop's own records either.
      db.prepare(`UPDATE orders SET status = 'review' WHERE id = ? AND charge_id = ? AND status = 'paid'`).run(orderId, charge.id);
      db.prepare('INSERT INTO payments_to_review (charge_id, order_id, reason) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(
        charge.id,
        orderId,
        'refunded or disputed before it was fulfilled',
      );
      return {next: 'review', charge: charge.id};
    }
    fulfilOnce(db, orderId, ship);
    return {next: 'paid', charge: charge.id};
  }

  /**
   * Records a charge that took money on its order. One the order cannot take, because another charge
   * paid it (an old 3-D Secure tab finished after another card paid), is kept for a person to refund.
   */
  function recordOrKeep(orderId, charge) {
    if (recordPayment(db, orderId, charge) || !moneyTaken.includes(charge.status)) return true;
    db.prepare('INSERT INTO payments_to_review (charge_id, order_id, reason) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(
      charge.id,
      orderId,
      'the order is already paid by another charge',
    );
    return false;
  }

  const handlers = {
    'charge.succeeded': async (event) => {
      const orderId = event.data.object.metadata?.order_id;
      if (!orderId) return;
      // The event is the charge as it was: read it as it is now (refunded since?) before anything ships.
      settle(orderId, await zip('GET', `/v2/charges/${event.data.object.id}`));
    },
  };
  // #endregion after-3ds

  return {onReturn, settle, handlers};
}
