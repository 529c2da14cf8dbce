// What every flow does with an outcome: record the payment on its order, then fulfil the order once.
// Both are guarded by the database (a conditional UPDATE, a PRIMARY KEY), so a duplicate event, a
// second worker or a return to success_url racing the webhook cannot record or fulfil twice.
// #region record-and-fulfil
export function recordPayment(db, orderId, charge) {
  if (!['succeeded', 'partially_refunded', 'refunded'].includes(charge.status)) return false;
  const result = db
    .prepare(`UPDATE orders SET status = 'paid', charge_id = ? WHERE id = ? AND (charge_id IS NULL OR charge_id = ?)`)
    .run(charge.id, orderId, charge.id);
  return result.changes === 1;
}

export function fulfilOnce(db, orderId, ship) {
  const order = db.prepare('SELECT status FROM orders WHERE id = ?').get(orderId);
  if (order?.status !== 'paid') return false;
  const claimed = db.prepare('INSERT INTO fulfilments (order_id, at) VALUES (?, ?) ON CONFLICT DO NOTHING').run(orderId, Date.now());
  if (claimed.changes === 1) ship(orderId); // only the one insert that won ships
  return claimed.changes === 1;
}
// #endregion record-and-fulfil
