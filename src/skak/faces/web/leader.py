"""The league leader's pages (login required; the API checks the roles: the leader of the
season, or an admin).

``/leader/league/{id}``: every result card of the season with what the captains said of it,
the disputed and flagged ones first, each to approve as it stands or to rule on; the rulings
(kendelser, 5.1 §14–§15) with their appeals, and the tournament committee's decision of an
appeal entered; penalty points (§13 e), a team's withdrawal (§13 a), a lot drawn by hand
(§3) and the play-off (§5). ``/leader/league/{id}/rule``: a ruling — its paragraph and text,
on a match with the result it decides, or penalty points; it is published at once on the
season's page ``/league/{id}/rulings`` with its last day of appeal (§15 b: 10 days).
``/leader/league/{id}/season-end``: next season's divisions as §4–§5 make them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from typing import Annotated

from fastapi import APIRouter, Form, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.errors import InputError, SkakError
from skak.faces.web._render import error_message, flash, gettext_for, language, page, status_of
from skak.faces.web.arbiter import ArbiterDep, ChangeDep
from skak.faces.web.public import SkakDep
from skak.messages import N_

__all__ = ["router"]

router = APIRouter()

#: The results a board's field takes, from the home team's side (as ``skak league result``);
#: empty: the card's result stands for that board.
RESULT_TOKENS = ("1", "½", "0", "+", "-", "x")


def _leader_page(
    request: Request, skak: SkakDep, sid: int, *, error: str = "", status: int = 200
) -> Response:
    season = skak.league.get(sid)
    context = {
        "sid": sid,
        "season": season,
        "cards": skak.league.cards(sid),
        "rulings": skak.league.rulings(sid),
        "teams": sorted(t.name for t in season.teams),
        "error": error,
    }
    return page(request, "leader/season.html", context, status=status)


@router.get("/leader/league/{sid}", response_class=HTMLResponse)
def leader(request: Request, sid: int, skak: SkakDep, who: ArbiterDep) -> Response:
    """Every card of the season and what was said of it, the leader's business first; the
    rulings; the leader's decisions."""
    return _leader_page(request, skak, sid)


def _done(request: Request, sid: int, message: str) -> Response:
    flash(request, message)
    return RedirectResponse(f"/leader/league/{sid}", status_code=303)


def _change(
    request: Request,
    skak: SkakDep,
    sid: int,
    change: Callable[[], object],
    said: Callable[[Callable[[str], str]], str],
) -> Response:
    """Carry out ``change``: back to the leader's page with ``said`` (given the request's
    gettext), or the page again with the refusal in the request's language."""
    try:
        change()
    except SkakError as err:
        return _leader_page(
            request, skak, sid, error=error_message(request, err), status=status_of(err)
        )
    return _done(request, sid, said(gettext_for(language(request))))


def _round_or_none(text: str) -> int | None:
    if not text.strip():
        return None
    if not text.strip().isdigit():
        raise InputError(N_("a round is a number from 1, not {text}", text=repr(text)))
    return int(text)


@router.post("/leader/league/{sid}/approve/{round_number}/{team}")
def approve(
    request: Request,
    sid: int,
    round_number: int,
    team: str,
    skak: SkakDep,
    who: ChangeDep,
    note: Annotated[str, Form()] = "",
) -> Response:
    skak.league.approve(sid, round_number, team, note, actor=who)
    _ = gettext_for(language(request))
    return _done(request, sid, _("The card is approved."))


def _rule_page(
    request: Request,
    skak: SkakDep,
    sid: int,
    round_number: int | None,
    team: str | None,
    *,
    error: str = "",
    status: int = 200,
) -> Response:
    season = skak.league.get(sid)
    view = skak.league.match(sid, round_number, team) if round_number is not None and team else None
    boards = list(range(1, season.boards(view.home) + 1)) if view is not None else []
    context = {
        "sid": sid,
        "season": season,
        "view": view,
        "boards": boards,
        "tokens": RESULT_TOKENS,
        "teams": sorted(t.name for t in season.teams),
        "error": error,
    }
    return page(request, "leader/rule.html", context, status=status)


