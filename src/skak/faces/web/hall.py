"""The arbiter's work in the hall before a round (login required): forbidden pairings
declared and lifted on the players page, and the check-in page (a button per player, by
HTMX where it runs, and a close with a confirmation). Each change calls one method of
:class:`skak.api.Skak`, as ``skak players forbid`` and ``skak checkin`` do."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.api import parse_round_range
from skak.errors import SkakError
from skak.faces.i18n import say
from skak.faces.web._render import (
    error_message,
    flash,
    fragment,
    gettext_for,
    language,
    page,
    status_of,
)
from skak.faces.web.arbiter import ArbiterDep, ChangeDep
from skak.faces.web.auth import csrf_token
from skak.faces.web.manage import _players_page, _Refusal
from skak.faces.web.public import CacheDep, SkakDep, load_tournament, tournament_context
from skak.views import checkin_view

__all__ = ["router"]

router = APIRouter()


def _players_after(request: Request, tid: int, message: str) -> Response:
    flash(request, message)
    return RedirectResponse(f"/arbiter/t/{tid}/players#forbidden", status_code=303)


def _refused(request: Request, tid: int, cache: CacheDep, err: SkakError) -> Response:
    t, _version = load_tournament(cache, tid)
    return _players_page(request, tid, t, refusal=_Refusal.of(request, err), status=status_of(err))


@router.post("/arbiter/t/{tid}/forbid", response_class=HTMLResponse)
def forbid_pair(
    request: Request,
    tid: int,
    who: ChangeDep,
    skak: SkakDep,
    cache: CacheDep,
    first: Annotated[str, Form()] = "",
    second: Annotated[str, Form()] = "",
    rounds: Annotated[str, Form()] = "",
    remove: Annotated[bool, Form()] = False,
) -> Response:
    """Forbid the pairing of two players (by start number or name), or lift it."""
    _ = gettext_for(language(request))
    words: list[int | str] = [int(w) if w.isdigit() else w for w in (first.strip(), second.strip())]
    try:
        done = skak.tournaments.forbid_pairing(
            f"#{tid}", words, rounds=parse_round_range(rounds), remove=remove, actor=who
        )
    except SkakError as err:
        return _refused(request, tid, cache, err)
    if not done.events:
        return _players_after(
            request, tid, _("That pairing is forbidden already; nothing changed.")
        )
    names = "; ".join(
        f"{done.after.player(n).name} ({n})" if done.after.has_player(n) else str(n)
        for e in done.events
        for n in sorted(e.ban.players)  # type: ignore[union-attr]
    )
    message = (
        _("Pairing allowed again: {players}.") if remove else _("Pairing forbidden: {players}.")
    )
    return _players_after(request, tid, message.format(players=names))


@router.post("/arbiter/t/{tid}/forbid-group", response_class=HTMLResponse)
def forbid_group(
    request: Request,
    tid: int,
    who: ChangeDep,
    skak: SkakDep,
    cache: CacheDep,
    by: Annotated[str, Form()] = "club",
    rounds: Annotated[str, Form()] = "",
    remove: Annotated[bool, Form()] = False,
) -> Response:
    """Keep the players of one club (federation) apart in the rounds given, or lift it."""
    lang = language(request)
    try:
        done = skak.tournaments.forbid_groups(
            f"#{tid}", by, rounds=parse_round_range(rounds), remove=remove, actor=who
        )
    except SkakError as err:
        return _refused(request, tid, cache, err)
    _ = gettext_for(lang)
    if not done.events:
        return _players_after(request, tid, _("That rule is in force already; nothing changed."))
    history = skak.tournaments.history(f"#{tid}")
    return _players_after(request, tid, say(history[-1].text, lang))


# -- the check-in -----------------------------------------------------------------------------


def _checkin_context(tid: int, skak: SkakDep, cache: CacheDep) -> dict[str, object]:
    t, _version = load_tournament(cache, tid)
    return tournament_context(tid, t) | {"view": checkin_view(t)}


@router.get("/arbiter/t/{tid}/checkin", response_class=HTMLResponse)
def checkin_page(
    request: Request, tid: int, _who: ArbiterDep, skak: SkakDep, cache: CacheDep
) -> Response:
    return page(request, "arbiter/checkin.html", _checkin_context(tid, skak, cache))


@router.get("/arbiter/t/{tid}/checkin/close", response_class=HTMLResponse)
def close_confirm(
    request: Request, tid: int, _who: ArbiterDep, skak: SkakDep, cache: CacheDep
) -> Response:
    """Who would be absent, asked to be confirmed (nothing is written here)."""
    return page(request, "arbiter/checkin_close.html", _checkin_context(tid, skak, cache))


@router.post("/arbiter/t/{tid}/checkin/close", response_class=HTMLResponse)
def close(request: Request, tid: int, who: ChangeDep, skak: SkakDep) -> Response:
    lang = language(request)
    try:
        skak.tournaments.close_check_in(f"#{tid}", actor=who)
    except SkakError as err:
        flash(request, error_message(request, err))
        return RedirectResponse(f"/arbiter/t/{tid}/checkin", status_code=303)
    flash(request, say(skak.tournaments.history(f"#{tid}")[-1].text, lang))
    return RedirectResponse(f"/arbiter/t/{tid}/checkin", status_code=303)


@router.post("/arbiter/t/{tid}/checkin/{number}", response_class=HTMLResponse)
def check_in(
    request: Request,
    tid: int,
    number: int,
    who: ChangeDep,
    skak: SkakDep,
    cache: CacheDep,
    out: Annotated[bool, Form()] = False,
) -> Response:
    """Check one player in (or, with ``out``, take it back); HTMX gets his row back, a
    plain form the page."""
    htmx = request.headers.get("HX-Request") == "true"
    error = ""
    try:
        t = skak.tournaments.check_in(f"#{tid}", [number], out=out, actor=who).after
    except SkakError as err:
        if not htmx:
            flash(request, error_message(request, err))
            return RedirectResponse(f"/arbiter/t/{tid}/checkin", status_code=303)
        error = error_message(request, err)
        t, _version = load_tournament(cache, tid)
    if not htmx:
        return RedirectResponse(f"/arbiter/t/{tid}/checkin", status_code=303)
    view = checkin_view(t)
    row = next(r for r in view.players if r.start_number == number)
    context = {
        "tid": tid,
        "row": row,
        "view": view,
        "error": error,
        "oob": True,
        "csrf": csrf_token(request),  # the row's form works without htmx too
    }
    return fragment(request, "arbiter/_checkin_row.html", context)
