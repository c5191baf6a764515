"""The captains' and the league leader's pages (login required; the API checks the roles).

A club's captain (an account with the ``club`` role) sees his teams' matches in every
season (``/captain``) and, for each: enters the line-up — checked at once against 5.1 §10
and the strength list, each broken rule named with its board, player and paragraph, and
written only when he saves it; reports the result card board by board, with what went
wrong at the match (the home team, §12.7); confirms or disputes the card the home team
reported (the away team, his signature of §12.6), and appeals a ruling on his team's
match to the tournament committee (§15 b). The league leader's pages are in
:mod:`skak.faces.web.leader`. Each change is one call of
:class:`skak.api.Skak` with the logged-in account as the actor: the API refuses what the
account's roles do not allow (403), so a captain cannot touch another club's team.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.errors import SkakError
from skak.faces.i18n import say
from skak.faces.web._render import error_message, flash, gettext_for, language, page, status_of
from skak.faces.web.arbiter import ArbiterDep, ChangeDep
from skak.faces.web.leader import board_values
from skak.faces.web.public import SkakDep

__all__ = ["router"]

router = APIRouter()


@router.get("/captain", response_class=HTMLResponse)
def captain(request: Request, skak: SkakDep, who: ArbiterDep) -> Response:
    """The captain's teams' matches, and what he may do about each."""
    clubs = skak.accounts.clubs_of(who)
    matches = skak.league.for_clubs(clubs) if clubs else ()
    rulings = skak.league.rulings_for_clubs(clubs) if clubs else ()
    cup_matches = skak.cup.for_clubs(clubs) if clubs else ()
    context = {
        "clubs": clubs,
        "matches": matches,
        "rulings": rulings,
        "cup_matches": cup_matches,
        "cup_results": CUP_RESULTS,
    }
    return page(request, "captain/matches.html", context)


def _lineup_page(
    request: Request,
    skak: SkakDep,
    sid: int,
    round_number: int,
    team: str,
    typed: list[str] | None,
    *,
    checked: object = None,
    error: str = "",
    status: int = 200,
) -> Response:
    season = skak.league.get(sid)
    fixture = season.fixture(round_number, team)
    name = season.team(team).name
    boards = season.boards(name)
    club = season.team(name).club
    if typed is None:
        entered = season.lineup(round_number, name)
        typed = [p or "-" for p in entered.players] if entered is not None else [""] * boards
    lists = skak.league.strength_lists(sid, club)
    context = {
        "sid": sid,
        "season": season,
        "round": round_number,
        "team": name,
        "opponent": fixture.opponent(name),
        "boards": list(range(1, boards + 1)),
        "typed": typed + [""] * (boards - len(typed)),
        "players": lists[-1].players if lists else (),
        "checked": checked,
        "error": error,
    }
    return page(request, "captain/lineup.html", context, status=status)


@router.get("/captain/league/{sid}/lineup/{round_number}/{team}", response_class=HTMLResponse)
def lineup_form(
    request: Request, sid: int, round_number: int, team: str, skak: SkakDep, who: ArbiterDep
) -> Response:
    return _lineup_page(request, skak, sid, round_number, team, None)


@router.post("/captain/league/{sid}/lineup/{round_number}/{team}", response_class=HTMLResponse)
async def lineup_post(
    request: Request, sid: int, round_number: int, team: str, skak: SkakDep, who: ChangeDep
) -> Response:
    """``action`` ``check``: the line-up checked, written nowhere; ``save``: entered (what
    it breaks is shown with it: §13 b decides what it costs)."""
    form = await request.form()
    typed = [str(form.get(f"board{b}", "")).strip() for b in range(1, 40) if f"board{b}" in form]
    players: list[str | None] = [None if p in ("", "-") else p for p in typed]
    try:
        if form.get("action") == "save":
            skak.league.lineup(sid, round_number, team, players, actor=who)
            view = skak.league.lineup_view(sid, round_number, team)
            _ = gettext_for(language(request))
            flash(request, _("The line-up is saved."))
        else:
            view = skak.league.check_lineup(sid, round_number, team, players)
    except SkakError as err:
        return _lineup_page(
            request,
            skak,
            sid,
            round_number,
            team,
            typed,
            error=error_message(request, err),
            status=status_of(err),
        )
    return _lineup_page(request, skak, sid, round_number, team, typed, checked=view)


#: The results a board's field takes, from the home team's side (as ``skak league result``).
RESULT_TOKENS = ("1", "½", "0", "+", "-", "x")
#: Why a player on the card played no game (5.1 §13 c; FIDE Laws 6.7): besides the default,
#: did not come (udeblevet).
ABSENCES = ("no-show", "late", "leader")


@router.get("/captain/league/{sid}/result/{round_number}/{team}", response_class=HTMLResponse)
def result_form(
    request: Request, sid: int, round_number: int, team: str, skak: SkakDep, who: ArbiterDep
) -> Response:
    view = skak.league.match(sid, round_number, team)
    context = {
        "sid": sid,
        "season": skak.league.get(sid),
        "view": view,
        "boards": list(range(1, skak.league.get(sid).boards(view.home) + 1)),
        "tokens": RESULT_TOKENS,
        "error": "",
    }
    return page(request, "captain/result.html", context)


@router.post("/captain/league/{sid}/result/{round_number}/{team}", response_class=HTMLResponse)
async def result_post(
    request: Request, sid: int, round_number: int, team: str, skak: SkakDep, who: ChangeDep
) -> Response:
    form = await request.form()
    season = skak.league.get(sid)
    view = skak.league.match(sid, round_number, team)
    boards = season.boards(view.home)
    results = [str(form.get(f"board{b}", "")).strip() for b in range(1, boards + 1)]
    remark = str(form.get("remark", ""))
    absent = []
    for b, token in enumerate(results, start=1):
        why = str(form.get(f"absence{b}", "")).strip()
        if why not in ABSENCES:
            continue  # none chosen: + and - are a player who did not come (udeblevet)
        sides = {"+": ("away",), "-": ("home",), "x": ("home", "away")}.get(token, ())
        absent += [f"{b}:{side}:{why}" for side in sides]
    teams = {"home": view.home, "away": view.away}
    late = [teams[side] for side in ("home", "away") if form.get(f"late_{side}")]
    no_show = [teams[side] for side in ("home", "away") if form.get(f"no_show_{side}")]
    try:
        skak.league.result(
            sid, round_number, view.home, [] if no_show or late else results, absent=absent,
            late=late, no_show=no_show, remark=remark, actor=who,
        )  # fmt: skip
    except SkakError as err:
        context = {
            "sid": sid,
            "season": season,
            "view": view,
            "boards": list(range(1, boards + 1)),
            "tokens": RESULT_TOKENS,
            "error": error_message(request, err),
        }
        return page(request, "captain/result.html", context, status=status_of(err))
    _ = gettext_for(language(request))
    flash(request, _("The result card is reported; the away team's captain confirms it."))
    return RedirectResponse(f"/league/{sid}/match/{round_number}/{view.home}", status_code=303)


@router.post("/captain/league/{sid}/card/{round_number}/{team}")
def card_post(
    request: Request,
    sid: int,
    round_number: int,
    team: str,
    skak: SkakDep,
    who: ChangeDep,
    action: Annotated[str, Form()] = "",
    reason: Annotated[str, Form()] = "",
) -> Response:
    """The away captain's signature (``action=confirm``) or objection (``dispute``)."""
    _ = gettext_for(language(request))
    if action == "dispute":
        skak.league.dispute(sid, round_number, team, reason, actor=who)
        flash(request, _("Your objection is sent to the league leader."))
    else:
        skak.league.confirm(sid, round_number, team, actor=who)
        flash(request, _("The result card is confirmed."))
    return RedirectResponse("/captain", status_code=303)


