"""A card payment with 3-D Secure, as packages/integrations/node/card-payment.mjs does it.

The browser creates the card source with the public key; the server charges it with a key per order
attempt, stored before the call. A second submit of the same attempt (with a new source) meets that
key and is refused, instead of charging again. Once the key may have expired (the customer pays again
a day after an answer was lost), the order's charges are looked for first, by the order id in their
metadata.
"""
import sqlite3
import time
import uuid
from typing import Callable, TypedDict
from urllib.parse import urlencode

from store import Ship, fulfil_once, record_payment
from webhook_receiver import Handler
from zip_client import LOOK_FIRST_AFTER_MS, Json, ZipError, ZipRequest, find_in_list

MONEY_TAKEN = ("succeeded", "partially_refunded", "refunded")


class CardShop(TypedDict):
    pay_with_card: Callable[[str, str], Json]  # (order_id, source_id): what the page does next
    on_return: Callable[[str, str], Json]  # (order_id, charge_id): the customer is back from 3-D Secure
    handlers: dict[str, Handler]


def make_card_shop(
    zip_request: ZipRequest,
    db: sqlite3.Connection,
    ship: Ship,
    now: Callable[[], int] = lambda: int(time.time() * 1000),
    return_base: str = "https://shop.example.com",
) -> CardShop:
    """The shop: a card payment's first submit here, and what settles its charge (its 3-D Secure return and `charge.succeeded`) below."""

    def order_of(order_id: str) -> sqlite3.Row:
        return db.execute("SELECT * FROM orders WHERE id = ?", (order_id,)).fetchone()

    on_return, settle, handlers = make_card_settlement(zip_request, db, ship)

    # region pay-with-card
    def pay_with_card(order_id: str, source_id: str) -> Json:
        order = order_of(order_id)
        if order is None:
            # The amount comes from the shop's own order, never the browser: an order id it has not seen is refused.
            return {"next": "unknown_order"}
        if order["status"] == "paid":
            return {"next": "already_paid"}
        if not order["charge_key"]:
            # One key per payment attempt, stored before the first call; a failed attempt gets a new one.
            db.execute(
                "UPDATE orders SET charge_key = ?, charge_key_made_at = ? WHERE id = ? AND charge_key IS NULL",
                (f"charge-{order_id}-{uuid.uuid4()}", now(), order_id),
            )
            order = order_of(order_id)
        if now() - (order["charge_key_made_at"] or 0) >= LOOK_FIRST_AFTER_MS:
            # The key may be forgotten: a retry with it would charge again. Find the earlier attempt's charge first.
            query = urlencode({"metadata[order_id]": order_id})
            taken = find_in_list(zip_request, f"/v2/charges?{query}", lambda charge: charge["status"] in MONEY_TAKEN)
            if taken:
                return settle(order_id, taken)
            # Replace only the old key: of two submits at once, the one that loses uses the winner's key, so Zip answers once.
            db.execute(
                "UPDATE orders SET charge_key = ?, charge_key_made_at = ? WHERE id = ? AND charge_key IS ?",
                (f"charge-{order_id}-{uuid.uuid4()}", now(), order_id, order["charge_key"]),
            )
            order = order_of(order_id)
        try:
            charge = zip_request(
                "POST",
                "/v2/charges",
                {
                    "amount": order["amount"],
                    "currency": "PHP",
                    "source": source_id,
                    "return_url": f"{return_base}/orders/{order_id}/3ds",
                    "metadata": {"order_id": order_id, "attempt": order["charge_key"]},  # so its decline ends only that attempt
                },
                idempotency_key=order["charge_key"],
            )
        except ZipError as error:
            if error.code == "idempotency_key_reused":
                return {"next": "in_progress"}  # a second submit
            raise
        return settle(order_id, charge)
    # endregion pay-with-card

    return {"pay_with_card": pay_with_card, "on_return": on_return, "handlers": handlers}


def make_card_settlement(
    zip_request: ZipRequest, db: sqlite3.Connection, ship: Ship
) -> tuple[Callable[[str, str], Json], Callable[[str, Json], Json], dict[str, Handler]]:
    """Settles a charge, whichever way it arrives: recorded and fulfilled once, sent back to 3-D Secure, or ended as a decline."""

    # region after-3ds
    def on_return(order_id: str, charge_id: str) -> Json:
        """The customer is back from 3-D Secure: verify (a new key each return), or read the charge if it is settled already."""
        charge = zip_request("GET", f"/v2/charges/{charge_id}")
        if (charge.get("metadata") or {}).get("order_id") != order_id:
            raise ValueError(f"{charge_id} is not {order_id}'s charge")
        if charge["status"] == "pending":
            try:
                # A new key per return: a verify that answered pending is stored, and its key would replay pending.
                key = f"verify-{charge_id}-{uuid.uuid4()}"
                charge = zip_request("POST", f"/v2/charges/{charge_id}/verify", idempotency_key=key)
            except ZipError as error:
                if error.code != "charge_not_verifiable":
                    raise
                charge = zip_request("GET", f"/v2/charges/{charge_id}")
        return settle(order_id, charge)

    def settle(order_id: str, charge: Json) -> Json:
        if charge["status"] == "pending":
            return {"next": "redirect", "url": charge["next_action"]["redirect_url"], "charge": charge["id"]}
        if charge["status"] == "failed":
            # The next attempt gets a new key, unless this is an older attempt's decline (a reloaded 3-D Secure return).
            db.execute(
                "UPDATE orders SET charge_key = NULL WHERE id = ? AND status = 'open' AND charge_key = ?",
                (order_id, (charge.get("metadata") or {}).get("attempt")),
            )
            return {"next": "ask_for_another_card", "code": charge["failure_code"]}
        if not record_or_keep(order_id, charge):
            return {"next": "already_paid"}
        if charge["status"] == "refunded" or charge.get("dispute"):
            # Refunded (from the dashboard) or disputed before the shop shipped: a person decides, nothing ships,
            # and the order leaves `paid`, so no later job ships it from the shop's own records either.
            db.execute(
                "UPDATE orders SET status = 'review' WHERE id = ? AND charge_id = ? AND status = 'paid'",
                (order_id, charge["id"]),
            )
            db.execute(
                "INSERT INTO payments_to_review (charge_id, order_id, reason) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (charge["id"], order_id, "refunded or disputed before it was fulfilled"),
            )
            return {"next": "review", "charge": charge["id"]}
        fulfil_once(db, order_id, ship)
        return {"next": "paid", "charge": charge["id"]}

    def record_or_keep(order_id: str, charge: Json) -> bool:
        """Records a charge that took money on its order. One the order cannot take, because another charge
        paid it (an old 3-D Secure tab finished after another card paid), is kept for a person to refund."""
        if record_payment(db, order_id, charge) or charge["status"] not in MONEY_TAKEN:
            return True
        db.execute(
            "INSERT INTO payments_to_review (charge_id, order_id, reason) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (charge["id"], order_id, "the order is already paid by another charge"),
        )
        return False

    def on_charge_succeeded(event: Json) -> None:
        order_id = (event["data"]["object"].get("metadata") or {}).get("order_id")
        if not order_id:
            return
        # The event is the charge as it was: read it as it is now (refunded since?) before anything ships.
        settle(order_id, zip_request("GET", f"/v2/charges/{event['data']['object']['id']}"))

    handlers: dict[str, Handler] = {"charge.succeeded": on_charge_succeeded}
    # endregion after-3ds

    return on_return, settle, handlers
