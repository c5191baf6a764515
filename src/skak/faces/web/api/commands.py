"""The API's commands: each one call of :class:`skak.api.Skak` with the token's account as
the actor, answered with the view of what it changed (the JSON ``--json`` writes of that
view). The roles are checked in the API, as for every face: a command the account may not
do is refused with 403 and nothing is written; a command without a valid token never
reaches it (401, :mod:`skak.faces.web.api._common`).
"""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from fastapi import APIRouter
from pydantic import Field
from starlette.responses import JSONResponse

from skak.api import (
    RatedKind,
    Ratings,
    Result,
    Title,
    TournamentApplied,
    added,
    new_tournament,
    one_player,
    parse_date,
    parse_sex,
)
from skak.errors import InputError
from skak.faces.web.api._common import ERRORS, AccountDep, Body, answer, described, view_answer
from skak.faces.web.public import SkakDep
from skak.messages import N_
from skak.views import (
    CardLine,
    LineupView,
    MatchView,
    PlayerRow,
    ResultEnteredView,
    RoundView,
    TournamentLine,
    players_view,
    result_entered,
    round_view,
    to_json,
    tournament_lines,
)
from skak.views.discipline import SanctionRow, sanction_row

__all__ = ["router"]

router = APIRouter(responses=ERRORS)

_TOURNAMENTS = "tournaments"
_LEAGUE = "league"
_RATINGS = "rating registry"
_DISCIPLINE = "discipline"


def _done(description: str, shape: Any, status: int = 200) -> dict[int | str, Any]:
    return described(description, shape, status)


# -- tournaments -------------------------------------------------------------------------------


class NewTournament(Body):
    """A new tournament, as ``skak new`` takes it (the same words, the same checks)."""

    name: str = Field(description="The tournament's name.")
    system: str = Field("berger", description="The pairing system (`skak systems`).")
    rounds: int | None = Field(None, description="Rounds; a round robin works it out.")
    settings: list[str] = Field([], description="Pairing-system settings `KEY=VALUE`.")
    scoring: list[str] = Field([], description="Points `KEY=VALUE`: win, draw, bye, …")
    place: str | None = None
    start: str | None = Field(None, description="First day, YYYY-MM-DD.")
    end: str | None = Field(None, description="Last day, YYYY-MM-DD.")
    kind: Literal["standard", "rapid", "blitz"] | None = Field(
        None, description="Rated as; default: what the time control makes the games."
    )
    time_control: str | None = Field(None, description="E.g. `90+30`.")
    tiebreaks: list[str] = Field([], description="Tie-break codes, in order.")
    unrated: bool = False
    gladiator: bool = Field(False, description="Gladiator scoring (4.9.8).")
    arbiters: list[str] = Field([], description="The arbiters, the chief arbiter first.")


@router.post(
    "/tournaments",
    tags=[_TOURNAMENTS],
    summary="Create a tournament",
    status_code=201,
    responses=_done(
        "The new tournament's line, as in `skak tournaments --json`.", TournamentLine, 201
    ),
)
def create_tournament(body: NewTournament, skak: SkakDep, who: AccountDep) -> JSONResponse:
    """`skak new`: a tournament with its pairing system and settings (the `arbiter` role)."""
    tournament = new_tournament(
        body.name,
        system=body.system,
        rounds=body.rounds,
        settings=body.settings,
        scoring=body.scoring,
        place=body.place,
        start=body.start,
        end=body.end,
        kind=RatedKind(body.kind) if body.kind else None,
        time_control=body.time_control,
        tiebreaks=body.tiebreaks,
        unrated=body.unrated,
        gladiator=body.gladiator,
        arbiters=body.arbiters,
    )
    row = skak.tournaments.create(tournament, actor=who)
    where = {"Location": f"/api/v1/tournaments/{row.id}"}
    return view_answer(tournament_lines([row])[0], 201, where)


