"""Payment links, as packages/integrations/node/payment-link.mjs does them.

An order gets one single-use link, so the link itself cannot be paid twice; it is made once (its
Idempotency-Key stored before the call, and the earlier link looked for once the key may have
expired) and fulfilled from `payment_link.paid` or `charge.succeeded`, whichever arrives first, by
reading the charge the link took. A product link is reusable: each payment through it is an order of
its own, keyed by its charge, so every payment is recorded once. A link made for an order by hand is
found by its metadata; if the order is paid already, its payment is kept in payments_to_review for a
person to refund, never dropped.
"""
import sqlite3
import time
import uuid
from datetime import datetime, timezone
from typing import Callable, Sequence, TypedDict
from urllib.parse import quote

from store import Ship, fulfil_once, record_payment
from webhook_receiver import Handler
from zip_client import LOOK_FIRST_AFTER_MS, Json, ZipRequest, find_in_list

MONEY_TAKEN = ("succeeded", "partially_refunded", "refunded")

OrderOf = Callable[[str], sqlite3.Row]


class LinkShop(TypedDict):
    create_order_link: Callable[[str], Json]  # (order_id): {"next": "share", "url": …}
    create_product_link: Callable[[str, int | None], str]  # (sku, amount, None for what the customer types): the link's id
    cancel_order: Callable[[str], str]  # (order_id): "cancelled", or "already_paid" when a payment came first
    recover: Callable[[], None]
    handlers: dict[str, Handler]


