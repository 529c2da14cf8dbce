"""Refunds, as packages/integrations/node/refunds.mjs does them.

One row per return, with its key, stored before the call; a retry of the same return reuses the key
and cannot refund twice. Once the key may have expired (a clerk retries a day after an answer was
lost), the charge's refunds are looked through first, by the return id in their metadata.
`charge.refund_failed` names the refund that failed in `data.refund`, with `failure_reason`, and the
return is marked for a person to settle.
"""
import sqlite3
import time
import uuid
from typing import Callable, TypedDict

from webhook_receiver import Handler
from zip_client import LOOK_FIRST_AFTER_MS, Json, ZipRequest


class Refunds(TypedDict):
    refund_return: Callable[[str, str, int], str]  # (return_id, order_id, amount): the refund's status
    handlers: dict[str, Handler]


def make_refunds(zip_request: ZipRequest, db: sqlite3.Connection, now: Callable[[], int] = lambda: int(time.time() * 1000)) -> Refunds:
    # region refund-return
    def refund_return(return_id: str, order_id: str, amount: int) -> str:
        if not return_id:
            # The key is the shop's own return id: without one, a retry of a partial refund would pay twice.
            raise ValueError("a refund needs the shop's own return id, which makes its Idempotency-Key")
        db.execute(
            "INSERT INTO refunds (return_id, order_id, amount, refund_key, key_made_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (return_id, order_id, amount, f"refund-{return_id}", now()),
        )
        row = db.execute("SELECT * FROM refunds WHERE return_id = ?", (return_id,)).fetchone()
        if row["refund_id"]:
            return row["status"]
        charge_id = db.execute("SELECT charge_id FROM orders WHERE id = ?", (order_id,)).fetchone()["charge_id"]
        if now() - row["key_made_at"] >= LOOK_FIRST_AFTER_MS:
            # The key may be forgotten: a retry with it would refund again. The charge lists every refund it has.
            refunds = zip_request("GET", f"/v2/charges/{charge_id}")["refunds"]
            earlier = next((refund for refund in refunds if (refund.get("metadata") or {}).get("return_id") == return_id), None)
            if earlier:
                return save_refund(return_id, earlier)
            # Replace only the old key: of two clerks at once, the one that loses uses the winner's key, so Zip refunds once.
            db.execute(
                "UPDATE refunds SET refund_key = ?, key_made_at = ? WHERE return_id = ? AND refund_key = ?",
                (f"refund-{return_id}-{uuid.uuid4()}", now(), return_id, row["refund_key"]),
            )
            row = db.execute("SELECT * FROM refunds WHERE return_id = ?", (return_id,)).fetchone()
        charge = zip_request(
            "POST",
            f"/v2/charges/{charge_id}/refund",
            {"amount": amount, "metadata": {"return_id": return_id}},
            idempotency_key=row["refund_key"],
        )
        refund = next(candidate for candidate in charge["refunds"] if (candidate.get("metadata") or {}).get("return_id") == return_id)
        return save_refund(return_id, refund)

    def save_refund(return_id: str, refund: Json) -> str:
        db.execute("UPDATE refunds SET refund_id = ?, status = ? WHERE return_id = ?", (refund["id"], refund["status"], return_id))
        return refund["status"]

    def on_refunded(event: Json) -> None:
        db.execute("UPDATE refunds SET status = 'succeeded' WHERE refund_id = ?", (event["data"]["refund"]["id"],))

    def on_refund_failed(event: Json) -> None:
        # Never refund again on your own: a person settles it with the customer, knowing why it failed.
        refund = event["data"]["refund"]
        db.execute("UPDATE refunds SET status = ? WHERE refund_id = ?", (f"failed:{refund['failure_reason']}", refund["id"]))

    handlers: dict[str, Handler] = {"charge.refunded": on_refunded, "charge.refund_failed": on_refund_failed}
    # endregion refund-return

    return {"refund_return": refund_return, "handlers": handlers}