class NewPlayer(Body):
    """A player, as ``skak players add`` takes him: by his details, or ``members`` (DSU
    member numbers) read from the rating registry."""

    name: str | None = Field(None, description='"Last, First"; none with `members`.')
    start_number: int | None = Field(None, description="Default: the next free one.")
    rating: int | None = Field(None, description="DSU rating.")
    rapid: int | None = None
    blitz: int | None = None
    fide_rating: int | None = None
    club: str | None = None
    federation: str | None = Field(None, description="FIDE federation code, e.g. DEN.")
    sex: str | None = Field(None, description="m or w (k).")
    born: str | None = Field(None, description="Birth date, YYYY-MM-DD.")
    dsu_id: int | None = None
    fide_id: int | None = None
    title: str | None = Field(None, description="GM, IM, FM, …")
    members: list[int] = Field([], description="DSU members from the rating registry.")


@router.post(
    "/tournaments/{tid}/players",
    tags=[_TOURNAMENTS],
    summary="Register players",
    status_code=201,
    responses=_done(
        "The players added, each as in `skak players list --json`.", tuple[PlayerRow, ...], 201
    ),
)
def add_players(tid: int, body: NewPlayer, skak: SkakDep, who: AccountDep) -> JSONResponse:
    """`skak players add`: one player by his details, or DSU members from the registry
    (after round 1 a late entry)."""
    ident = f"#{tid}"
    if body.members:
        details = body.model_dump(exclude={"members"}, exclude_defaults=True)
        if details:
            raise InputError(
                N_(
                    "members are read from the rating registry: leave out the name and the "
                    "other details"
                )
            )
        done = skak.tournaments.register_from_registry(ident, body.members, actor=who)
    else:
        make = one_player(
            body.name or "",
            body.start_number,
            sex=parse_sex(body.sex),
            birth_date=parse_date(body.born, "birth date"),
            club=body.club,
            federation=body.federation.upper() if body.federation else None,
            dsu_id=body.dsu_id,
            fide_id=body.fide_id,
            title=Title.parse(body.title) if body.title else None,
            ratings=Ratings(
                dsu=body.rating, dsu_rapid=body.rapid, dsu_blitz=body.blitz, fide=body.fide_rating
            ),
        )
        done = skak.tournaments.register_players(ident, make, actor=who)
    numbers = {p.start_number for p in added(done)}
    rows = [r for r in players_view(done.after).players if r.start_number in numbers]
    return view_answer(rows, 201)


class Withdrawal(Body):
    from_round: int | None = Field(None, description="First round not played; default: the next.")


@router.post(
    "/tournaments/{tid}/players/{number}/withdraw",
    tags=[_TOURNAMENTS],
    summary="Withdraw a player",
    responses=_done("The player, as in `skak players list --json`.", PlayerRow),
)
def withdraw(
    tid: int, number: int, skak: SkakDep, who: AccountDep, body: Withdrawal | None = None
) -> JSONResponse:
    """`skak players withdraw N`: the player is not paired from that round on (udgår)."""
    first = body.from_round if body is not None else None
    skak.tournaments.withdraw(f"#{tid}", number, from_round=first, actor=who)
    t = skak.tournaments.get(f"#{tid}")
    (row,) = [r for r in players_view(t).players if r.start_number == number]
    return view_answer(row)


class Pairing(Body):
    allow_unfinished: bool = Field(
        False, description="Pair although results are missing; those games count as draws."
    )


@router.post(
    "/tournaments/{tid}/rounds",
    tags=[_TOURNAMENTS],
    summary="Pair the next round",
    status_code=201,
    responses={
        **_done("The new round, as `skak pair --json`.", RoundView, 201),
        422: ERRORS[409] | {"description": "No valid pairing exists for the next round."},
    },
)
def pair(tid: int, skak: SkakDep, who: AccountDep, body: Pairing | None = None) -> JSONResponse:
    """`skak pair`: the next round by the tournament's pairing system."""
    unfinished = body.allow_unfinished if body is not None else False
    done = skak.tournaments.pair(f"#{tid}", allow_unfinished=unfinished, actor=who)
    rnd = done.after.rounds[-1]
    where = {"Location": f"/api/v1/tournaments/{tid}/rounds/{rnd.number}"}
    return view_answer(round_view(done.after, rnd), 201, where)


class BoardResult(Body):
    """One board's result, typed as `skak result` reads it (`1-0`, `½`, `=`, `+`, …)."""

    board: int
    result: str
    playoff: str = Field("", description="Gladiator (4.9.8): the play-off, comma-separated.")


class RoundResults(Body):
    results: list[BoardResult] = Field(description="The boards to enter, any number of them.")


