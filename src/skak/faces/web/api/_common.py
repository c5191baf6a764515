"""What every route of the HTTP API shares: the account a token names, the JSON answers and
refusals, and how each is described in the OpenAPI document.

**Who.** A command needs ``Authorization: Bearer TOKEN`` (``skak user token NAME``): the
token's account is the actor, and its roles are checked in the API (the web's database is
guarded, :meth:`skak.api.Skak.guarded`) exactly as for a login. Without a token, or with an
unknown or revoked one, a command is refused with 401 before anything is read or written. A
login's session cookie counts for nothing here: a browser sends its cookie to any site's
form by itself, and the API takes no CSRF token, so an API command made with a cookie alone
could be forged. Reading needs no token, as the public pages need no login.

**Answers.** A view is answered as the CLI's ``--json`` writes it (:func:`skak.views.to_json`,
the one codec); a refusal as ``{"error": TEXT, "code": WORD}`` with the status README's
table gives the error's kind, the text in the request's language (``?lang=``, else the
language cookie, else Danish), as the pages and the CLI say it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import Depends, Request
from pydantic import BaseModel, ConfigDict
from starlette.responses import JSONResponse

from skak.errors import SkakError
from skak.faces.web._render import RETRY_AFTER, error_message, gettext_for, language, status_of
from skak.faces.web.auth import token_user
from skak.views import json_schema, to_json

__all__ = [
    "API_PREFIX",
    "ERRORS",
    "READ_ERRORS",
    "AccountDep",
    "ApiError",
    "Body",
    "TokenRefused",
    "answer",
    "described",
    "error_code",
    "http_refusal",
    "invalid_refusal",
    "is_api",
    "refusal",
    "skak_refusal",
    "token_account",
    "token_refusal",
    "view_answer",
]

#: Where the API's routes live.
API_PREFIX = "/api/v1"


def is_api(request: Request) -> bool:
    """Whether ``request`` is one of the API's (its refusals are JSON, not pages)."""
    path = request.url.path
    return path == API_PREFIX or path.startswith(API_PREFIX + "/")


class ApiError(BaseModel):
    """A refusal: what is wrong, in the request's language, and its kind as a word."""

    error: str
    code: str


class Body(BaseModel):
    """A command's JSON body: a field the command does not know is refused (400), so that
    a typo is never silently ignored."""

    model_config = ConfigDict(extra="forbid")


class TokenRefused(Exception):
    """A command without a token, or with one that is unknown or revoked (401)."""

    def __init__(self, sent: bool) -> None:
        super().__init__("token refused" if sent else "no token")
        self.sent = sent


#: The word of each status the API answers with (the ``code`` of a refusal).
_CODES = {
    400: "bad_input",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    422: "no_valid_pairing",
    500: "storage_error",
    503: "busy",
}


def error_code(status: int) -> str:
    """The word for a refusal of ``status`` (``conflict`` for 409)."""
    return _CODES.get(status, "error")


def refusal(status: int, text: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """A refusal as JSON: ``{"error": text, "code": word}``; 503 asks to retry later."""
    extra = dict(headers or {})
    if status == 503:
        extra["Retry-After"] = str(RETRY_AFTER)
    body = {"error": text, "code": error_code(status)}
    return JSONResponse(body, status_code=status, headers=extra or None)


def skak_refusal(request: Request, err: SkakError) -> JSONResponse:
    """One of skak's errors as the API's refusal, by README's table of statuses."""
    return refusal(status_of(err), error_message(request, err))


def http_refusal(
    request: Request, status: int, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """FastAPI's own refusals (no such route, a method a route does not take) as JSON."""
    _ = gettext_for(language(request))
    if status == 404:
        text = _("There is no such route in the API.")
    elif status == 405:
        text = _("This route does not take the method {method}.").format(method=request.method)
    else:
        text = _("The request cannot be answered ({status}).").format(status=status)
    return refusal(status, text, headers)


def invalid_refusal(request: Request, fields: str) -> JSONResponse:
    """A value in the address or the body that does not fit (``fields`` names them), 400;
    but a command without a valid token is refused for that first (401), whatever its body
    (FastAPI reads the body before it asks for the token)."""
    if request.method not in ("GET", "HEAD") and token_user(request) is None:
        sent = bool(request.headers.get("Authorization", "").strip())
        return token_refusal(request, TokenRefused(sent=sent))
    _ = gettext_for(language(request))
    text = _("A value in the address or the body cannot be used: {fields}.")
    return refusal(400, text.format(fields=fields))


def token_refusal(request: Request, err: TokenRefused) -> JSONResponse:
    _ = gettext_for(language(request))
    text = (
        _("The API token is unknown or revoked; nothing was changed.")
        if err.sent
        else _(
            "This needs an API token: send 'Authorization: Bearer TOKEN' (skak user token "
            "NAME); nothing was changed."
        )
    )
    return refusal(401, text, {"WWW-Authenticate": "Bearer"})


def token_account(request: Request) -> str:
    """The account whose token the request carries: the actor of a command.

    :raises TokenRefused: without a token, or for one unknown or revoked (a session
        cookie does not count, see the module).
    """
    name = token_user(request)
    if name is None:
        raise TokenRefused(sent=bool(request.headers.get("Authorization", "").strip()))
    return name


#: The token's account, for a command's parameters.
AccountDep = Annotated[str, Depends(token_account)]


def answer(data: Any, status: int = 200, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """JSON-ready ``data`` as the answer (UTF-8, the letters as they are)."""
    return JSONResponse(data, status_code=status, headers=dict(headers) if headers else None)


def view_answer(
    view: object, status: int = 200, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """A view (or a list of views) as ``--json`` writes it."""
    return answer(to_json(view), status, headers)


def described(description: str, shape: Any, status: int = 200) -> dict[int | str, Any]:
    """A route's answer for the OpenAPI document: ``description`` and the JSON Schema of
    ``shape`` (a view class, or ``tuple[View, ...]`` for a list), as ``to_json`` writes it."""
    content = {"application/json": {"schema": json_schema(shape)}}
    return {status: {"description": description, "content": content}}


def _error(description: str) -> dict[str, Any]:
    return {"model": ApiError, "description": description}


#: The refusals every read may answer with, for the OpenAPI document.
READ_ERRORS: dict[int | str, dict[str, Any]] = {
    400: _error("A value that cannot be used (an address's number, a tie-break code)."),
    404: _error("No such tournament, round, player, season, team or member."),
    503: _error("The database is busy or out of reach for now: retry after `Retry-After`."),
    # Every refusal has this shape (and a value that does not fit is 400 here, not 422).
    "4XX": _error("Any other refusal: 405 a method the route does not take, 413 too large."),
}

#: The refusals every command may answer with, for the OpenAPI document.
ERRORS: dict[int | str, dict[str, Any]] = {
    **READ_ERRORS,
    401: _error("No API token, or an unknown or revoked one: nothing was written."),
    403: _error("The token's account has no role that allows this: nothing was written."),
    409: _error("It conflicts with the record as it stands: nothing was written."),
}
