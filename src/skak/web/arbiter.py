"""The arbiter's screens (login required): pair the next round after a preview, enter
results on the board list, undo the last change with the history in view.

Each change calls one method of :class:`skak.api.Skak` with the logged-in arbiter as the
actor; every form and HTMX request carries the session's CSRF token. Two arbiters at work
lose nothing: a result is entered with the result the page showed on that board
(``seen``) and a board changed since is reported as a conflict, not overwritten; a pairing
is confirmed only at the version that was previewed.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.errors import ConflictError, InputError, NotFoundError, SkakError, StateError
from skak.io.results_text import parse_result_word
from skak.model.events import describe
from skak.model.results import Result
from skak.views import round_view, tournament_lines
from skak.web._render import board_line, flash, fragment, page, status_of
from skak.web.auth import (
    CSRF_FIELD,
    Arbiters,
    LoginRequired,
    check_csrf,
    csrf_token,
    log_in,
    log_out,
    logged_in,
)
from skak.web.public import SkakDep, load_tournament, tournament_context

__all__ = ["arbiter", "arbiter_change", "router"]

router = APIRouter()


def arbiter(request: Request) -> str:
    """The logged-in arbiter. :raises LoginRequired: without a login."""
    name = logged_in(request)
    if name is None:
        raise LoginRequired()
    return name


async def arbiter_change(request: Request) -> str:
    """The logged-in arbiter, for a change: the request must carry the session's CSRF
    token (the form's field, or the header HTMX sends).

    :raises LoginRequired: without a login. :raises CsrfRefused: without the token.
    """
    name = arbiter(request)
    form = await request.form()
    sent = form.get(CSRF_FIELD)
    check_csrf(request, sent if isinstance(sent, str) else None)
    return name


#: The logged-in arbiter, for a route's parameters; a change also checks the CSRF token.
ArbiterDep = Annotated[str, Depends(arbiter)]
ChangeDep = Annotated[str, Depends(arbiter_change)]


# -- login ---------------------------------------------------------------------------------


def _safe_next(target: str | None) -> str:
    """Where to go after the login: a path on this server, never elsewhere."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/arbiter"


@router.get("/login", response_class=HTMLResponse)
def login_form(request: Request, next: str | None = None) -> Response:
    arbiters: Arbiters = request.app.state.arbiters
    context = {
        "next": _safe_next(next),
        "login_csrf": csrf_token(request),
        "enabled": bool(arbiters),
    }
    return page(request, "login.html", context)


@router.post("/login", response_class=HTMLResponse)
def login(
    request: Request,
    name: Annotated[str, Form()] = "",
    password: Annotated[str, Form()] = "",
    next: Annotated[str, Form()] = "/arbiter",
    csrf: Annotated[str, Form()] = "",
) -> Response:
    check_csrf(request, csrf)
    arbiters: Arbiters = request.app.state.arbiters
    if arbiters.check(name.strip(), password):
        log_in(request, name.strip())
        return RedirectResponse(_safe_next(next), status_code=303)
    context = {
        "next": _safe_next(next),
        "login_csrf": csrf_token(request),
        "enabled": bool(arbiters),
        "error": "Wrong name or password (forkert navn eller adgangskode).",
        "name": name,
    }
    return page(request, "login.html", context, status=401)


@router.post("/logout")
def logout(request: Request, csrf: Annotated[str, Form()] = "") -> Response:
    check_csrf(request, csrf)
    log_out(request)
    return RedirectResponse("/", status_code=303)


# -- the arbiter's tournaments ---------------------------------------------------------------


@router.get("/arbiter", response_class=HTMLResponse)
def arbiter_home(request: Request, _who: ArbiterDep, skak: SkakDep) -> Response:
    return page(request, "arbiter/home.html", {"lines": tournament_lines(skak.tournaments())})


@router.get("/arbiter/t/{tid}", response_class=HTMLResponse)
def overview(request: Request, tid: int, _who: ArbiterDep, skak: SkakDep) -> Response:
    t = load_tournament(skak, tid)
    pending = [(r.number, r.pending_boards) for r in t.rounds if r.pending_boards]
    context = tournament_context(tid, t) | {"pending": pending, "players": len(t.players)}
    return page(request, "arbiter/overview.html", context)


# -- pairing: preview, then confirm at the version previewed ------------------------------------


@router.get("/arbiter/t/{tid}/pair", response_class=HTMLResponse)
def pair_preview(
    request: Request,
    tid: int,
    _who: ArbiterDep,
    skak: SkakDep,
    allow_unfinished: bool = False,
) -> Response:
    t = load_tournament(skak, tid)
    context = tournament_context(tid, t) | {"allow_unfinished": allow_unfinished}
    try:
        preview = skak.preview_pair(f"#{tid}", allow_unfinished=allow_unfinished)
    except SkakError as err:
        # offer to pair anyway when results are what is missing (--allow-unfinished)
        missing = isinstance(err, StateError) and any(r.pending_boards for r in t.rounds)
        context |= {"refused": str(err), "missing": missing and not allow_unfinished}
        return page(request, "arbiter/pair.html", context, status=status_of(err))
    view = round_view(preview.after, preview.round)
    context |= {"preview": preview, "view": view}
    return page(request, "arbiter/pair.html", context)


@router.post("/arbiter/t/{tid}/pair", response_class=HTMLResponse)
def pair_confirm(
    request: Request,
    tid: int,
    version: Annotated[int, Form()],
    who: ChangeDep,
    skak: SkakDep,
    allow_unfinished: Annotated[bool, Form()] = False,
) -> Response:
    try:
        done = skak.pair_round(
            f"#{tid}", allow_unfinished=allow_unfinished, at_version=version, actor=who
        )
    except ConflictError as err:
        t = load_tournament(skak, tid)
        context = tournament_context(tid, t) | {"stale": str(err)}
        return page(request, "arbiter/pair.html", context, status=409)
    number = done.after.current_round
    flash(request, f"Round (runde) {number} paired and saved.")
    for note in done.notes:
        flash(request, f"Note: {note}")
    return RedirectResponse(f"/arbiter/t/{tid}/rounds/{number}", status_code=303)


# -- results on the board list ------------------------------------------------------------------


@router.get("/arbiter/t/{tid}/rounds/{number}", response_class=HTMLResponse)
def results_page(
    request: Request,
    tid: int,
    number: int,
    _who: ArbiterDep,
    skak: SkakDep,
) -> Response:
    t = load_tournament(skak, tid)
    view = round_view(t, number)
    lines = [board_line(b) for b in view.pairings]
    context = tournament_context(tid, t) | {"view": view, "lines": lines}
    return page(request, "arbiter/results.html", context)


@router.post("/arbiter/t/{tid}/rounds/{number}/boards/{board}", response_class=HTMLResponse)
def enter_result(
    request: Request,
    tid: int,
    number: int,
    board: int,
    who: ChangeDep,
    skak: SkakDep,
    result: Annotated[str, Form()] = "",
    seen: Annotated[str, Form()] = "",
) -> Response:
    """One board's result, typed as ``1``, ``½`` or ``=``, ``0``, ``+``, ``-`` (or any
    spelling ``skak result`` reads); answers with the board's row as it now is."""

    def row(status: str, message: str, value: str | None = None) -> Response:
        t = load_tournament(skak, tid)
        current = next((b for b in round_view(t, number).pairings if b.board == board), None)
        if current is None:
            raise NotFoundError(f"round {number} has no board {board}")
        line = board_line(current, status, message, value)
        context = {"tid": tid, "round": number, "line": line}
        return fragment(request, "arbiter/_board_row.html", context)

    typed = result.strip()
    try:
        previous = None if not seen else Result(seen)
    except ValueError:
        raise InputError(f"the page sent {seen!r} as the board's result; reload it") from None
    if not typed:
        return row("error", "Type a result: 1, ½ or =, 0, + or -.", value="")
    try:
        parsed = parse_result_word(typed)
        done = skak.result_entry(f"#{tid}", number, board, parsed, seen=previous, actor=who)
    except ConflictError as err:
        return row("conflict", f"Not saved: {err} (you typed {typed}).")
    except InputError as err:
        return row("error", f"Not saved: {err}", value=typed)
    if not done.events:
        return row("unchanged", "Unchanged.")
    corrected = f", corrected from {previous}" if previous is not None else ""
    notes = "".join(f" Note: {n}" for n in done.notes)
    return row("saved", f"Saved: {parsed.label}{corrected}.{notes}")


# -- history and undo ---------------------------------------------------------------------


@router.get("/arbiter/t/{tid}/history", response_class=HTMLResponse)
def history_page(request: Request, tid: int, _who: ArbiterDep, skak: SkakDep) -> Response:
    t = load_tournament(skak, tid)
    lines = skak.history(f"#{tid}")
    in_force = [h for h in lines if not h.undone and h.type != "event_undone"]
    last = in_force[-1] if len(in_force) > 1 else None  # the creation is never undone
    context = tournament_context(tid, t) | {"lines": list(reversed(lines)), "last": last}
    return page(request, "arbiter/history.html", context)


@router.post("/arbiter/t/{tid}/undo")
def undo(
    request: Request,
    tid: int,
    seq: Annotated[int, Form()],
    who: ChangeDep,
    skak: SkakDep,
) -> Response:
    """Take back event ``seq``: the last change as the history page showed it. When
    someone changed the tournament since, that page's last change is still the one
    taken back, or the undo is refused if a later change depends on it."""
    undone, _ = skak.take_back(f"#{tid}", seq=seq, actor=who)
    flash(request, f"Undone (fortrudt): event {undone.version}, {describe(undone.event)}.")
    return RedirectResponse(f"/arbiter/t/{tid}/history", status_code=303)
