"""Rating reports to the registrar (§6), on the federation's server:

* ``POST /api/v1/reports`` — a club's skak sends a finished tournament's report (``skak
  report --send URL``): the JSON document of :mod:`skak.views.rating_reports`, with an API
  token (``Authorization: Bearer``, ``skak user token``) of an account with the ``arbiter``
  role, or the ``club`` role of the club the report names; ``GET /api/v1/reports/{id}``
  its status (received, returned with the note, applied on a day) and ``GET
  /api/v1/reports`` every report the account may see. JSON in and out; an error is
  ``{"error": TEXT, "code": WORD}`` as everywhere in the API (401 without a token that is
  known, 403 for roles that do not allow it, 404, 409, 400 for a document that cannot be
  read);
* ``/reports`` — the same for a logged-in club: its reports and their status, and an
  upload of the report file (``skak report --document FILE``);
* ``/registrar/reports`` — the registrar's queue: each waiting report with every check
  (pass or fail) and each player's rating change, applied or returned with a note.

The roles are checked in the API (``skak.reports``), as for every change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from starlette.datastructures import UploadFile
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from skak.errors import InputError, SkakError
from skak.faces.web._render import (
    error_message,
    flash,
    gettext_for,
    language,
    page,
    status_of,
)
from skak.faces.web.api._common import (
    ERRORS,
    TokenRefused,
    described,
    skak_refusal,
    token_refusal,
)
from skak.faces.web.arbiter import ArbiterDep, ChangeDep
from skak.faces.web.auth import token_user
from skak.faces.web.public import SkakDep
from skak.messages import N_
from skak.views import to_json
from skak.views.rating_reports import ReportStatusView


@dataclass(frozen=True, slots=True)
class ReportSent:
    """What ``POST /api/v1/reports`` answers: the report's id, its address, its status."""

    id: int
    url: str
    report: ReportStatusView


@dataclass(frozen=True, slots=True)
class ReportList:
    """What ``GET /api/v1/reports`` answers."""

    reports: tuple[ReportStatusView, ...]


__all__ = ["api_router", "router"]

router = APIRouter()
#: The API's routes (in the OpenAPI document, beside ``skak.faces.web.api``'s).
api_router = APIRouter(tags=["Reports to the registrar"])

_SENT = "The report in the queue: its id, its address and its status with the checks."

#: Where a report's status is read.
STATUS_PATH = "/api/v1/reports/{id}"


# -- the HTTP API ---------------------------------------------------------------------------


def _unauthorized(request: Request) -> JSONResponse:
    """401, as every API command without a known token is refused."""
    sent = bool(request.headers.get("Authorization", "").strip())
    return token_refusal(request, TokenRefused(sent=sent))


@api_router.post(
    "/api/v1/reports",
    summary="Send a rating report",
    status_code=201,
    responses={**described(_SENT, ReportSent, 201), **ERRORS},
)
async def send_report(request: Request, skak: SkakDep) -> Response:
    """A report received into the registrar's queue (201, with its status)."""
    who = token_user(request)
    if who is None:
        return _unauthorized(request)
    body = await request.body()
    try:
        row = skak.reports.receive(body, source="the report", actor=who)
        view = skak.reports.status(row.id, actor=who).view()
    except SkakError as err:
        return skak_refusal(request, err)
    data: dict[str, Any] = {"id": row.id, "url": STATUS_PATH.format(id=row.id)}
    data["report"] = to_json(view)
    return JSONResponse(data, status_code=201, headers={"Location": data["url"]})


@api_router.get(
    "/api/v1/reports",
    summary="The reports one may see",
    responses={**described("Every report the account may see.", ReportList), **ERRORS},
)
def list_reports(request: Request, skak: SkakDep) -> Response:
    """The reports the token's account may see, newest first."""
    who = token_user(request)
    if who is None:
        return _unauthorized(request)
    try:
        views = [q.view() for q in skak.reports.visible(actor=who)]
    except SkakError as err:
        return skak_refusal(request, err)
    return JSONResponse({"reports": to_json(views)})


