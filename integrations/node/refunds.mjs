// Refunds: one row per return, with its key, stored before the call; a retry of the same return
// reuses the key and cannot refund twice. `charge.refund_failed` names the refund that failed in
// `data.refund`, with `failure_reason`, and the return is marked for a person to settle.
export function createRefunds({zip, db}) {
  // #region refund-return
  async function refundReturn({returnId, orderId, amount}) {
    db.prepare('INSERT INTO refunds (return_id, order_id, amount, refund_key) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING').run(
      returnId,
      orderId,
      amount,
      `refund-${returnId}`,
    );
    const row = db.prepare('SELECT * FROM refunds WHERE return_id = ?').get(returnId);
    if (row.refund_id) return row.status;
    const {charge_id: chargeId} = db.prepare('SELECT charge_id FROM orders WHERE id = ?').get(orderId);
    const charge = await zip(
      'POST',
      `/v2/charges/${chargeId}/refund`,
      {amount, metadata: {return_id: returnId}},
      {idempotencyKey: row.refund_key},
    );
    const refund = charge.refunds.find((candidate) => candidate.metadata?.return_id === returnId);
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