@router.get("/leader/league/{sid}/rule", response_class=HTMLResponse)
def rule_form(
    request: Request,
    sid: int,
    skak: SkakDep,
    who: ArbiterDep,
    round: int | None = None,
    team: str | None = None,
) -> Response:
    """A ruling's form: on the match ``team`` played in ``round`` (its card as it stands
    shown), or without a match."""
    return _rule_page(request, skak, sid, round, team)


def _penalties(team: str, points: str) -> list[tuple[str, int]]:
    if not team.strip():
        return []
    if not points.strip().isdigit():
        raise InputError(N_("penalty points are a number, not {points}", points=repr(points)))
    return [(team.strip(), int(points))]


@router.post("/leader/league/{sid}/rule", response_class=HTMLResponse)
async def rule_post(request: Request, sid: int, skak: SkakDep, who: ChangeDep) -> Response:
    """The ruling given: published at once, with its last day of appeal."""
    form = await request.form()
    text = {k: str(v) for k, v in form.items()}
    r = int(text["round"]) if text.get("round", "").strip().isdigit() else None
    team = text.get("team") or None
    tokens = [text.get(f"board{b}", "") for b in range(1, 40) if f"board{b}" in text]
    results = tokens if any(tokens) else None
    try:
        if results is not None and not all(tokens):
            raise InputError(N_("a ruling that decides the result gives every board's result"))
        done = skak.league.rule(
            sid,
            text.get("paragraph", ""),
            text.get("text", ""),
            round_number=r,
            team=team,
            results=results,
            penalties=_penalties(text.get("penalty_team", ""), text.get("penalty_points", "1")),
            actor=who,
        )
    except SkakError as err:
        return _rule_page(
            request, skak, sid, r, team, error=error_message(request, err), status=status_of(err)
        )
    _ = gettext_for(language(request))
    ruling = done.after.rulings[-1]
    return _done(
        request,
        sid,
        _("Ruling {number} is published; it may be appealed until {day}.").format(
            number=ruling.number, day=ruling.appeal_until.isoformat()
        ),
    )


@router.post("/leader/league/{sid}/decide/{number}", response_class=HTMLResponse)
def decide(
    request: Request,
    sid: int,
    number: int,
    skak: SkakDep,
    who: ChangeDep,
    outcome: Annotated[str, Form()] = "",
    text: Annotated[str, Form()] = "",
) -> Response:
    """The tournament committee's decision of an appeal: upheld or set aside (a changed
    ruling, with the committee's result, is entered with ``skak league decide``)."""
    return _change(
        request,
        skak,
        sid,
        lambda: skak.league.decide_appeal(sid, number, outcome, text, actor=who),
        lambda _: _("The committee's decision is recorded."),
    )


@router.post("/leader/league/{sid}/penalty", response_class=HTMLResponse)
def penalty(
    request: Request,
    sid: int,
    skak: SkakDep,
    who: ChangeDep,
    team: Annotated[str, Form()] = "",
    points: Annotated[int, Form()] = 1,
    reason: Annotated[str, Form()] = "",
    round: Annotated[str, Form()] = "",
) -> Response:
    """Penalty points (strafpoint, 5.1 §13 e), taken off the team's points."""
    return _change(
        request,
        skak,
        sid,
        lambda: skak.league.penalty(
            sid, team, points, reason, round_number=_round_or_none(round), actor=who
        ),
        lambda _: _("The penalty points are given."),
    )


@router.post("/leader/league/{sid}/withdraw", response_class=HTMLResponse)
def withdraw(
    request: Request,
    sid: int,
    skak: SkakDep,
    who: ChangeDep,
    team: Annotated[str, Form()] = "",
    round: Annotated[int, Form()] = 1,
    reason: Annotated[str, Form()] = "",
) -> Response:
    """A team out of the tournament from a round (udgået, 5.1 §13 a)."""
    return _change(
        request,
        skak,
        sid,
        lambda: skak.league.withdraw(sid, team, round, reason, actor=who),
        lambda _: _("The team's withdrawal is recorded."),
    )


