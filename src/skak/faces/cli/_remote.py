"""Talking to another skak's server (the registrar's, ``skak report --send`` and
``--status``) over HTTP with an API token: its answers turned into skak's errors, so the
exit codes are README's — 3 the server could not use what was sent (400, 422, with the
server's words), 4 not found, 5 a conflict, 8 no token, an unknown one or roles that do not
allow it (401, 403), 9 the server did not answer or is busy (try again), 1 anything else."""

from __future__ import annotations

import json
from typing import Any

from skak.errors import (
    InputError,
    NotFoundError,
    PermissionDenied,
    ServerUnreachableError,
    SkakError,
    StateError,
)
from skak.messages import N_

__all__ = ["REPORTS_PATH", "reports_url", "request_json"]

#: The registrar's queue on a skak server.
REPORTS_PATH = "/api/v1/reports"
#: Seconds to wait for the server's answer.
TIMEOUT = 30.0


def reports_url(url: str) -> str:
    """The queue's address on the server at ``url`` (its address, or the queue's, or a
    report's own, which is kept).

    :raises InputError: for an address that is no http(s) address."""
    text = url.strip().rstrip("/")
    if not text.startswith(("http://", "https://")) or len(text.split("://", 1)[1]) == 0:
        raise InputError(
            N_("{url} is no server address: write http://HOST:PORT or https://HOST", url=repr(url))
        )
    if REPORTS_PATH in text:
        return text
    return text + REPORTS_PATH


def request_json(
    method: str, url: str, token: str | None, body: Any | None = None
) -> tuple[int, Any]:
    """``method`` on ``url`` with ``token``, the JSON ``body`` sent; :returns: the status
    and the JSON answer.

    :raises SkakError: by the answer's status (see the module), with the server's words.
    """
    import httpx

    if not token:
        raise PermissionDenied(
            N_(
                "an API token is needed: --token TOKEN or $SKAK_TOKEN (the server's "
                "'skak user token NAME' makes one)"
            )
        )
    headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
    content = None
    if body is not None:
        content = json.dumps(body, ensure_ascii=False).encode("utf-8")
        headers["Content-Type"] = "application/json"
    from skak.faces.i18n import current

    try:
        answer = httpx.request(
            method,
            url,
            params={"lang": current()},  # the server's words in the command's language
            headers=headers,
            content=content,
            timeout=TIMEOUT,
        )
    except httpx.TimeoutException:
        raise ServerUnreachableError(
            N_("the server {url} did not answer within {seconds} s; try again",
               url=url, seconds=int(TIMEOUT)),
            location=url,
        ) from None  # fmt: skip
    except httpx.HTTPError as err:
        raise ServerUnreachableError(
            N_("the server {url} cannot be reached ({error}); try again", url=url, error=str(err)),
            location=url,
        ) from None
    try:
        data = answer.json()
    except ValueError:
        data = None
    if answer.is_success:
        if data is None:
            raise SkakError(
                N_("the server {url} answered with no JSON: is it a skak server?", url=url)
            )
        return answer.status_code, data
    said = data.get("error") if isinstance(data, dict) else None
    words = str(said) if said else answer.reason_phrase or str(answer.status_code)
    status = answer.status_code
    message = N_("the server refused it ({status}): {words}", status=status, words=words)
    if status in (401, 403):
        raise PermissionDenied(message)
    if status in (400, 422):
        raise InputError(message)
    if status == 404:
        raise NotFoundError(message)
    if status == 409:
        raise StateError(message)
    if status in (502, 503, 504):
        raise ServerUnreachableError(message, location=url)
    raise SkakError(message)
