"""The webhook receiver: check the Zip-Signature, skip event ids already handled, hand on the rest."""
import hashlib
import hmac
import json
import time


# region verify-signature
def verify_signature(raw_body, header, secret, now=None, tolerance=300):
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


def receive(db, raw_body, signature, secret, handlers, now=None):
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
