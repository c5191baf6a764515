"""The arbiter's evening (login required): pair the next round after a preview, enter
results on the board list, undo the last change with the history in view.

Each change calls one method of :class:`skak.api.Skak` with the logged-in arbiter as the
actor; every form and HTMX request carries the session's CSRF token. Two arbiters at work
lose nothing: a result is entered with the result the page showed on that board
(``seen``) and a board changed since is reported as a conflict, not overwritten; a pairing
is confirmed only at the version that was previewed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.api import Result, Tournament, describe, undo_notes, undo_target
from skak.errors import ConflictError, InputError, NotFoundError, SkakError, StateError
from skak.faces.i18n import say
from skak.faces.web._render import (
    board_line,
    error_message,
    flash,
    fragment,
    gettext_for,
    language,
    page,
    status_of,
)
from skak.faces.web.auth import (
    CSRF_FIELD,
    Arbiters,
    LoginBrake,
    LoginRequired,
    check_csrf,
    check_login,
    csrf_token,
    log_in,
    log_out,
    logged_in,
)
from skak.faces.web.public import CacheDep, SkakDep, load_tournament, tournament_context
from skak.views import result_entered, round_view, tournament_lines

__all__ = ["NO_PLAYOFF", "ArbiterDep", "ChangeDep", "arbiter", "arbiter_change", "router"]

#: What a board's row sends as the play-off it saw when there is none (an empty form field
#: would read as "not sent").
NO_PLAYOFF = "-"

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


def _accounts_exist(request: Request, skak: SkakDep) -> bool:
    arbiters: Arbiters = request.app.state.arbiters
    return bool(arbiters) or bool(skak.accounts.get().names)


@router.get("/login", response_class=HTMLResponse)
def login_form(request: Request, skak: SkakDep, next: str | None = None) -> Response:
    context = {
        "next": _safe_next(next),
        "login_csrf": csrf_token(request),
        "enabled": _accounts_exist(request, skak),
    }
    return page(request, "login.html", context)


@router.post("/login", response_class=HTMLResponse)
def login(
    request: Request,
    skak: SkakDep,
    name: Annotated[str, Form()] = "",
    password: Annotated[str, Form()] = "",
    next: Annotated[str, Form()] = "/arbiter",
    csrf: Annotated[str, Form()] = "",
) -> Response:
    check_csrf(request, csrf)
    _ = gettext_for(language(request))
    brake: LoginBrake = request.app.state.brake
    who = name.strip()
    address = request.client.host if request.client else "-"
    context = {
        "next": _safe_next(next),
        "login_csrf": csrf_token(request),
        "enabled": _accounts_exist(request, skak),
        "name": name,
    }
    wait = brake.begin(who, address)
    if wait:
        context["error"] = _(
            "Too many wrong passwords: logins for this name are paused for {seconds} s."
        ).format(seconds=wait)
        return page(request, "login.html", context, status=429)
    if who and check_login(request, who, password):
        brake.succeeded(who, address)
        log_in(request, who)
        return RedirectResponse(_safe_next(next), status_code=303)
    context["error"] = _("Wrong name or password.")
    return page(request, "login.html", context, status=401)


@router.post("/logout")
def logout(request: Request, csrf: Annotated[str, Form()] = "") -> Response:
    check_csrf(request, csrf)
    log_out(request)
    return RedirectResponse("/", status_code=303)


# -- the arbiter's tournaments ---------------------------------------------------------------


@router.get("/arbiter", response_class=HTMLResponse)
def arbiter_home(request: Request, _who: ArbiterDep, skak: SkakDep) -> Response:
    context = {
        "lines": tournament_lines(skak.tournaments.rows()),
        "deleted": tournament_lines(skak.tournaments.deleted_rows()),
    }
    return page(request, "arbiter/home.html", context)


@router.get("/arbiter/t/{tid}", response_class=HTMLResponse)
def overview(request: Request, tid: int, _who: ArbiterDep, cache: CacheDep) -> Response:
    t, _version = load_tournament(cache, tid)
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
    cache: CacheDep,
    allow_unfinished: bool = False,
) -> Response:
    t, _version = load_tournament(cache, tid)
    context = tournament_context(tid, t) | {"allow_unfinished": allow_unfinished}
    try:
        preview = skak.tournaments.preview_pair(f"#{tid}", allow_unfinished=allow_unfinished)
    except SkakError as err:
        # offer to pair anyway when results are what is missing (--allow-unfinished)
        missing = isinstance(err, StateError) and any(r.pending_boards for r in t.rounds)
        context |= {
            "refused": error_message(request, err),
            "missing": missing and not allow_unfinished,
        }
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
    cache: CacheDep,
    allow_unfinished: Annotated[bool, Form()] = False,
) -> Response:
    _ = gettext_for(language(request))
    try:
        done = skak.tournaments.pair(
            f"#{tid}", allow_unfinished=allow_unfinished, at_version=version, actor=who
        )
    except ConflictError as err:
        t, _version = load_tournament(cache, tid)
        context = tournament_context(tid, t) | {"stale": error_message(request, err)}
        return page(request, "arbiter/pair.html", context, status=409)
    number = done.after.current_round
    paired = _("Round {round} paired and saved.")
    flash(request, paired.format(round=number))
    noted = _("Note: {note}")
    for note in done.notes:
        flash(request, noted.format(note=say(note, language(request))))
    return RedirectResponse(f"/arbiter/t/{tid}/rounds/{number}", status_code=303)


# -- results on the board list ------------------------------------------------------------------


@router.get("/arbiter/t/{tid}/rounds/{number}", response_class=HTMLResponse)
def results_page(
    request: Request,
    tid: int,
    number: int,
    _who: ArbiterDep,
    cache: CacheDep,
) -> Response:
    t, _version = load_tournament(cache, tid)
    view = round_view(t, number)
    gladiator = t.scoring.gladiator
    lines = [board_line(b, gladiator=gladiator) for b in view.pairings]
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
    cache: CacheDep,
    result: Annotated[str, Form()] = "",
    seen: Annotated[str, Form()] = "",
    playoff: Annotated[str | None, Form()] = None,
    seen_playoff: Annotated[str | None, Form()] = None,
) -> Response:
    """One board's result, typed as ``1``, ``½`` or ``=``, ``0``, ``+``, ``-`` (or any
    spelling ``skak result`` reads), and under Gladiator scoring (4.9.8) a drawn game's
    play-off (``½,1`` as ``skak result --playoff`` reads it); answers with the board's row
    as it now is."""
    lang = language(request)
    _ = gettext_for(lang)

    def row(
        status: str, message: str, value: str | None = None, t: Tournament | None = None
    ) -> Response:
        if t is None:  # nothing was entered: the board as it stands
            t, _version = load_tournament(cache, tid)
        current = next((b for b in round_view(t, number).pairings if b.board == board), None)
        if current is None:
            raise NotFoundError(f"round {number} has no board {board}")
        typed_playoff = None if value is None else playoff
        line = board_line(
            current,
            status,
            message,
            value,
            gladiator=t.scoring.gladiator,
            playoff=typed_playoff,
        )
        if status == "saved" and current.playoff_pending:
            pending = _("Gladiator (4.9.8): the play-off has no winner yet; type its games.")
            line = replace(line, message=f"{line.message} {pending}")
        context = {"tid": tid, "round": number, "line": line}
        return fragment(request, "arbiter/_board_row.html", context)

    typed = result.strip()
    shown: dict[str, object] = {}  # the board as the page showed it: a change since conflicts
    try:
        shown["seen"] = None if not seen else Result(seen)
        if seen_playoff is not None:  # Gladiator (4.9.8): the play-off is part of the board
            games_seen = "" if seen_playoff == NO_PLAYOFF else seen_playoff
            shown["seen_playoff"] = tuple(Result(g) for g in games_seen.split(",") if g)
    except ValueError:
        raise InputError(f"the page sent {seen!r} as the board's result; reload it") from None
    if not typed:
        message = _("Type a result: 1, ½ or =, 0, + or -.")
        return row("error", message, value="")
    try:
        done = skak.tournaments.enter_result(
            f"#{tid}", number, board, typed, playoff or "", actor=who, **shown
        )
    except ConflictError as err:
        message = _("Not saved: {error} (you typed {typed}).")
        return row("conflict", message.format(error=error_message(request, err), typed=typed))
    except InputError as err:
        message = _("Not saved: {error}")
        return row("error", message.format(error=error_message(request, err)), value=typed)
    entered = result_entered(done, number, board)
    if not entered.changed:
        message = _("Unchanged.")
        return row("unchanged", message, t=done.after)
    label = say(entered.result.label, lang)
    if entered.playoff_added:  # the result stood; its play-off is what was entered
        played = " ".join(str(g) for g in entered.playoff) or "—"
        saved = _("Saved: {result}, play-off {games}.").format(result=label, games=played)
    elif entered.corrected:
        saved = _("Saved: {result}, corrected from {previous}.").format(
            result=label, previous=entered.previous
        )
    else:
        saved = _("Saved: {result}.").format(result=label)
    note = _("Note: {note}")
    notes = "".join(" " + note.format(note=say(n, lang)) for n in entered.notes)
    return row("saved", saved + notes, t=done.after)


# -- history and undo ---------------------------------------------------------------------


@router.get("/arbiter/t/{tid}/history", response_class=HTMLResponse)
def history_page(
    request: Request, tid: int, _who: ArbiterDep, skak: SkakDep, cache: CacheDep
) -> Response:
    t, _version = load_tournament(cache, tid)
    lines = skak.tournaments.history(f"#{tid}")
    last = undo_target(lines)
    context = tournament_context(tid, t) | {"lines": list(reversed(lines)), "last": last}
    return page(request, "arbiter/history.html", context)


@router.get("/arbiter/t/{tid}/undo", response_class=HTMLResponse)
def undo_confirm(
    request: Request, tid: int, seq: int, _who: ArbiterDep, skak: SkakDep, cache: CacheDep
) -> Response:
    """The change to take back, asked to be confirmed (nothing is written here)."""
    t, _version = load_tournament(cache, tid)
    line = next((h for h in skak.tournaments.history(f"#{tid}") if h.seq == seq), None)
    if line is None or line.undone:
        raise NotFoundError(f"tournament #{tid} has no change {seq} to undo")
    context = tournament_context(tid, t) | {"line": line}
    return page(request, "arbiter/undo.html", context)


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
    _ = gettext_for(language(request))
    undone, after = skak.tournaments.undo(f"#{tid}", seq=seq, actor=who)
    message = _("Undone: event {seq}, {change}.")
    change = say(describe(undone.event), language(request))
    notes = [say(note, language(request)) for note in undo_notes(undone.event, after)]
    flash(request, " ".join([message.format(seq=undone.version, change=change), *notes]))
    return RedirectResponse(f"/arbiter/t/{tid}/history", status_code=303)
