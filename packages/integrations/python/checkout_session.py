"""Checkout session fulfilment, as packages/integrations/node/checkout-session.mjs does it.

One session per order (its key and id stored), fulfilled from the `checkout_session.completed`
event or from the return to success_url, whichever comes first.
"""
import sqlite3
from typing import Callable, TypedDict

from store import Ship, fulfil_once, record_payment
from webhook_receiver import Handler
from zip_client import Json, ZipRequest


class CheckoutShop(TypedDict):
    checkout: Callable[[str], str]  # (order_id): the session's URL to send the customer to
    on_success_url: Callable[[str], bool]  # (order_id): True when this call fulfilled the order
    handlers: dict[str, Handler]


def make_checkout_shop(
    zip_request: ZipRequest, db: sqlite3.Connection, ship: Ship, return_base: str = "https://shop.example.com"
) -> CheckoutShop:
    def order_of(order_id: str) -> sqlite3.Row:
        return db.execute("SELECT * FROM orders WHERE id = ?", (order_id,)).fetchone()

    # region create-session
    def checkout(order_id: str) -> str:
        order = order_of(order_id)
        if order["session_id"]:
            return zip_request("GET", f"/v1/checkout/sessions/{order['session_id']}")["url"]
        session = zip_request(
            "POST",
            "/v1/checkout/sessions",
            {
                "line_items": [{"name": f"Order {order_id}", "amount": order["amount"], "quantity": 1}],
                "payment_method_types": ["card", "gcash"],
                "success_url": f"{return_base}/orders/{order_id}/done",
                "cancel_url": f"{return_base}/orders/{order_id}",
                "client_reference_id": order_id,
                "metadata": {"order_id": order_id},
            },
            idempotency_key=f"session-{order_id}",  # a double click gets the same session back
        )
        db.execute("UPDATE orders SET session_id = ? WHERE id = ? AND session_id IS NULL", (session["id"], order_id))
        return session["url"]
    # endregion create-session

    # region fulfil-session
    def fulfil_session(session: Json) -> bool:
        order_id = session.get("client_reference_id")
        if session.get("payment_status") != "paid" or not order_id:
            return False
        charge = zip_request("GET", f"/v2/charges/{session['charge']}")
        record_payment(db, order_id, charge)
        return fulfil_once(db, order_id, ship)

    def on_success_url(order_id: str) -> bool:
        """The customer is back at success_url, perhaps before the event: ask Zip, never trust the URL alone."""
        session_id = order_of(order_id)["session_id"]
        return fulfil_session(zip_request("GET", f"/v1/checkout/sessions/{session_id}"))

    handlers: dict[str, Handler] = {"checkout_session.completed": lambda event: fulfil_session(event["data"]["object"])}
    # endregion fulfil-session

    return {"checkout": checkout, "on_success_url": on_success_url, "handlers": handlers}
