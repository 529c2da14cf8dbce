"""Monthly billing of a saved card, as packages/integrations/node/recurring-billing.mjs does it.

Each period gets one row with an Idempotency-Key stored before the first attempt. A run that finds
the period unpaid retries with that key while Zip remembers it; once the key may have expired, it
first looks for the period's charge by its metadata, and charges with a new key only if there is none.
"""
import time
import uuid
from urllib.parse import urlencode

from zip_client import LOOK_FIRST_AFTER_MS, ZipError, ZipUnknownOutcome


def make_recurring_billing(zip_request, db, now=lambda: int(time.time() * 1000)):
    # region bill-period
    def bill_period(subscription_id, period, customer, source, amount):
        db.execute(
            "INSERT INTO billing_periods (subscription_id, period, customer, source, amount, charge_key, key_made_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (subscription_id, period, customer, source, amount, str(uuid.uuid4()), now()),
        )
        row = db.execute("SELECT * FROM billing_periods WHERE subscription_id = ? AND period = ?", (subscription_id, period)).fetchone()
        if row["status"] != "due":
            return row["status"]

        if now() - row["key_made_at"] >= LOOK_FIRST_AFTER_MS:
            # The key may be forgotten: a retry with it would charge again. Find the earlier attempt's charge.
            query = urlencode({"customer": customer, "metadata[subscription_id]": subscription_id, "metadata[period]": period, "limit": 100})
            taken = [c for c in zip_request("GET", f"/v2/charges?{query}")["data"] if c["status"] in ("succeeded", "partially_refunded", "refunded")]
            if taken:
                return mark_paid(subscription_id, period, taken[0])
            # Replace only the old key: of two jobs at once, the one that loses uses the winner's key, so Zip charges once.
            db.execute(
                "UPDATE billing_periods SET charge_key = ?, key_made_at = ? WHERE subscription_id = ? AND period = ? AND charge_key = ?",
                (str(uuid.uuid4()), now(), subscription_id, period, row["charge_key"]),
            )
            row = db.execute("SELECT * FROM billing_periods WHERE subscription_id = ? AND period = ?", (subscription_id, period)).fetchone()

        try:
            charge = zip_request(
                "POST",
                "/v2/charges",
                {
                    "amount": amount,
                    "currency": "PHP",
                    "customer": customer,
                    "source": source,
                    "description": f"Subscription {period}",
                    "metadata": {"subscription_id": subscription_id, "period": period},
                },
                idempotency_key=row["charge_key"],
            )
        except ZipUnknownOutcome:
            return "due"  # unknown: the next run retries with the key, or looks first
        except ZipError as error:
            if error.status >= 500:
                return "due"
            raise
        if charge["status"] == "failed":
            db.execute("UPDATE billing_periods SET status = 'failed' WHERE subscription_id = ? AND period = ?", (subscription_id, period))
            return "failed"
        return mark_paid(subscription_id, period, charge)

    def mark_paid(subscription_id, period, charge):
        db.execute(
            "UPDATE billing_periods SET status = 'paid', charge_id = ? WHERE subscription_id = ? AND period = ? AND status = 'due'",
            (charge["id"], subscription_id, period),
        )
        return "paid"
    # endregion bill-period

    return {"bill_period": bill_period}
