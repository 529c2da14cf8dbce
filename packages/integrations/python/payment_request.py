"""Payment requests for invoices, as packages/integrations/node/payment-request.mjs does them.

An order gets one request, made once: its Idempotency-Key is stored before the call, and once the key
may have expired the earlier request is looked for first, since a second request is a second bill the
customer could pay. It is fulfilled from `payment_request.paid` (or the request's `charge.succeeded`)
by reading the request and its charge as they are now. Cancelling voids the request first and
believes Zip's answer: a request the customer has already paid is fulfilled, not cancelled.
"""
import sqlite3
import time
import uuid
from datetime import datetime, timezone
from typing import Callable, Sequence, TypedDict
from urllib.parse import quote

from store import Ship, fulfil_once, record_payment
from webhook_receiver import Handler
from zip_client import LOOK_FIRST_AFTER_MS, Json, ZipError, ZipRequest, find_in_list

OrderOf = Callable[[str], sqlite3.Row]


class RequestShop(TypedDict):
    send_request: Callable[[str, Json], Json]  # (order_id, {"name", "email"}): {"next": "sent", "request": …}
    remind: Callable[[str, int], str]  # (order_id, number): "sent", or the code that stopped it
    cancel_order: Callable[[str], str]  # (order_id): "cancelled", or "already_paid" when a payment came first
    recover: Callable[[], None]
    handlers: dict[str, Handler]