@router.post("/leader/league/{sid}/lot", response_class=HTMLResponse)
def lot(
    request: Request,
    sid: int,
    skak: SkakDep,
    who: ChangeDep,
    order: Annotated[str, Form()] = "",
) -> Response:
    """A lot drawn by hand (5.1 §3): the tied teams in the order drawn, one a line."""
    teams = [t.strip() for t in order.replace(",", "\n").splitlines() if t.strip()]
    return _change(
        request,
        skak,
        sid,
        lambda: skak.league.lot(sid, teams, actor=who),
        lambda _: _("The lot is recorded."),
    )


@router.post("/leader/league/{sid}/playoff", response_class=HTMLResponse)
def playoff(
    request: Request,
    sid: int,
    skak: SkakDep,
    who: ChangeDep,
    home: Annotated[str, Form()] = "",
    away: Annotated[str, Form()] = "",
    day: Annotated[str, Form()] = "",
) -> Response:
    """2. division's play-off (omkamp, 5.1 §5) between the two third-last teams."""

    def set_playoff() -> object:
        try:
            played = date.fromisoformat(day.strip())
        except ValueError:
            raise InputError(
                N_("the play-off's day: {day} is not a date (YYYY-MM-DD)", day=repr(day))
            ) from None
        return skak.league.playoff(sid, home, away, played, actor=who)

    return _change(request, skak, sid, set_playoff, lambda _: _("The play-off is set."))


@router.get("/leader/league/{sid}/season-end", response_class=HTMLResponse)
def season_end(request: Request, sid: int, skak: SkakDep, who: ArbiterDep) -> Response:
    """Next season's divisions as 5.1 §4–§5 make them from the standings (changes nothing);
    before the last result, what is missing."""
    season = skak.league.get(sid)
    try:
        end, error = skak.league.season_end(sid), ""
    except SkakError as err:
        end, error = None, error_message(request, err)
    context = {"sid": sid, "season": season, "end": end, "error": error}
    return page(request, "leader/season_end.html", context)


def _junior_page(
    request: Request,
    skak: SkakDep,
    jid: int,
    *,
    notes: tuple[str, ...] = (),
    error: str = "",
    status: int = 200,
) -> Response:
    state = skak.junior.get(jid)
    context = {
        "jid": jid,
        "state": state,
        "matches": skak.junior.matches(jid),
        "boards": list(range(1, 9)),
        "results": JUNIOR_RESULTS,
        "notes": notes,
        "error": error,
    }
    return page(request, "leader/junior.html", context, status=status)


#: A junior match's board results from the first team's side (5.5).
JUNIOR_RESULTS = ("1-0", "½-½", "0-1", "+-", "-+", "--")


@router.get("/leader/junior/{jid}", response_class=HTMLResponse)
def junior(request: Request, jid: int, skak: SkakDep, who: ArbiterDep) -> Response:
    """The junior championship's matches, each to enter (or correct) with its players."""
    return _junior_page(request, skak, jid)


@router.post("/leader/junior/{jid}/match", response_class=HTMLResponse)
async def junior_match(request: Request, jid: int, skak: SkakDep, who: ChangeDep) -> Response:
    """A match entered: its results and players; §6's composition is checked at once and
    what the players break is shown with the match saved (the leader judges, §7)."""
    form = await request.form()
    text = {k: str(v) for k, v in form.items()}
    try:
        r = int(text.get("round", ""))
    except ValueError:
        r = 0
    results = [text.get(f"result{b}", "") for b in range(1, 9)]
    firsts = [text.get(f"first{b}", "") for b in range(1, 9)]
    seconds = [text.get(f"second{b}", "") for b in range(1, 9)]
    try:
        done = skak.junior.enter_match(
            jid, r, text.get("first", ""), text.get("second", ""), results,
            first_players=firsts, second_players=seconds, actor=who,
        )  # fmt: skip
    except SkakError as err:
        return _junior_page(
            request, skak, jid, error=error_message(request, err), status=status_of(err)
        )
    _ = gettext_for(language(request))
    flash(request, _("Round {round}: the match is saved.").format(round=r))
    return _junior_page(request, skak, jid, notes=done.notes)


