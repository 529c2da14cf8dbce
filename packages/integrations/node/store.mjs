// The shop's own database (SQLite, built into Node.js): orders, the keys of each payment attempt,
// the payment link or payment request of an order, the events already handled, fulfilments, and
// payments kept for a person to review (a second payment for an order that was paid already).
// The UNIQUE constraints, not the code's care, are what make a second charge record, a second
// fulfilment, a second link or request for one order, or a second event handling impossible.
import {DatabaseSync} from 'node:sqlite';

export function openStore(file) {
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA journal_mode = WAL;
    CREATE TABLE IF NOT EXISTS orders (
      id TEXT PRIMARY KEY, amount INTEGER NOT NULL, customer TEXT,
      status TEXT NOT NULL DEFAULT 'open',          -- open, paid, failed, expired, cancelled, review
      charge_id TEXT UNIQUE, source_id TEXT, session_id TEXT UNIQUE,
      charge_key TEXT, charge_key_made_at INTEGER,
      link_id TEXT UNIQUE, link_key TEXT, link_key_made_at INTEGER,
      request_id TEXT UNIQUE, request_key TEXT, request_key_made_at INTEGER
    );
    CREATE TABLE IF NOT EXISTS product_links (link_id TEXT PRIMARY KEY, sku TEXT NOT NULL UNIQUE);
    CREATE TABLE IF NOT EXISTS fulfilments (order_id TEXT PRIMARY KEY, at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS payments_to_review (charge_id TEXT PRIMARY KEY, order_id TEXT NOT NULL, reason TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS handled_events (event_id TEXT PRIMARY KEY, at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS refunds (return_id TEXT PRIMARY KEY, order_id TEXT NOT NULL, amount INTEGER NOT NULL,
      refund_key TEXT NOT NULL, key_made_at INTEGER NOT NULL, refund_id TEXT, status TEXT NOT NULL DEFAULT 'requested');
    CREATE TABLE IF NOT EXISTS billing_periods (subscription_id TEXT NOT NULL, period TEXT NOT NULL,
      customer TEXT NOT NULL, source TEXT NOT NULL, amount INTEGER NOT NULL, charge_key TEXT NOT NULL, key_made_at INTEGER NOT NULL,
      charge_id TEXT UNIQUE, status TEXT NOT NULL DEFAULT 'due', PRIMARY KEY (subscription_id, period));
  `);
  return db;
}
