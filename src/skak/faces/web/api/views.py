"""The API's reads: every public view, as the CLI's ``--json`` writes it (no token needed).

Each route names the command whose JSON it answers with; the view is built by the same
function of :mod:`skak.views` (a tournament's views kept per version, as the pages keep
theirs), so a program reading the API and a script reading ``skak … --json`` see the same.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Query
from starlette.responses import JSONResponse

from skak.api import Tournament
from skak.faces.web.api._common import READ_ERRORS, described, view_answer
from skak.faces.web.public import CacheDep, SkakDep
from skak.views import (
    CrosstableView,
    CupLine,
    CupStandingsView,
    FixtureRow,
    JuniorLine,
    JuniorView,
    LeagueStandingsView,
    LineupView,
    MatchView,
    PlayerRow,
    PlayerView,
    PrizeListView,
    RegistryRow,
    RoundView,
    SeasonLine,
    StandingsView,
    TournamentExport,
    TournamentListView,
    TournamentRatingView,
    crosstable_view,
    player_view,
    players_view,
    registry_row,
    registry_rows,
    round_view,
    standings_view,
    tournament_rating_view,
)

__all__ = ["router"]

router = APIRouter(responses=READ_ERRORS)

_TOURNAMENTS = "tournaments"
_LEAGUE = "league"
_TEAMS = "cup and junior championship"
_RATINGS = "rating registry"

AfterRound = Annotated[
    int | None, Query(description="The standings after this round; default: the latest.")
]
Tiebreaks = Annotated[
    str | None,
    Query(description="Tie-break codes instead of the tournament's own, e.g. `BH/C1,BH,SB`."),
]
Rules = Annotated[str | None, Query(description="A named list of tie-breaks (`skak tiebreaks`).")]


def _ok(cli: str, shape: Any) -> dict[int | str, Any]:
    return described(f"The JSON of `{cli} --json`.", shape)


def _kept(
    cache: CacheDep,
    tid: int,
    name: str,
    key: tuple[Any, ...],
    build: Callable[[Tournament], Any],
) -> Any:
    """A view of tournament ``tid`` as it is now, built once a version (under the API's
    own names in the pages' cache): the tournament and its version are read together."""
    t, version = cache.tournament(tid)
    return cache.view(tid, version, f"api:{name}", key, lambda: build(t))


def _text(value: str | None) -> str | None:
    return value.strip() or None if value else None


# -- tournaments -------------------------------------------------------------------------------


@router.get(
    "/tournaments",
    tags=[_TOURNAMENTS],
    summary="The tournaments",
    responses=_ok("skak tournaments", TournamentListView),
)
def tournaments(
    skak: SkakDep,
    search: Annotated[str, Query(description="Words of the name, place or organiser.")] = "",
    organiser: Annotated[
        str | None, Query(description="One organiser's tournaments (a club's own list).")
    ] = None,
    start: Annotated[date | None, Query(alias="from", description="Held on or after.")] = None,
    end: Annotated[date | None, Query(alias="to", description="Held on or before.")] = None,
    kind: Annotated[str | None, Query(description="standard, rapid or blitz.")] = None,
    status: Annotated[str | None, Query(description="planned, running, finished or rated.")] = None,
    page: Annotated[int, Query(description="Which page (from 1).")] = 1,
    limit: Annotated[int, Query(description="Tournaments a page (at most 500).")] = 50,
) -> JSONResponse:
    """The tournaments, newest first, a page at a time, searched and filtered as
    `skak tournaments` does; read from the list's summaries, never the events."""
    view = skak.tournaments.listing(
        search=search,
        organiser=organiser,
        start=start,
        end=end,
        kind=kind,
        status=status,
        page=page,
        limit=limit,
    )
    return view_answer(view)


@router.get(
    "/tournaments/{tid}",
    tags=[_TOURNAMENTS],
    summary="A tournament whole",
    responses=_ok("skak export json", TournamentExport),
)
def tournament(tid: int, skak: SkakDep) -> JSONResponse:
    """The tournament's settings, players, rounds and standings, as `skak export json`."""
    return view_answer(skak.tournaments.export(f"#{tid}"))


@router.get(
    "/tournaments/{tid}/standings",
    tags=[_TOURNAMENTS],
    summary="The standings",
    responses=_ok("skak standings", StandingsView),
)
def standings(
    tid: int,
    cache: CacheDep,
    after_round: AfterRound = None,
    tiebreaks: Tiebreaks = None,
    rules: Rules = None,
) -> JSONResponse:
    """Points, then the tie-breaks (the tournament's own, or those chosen); places level
    on everything are shared; the rating column once a rated tournament is finished."""
    chosen, named = _text(tiebreaks), _text(rules)
    view = _kept(
        cache,
        tid,
        "standings",
        (after_round, chosen, named),
        lambda t: standings_view(t, after_round=after_round, tiebreaks=chosen, rules=named),
    )
    return view_answer(view)


@router.get(
    "/tournaments/{tid}/crosstable",
    tags=[_TOURNAMENTS],
    summary="The crosstable",
    responses=_ok("skak crosstable", CrosstableView),
)
def crosstable(
    tid: int,
    cache: CacheDep,
    after_round: AfterRound = None,
    tiebreaks: Tiebreaks = None,
    rules: Rules = None,
) -> JSONResponse:
    """Each player's opponent, colour and result per round in standings order, with the
    points and the tie-breaks."""
    chosen, named = _text(tiebreaks), _text(rules)
    view = _kept(
        cache,
        tid,
        "crosstable",
        (after_round, chosen, named),
        lambda t: crosstable_view(t, after_round=after_round, tiebreaks=chosen, rules=named),
    )
    return view_answer(view)


@router.get(
    "/tournaments/{tid}/rounds",
    tags=[_TOURNAMENTS],
    summary="Every round",
    responses=described("A list: each round as `skak round show N --json`.", tuple[RoundView, ...]),
)
def rounds(tid: int, cache: CacheDep) -> JSONResponse:
    """Every round paired, first to last: its boards, results and bye."""
    views = _kept(cache, tid, "rounds", (), lambda t: [round_view(t, r.number) for r in t.rounds])
    return view_answer(views)


@router.get(
    "/tournaments/{tid}/rounds/{number}",
    tags=[_TOURNAMENTS],
    summary="A round",
    responses=_ok("skak round show N", RoundView),
)
def round_(tid: int, number: int, cache: CacheDep) -> JSONResponse:
    """Round ``number``'s pairings and results, and the pairing system's explanation."""
    return view_answer(_kept(cache, tid, "round", (number,), lambda t: round_view(t, number)))


@router.get(
    "/tournaments/{tid}/players",
    tags=[_TOURNAMENTS],
    summary="The players",
    responses=_ok("skak players list", tuple[PlayerRow, ...]),
)
def players(tid: int, cache: CacheDep) -> JSONResponse:
    """The players by start number, with their details and ratings."""
    view = _kept(cache, tid, "players", (), players_view)
    return view_answer(view.players)


@router.get(
    "/tournaments/{tid}/players/{number}",
    tags=[_TOURNAMENTS],
    summary="A player's tournament",
    responses=_ok("skak players show N", PlayerView),
)
def player(tid: int, number: int, cache: CacheDep) -> JSONResponse:
    """Every round's opponent, colour, result and score, the place, the performance rating
    and, once a rated tournament is finished, the new rating."""
    return view_answer(_kept(cache, tid, "player", (number,), lambda t: player_view(t, number)))


@router.get(
    "/tournaments/{tid}/rating",
    tags=[_TOURNAMENTS],
    summary="The rating result",
    responses=described("The DSU rating result (the page `/t/{id}/rating`).", TournamentRatingView),
)
def rating(tid: int, cache: CacheDep) -> JSONResponse:
    """A finished rated tournament's DSU rating result, every figure of it."""
    return view_answer(_kept(cache, tid, "rating", (), tournament_rating_view))


@router.get(
    "/tournaments/{tid}/prizes",
    tags=[_TOURNAMENTS],
    summary="The prize list",
    responses=_ok("skak prizes show", PrizeListView),
)
def prizes(tid: int, cache: CacheDep, skak: SkakDep) -> JSONResponse:
    """The prizes declared and who wins them in the standings (§24)."""
    view = _kept(cache, tid, "prizes", (), lambda _t: skak.tournaments.prizes(f"#{tid}"))
    return view_answer(view)


# -- the division league -----------------------------------------------------------------------

Division = Annotated[str | None, Query(description="One division, e.g. `2. division`.")]
Group = Annotated[int | None, Query(description="One group of the division.")]


@router.get(
    "/leagues",
    tags=[_LEAGUE],
    summary="The league seasons",
    responses=_ok("skak league list", tuple[SeasonLine, ...]),
)
def leagues(skak: SkakDep) -> JSONResponse:
    """Every division-league season: its id, name, start, edition and teams."""
    return view_answer(skak.league.lines())


@router.get(
    "/leagues/{sid}/standings",
    tags=[_LEAGUE],
    summary="A season's standings",
    responses=_ok("skak league standings", tuple[LeagueStandingsView, ...]),
)
def league_standings(
    sid: int,
    skak: SkakDep,
    division: Division = None,
    group: Group = None,
    after_round: AfterRound = None,
) -> JSONResponse:
    """Each group's standings (5.1 §3) with how each tie was decided."""
    views = skak.league.standings(sid, division=division, group=group, after_round=after_round)
    return view_answer(views)


@router.get(
    "/leagues/{sid}/matches",
    tags=[_LEAGUE],
    summary="A season's matches",
    responses=_ok("skak league schedule", tuple[FixtureRow, ...]),
)
def league_matches(
    sid: int, skak: SkakDep, division: Division = None, group: Group = None
) -> JSONResponse:
    """Every group's matches (Berger tables), home team first, with dates and results."""
    return view_answer(skak.league.schedule(sid, division=division, group=group))


@router.get(
    "/leagues/{sid}/matches/{round_number}/{team}",
    tags=[_LEAGUE],
    summary="A match",
    responses=_ok("skak league result ROUND TEAM", MatchView),
)
def league_match(sid: int, round_number: int, team: str, skak: SkakDep) -> JSONResponse:
    """The match ``team`` plays in the round (0: the play-off) as it counts: board points,
    match points, board by board, the penalties of §13 and the leader's rulings."""
    return view_answer(skak.league.match(sid, round_number, team))


@router.get(
    "/leagues/{sid}/lineups/{round_number}/{team}",
    tags=[_LEAGUE],
    summary="A team's line-up",
    responses=_ok("skak league lineup ROUND TEAM", LineupView),
)
def league_lineup(sid: int, round_number: int, team: str, skak: SkakDep) -> JSONResponse:
    """The line-up ``team`` entered for the round, board by board, checked against §10."""
    return view_answer(skak.league.lineup_view(sid, round_number, team))


# -- the cup and the junior team championship --------------------------------------------------


@router.get(
    "/cups", tags=[_TEAMS], summary="The cups", responses=_ok("skak cup list", tuple[CupLine, ...])
)
def cups(skak: SkakDep) -> JSONResponse:
    """Every cup: its row, day, rounds, teams and rounds paired."""
    return view_answer(skak.cup.lines())


@router.get(
    "/cups/{cid}/standings",
    tags=[_TEAMS],
    summary="A cup's standings",
    responses=_ok("skak cup standings", CupStandingsView),
)
def cup_standings(cid: int, skak: SkakDep) -> JSONResponse:
    """The row's standings (5.3 §8), and who plays §9's play-off for first place."""
    return view_answer(skak.cup.standings(cid))


@router.get(
    "/juniors",
    tags=[_TEAMS],
    summary="The junior team championships",
    responses=_ok("skak junior list", tuple[JuniorLine, ...]),
)
def juniors(skak: SkakDep) -> JSONResponse:
    """Every junior team championship: its name, day, teams and matches."""
    return view_answer(skak.junior.lines())


@router.get(
    "/juniors/{jid}/standings",
    tags=[_TEAMS],
    summary="A junior championship's standings",
    responses=_ok("skak junior standings", JuniorView),
)
def junior_standings(jid: int, skak: SkakDep) -> JSONResponse:
    """The standings by 5.5 §4 and every team's §6 problems."""
    return view_answer(skak.junior.view(jid))


# -- the rating registry -----------------------------------------------------------------------


@router.get(
    "/ratings",
    tags=[_RATINGS],
    summary="The rating list",
    responses=_ok("skak rating list", tuple[RegistryRow, ...]),
)
def ratings(
    skak: SkakDep,
    cache: CacheDep,
    name: Annotated[str | None, Query(description="Only names that hold this (any case).")] = None,
    club: Annotated[str | None, Query(description="Only clubs that hold this (any case).")] = None,
    limit: Annotated[
        int | None, Query(ge=1, description="Only the first N (the highest rated).")
    ] = None,
    all: Annotated[
        bool, Query(description="Also players archived after 3 years without a result.")
    ] = False,
) -> JSONResponse:
    """The registry's players, the highest standard rating first: standard, rapid and
    blitz ratings and §23's class."""
    registry = cache.kept(("registry", skak.registry.version()), skak.registry.get)
    rows = registry_rows(registry, date.today(), show_all=all, name=name, club=club)
    return view_answer(rows[:limit] if limit is not None else rows)


@router.get(
    "/ratings/{member}",
    tags=[_RATINGS],
    summary="A player's rating card",
    responses=_ok("skak rating show MEMBER", RegistryRow),
)
def rating_card(member: int, skak: SkakDep, cache: CacheDep) -> JSONResponse:
    """The player's ratings, §23's class and every change with its day and reason."""
    registry = cache.kept(("registry", skak.registry.version()), skak.registry.get)
    return view_answer(registry_row(registry, member, date.today()))