@router.post(
    "/tournaments/{tid}/rounds/{number}/results",
    tags=[_TOURNAMENTS],
    summary="Enter results",
    responses=_done("The round afterwards, as `skak round show N --json`.", RoundView),
)
def enter_results(
    tid: int, number: int, body: RoundResults, skak: SkakDep, who: AccountDep
) -> JSONResponse:
    """`skak results`: several boards at once, all or nothing, each checked as one is."""
    entries = [(r.board, r.result, r.playoff) for r in body.results]
    done = skak.tournaments.enter_results(f"#{tid}", number, entries, actor=who)
    return view_answer(round_view(done.after, number))


class OneResult(Body):
    result: str = Field(description="As `skak result` reads it: `1-0`, `½-½`, `0-1`, `+-`, …")
    playoff: str = Field("", description="Gladiator (4.9.8): the play-off, comma-separated.")
    seen: str | None = Field(
        None,
        description="The result the caller saw on the board (null: none); a board changed "
        "since is a conflict (409), not overwritten. Left out: not checked.",
    )


@router.put(
    "/tournaments/{tid}/rounds/{number}/boards/{board}",
    tags=[_TOURNAMENTS],
    summary="Enter one board's result",
    responses=_done(
        "What was entered: the game, the result and what it was before.", ResultEnteredView
    ),
)
def enter_result(
    tid: int, number: int, board: int, body: OneResult, skak: SkakDep, who: AccountDep
) -> JSONResponse:
    """`skak result ROUND BOARD RESULT`: enter or correct one board's result."""
    checked: dict[str, Any] = {}
    if "seen" in body.model_fields_set:
        checked["seen"] = None if not body.seen else Result.parse(body.seen)
    done = skak.tournaments.enter_result(
        f"#{tid}", number, board, body.result, body.playoff, actor=who, **checked
    )
    return view_answer(result_entered(done, number, board))


# -- the division league -----------------------------------------------------------------------


class Lineup(Body):
    players: list[str | None] = Field(
        description="Player ids from the strength list, board 1 first; null or `-`: empty."
    )
    date: str | None = Field(None, description="The match's day when it was moved (§6 f).")


@router.put(
    "/leagues/{sid}/lineups/{round_number}/{team}",
    tags=[_LEAGUE],
    summary="Enter a team's line-up",
    responses=_done("The line-up checked, as `skak league lineup --json`.", LineupView),
)
def enter_lineup(
    sid: int, round_number: int, team: str, body: Lineup, skak: SkakDep, who: AccountDep
) -> JSONResponse:
    """`skak league lineup`: a team's line-up for a match (the team's captain, the `club`
    role, or the leader); what breaks §10 is entered all the same and named, §13 b decides
    what it costs."""
    day = parse_date(body.date, "date")
    skak.league.lineup(sid, round_number, team, body.players, day=day, actor=who)
    return view_answer(skak.league.lineup_view(sid, round_number, team))


class MatchCard(Body):
    results: list[str] = Field(
        [], description="One result a board from the home side: `1`, `½`, `0`, `x`, `+`, `-`."
    )
    absent: list[str] = Field([], description="`BOARD:home|away[:no-show|late|leader]`.")
    late: list[str] = Field([], description="Teams more than 60 minutes late (§13 a).")
    no_show: list[str] = Field([], description="Teams that did not come (§13 a).")
    remark: str = Field("", description="Irregularities at the match (§12.7).")


@router.put(
    "/leagues/{sid}/matches/{round_number}/{team}/card",
    tags=[_LEAGUE],
    summary="Report a match's result card",
    responses=_done("The match as it counts, as `skak league result --json`.", MatchView),
)
def enter_card(
    sid: int, round_number: int, team: str, body: MatchCard, skak: SkakDep, who: AccountDep
) -> JSONResponse:
    """`skak league result`: the home team's card, board by board (the home captain or the
    leader); the away captain confirms or disputes it."""
    skak.league.result(
        sid, round_number, team, body.results, absent=body.absent, late=body.late,
        no_show=body.no_show, remark=body.remark, actor=who,
    )  # fmt: skip
    return view_answer(skak.league.match(sid, round_number, team))


