"""An e-wallet or QR Ph payment, charged once on source.chargeable or on the return to success_url.

The same flow as packages/integrations/node/ewallet-source.mjs: one charge per source, keyed by the source id;
on source_already_used, the charge that used the source (error.charge) is read before anything else.
"""
import uuid

from store import fulfil_once, record_payment
from zip_client import ZipError


def make_ewallet_shop(zip_request, db, ship, return_base="https://shop.example.com"):
    """The shop: a payment's start here, a source for the customer to approve, and what settles the source below."""

    def order_of(order_id):
        return db.execute("SELECT * FROM orders WHERE id = ?", (order_id,)).fetchone()

    charge_source, on_return, recover, handlers = make_ewallet_settlement(zip_request, db, ship, order_of)

    # region start-payment
    def start_payment(order_id, payment_type="gcash"):
        order = order_of(order_id)
        if order["status"] == "paid":
            return {"next": "already_paid"}
        if order["source_id"]:
            source = zip_request("GET", f"/v2/sources/{order['source_id']}")
            if source["status"] == "pending":
                return {"next": "redirect", "url": source["redirect"]["checkout_url"]}
            if source["status"] in ("chargeable", "consumed"):
                return charge_source(order_id, source["id"])
        source = zip_request(
            "POST",
            "/v2/sources",
            {
                "type": payment_type,
                "amount": order["amount"],
                "currency": "PHP",
                "redirect": {
                    "success_url": f"{return_base}/orders/{order_id}/return",
                    "failure_url": f"{return_base}/orders/{order_id}/failed",
                },
                "metadata": {"order_id": order_id},
            },
            idempotency_key=str(uuid.uuid4()),  # a source takes no money: a duplicate is left to expire
        )
        db.execute("UPDATE orders SET source_id = ? WHERE id = ?", (source["id"], order_id))
        return {"next": "redirect", "url": source["redirect"]["checkout_url"]}
    # endregion start-payment

    return {"start_payment": start_payment, "charge_source": charge_source, "on_return": on_return, "recover": recover, "handlers": handlers}


def make_ewallet_settlement(zip_request, db, ship, order_of):
    """Settles a source, whichever way it arrives: charged once, recorded and fulfilled once, or ended as expired or failed."""

    # region charge-source
    def charge_source(order_id, source_id):
        order = order_of(order_id)
        if order["status"] == "paid":
            return {"next": "already_paid"}
        if order["source_id"] != source_id:
            return {"next": "ignored"}  # an older source of this order: never charge two
        try:
            charge = zip_request(
                "POST",
                "/v2/charges",
                {"amount": order["amount"], "currency": "PHP", "source": source_id, "metadata": {"order_id": order_id}},
                idempotency_key=f"charge-{source_id}",  # a 409 is not stored: the key works once the source is chargeable
            )
        except ZipError as error:
            if error.code == "source_not_chargeable":
                return {"next": "wait_for_approval"}
            if error.code == "source_expired":
                # Approved but not charged in time: nothing was taken. Record it and answer 2xx; a retry cannot help.
                db.execute("UPDATE orders SET status = 'expired' WHERE id = ? AND status = 'open'", (order_id,))
                return {"next": "ask_for_new_source"}
            if error.code != "source_already_used":
                raise
            # Maybe by our own earlier attempt whose answer was lost: read that charge first.
            charge = zip_request("GET", f"/v2/charges/{error.error['charge']}")
            if charge.get("metadata", {}).get("order_id") != order_id:
                raise
        if charge["status"] == "failed":
            db.execute("UPDATE orders SET status = 'failed' WHERE id = ? AND status = 'open'", (order_id,))
            return {"next": "ask_for_new_source", "code": charge["failure_code"]}
        record_payment(db, order_id, charge)
        fulfil_once(db, order_id, ship)
        return {"next": "paid", "charge": charge["id"]}
    # endregion charge-source

    # region return-and-events
    def on_return(order_id):
        order = order_of(order_id)
        if order["status"] == "paid" or not order["source_id"]:
            return {"next": "already_paid" if order["status"] == "paid" else "start"}
        source = zip_request("GET", f"/v2/sources/{order['source_id']}")
        if source["status"] == "pending":
            return {"next": "wait_for_approval"}
        if source["status"] in ("chargeable", "consumed"):
            return charge_source(order_id, source["id"])
        return {"next": "ask_for_new_source"}

    def recover():
        for order in db.execute("SELECT * FROM orders WHERE status = 'open' AND source_id IS NOT NULL").fetchall():
            for charge in zip_request("GET", f"/v2/charges?source={order['source_id']}")["data"]:
                record_payment(db, order["id"], charge)
            fulfil_once(db, order["id"], ship)

    def on_charge_succeeded(event):
        charge = event["data"]["object"]
        order_id = charge.get("metadata", {}).get("order_id")
        if order_id:
            record_payment(db, order_id, charge)
            fulfil_once(db, order_id, ship)

    handlers = {
        "source.chargeable": lambda event: charge_source(
            event["data"]["object"]["metadata"]["order_id"], event["data"]["object"]["id"]
        ),
        "charge.succeeded": on_charge_succeeded,
    }
    # endregion return-and-events

    return charge_source, on_return, recover, handlers