@router.post("/captain/league/{sid}/appeal/{number}")
def appeal(
    request: Request,
    sid: int,
    number: int,
    skak: SkakDep,
    who: ChangeDep,
    reason: Annotated[str, Form()] = "",
) -> Response:
    """A club's appeal of a ruling on its team to the tournament committee (5.1 §15 b)."""
    skak.league.appeal(sid, number, reason, actor=who)
    _ = gettext_for(language(request))
    flash(request, _("Your appeal is sent to the tournament committee."))
    return RedirectResponse("/captain", status_code=303)


#: A cup card's board results from the first team's side (as ``skak cup result``).
CUP_RESULTS = ("1", "½", "0", "+", "-", "x", ".")


@router.post("/captain/cup/{cid}/lineup/{round_number}/{team}")
async def cup_lineup(
    request: Request, cid: int, round_number: int, team: str, skak: SkakDep, who: ChangeDep
) -> Response:
    """A cup team's line-up for the round, by its captain (5.3 §4: from its list)."""
    players = board_values(await request.form(), "board")
    done = skak.cup.lineup(cid, round_number, team, players, actor=who)
    _ = gettext_for(language(request))
    flash(request, _("The line-up is saved."))
    for note in done.notes:
        flash(request, say(note, language(request)))
    return RedirectResponse("/captain", status_code=303)


@router.post("/captain/cup/{cid}/result/{round_number}/{team}")
async def cup_result(
    request: Request, cid: int, round_number: int, team: str, skak: SkakDep, who: ChangeDep
) -> Response:
    """The cup match's card from the first team's side, by its captain (5.3 §8)."""
    results = board_values(await request.form(), "result")
    skak.cup.result(cid, round_number, team, results, actor=who)
    _ = gettext_for(language(request))
    flash(request, _("The round card is saved."))
    return RedirectResponse("/captain", status_code=303)