def make_link_maker(
    zip_request: ZipRequest, db: sqlite3.Connection, now: Callable[[], int], methods: Sequence[str], order_of: OrderOf
) -> tuple[Callable[[str], Json], Callable[[str, int | None], str], Callable[[sqlite3.Row], Json | None]]:
    """Makes the links: an order's single-use link, once, and a product's reusable one."""

    # region create-order-link
    def create_order_link(order_id: str) -> Json:
        """The order's single-use link: made once, however often the customer asks and whatever answers are lost."""
        order = order_of(order_id)
        if order["status"] != "open":
            return {"next": order["status"]}
        if order["link_id"]:
            return {"next": "share", "url": zip_request("GET", f"/v1/links/{order['link_id']}")["url"]}
        db.execute(
            "UPDATE orders SET link_key = ?, link_key_made_at = ? WHERE id = ? AND link_key IS NULL", (str(uuid.uuid4()), now(), order_id)
        )
        order = order_of(order_id)
        if now() - order["link_key_made_at"] >= LOOK_FIRST_AFTER_MS:
            # The key may be forgotten: a retry with it would make a second link the customer could also pay.
            earlier = earlier_link(order)
            if earlier:
                return save_link(order_id, earlier)
            # Replace only the old key: of two requests at once, the one that loses uses the winner's key, so Zip makes one link.
            db.execute(
                "UPDATE orders SET link_key = ?, link_key_made_at = ? WHERE id = ? AND link_key = ?",
                (str(uuid.uuid4()), now(), order_id, order["link_key"]),
            )
            order = order_of(order_id)
        link = zip_request(
            "POST",
            "/v1/links",
            {
                "amount": order["amount"],
                "currency": "PHP",
                "description": f"Order {order_id}",
                "usage": "single_use",  # one payment, then inactive for good
                "payment_method_types": list(methods),
                "metadata": {"order_id": order_id},
            },
            idempotency_key=order["link_key"],
        )
        return save_link(order_id, link)

    def save_link(order_id: str, link: Json) -> Json:
        db.execute("UPDATE orders SET link_id = ? WHERE id = ? AND link_id IS NULL", (link["id"], order_id))
        return {"next": "share", "url": link["url"]}

    def earlier_link(order: sqlite3.Row) -> Json | None:
        """A link an earlier attempt made for the order, whose answer was lost: created at or after its key (one-second timestamps)."""
        since = datetime.fromtimestamp((order["link_key_made_at"] - 60_000) / 1000, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        return find_in_list(
            zip_request, f"/v1/links?created_gte={quote(since)}", lambda link: (link.get("metadata") or {}).get("order_id") == order["id"]
        )
    # endregion create-order-link

    # region create-product-link
    def create_product_link(sku: str, amount: int | None = None) -> str:
        """A reusable link that sells one product, at a fixed price or the amount the customer types (None)."""
        known = db.execute("SELECT link_id FROM product_links WHERE sku = ?", (sku,)).fetchone()
        if known:
            return known["link_id"]
        link = zip_request(
            "POST",
            "/v1/links",
            {
                "amount": amount,
                "currency": "PHP",
                "description": f"Product {sku}",
                "payment_method_types": list(methods),
                "metadata": {"sku": sku},
            },
            idempotency_key=f"product-link-{sku}",
        )
        db.execute("INSERT INTO product_links (link_id, sku) VALUES (?, ?) ON CONFLICT DO NOTHING", (link["id"], sku))
        return link["id"]
    # endregion create-product-link

    return create_order_link, create_product_link, earlier_link


def make_link_payments(
    zip_request: ZipRequest, db: sqlite3.Connection, ship: Ship, order_of: OrderOf
) -> tuple[Callable[[str], None], Callable[[Json], None], dict[str, Handler]]:
    """Records and fulfils the payments through the links, from either event, the cancel or the recovery job."""

    # region fulfil-link-payment
    def on_link_payment(charge_id: str) -> None:
        """A payment through a link, from either event: the charge, read as it is now, is recorded and fulfilled once."""
        record_link_charge(zip_request("GET", f"/v2/charges/{charge_id}"))

    def record_link_charge(charge: Json) -> None:
        if not charge.get("payment_link") or charge["status"] not in MONEY_TAKEN:
            return
        product = db.execute("SELECT sku FROM product_links WHERE link_id = ?", (charge["payment_link"],)).fetchone()
        if product:
            # A reusable link is paid by anyone, any number of times: each payment is its own order.
            order_id = f"link-{charge['id']}"
            db.execute("INSERT INTO orders (id, amount) VALUES (?, ?) ON CONFLICT DO NOTHING", (order_id, charge["amount"]))
            record_payment(db, order_id, charge)
            fulfil_once(db, order_id, ship)
            return
        order = order_of_link(charge["payment_link"])
        if order is None:
            return  # not a link of this shop
        if charge["amount"] == order["amount"] and charge["currency"] == "PHP":
            record_payment(db, order["id"], charge)
        else:
            # The link was changed by hand: keep the payment on the order, and let a person decide before shipping.
            db.execute("UPDATE orders SET status = 'review', charge_id = ? WHERE id = ? AND charge_id IS NULL", (charge["id"], order["id"]))
        if order_of(order["id"])["charge_id"] != charge["id"]:
            # Paid already by another charge, through another link made for the order: the customer paid
            # twice. Keep this payment for a person to refund, rather than drop it.
            db.execute(
                "INSERT INTO payments_to_review (charge_id, order_id, reason) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (charge["id"], order["id"], "the order is already paid by another charge"),
            )
            return
        fulfil_once(db, order["id"], ship)

    def order_of_link(link_id: str) -> sqlite3.Row | None:
        """The order a link was made for: the one that stores it, or else the one its metadata names (a link
        whose create answer was lost, stored here; or another link made for the order by hand)."""
        order = db.execute("SELECT * FROM orders WHERE link_id = ?", (link_id,)).fetchone()
        if order:
            return order
        link = zip_request("GET", f"/v1/links/{link_id}")
        order_id = (link.get("metadata") or {}).get("order_id")
        if not order_id:
            return None
        db.execute("UPDATE orders SET link_id = ? WHERE id = ? AND link_id IS NULL", (link_id, order_id))
        return order_of(order_id)

    def on_charge_succeeded(event: Json) -> None:
        charge = event["data"]["object"]
        if charge.get("payment_link"):
            on_link_payment(charge["id"])

    handlers: dict[str, Handler] = {
        "payment_link.paid": lambda event: on_link_payment(event["data"]["object"]["last_charge"]),
        "charge.succeeded": on_charge_succeeded,
    }
    # endregion fulfil-link-payment

    return on_link_payment, record_link_charge, handlers


def make_link_shop(
    zip_request: ZipRequest,
    db: sqlite3.Connection,
    ship: Ship,
    now: Callable[[], int] = lambda: int(time.time() * 1000),
    methods: Sequence[str] = ("card", "gcash", "maya"),
) -> LinkShop:
    """The shop: the links and their payments on one database, and what needs both, cancelling an order and the recovery job."""

    def order_of(order_id: str) -> sqlite3.Row:
        return db.execute("SELECT * FROM orders WHERE id = ?", (order_id,)).fetchone()

    create_order_link, create_product_link, earlier_link = make_link_maker(zip_request, db, now, methods, order_of)
    on_link_payment, record_link_charge, handlers = make_link_payments(zip_request, db, ship, order_of)

    # region cancel-order
    def cancel_order(order_id: str) -> str:
        """The order is cancelled: switch its link off, then believe what the link says; a payment that came first is fulfilled."""
        order = order_of(order_id)
        if order["status"] == "paid":
            return "already_paid"
        link_id = order["link_id"]
        if not link_id and order["link_key"]:
            earlier = earlier_link(order)
            link_id = earlier["id"] if earlier else None
        if link_id:
            link = zip_request("PUT", f"/v1/links/{link_id}", {"status": "inactive"})  # the same answer when sent again
            if link["payments_count"] > 0:
                on_link_payment(link["last_charge"])
                return "already_paid"
        db.execute("UPDATE orders SET status = 'cancelled' WHERE id = ? AND status = 'open'", (order_id,))
        return "cancelled"
    # endregion cancel-order

    def recover() -> None:
        """A recovery job for a crash between a payment and its record: the payments of every open order's link and of every product link."""
        links = db.execute(
            "SELECT link_id FROM orders WHERE status = 'open' AND link_id IS NOT NULL UNION ALL SELECT link_id FROM product_links"
        ).fetchall()
        for (link_id,) in links:
            for charge in charges_of_link(link_id):
                record_link_charge(charge)

    def charges_of_link(link_id: str) -> list[Json]:
        charges: list[Json] = []

        def keep(charge: Json) -> bool:
            charges.append(charge)
            return False  # never a match, so every page is read

        find_in_list(zip_request, f"/v2/charges?payment_link={link_id}", keep)
        return charges

    return {
        "create_order_link": create_order_link,
        "create_product_link": create_product_link,
        "cancel_order": cancel_order,
        "recover": recover,
        "handlers": handlers,
    }
