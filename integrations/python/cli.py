"""One step of a Python reference integration, as a scenario drives it: one process per step, so a
crash between steps loses only what the database did not keep.

    python3 cli.py <database> <api_url> <step> [arguments…]

Steps, by flow:
  new-order <order> <amount>
  ewallet_source:     start-payment <order>, charge-source <order> <source>, on-return <order>, recover
  card_payment:       pay-with-card <order> <source>, after-3ds <order> <charge>
  checkout_session:   checkout <order>, on-success-url <order>
  refunds:            refund-return <return> <order> <amount>
  recurring_billing:  bill <subscription> <period> <customer> <source> <amount>
  payment_link:       create-order-link <order>, create-product-link <sku> [amount], cancel-link-order <order>, recover-links
  payment_request:    send-request <order> <name> <email>, remind <order> <number>, cancel-request-order <order>, recover-requests
  receive <flow>…     the event on stdin, its Zip-Signature in ZIP_SIGNATURE, handed to the named flows' handlers

ZIP_SECRET_KEY and ZIP_WEBHOOK_SECRET are the keys; ZIP_NOW is the test mode's clock in seconds. With
ZIP_CRASH_AFTER set to an operation ("POST /v2/charges"), the process dies (exit 3) as soon as that
call answers, before the step (or the event's handler) records anything. Prints the step's result as
JSON; exits 1 when the step raised.
"""
import inspect
import json
import os
import sys
from typing import Callable

from card_payment import make_card_shop
from checkout_session import make_checkout_shop
from ewallet_source import make_ewallet_shop
from payment_link import make_link_shop
from payment_request import make_request_shop
from recurring_billing import make_recurring_billing
from refunds import make_refunds
from store import open_store
from webhook_receiver import Handler, receive
from zip_client import Json, ZipRequest, make_client


def crash_after(operation: str | None, zip_request: ZipRequest) -> ZipRequest:
    """A client whose process dies right after `operation` answers: a crash between a call and its record."""
    if not operation:
        return zip_request

    def crashing(method: str, path: str, body: Json | None = None, idempotency_key: str | None = None, attempts: int = 4) -> Json:
        answer = zip_request(method, path, body, idempotency_key, attempts)
        if f"{method} {path}" == operation:
            os._exit(3)
        return answer

    return crashing


def main() -> None:
    if len(sys.argv) < 4:
        raise SystemExit("usage: python3 cli.py <database> <api_url> <step> [arguments…]")
    database, api_url, step, *arguments = sys.argv[1:]
    db = open_store(database)
    client = make_client(api_url, os.environ["ZIP_SECRET_KEY"], retry_base=0.001)
    zip_request = crash_after(os.environ.get("ZIP_CRASH_AFTER"), client)
    now_ms = int(os.environ.get("ZIP_NOW", "0")) * 1000

    def ship(order_id: str) -> None:
        db.execute("INSERT INTO shipments (order_id) VALUES (?)", (order_id,))

    ewallet = make_ewallet_shop(zip_request, db, ship)
    card = make_card_shop(zip_request, db, ship, now=lambda: now_ms)
    checkout = make_checkout_shop(zip_request, db, ship)
    refunds = make_refunds(zip_request, db, now=lambda: now_ms)
    billing = make_recurring_billing(zip_request, db, now=lambda: now_ms)
    link_shop = make_link_shop(zip_request, db, ship, now=lambda: now_ms)
    request_shop = make_request_shop(zip_request, db, ship, now=lambda: now_ms)
    handlers_of: dict[str, dict[str, Handler]] = {
        "ewallet_source": ewallet["handlers"],
        "card_payment": card["handlers"],
        "checkout_session": checkout["handlers"],
        "refunds": refunds["handlers"],
        "payment_link": link_shop["handlers"],
        "payment_request": request_shop["handlers"],
    }

    def new_order(order_id: str, amount: str) -> Json:
        db.execute("INSERT INTO orders (id, amount) VALUES (?, ?)", (order_id, int(amount)))
        return {"ok": True}

    def receive_event(*flows: str) -> int:
        handlers: dict[str, Handler] = {}
        for flow in flows:
            if flow not in handlers_of:
                raise SystemExit(f"cli.py receive: no flow {flow}; the flows with handlers are {', '.join(handlers_of)}")
            handlers.update(handlers_of[flow])
        return receive(db, sys.stdin.read(), os.environ.get("ZIP_SIGNATURE"), os.environ["ZIP_WEBHOOK_SECRET"], handlers, now=now_ms / 1000)

    steps: dict[str, Callable[..., object]] = {
        "new-order": new_order,
        "start-payment": ewallet["start_payment"],
        "charge-source": ewallet["charge_source"],
        "on-return": ewallet["on_return"],
        "recover": ewallet["recover"],
        "pay-with-card": card["pay_with_card"],
        "after-3ds": card["on_return"],
        "checkout": checkout["checkout"],
        "on-success-url": checkout["on_success_url"],
        "refund-return": lambda return_id, order_id, amount: refunds["refund_return"](return_id, order_id, int(amount)),
        "bill": lambda subscription_id, period, customer, source, amount: billing["bill_period"](
            subscription_id, period, customer, source, int(amount)
        ),
        "create-order-link": link_shop["create_order_link"],
        "create-product-link": lambda sku, amount=None: link_shop["create_product_link"](sku, None if amount is None else int(amount)),
        "cancel-link-order": link_shop["cancel_order"],
        "recover-links": link_shop["recover"],
        "send-request": lambda order_id, name, email: request_shop["send_request"](order_id, {"name": name, "email": email}),
        "remind": lambda order_id, number: request_shop["remind"](order_id, int(number)),
        "cancel-request-order": request_shop["cancel_order"],
        "recover-requests": request_shop["recover"],
        "receive": receive_event,
    }
    run = steps.get(step)
    if run is None:
        raise SystemExit(f"cli.py: no step {step}; the steps are {', '.join(steps)}")
    try:
        inspect.signature(run).bind(*arguments)
    except TypeError as error:
        raise SystemExit(f"cli.py {step} {' '.join(arguments)}: {error} (see the steps in cli.py's docstring)") from None
    print(json.dumps(run(*arguments)))


if __name__ == "__main__":
    main()