@api_router.get(
    "/api/v1/reports/{ident}",
    summary="A report's status",
    responses={**described("The report's status and checks.", ReportStatusView), **ERRORS},
)
def report_status(request: Request, ident: int, skak: SkakDep) -> Response:
    """One report's status (and its checks while it waits)."""
    who = token_user(request)
    if who is None:
        return _unauthorized(request)
    try:
        view = skak.reports.status(ident, actor=who).view()
    except SkakError as err:
        return skak_refusal(request, err)
    return JSONResponse(to_json(view))


# -- the club's pages -----------------------------------------------------------------------


def _club_page(
    request: Request, skak: SkakDep, who: str, *, error: str = "", status: int = 200
) -> Response:
    reports = [q.view() for q in skak.reports.visible(actor=who)]
    return page(request, "reports/club.html", {"reports": reports, "error": error}, status=status)


@router.get("/reports", response_class=HTMLResponse)
def club_reports(request: Request, skak: SkakDep, who: ArbiterDep) -> Response:
    """The logged-in account's reports and their status, and the upload."""
    return _club_page(request, skak, who)


@router.post("/reports/upload", response_class=HTMLResponse)
async def upload_report(request: Request, skak: SkakDep, who: ChangeDep) -> Response:
    """A report file uploaded (``skak report --document FILE``)."""
    _ = gettext_for(language(request))
    try:
        form = await request.form()
        upload = form.get("file")
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise InputError(N_("choose the file to upload"))
        raw = await upload.read()
        row = skak.reports.receive(raw, source=upload.filename, actor=who)
    except SkakError as err:
        return _club_page(
            request, skak, who, error=error_message(request, err), status=status_of(err)
        )
    flash(request, _("Report #{id} received: it waits for the registrar.").format(id=row.id))
    return RedirectResponse(f"/reports/{row.id}", status_code=303)


@router.get("/reports/{ident}", response_class=HTMLResponse)
def club_report(request: Request, ident: int, skak: SkakDep, who: ArbiterDep) -> Response:
    """One report's status as its club sees it."""
    view = skak.reports.status(ident, actor=who).view()
    return page(request, "reports/report.html", {"report": view, "queue": False})


# -- the registrar's queue ------------------------------------------------------------------


def _queue_page(
    request: Request, skak: SkakDep, who: str, *, error: str = "", status: int = 200
) -> Response:
    waiting = [q.view() for q in skak.reports.queue(actor=who)]
    decided = [q.view() for q in skak.reports.decided()]
    context = {"waiting": waiting, "decided": decided, "error": error}
    return page(request, "reports/queue.html", context, status=status)


@router.get("/registrar/reports", response_class=HTMLResponse)
def queue(request: Request, skak: SkakDep, who: ArbiterDep) -> Response:
    """The registrar's queue: every waiting report with its checks and rating changes."""
    return _queue_page(request, skak, who)


@router.post("/registrar/reports/{ident}/apply", response_class=HTMLResponse)
def apply_report(request: Request, ident: int, skak: SkakDep, who: ChangeDep) -> Response:
    _ = gettext_for(language(request))
    try:
        done = skak.reports.apply(ident, actor=who).view()
    except SkakError as err:
        return _queue_page(
            request, skak, who, error=error_message(request, err), status=status_of(err)
        )
    flash(
        request,
        _("Report #{id} ({tournament}) applied to the rating registry.").format(
            id=done.id, tournament=done.tournament
        ),
    )
    return RedirectResponse("/registrar/reports", status_code=303)


@router.post("/registrar/reports/{ident}/return", response_class=HTMLResponse)
def return_report(
    request: Request,
    ident: int,
    skak: SkakDep,
    who: ChangeDep,
    note: Annotated[str, Form()] = "",
) -> Response:
    _ = gettext_for(language(request))
    try:
        done = skak.reports.send_back(ident, note, actor=who).view()
    except SkakError as err:
        return _queue_page(
            request, skak, who, error=error_message(request, err), status=status_of(err)
        )
    flash(
        request,
        _("Report #{id} ({tournament}) returned to the club with the note.").format(
            id=done.id, tournament=done.tournament
        ),
    )
    return RedirectResponse("/registrar/reports", status_code=303)
