"""One step of a Python reference integration, as a scenario drives it: one process per step, so a
crash between steps loses only what the database did not keep.

    python3 cli.py <database> <api_url> <step> [arguments…]

Steps: new-order, start-payment, on-return, recover, charge-source, receive (the event on stdin,
ZIP_SIGNATURE and ZIP_NOW in the environment), bill, and crash-after-charge (charges, then dies).
Prints the step's result as JSON; exits 1 when the step raised.
"""
import json
import os
import sys

from ewallet_source import make_ewallet_shop
from recurring_billing import make_recurring_billing
from store import open_store
from webhook_receiver import receive
from zip_client import make_client


def main():
    database, api_url, step, *arguments = sys.argv[1:]
    db = open_store(database)
    zip_request = make_client(api_url, os.environ["ZIP_SECRET_KEY"], retry_base=0.001)

    def ship(order_id):
        db.execute("INSERT INTO shipments (order_id) VALUES (?)", (order_id,))

    shop = make_ewallet_shop(zip_request, db, ship)
    now_ms = int(os.environ.get("ZIP_NOW", "0")) * 1000
    billing = make_recurring_billing(zip_request, db, now=lambda: now_ms)
    if step == "new-order":
        db.execute("INSERT INTO orders (id, amount) VALUES (?, ?)", (arguments[0], int(arguments[1])))
        result = {"ok": True}
    elif step == "start-payment":
        result = shop["start_payment"](arguments[0])
    elif step == "on-return":
        result = shop["on_return"](arguments[0])
    elif step == "recover":
        result = shop["recover"]()
    elif step == "crash-after-charge":
        order = db.execute("SELECT * FROM orders WHERE id = ?", (arguments[0],)).fetchone()
        zip_request("POST", "/v2/charges", {"amount": order["amount"], "currency": "PHP", "source": order["source_id"],
                                            "metadata": {"order_id": arguments[0]}}, idempotency_key=f"charge-{order['source_id']}")
        os._exit(3)  # the process dies before recording the charge
    elif step == "receive":
        result = receive(db, sys.stdin.read(), os.environ.get("ZIP_SIGNATURE"), os.environ["ZIP_WEBHOOK_SECRET"],
                         shop["handlers"], now=now_ms / 1000)
    elif step == "bill":
        subscription_id, period, customer, source, amount = arguments
        result = billing["bill_period"](subscription_id, period, customer, source, int(amount))
    else:
        raise SystemExit(f"unknown step {step}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
