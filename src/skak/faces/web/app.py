"""The web application: one :class:`skak.api.Skak`, the public pages, the arbiter's screens.

:func:`create_app` builds it around the one ``Skak`` a server keeps (the actor is given per
call: the logged-in arbiter). skak's errors are shown on the page in the same words as the
CLI's, in the page's language, with an HTTP status by their kind, and nothing changes.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
from importlib.resources import files
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.staticfiles import StaticFiles

from skak import __version__
from skak.api import Skak
from skak.errors import SkakError
from skak.faces.web import (
    api,
    arbiter,
    captains,
    correspondence,
    desk,
    discipline,
    events,
    hall,
    leader,
    league,
    manage,
    prints,
    public,
    ratings,
    registrar,
    reports,
    round_edit,
    screen,
)
from skak.faces.web._cache import Collector, ReadCache
from skak.faces.web._guard import Guard
from skak.faces.web._invalid import invalid_values
from skak.faces.web._render import (
    RETRY_AFTER,
    Pages,
    error_message,
    gettext_for,
    language,
    page,
    status_of,
)
from skak.faces.web.auth import Arbiters, CsrfRefused, LoginBrake, LoginRequired, Sessions

__all__ = [
    "SERVER_VARIABLE",
    "SERVE_FRESH_FOR",
    "SERVE_SWITCH_INTERVAL",
    "SESSION_COOKIE",
    "create_app",
    "server_app",
    "server_settings",
    "tune_for_serving",
]

#: The session cookie's name.
SESSION_COOKIE = "skak_session"
#: The environment variable by which ``skak serve --workers N`` tells each worker process
#: what to serve (:func:`server_settings`, :func:`server_app`).
SERVER_VARIABLE = "SKAK_SERVE_SETTINGS"
#: ``skak serve``'s :attr:`ReadCache.fresh_for`: a public page asks the database for its
#: record's version at most five times a second a worker, and shows a change made elsewhere
#: at most this much later (a hall's phones reload every few seconds at the most).
SERVE_FRESH_FOR = 0.2
#: ``skak serve``'s thread switch interval (seconds; Python's default is 0.005): a page is
#: built in a thread beside the event loop that answers the readers, and each time the loop
#: lets go of the interpreter to send an answer it waits up to this long to get it back
#: from the builder. 5 ms a send made the readers of a 300-player tournament wait up to
#: 3 s while a result was entered; 1 ms keeps them under a quarter of a second.
SERVE_SWITCH_INTERVAL = 0.001


def tune_for_serving() -> None:
    """Set the process up as ``skak serve``'s server (one process, or each worker):
    :data:`SERVE_SWITCH_INTERVAL`."""
    sys.setswitchinterval(SERVE_SWITCH_INTERVAL)


_API_DESCRIPTION = """\
Every public view of the database as `skak … --json` writes it, and the commands an
account's roles allow. A command needs the account's API token (`skak user token NAME`) as
`Authorization: Bearer TOKEN`; reading needs none. A refusal is `{"error": TEXT, "code":
WORD}` with the status of its kind: 400 bad input, 401 no valid token, 403 not allowed, 404
not found, 409 a conflict, 422 no valid pairing, 503 busy (retry after `Retry-After`), 500 a
database error. The texts are in Danish, or in English with `?lang=en`.
"""


def _is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true"


def create_app(
    skak: Skak,
    *,
    arbiters: Arbiters | None = None,
    secret: str | None = None,
    session_hours: int = 12,
    secure_cookies: bool = False,
    brake: LoginBrake | None = None,
    public_url: str | None = None,
    build_behind: bool = False,
    fresh_for: float = 0.0,
    freeze_kept: bool = False,
) -> FastAPI:
    """The web application on ``skak``'s database.

    :param arbiters: who may log in besides the database's accounts (``skak user add``).
    :param secret: the key that signs session cookies; default: a random one, so a new
        server start logs everybody out.
    :param session_hours: how long a login lasts.
    :param secure_cookies: send the cookies over HTTPS only (behind an HTTPS proxy).
    :param brake: the limit on failed logins (default: :class:`LoginBrake`'s).
    :param public_url: the address players reach the server at (``https://skak.klub.dk``),
        for the QR code of the hall screen; default: the address a page was asked at.
    :param build_behind: a public page found out of date is answered as it was to every
        reader, the first one too, while it is built anew (``skak serve``: no reader waits
        for a build; a reader sees a change once it is built); default: the first reader
        waits for it (a page read just after a change shows the change).
    :param fresh_for: how long a record's version read for a public page is taken as the
        newest (seconds; ``skak serve``: :data:`SERVE_FRESH_FOR`); default 0: asked at
        every request.
    :param freeze_kept: keep Python's cycle collector off what the pages are built from
        (``skak serve``; :class:`skak.faces.web._cache.Collector`).
    :raises InputError: for a public address that is no http(s) address.
    """
    app = FastAPI(
        title="skak",
        version=__version__,
        summary="The HTTP API of a skak database (/api/v1): its views and commands.",
        description=_API_DESCRIPTION,
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json",
    )
    app.state.arbiters = arbiters or Arbiters()
    # Every change the web makes is checked against the account's roles, in the API.
    app.state.skak = skak.guarded(admins=app.state.arbiters.hashes)
    app.state.pages = Pages()
    app.state.cache = ReadCache(
        app.state.skak,
        build_behind=build_behind,
        fresh_for=fresh_for,
        collector=Collector() if freeze_kept else None,
    )
    # Logouts and failed logins are kept in the database, so that every worker of a server
    # sees them (a read-only database keeps them in this process only).
    marks = None if skak.db.read_only else skak.marks
    app.state.brake = brake or LoginBrake(marks=marks)
    app.state.secure_cookies = secure_cookies
    app.state.public_url = screen.public_base(public_url)
    app.state.sessions = Sessions(max_age=session_hours * 3600, marks=marks)
    app.add_middleware(
        SessionMiddleware,
        secret_key=secret or secrets.token_urlsafe(32),
        session_cookie=SESSION_COOKIE,
        max_age=session_hours * 3600,
        same_site="lax",
        https_only=secure_cookies,
    )

    app.add_middleware(Guard)  # outermost: bounds every body before anything reads it
    static = files("skak.faces.web").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    # The pages are HTML for people: the OpenAPI document describes the API only. The
    # pages everyone reads come first: a request is matched against the routes in order.
    for pages in (
        public,
        ratings,
        league,
        events,
        screen,
        arbiter,
        manage,
        hall,
        round_edit,
        desk,
        captains,
        leader,
        prints,
        discipline,
        registrar,
        reports,
        correspondence,
    ):
        app.include_router(pages.router, include_in_schema=False)
    app.include_router(api.router)
    app.include_router(reports.api_router)

    @app.exception_handler(SkakError)
    def skak_error(request: Request, err: SkakError) -> Response:
        if api.is_api(request):
            return api.skak_refusal(request, err)
        status = status_of(err)
        text = error_message(request, err)
        if _is_htmx(request):
            retry = {"Retry-After": str(RETRY_AFTER)} if status == 503 else None
            return PlainTextResponse(text, status_code=status, headers=retry)
        return page(request, "error.html", {"error": text, "status": status}, status=status)

    @app.exception_handler(StarletteHTTPException)
    def http_error(request: Request, err: StarletteHTTPException) -> Response:
        """FastAPI's own refusals (no such page, a method a page does not take) as pages
        in the page's language, not JSON."""
        _ = gettext_for(language(request))
        if api.is_api(request):
            return api.http_refusal(request, err.status_code, err.headers)
        if err.status_code == 404:
            text = _("There is no such page.")
        elif err.status_code == 405:
            text = _("This page changes nothing: it can only be read.")
        else:
            text = _("The request cannot be answered ({status}).").format(status=err.status_code)
        if _is_htmx(request):
            return PlainTextResponse(text, status_code=err.status_code, headers=err.headers)
        answer = page(
            request,
            "error.html",
            {"error": text, "status": err.status_code},
            status=err.status_code,
        )
        if err.headers:
            answer.headers.update(err.headers)
        return answer

    @app.exception_handler(RequestValidationError)
    def bad_request(request: Request, err: RequestValidationError) -> Response:
        """A value in the address or a form that does not fit (``/t/abc``): named, 400."""
        _ = gettext_for(language(request))
        route = getattr(request.scope.get("route"), "path", request.url.path)
        fields = invalid_values(_, route, err.errors())
        if api.is_api(request):
            return api.invalid_refusal(request, fields)
        text = _("A value in the address or the form cannot be used: {fields}.").format(
            fields=fields
        )
        if _is_htmx(request):
            return PlainTextResponse(text, status_code=400)
        return page(request, "error.html", {"error": text, "status": 400}, status=400)

    @app.exception_handler(api.TokenRefused)
    def token_refused(request: Request, err: api.TokenRefused) -> Response:
        return api.token_refusal(request, err)

    @app.exception_handler(LoginRequired)
    def login_required(request: Request, _err: LoginRequired) -> Response:
        if request.method == "GET" and not _is_htmx(request):
            target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            return RedirectResponse(f"/login?next={quote(target)}", status_code=303)
        _ = gettext_for(language(request))
        message = _("Log in first: this needs an arbiter's login.")
        if _is_htmx(request):
            return PlainTextResponse(message, status_code=401)
        return page(request, "error.html", {"error": message, "status": 401}, status=401)

    @app.exception_handler(CsrfRefused)
    def csrf_refused(request: Request, _err: CsrfRefused) -> Response:
        _ = gettext_for(language(request))
        message = _(
            "The form's security token is missing or old; nothing was changed. Reload the "
            "page and try again."
        )
        if _is_htmx(request):
            return PlainTextResponse(message, status_code=403)
        return page(request, "error.html", {"error": message, "status": 403}, status=403)

    return app


def server_settings(
    skak: Skak,
    *,
    arbiters: Arbiters,
    secret: str,
    secure_cookies: bool = False,
    public_url: str | None = None,
    session_hours: int = 12,
    build_behind: bool = True,
    fresh_for: float | None = None,
) -> str:
    """What each worker of ``skak serve --workers N`` needs to build the same application
    (:func:`server_app`), as the value of :data:`SERVER_VARIABLE`: the database's address,
    who acts, the ``--arbiter`` accounts (their argon2id hashes only), the key that signs
    the session cookies (one for all workers, so that a login made by one holds in every
    one) and the options. It is handed to the worker processes in their environment, which
    only the same user (and root) may read; it holds no password, but the key and the
    database's address (with a database server's password, if the address has one)."""
    return json.dumps(
        {
            "db": skak.db.url,
            "actor": skak.actor,
            "arbiters": dict(arbiters.hashes),
            "secret": secret,
            "secure_cookies": secure_cookies,
            "public_url": public_url,
            "session_hours": session_hours,
            "build_behind": build_behind,
            "fresh_for": SERVE_FRESH_FOR if fresh_for is None else fresh_for,
            "freeze_kept": True,
        }
    )


def server_app() -> FastAPI:
    """The application of one worker of ``skak serve --workers N``, built from
    :data:`SERVER_VARIABLE` (see :func:`server_settings`): uvicorn calls it in each worker
    process (``factory=True``). Each worker opens the database itself, and keeps its own
    pages; a page is rebuilt whenever its record's version in the database changed, so every
    worker shows every change.

    :raises KeyError: when the variable is not set (the factory is for ``skak serve`` only).
    """
    settings: dict[str, Any] = json.loads(os.environ[SERVER_VARIABLE])
    tune_for_serving()
    # A page does not wait for a busy database: it answers 503 with Retry-After.
    skak = Skak(settings["db"], actor=settings["actor"], wait=0)
    return create_app(
        skak,
        arbiters=Arbiters(settings["arbiters"]),
        secret=settings["secret"],
        session_hours=settings["session_hours"],
        secure_cookies=settings["secure_cookies"],
        public_url=settings["public_url"],
        build_behind=settings["build_behind"],
        fresh_for=settings.get("fresh_for", 0.0),
        freeze_kept=settings.get("freeze_kept", False),
    )
