// Monthly billing of a saved card. Each period gets one row, with an Idempotency-Key made and stored
// before the first attempt. A run that finds the period unpaid retries with the same key while Zip
// still remembers it; once the key may have expired (a daily job, a lost answer a day ago), it first
// looks for the period's charge by its metadata, and charges with a new key only if there is none.
import {randomUUID} from 'node:crypto';
import {lookFirstAfterMs, ZipError, ZipUnknownOutcome} from './zip-client.mjs';

export function createRecurringBilling({zip, db, now = () => Date.now()}) {
  // #region bill-period
  /** Bills one subscription period at most once; safe to run again at any time, by any number of jobs. */
  async function billPeriod({subscriptionId, period, customer, source, amount}) {
    db.prepare(
      `INSERT INTO billing_periods (subscription_id, period, customer, source, amount, charge_key, key_made_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ).run(subscriptionId, period, customer, source, amount, randomUUID(), now());
    let row = db.prepare('SELECT * FROM billing_periods WHERE subscription_id = ? AND period = ?').get(subscriptionId, period);
    if (row.status !== 'due') return row.status;

    if (now() - row.key_made_at >= lookFirstAfterMs) {
      // The key may be forgotten: a retry with it would charge again. Find the earlier attempt's charge.
      const query = new URLSearchParams({customer, 'metadata[subscription_id]': subscriptionId, 'metadata[period]': period, limit: '100'});
      const {data} = await zip('GET', `/v2/charges?${query}`);
      const taken = data.find((charge) => ['succeeded', 'partially_refunded', 'refunded'].includes(charge.status));
      if (taken) return markPaid(row, taken);
      // Replace only the old key: of two jobs at once, the one that loses uses the winner's key, so Zip charges once.
      db.prepare(
        'UPDATE billing_periods SET charge_key = ?, key_made_at = ? WHERE subscription_id = ? AND period = ? AND charge_key = ?',
      ).run(randomUUID(), now(), subscriptionId, period, row.charge_key);
      row = db.prepare('SELECT * FROM billing_periods WHERE subscription_id = ? AND period = ?').get(subscriptionId, period);
    }

    let charge;
    try {
      charge = await zip(
        'POST',
        '/v2/charges',
        {
          amount,
          currency: 'PHP',
          customer,
          source,
          description: `Subscription ${period}`,
          metadata: {subscription_id: subscriptionId, period},
        },
        {idempotencyKey: row.charge_key},
      );
    } catch (error) {
      if (error instanceof ZipUnknownOutcome) return 'due'; // unknown: the next run retries or looks first
      if (error instanceof ZipError && error.status >= 500) return 'due';
      throw error;
    }
    if (charge.status === 'failed') {
      db.prepare(`UPDATE billing_periods SET status = 'failed' WHERE subscription_id = ? AND period = ?`).run(subscriptionId, period);
      return 'failed'; // tell the customer to update their card; a new attempt is a new period row or key
    }
    return markPaid(row, charge);
  }

  function markPaid(row, charge) {
    db.prepare(`UPDATE billing_periods SET status = 'paid', charge_id = ? WHERE subscription_id = ? AND period = ? AND status = 'due'`).run(
      charge.id,
      row.subscription_id,
      row.period,
    );
    return 'paid';
  }
  // #endregion bill-period

  return {billPeriod};
}