def make_request_sender(
    zip_request: ZipRequest, db: sqlite3.Connection, now: Callable[[], int], methods: Sequence[str], order_of: OrderOf
) -> tuple[Callable[[str, Json], Json], Callable[[str, int], str], Callable[[sqlite3.Row], Json | None]]:
    """Sends the requests: an order's request, once, and its reminders."""

    # region send-request
    def send_request(order_id: str, customer: Json) -> Json:
        """Sends the order's request once, to `customer` ({"name", "email"}); safe to run again at any time."""
        order = order_of(order_id)
        if order["status"] != "open":
            return {"next": order["status"]}
        if order["request_id"]:
            return {"next": "sent", "request": zip_request("GET", f"/v1/requests/{order['request_id']}")}
        db.execute(
            "UPDATE orders SET request_key = ?, request_key_made_at = ? WHERE id = ? AND request_key IS NULL",
            (str(uuid.uuid4()), now(), order_id),
        )
        order = order_of(order_id)
        if now() - order["request_key_made_at"] >= LOOK_FIRST_AFTER_MS:
            # The key may be forgotten: a retry with it would bill the customer a second time.
            earlier = earlier_request(order)
            if earlier:
                return save_request(order_id, earlier)
            # Replace only the old key: of two requests at once, the one that loses uses the winner's key, so Zip bills once.
            db.execute(
                "UPDATE orders SET request_key = ?, request_key_made_at = ? WHERE id = ? AND request_key = ?",
                (str(uuid.uuid4()), now(), order_id, order["request_key"]),
            )
            order = order_of(order_id)
        request = zip_request(
            "POST",
            "/v1/requests",
            {
                "amount": order["amount"],
                "currency": "PHP",
                "description": f"Invoice for order {order_id}",
                "customer": customer,
                "payment_method_types": list(methods),
                "metadata": {"order_id": order_id},
            },
            idempotency_key=order["request_key"],
        )
        return save_request(order_id, request)

    def save_request(order_id: str, request: Json) -> Json:
        db.execute("UPDATE orders SET request_id = ? WHERE id = ? AND request_id IS NULL", (request["id"], order_id))
        return {"next": "sent", "request": request}

    def earlier_request(order: sqlite3.Row) -> Json | None:
        """A request an earlier attempt made for the order, whose answer was lost: created at or after its key (one-second timestamps)."""
        since = datetime.fromtimestamp((order["request_key_made_at"] - 60_000) / 1000, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        return find_in_list(
            zip_request,
            f"/v1/requests?created_gte={quote(since)}",
            lambda request: (request.get("metadata") or {}).get("order_id") == order["id"],
        )
    # endregion send-request

    # region remind
    def remind(order_id: str, number: int) -> str:
        """Reminder `number` of the order's request: numbered in its key, so a retried job sends it once."""
        request_id = order_of(order_id)["request_id"]
        try:
            zip_request("POST", f"/v1/requests/{request_id}/resend", {}, idempotency_key=f"remind-{request_id}-{number}")
            return "sent"
        except ZipError as error:
            if error.code in ("resend_limit_reached", "request_not_open"):
                return error.code
            raise
    # endregion remind

    return send_request, remind, earlier_request


def make_request_payments(
    zip_request: ZipRequest, db: sqlite3.Connection, ship: Ship, order_of: OrderOf
) -> tuple[Callable[[str], None], dict[str, Handler]]:
    """Records and fulfils what is paid through the requests, from either event, the cancel or the recovery job."""

    # region fulfil-request
    def on_request_paid(request_id: str) -> None:
        """The request is paid, says an event: read the request and its charge as they are now, then record and fulfil once."""
        request = zip_request("GET", f"/v1/requests/{request_id}")
        if request["status"] != "paid":
            return
        order_id = (request.get("metadata") or {}).get("order_id")
        if not order_id:
            return  # not a request of this shop
        # A request whose create answer was lost is taken up here, by its metadata.
        db.execute("UPDATE orders SET request_id = ? WHERE id = ? AND request_id IS NULL", (request["id"], order_id))
        order = db.execute("SELECT * FROM orders WHERE request_id = ?", (request["id"],)).fetchone()
        charge = zip_request("GET", f"/v2/charges/{request['charge']}")
        if order is None:
            if order_of(order_id) is None:
                return  # no such order in this shop
            # Paid through another request made for the order (by hand): keep the payment for a person to
            # refund, rather than fail the event for good or drop it.
            db.execute(
                "INSERT INTO payments_to_review (charge_id, order_id, reason) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (charge["id"], order_id, "the order is billed by another request"),
            )
            return
        if charge["amount"] != order["amount"] or charge["currency"] != "PHP":
            db.execute("UPDATE orders SET status = 'review', charge_id = ? WHERE id = ? AND charge_id IS NULL", (charge["id"], order["id"]))
            return  # a person decides before anything ships
        record_payment(db, order["id"], charge)
        fulfil_once(db, order["id"], ship)

    def on_charge_succeeded(event: Json) -> None:
        request_id = event["data"]["object"].get("payment_request")
        if request_id:
            on_request_paid(request_id)

    handlers: dict[str, Handler] = {
        "payment_request.paid": lambda event: on_request_paid(event["data"]["object"]["id"]),
        "charge.succeeded": on_charge_succeeded,
    }
    # endregion fulfil-request

    return on_request_paid, handlers


def make_request_shop(
    zip_request: ZipRequest,
    db: sqlite3.Connection,
    ship: Ship,
    now: Callable[[], int] = lambda: int(time.time() * 1000),
    methods: Sequence[str] = ("card", "gcash", "maya", "bpi", "unionbank"),
) -> RequestShop:
    """The shop: the requests and their payments on one database, and what needs both, cancelling an order and the recovery job."""

    def order_of(order_id: str) -> sqlite3.Row:
        return db.execute("SELECT * FROM orders WHERE id = ?", (order_id,)).fetchone()

    send_request, remind, earlier_request = make_request_sender(zip_request, db, now, methods, order_of)
    on_request_paid, handlers = make_request_payments(zip_request, db, ship, order_of)

    # region cancel-order
    def cancel_order(order_id: str) -> str:
        """The order is cancelled: void its request first; one that is already paid is fulfilled instead."""
        order = order_of(order_id)
        if order["status"] == "paid":
            return "already_paid"
        request_id = order["request_id"]
        if not request_id and order["request_key"]:
            earlier = earlier_request(order)
            request_id = earlier["id"] if earlier else None
        if request_id:
            try:
                zip_request(
                    "POST", f"/v1/requests/{request_id}/void", {"reason": f"Order {order_id} cancelled."}, idempotency_key=f"void-{request_id}"
                )
            except ZipError as error:
                if error.code != "request_not_open":
                    raise
                # Paid, voided or expired already: only a paid one changes what happens to the order.
                if zip_request("GET", f"/v1/requests/{request_id}")["status"] == "paid":
                    on_request_paid(request_id)
                    return "already_paid"
        db.execute("UPDATE orders SET status = 'cancelled' WHERE id = ? AND status = 'open'", (order_id,))
        return "cancelled"
    # endregion cancel-order

    def recover() -> None:
        """A recovery job for a crash between a payment and its record: every open order's request, read again."""
        for (request_id,) in db.execute("SELECT request_id FROM orders WHERE status = 'open' AND request_id IS NOT NULL").fetchall():
            on_request_paid(request_id)

    return {"send_request": send_request, "remind": remind, "cancel_order": cancel_order, "recover": recover, "handlers": handlers}
