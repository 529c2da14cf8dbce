"""A small Zip client: keys, idempotency and retries in one place.

Every POST carries an Idempotency-Key that the caller made and stored before the first attempt;
retries reuse it. 409, 429 and 5xx answers are not stored under the key, so a retry runs again.
"""
# region client
import os
import time
from typing import Any, Callable, Protocol

import requests

Json = dict[str, Any]


class ZipError(Exception):
    def __init__(self, status: int, error: Json) -> None:
        super().__init__(f"{status} {error.get('code')}: {error.get('message')} ({error.get('request_id')})")
        self.status = status
        self.code = error.get("code")
        self.error = error


class ZipUnknownOutcome(Exception):
    """No answer came back: the request may or may not have been carried out."""


class ZipRequest(Protocol):
    """What make_client returns: one call to the API, with the caller's stored Idempotency-Key on a POST."""

    def __call__(
        self, method: str, path: str, body: Json | None = None, idempotency_key: str | None = None, attempts: int = 4
    ) -> Json: ...


def make_client(api_url: str = "https://api.example.com", secret_key: str | None = None, retry_base: float = 0.25) -> ZipRequest:
    auth = (secret_key or os.environ["ZIP_SECRET_KEY"], "")

    def zip_request(
        method: str, path: str, body: Json | None = None, idempotency_key: str | None = None, attempts: int = 4
    ) -> Json:
        if method == "POST" and not idempotency_key:
            raise ValueError(f"POST {path} needs an Idempotency-Key made and stored before the call")
        headers = {"Idempotency-Key": idempotency_key} if method == "POST" else {}
        for attempt in range(1, attempts + 1):
            try:
                response = requests.request(method, api_url + path, auth=auth, headers=headers, json=body, timeout=30)
            except requests.RequestException as error:
                if attempt == attempts:
                    raise ZipUnknownOutcome(f"{method} {path}: no answer") from error
                time.sleep(retry_base * 2**attempt)
                continue
            data = response.json() if response.content else {}
            retryable = response.status_code == 429 or response.status_code >= 500 or (
                data.get("error", {}).get("code") == "idempotency_request_in_progress"
            )
            if retryable and attempt < attempts:
                time.sleep(float(response.headers.get("Retry-After") or retry_base * 2**attempt))
                continue
            if not response.ok:
                raise ZipError(response.status_code, data.get("error", {}))
            return data

    return zip_request
# endregion client


# Zip keeps an Idempotency-Key 24 hours. From an hour before (a margin for clocks and slow requests),
# a retry with a stored key first looks for what the earlier attempt did: the key may be forgotten.
LOOK_FIRST_AFTER_MS = (24 - 1) * 3_600_000


# region find-in-list
def find_in_list(zip_request: ZipRequest, path: str, match: Callable[[Json], bool]) -> Json | None:
    """Walks a list operation's pages, newest first, and returns the first object `match` accepts, or
    None: how a retry whose Idempotency-Key may have expired finds what an earlier attempt made."""
    separator = "&" if "?" in path else "?"
    cursor = ""
    while True:
        page = zip_request("GET", f"{path}{separator}limit=100{cursor}")
        found = next((item for item in page["data"] if match(item)), None)
        if found is not None or not page["has_more"] or not page["data"]:
            return found
        cursor = f"&starting_after={page['data'][-1]['id']}"
# endregion find-in-list
