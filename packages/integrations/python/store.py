"""The shop's own database (SQLite): the same tables as packages/integrations/node/store.mjs, plus shipments."""
import sqlite3
from typing import Callable

from zip_client import Json

# What the shop does when an order is paid, called once per order (fulfil_once).
Ship = Callable[[str], None]

SCHEMA = """
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY, amount INTEGER NOT NULL, customer TEXT,
  status TEXT NOT NULL DEFAULT 'open', charge_id TEXT UNIQUE, source_id TEXT, session_id TEXT UNIQUE,
  charge_key TEXT, charge_key_made_at INTEGER,
  link_id TEXT UNIQUE, link_key TEXT, link_key_made_at INTEGER,
  request_id TEXT UNIQUE, request_key TEXT, request_key_made_at INTEGER);
CREATE TABLE IF NOT EXISTS product_links (link_id TEXT PRIMARY KEY, sku TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS fulfilments (order_id TEXT PRIMARY KEY, at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS payments_to_review (charge_id TEXT PRIMARY KEY, order_id TEXT NOT NULL, reason TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shipments (order_id TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS handled_events (event_id TEXT PRIMARY KEY, at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS refunds (return_id TEXT PRIMARY KEY, order_id TEXT NOT NULL, amount INTEGER NOT NULL,
  refund_key TEXT NOT NULL, key_made_at INTEGER NOT NULL, refund_id TEXT, status TEXT NOT NULL DEFAULT 'requested');
CREATE TABLE IF NOT EXISTS billing_periods (subscription_id TEXT NOT NULL, period TEXT NOT NULL,
  customer TEXT NOT NULL, source TEXT NOT NULL, amount INTEGER NOT NULL, charge_key TEXT NOT NULL, key_made_at INTEGER NOT NULL,
  charge_id TEXT UNIQUE, status TEXT NOT NULL DEFAULT 'due', PRIMARY KEY (subscription_id, period));
"""


def open_store(path: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)  # autocommit: each statement is its own transaction
    db.row_factory = sqlite3.Row
    db.executescript(SCHEMA)
    return db


# region record-and-fulfil
def record_payment(db: sqlite3.Connection, order_id: str, charge: Json) -> bool:
    if charge["status"] not in ("succeeded", "partially_refunded", "refunded"):
        return False
    cursor = db.execute(
        "UPDATE orders SET status = 'paid', charge_id = ? WHERE id = ? AND (charge_id IS NULL OR charge_id = ?)",
        (charge["id"], order_id, charge["id"]),
    )
    return cursor.rowcount == 1


def fulfil_once(db: sqlite3.Connection, order_id: str, ship: Ship) -> bool:
    order = db.execute("SELECT status FROM orders WHERE id = ?", (order_id,)).fetchone()
    if order is None or order["status"] != "paid":
        return False
    claimed = db.execute("INSERT INTO fulfilments (order_id, at) VALUES (?, 0) ON CONFLICT DO NOTHING", (order_id,))
    if claimed.rowcount == 1:
        ship(order_id)  # only the one insert that won ships
    return claimed.rowcount == 1
# endregion record-and-fulfil
