"""What every request and answer passes first: a bound on the request's body, and the
headers that keep the pages out of other sites' frames.

A form is a few kilobytes; only the uploads (a TRF file, a CSV player list, a rating report
on its page or to ``POST /api/v1/reports``, DSU's rating list and FIDE's on the registrar's
page) may send more, up to :data:`MAX_UPLOAD`. A
body over its bound is refused with 413 before the application reads it — by its
``Content-Length``, or, for a body sent in chunks, as soon as more has arrived than the
bound — so no visitor can make the server parse or store a large body, logged in or not. A
pure ASGI middleware: it adds no thread and no copy of the body.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse

from skak.faces.web._render import gettext_for, language

__all__ = ["FORM_LIMIT", "MAX_UPLOAD", "Guard"]

#: The largest file an arbiter may upload (a TRF of a 1 000-player open is under 1 MB).
MAX_UPLOAD = 8 * 1024 * 1024
#: The largest body of any other request (a form).
FORM_LIMIT = 64 * 1024
#: The routes that take an uploaded file.
_UPLOADS = re.compile(
    r"^/(arbiter/(import|t/\d+/players/import)|api/v1/reports|reports/upload"
    r"|registrar/(import|align))$"
)
#: Sent with every answer: no framing by other sites, no guessing of content types.
_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Guard:
    """The bound on bodies and the framing headers (see the module)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = MAX_UPLOAD if _UPLOADS.match(scope.get("path", "")) else FORM_LIMIT
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *_HEADERS]
            await send(message)

        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await self._refuse(scope, receive, send_with_headers, limit)
                return
        received = 0
        too_large = refused = False

        async def counted() -> Message:
            """The body as it comes; past the bound, the app is told the client left (and
            whatever it answers is replaced by the refusal)."""
            nonlocal received, too_large
            if too_large:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    too_large = True
                    return {"type": "http.disconnect"}
            return message

        async def answer(message: Message) -> None:
            nonlocal refused
            if not too_large:
                await send_with_headers(message)
            elif not refused and message["type"] == "http.response.start":
                refused = True
                await self._refuse(scope, receive, send_with_headers, limit)

        try:
            await self.app(scope, counted, answer)
        except Exception:
            if not too_large:
                raise
        if too_large and not refused and not started:
            await self._refuse(scope, receive, send_with_headers, limit)

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        _ = gettext_for(language(Request(scope)))
        text = _("The request is too large: at most {size} KB; nothing was changed.")
        answer = PlainTextResponse(text.format(size=limit // 1024), status_code=413)
        await answer(scope, receive, send)
