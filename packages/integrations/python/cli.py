"""The steps of the Python reference integrations, as a scenario drives them: one request a line.

    python3 cli.py

Reads one JSON request a line on stdin and answers each with one JSON line on stdout:

    {"database": "shop.db", "api_url": "http://127.0.0.1:…", "step": "pay-with-card", "args": ["order-1", "src_…"],
     "now": <seconds>, "crash_after": "POST /v2/charges"}
    → {"result": …} or {"error": "<traceback>"} when the step raised

Every step opens its database afresh and makes its client and flows anew, so it starts from what the
SQLite file kept and nothing else, as a process of its own would; the process keeps only its imported
modules, which hold no state. With `crash_after` set to an operation, the process dies (exit 3) as
soon as that call answers, before the step (or the event's handler) records anything.

Steps, by flow:
  new-order <order> <amount>
  ewallet_source:     start-payment <order>, charge-source <order> <source>, on-return <order>, recover
  card_payment:       pay-with-card <order> <source>, after-3ds <order> <charge>
  checkout_session:   checkout <order>, on-success-url <order>
  refunds:            refund-return <return> <order> <amount>
  recurring_billing:  bill <subscription> <period> <customer> <source> <amount>
  payment_link:       create-order-link <order>, create-product-link <sku> [amount], cancel-link-order <order>, recover-links
  payment_request:    send-request <order> <name> <email>, remind <order> <number>, cancel-request-order <order>, recover-requests
  receive <flow>…     the event in "event", its Zip-Signature in "signature", handed to the named flows'
                      handlers; the result is the status the receiver answers

ZIP_SECRET_KEY and ZIP_WEBHOOK_SECRET are the keys; "now" is the test mode's clock in seconds.
"""
import inspect
import json
import os
import sqlite3
import sys
import traceback
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


def make_steps(db: sqlite3.Connection, zip_request: ZipRequest, now_ms: int, request: Json) -> dict[str, Callable[..., object]]:
    """The steps on this database, with flows made for this one request."""

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
                raise ValueError(f"cli.py receive: no flow {flow}; the flows with handlers are {', '.join(handlers_of)}")
            handlers.update(handlers_of[flow])
        secret = os.environ["ZIP_WEBHOOK_SECRET"]
        return receive(db, request.get("event", ""), request.get("signature"), secret, handlers, now=now_ms / 1000)

    return {
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


def run_step(request: Json) -> object:
    """Carries out one request on a fresh connection to its database; raises when the step did."""
    step, arguments = request["step"], [str(argument) for argument in request.get("args", [])]
    client = make_client(request["api_url"], os.environ["ZIP_SECRET_KEY"], retry_base=0.001)
    zip_request = crash_after(request.get("crash_after"), client)
    db = open_store(request["database"])
    try:
        steps = make_steps(db, zip_request, int(request.get("now", 0)) * 1000, request)
        run = steps.get(step)
        if run is None:
            raise ValueError(f"cli.py: no step {step}; the steps are {', '.join(steps)}")
        try:
            inspect.signature(run).bind(*arguments)
        except TypeError as error:
            raise ValueError(f"cli.py {step} {' '.join(arguments)}: {error} (see the steps in cli.py's docstring)") from None
        return run(*arguments)
    finally:
        db.close()


def main() -> None:
    if len(sys.argv) != 1:
        raise SystemExit("usage: python3 cli.py, then one JSON request a line on stdin (see its docstring)")
    # The answers go to the real stdout; anything a flow prints goes to stderr, so it cannot garble one.
    answers = sys.stdout
    sys.stdout = sys.stderr
    for line in sys.stdin:
        try:
            answer: Json = {"result": run_step(json.loads(line))}
        except Exception:  # the step raised: its traceback is the answer, and the next step runs as usual
            answer = {"error": traceback.format_exc()}
        answers.write(json.dumps(answer) + "\n")
        answers.flush()


if __name__ == "__main__":
    main()