def _card(skak: SkakDep, sid: int, round_number: int, team: str) -> JSONResponse:
    match = skak.league.match(sid, round_number, team)
    (line,) = [
        c for c in skak.league.cards(sid) if c.round == round_number and c.home == match.home
    ]
    return view_answer(line)


@router.post(
    "/leagues/{sid}/matches/{round_number}/{team}/confirm",
    tags=[_LEAGUE],
    summary="Confirm a result card",
    responses=_done(
        "The card and what was said of it, as in `skak league cards --json`.", CardLine
    ),
)
def confirm_card(
    sid: int, round_number: int, team: str, skak: SkakDep, who: AccountDep
) -> JSONResponse:
    """`skak league confirm`: the away captain's signature on the card (5.1 §12.6)."""
    skak.league.confirm(sid, round_number, team, actor=who)
    return _card(skak, sid, round_number, team)


class Dispute(Body):
    reason: str = Field(description="What is wrong with the card.")


@router.post(
    "/leagues/{sid}/matches/{round_number}/{team}/dispute",
    tags=[_LEAGUE],
    summary="Dispute a result card",
    responses=_done(
        "The card and what was said of it, as in `skak league cards --json`.", CardLine
    ),
)
def dispute_card(
    sid: int, round_number: int, team: str, body: Dispute, skak: SkakDep, who: AccountDep
) -> JSONResponse:
    """`skak league confirm --dispute`: the away captain objects; the leader decides."""
    skak.league.dispute(sid, round_number, team, body.reason, actor=who)
    return _card(skak, sid, round_number, team)


# -- the rating registry and the discipline register -------------------------------------------


class Application(Body):
    tournament: int = Field(description="The finished, rated tournament's id.")
    date: str | None = Field(None, description="The day it is applied; default: today.")


@router.post(
    "/ratings/tournaments",
    tags=[_RATINGS],
    summary="Apply a tournament to the registry",
    status_code=201,
    responses=_done(
        "The tournament applied: each member's start rating and change.", TournamentApplied, 201
    ),
)
def apply_tournament(body: Application, skak: SkakDep, who: AccountDep) -> JSONResponse:
    """`skak rating apply`: a finished tournament's rating changes added to the registry,
    once (the `registrar` role)."""
    day = parse_date(body.date, "date") or date.today()
    applied = skak.registry.apply(f"#{body.tournament}", day, actor=who)
    return answer(to_json(applied), 201)


class Sanction(Body):
    """A warning or a quarantine, as ``skak discipline add`` takes it."""

    kind: Literal["warning", "quarantine", "advarsel", "karantæne"]
    member: int = Field(description="The player's DSU member number.")
    date: str | None = Field(None, description="The day it was given; default: today.")
    name: str | None = Field(None, description="Default: the rating registry's.")
    tournament: int | None = Field(None, description="The tournament in this database.")
    event: str | None = Field(None, description="A tournament elsewhere (with `last_day`).")
    last_day: str | None = None
    rule: Literal["§7", "7", "4.5.4.2"] = "§7"
    reason: str = ""
    start: str | None = Field(None, description="A quarantine's first day; default: `date`.")
    months: int | None = None
    until: str | None = Field(None, description="A quarantine's last day, instead of months.")


@router.post(
    "/discipline",
    tags=[_DISCIPLINE],
    summary="Register a warning or a quarantine",
    status_code=201,
    responses=_done("The entry as registered, as `skak discipline add --json`.", SanctionRow, 201),
)
def give_sanction(body: Sanction, skak: SkakDep, who: AccountDep) -> JSONResponse:
    """`skak discipline add`: §19 decides what is registered (a second warning within a
    year becomes a quarantine); the registrar, a league leader or an admin."""
    kind = {"advarsel": "warning", "karantæne": "quarantine"}.get(body.kind, body.kind)
    entry = skak.discipline.give(
        kind,
        body.member,
        given=parse_date(body.date, "date") or date.today(),
        name=body.name,
        tournament=f"#{body.tournament}" if body.tournament is not None else None,
        event=body.event,
        last_day=parse_date(body.last_day, "last_day"),
        ground="4.5.4.2" if body.rule == "4.5.4.2" else "§7",
        reason=body.reason,
        start=parse_date(body.start, "start"),
        months=body.months,
        until=parse_date(body.until, "until"),
        actor=who,
    )
    return view_answer(sanction_row(entry), 201)