#: A cup round card's board results from the first team's side (as ``skak cup result``).
CUP_RESULTS = ("1", "½", "0", "+", "-", "x", ".")


def _cup_page(
    request: Request,
    skak: SkakDep,
    cid: int,
    *,
    notes: tuple[str, ...] = (),
    error: str = "",
    status: int = 200,
) -> Response:
    state = skak.cup.get(cid)
    context = {
        "cid": cid,
        "cup": state,
        "rounds": [skak.cup.round(cid, n) for n in range(state.paired_rounds, 0, -1)],
        "boards": list(range(1, state.boards + 1)),
        "results": CUP_RESULTS,
        "notes": notes,
        "error": error,
    }
    return page(request, "leader/cup.html", context, status=status)


@router.get("/leader/cup/{cid}", response_class=HTMLResponse)
def cup(request: Request, cid: int, skak: SkakDep, who: ArbiterDep) -> Response:
    """The cup's rounds, newest first: pair the next one (team Monrad, 5.3 §2), each team's
    line-up (the Bredde row's cap checked) and each match's round card."""
    return _cup_page(request, skak, cid)


def board_values(form: Mapping[str, object], prefix: str) -> list[str]:
    """The fields ``prefix1``, ``prefix2``, … of a card's form, in board order."""
    return [
        str(form.get(f"{prefix}{b}", "")).strip() for b in range(1, 9) if f"{prefix}{b}" in form
    ]


def _cup_change(
    request: Request,
    skak: SkakDep,
    cid: int,
    change: Callable[[], tuple[int | None, tuple[str, ...]]],
    said: Callable[[Callable[[str], str], int | None], str],
) -> Response:
    """Carry out ``change`` (it gives the round it concerns and the notes to show): the cup's
    page with ``said`` and the notes, or again with the refusal."""
    try:
        number, notes = change()
    except SkakError as err:
        return _cup_page(
            request, skak, cid, error=error_message(request, err), status=status_of(err)
        )
    flash(request, said(gettext_for(language(request)), number))
    return _cup_page(request, skak, cid, notes=notes)


@router.post("/leader/cup/{cid}/pair", response_class=HTMLResponse)
def cup_pair(request: Request, cid: int, skak: SkakDep, who: ChangeDep) -> Response:
    """The next round paired by team Monrad (5.3 §2), with why."""

    def pair() -> tuple[int | None, tuple[str, ...]]:
        view = skak.cup.pair(cid, actor=who)
        return view.round, view.explanation

    return _cup_change(
        request, skak, cid, pair, lambda _, n: _("Round {round} is paired.").format(round=n)
    )


@router.post("/leader/cup/{cid}/lineup/{round_number}/{team}", response_class=HTMLResponse)
async def cup_lineup(
    request: Request, cid: int, round_number: int, team: str, skak: SkakDep, who: ChangeDep
) -> Response:
    """A team's line-up for the round: its players by board, from its list."""
    players = board_values(await request.form(), "board")
    return _cup_change(
        request,
        skak,
        cid,
        lambda: (None, skak.cup.lineup(cid, round_number, team, players, actor=who).notes),
        lambda _, _n: _("The line-up is saved."),
    )


@router.post("/leader/cup/{cid}/result/{round_number}/{team}", response_class=HTMLResponse)
async def cup_result(
    request: Request, cid: int, round_number: int, team: str, skak: SkakDep, who: ChangeDep
) -> Response:
    """A match's round card from the first team's side (5.3 §8)."""
    results = board_values(await request.form(), "result")
    return _cup_change(
        request,
        skak,
        cid,
        lambda: (None, skak.cup.result(cid, round_number, team, results, actor=who).notes),
        lambda _, _n: _("The round card is saved."),
    )
