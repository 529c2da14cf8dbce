"""The webhook receiver: check the Zip-Signature, skip event ids already handled, hand on the rest."""
import hashlib
import hmac
import json
import sqlite3
import time
from typing import Callable

from zip_client import Json

# A flow's handler of one event type; it raises when the event should be delivered again.
Handler = Callable[[Json], object]


# region verify-signature
def verify_signature(raw_body: str, header: str | None, secret: str, now: float | None = None, tolerance: int = 300) -> bool:
    parts = dict(part.split("=", 1) for part in (header or "").split(",") if "=" in part)
    try:
        timestamp = int(parts["t"])
    except (KeyError, ValueError):
        return False
    if abs((now if now is not None else time.time()) - timestamp) > tolerance:
        return False
    expected = hmac.new(secret.encode(), f"{timestamp}.{raw_body}".encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get("v1", ""))
# endregion verify-signature


# region receive-event
def receive(
    db: sqlite3.Connection, raw_body: str, signature: str | None, secret: str, handlers: dict[str, Handler], now: float | None = None
) -> int:
    if not verify_signature(raw_body, signature, secret, now):
        return 400
    event = json.loads(raw_body)
    if db.execute("SELECT 1 FROM handled_events WHERE event_id = ?", (event["id"],)).fetchone():
        return 200  # seen: skip
    handler = handlers.get(event["type"])
    if handler:
        handler(event)  # raises: the caller answers 500 and Zip delivers again later
    db.execute("INSERT INTO handled_events (event_id, at) VALUES (?, 0) ON CONFLICT DO NOTHING", (event["id"],))
    return 200
# endregion receive-event
