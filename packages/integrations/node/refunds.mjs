// Refunds: one row per return, with its key, stored before the call; a retry of the same return
// reuses the key and cannot refund twice. Once the key may have expired (a clerk retries a day after
// an answer was lost), the charge's refunds are looked through first, by the return id in their
// metadata. `charge.refund_failed` names the refund that failed in `data.refund`, with
// `failure_reason`, and the return is marked for a person to settle.
import {randomUUID} from 'node:crypto';
import {lookFirstAfterMs} from './zip-client.mjs';

export function createRefunds({zip, db, now = () => Date.now()}) {
  // #region refund-return
  async function refundReturn({returnId, orderId, amount}) {
    // The key is the shop's own return id: without one, a retry of a partial refund would pay twice.
    if (!returnId) throw new Error("a refund needs the shop's own return id, which makes its Idempotency-Key");
    db.prepare(
      'INSERT INTO refunds (return_id, order_id, amount, refund_key, key_made_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ).run(returnId, orderId, amount, `refund-${returnId}`, now());
    let row = db.prepare('SELECT * FROM refunds WHERE return_id = ?').get(returnId);
    if (row.refund_id) return row.status;
    const {charge_id: chargeId} = db.prepare('SELECT charge_id FROM orders WHERE id = ?').get(orderId);
    if (now() - row.key_made_at >= lookFirstAfterMs) {
      // The key may be forgotten: a retry with it would refund again. The charge lists every refund it has.
      const {refunds} = await zip('GET', `/v2/charges/${chargeId}`);
      const earlier = refunds.find((candidate) => candidate.metadata?.return_id === returnId);
      if (earlier) return saveRefund(returnId, earlier);
      // Replace only the old key: of two clerks at once, the one that loses uses the winner's key, so Zip refunds once.
      db.prepare('UPDATE refunds SET refund_key = ?, key_made_at = ? WHERE return_id = ? AND refund_key = ?').run(
        `refund-${returnId}-${randomUUID()}`,
        now(),
        returnId,
        row.refund_key,
      );
      row = db.prepare('SELECT * FROM refunds WHERE return_id = ?').get(returnId);
    }
    const charge = await zip(
      'POST',
      `/v2/charges/${chargeId}/refund`,
      {amount, metadata: {return_id: returnId}},
      {idempotencyKey: row.refund_key},
    );
    const refund = charge.refunds.find((candidate) => candidate.metadata?.return_id === returnId);
    return saveRefund(returnId, refund);
  }

  function saveRefund(returnId, refund) {
    db.prepare(`UPDATE refunds SET refund_id = ?, status = ? WHERE return_id = ?`).run(refund.id, refund.status, returnId);
    return refund.status;
  }

  const handlers = {
    'charge.refunded': (event) => db.prepare(`UPDATE refunds SET status = 'succeeded' WHERE refund_id = ?`).run(event.data.refund.id),
    'charge.refund_failed': (event) =>
      // Never refund again on your own: a person settles it with the customer, knowing why it failed.
      db
        .prepare(`UPDATE refunds SET status = ? WHERE refund_id = ?`)
        .run(`failed:${event.data.refund.failure_reason}`, event.data.refund.id),
  };
  // #endregion refund-return

  return {refundReturn, handlers};
}
