"""FIDE rating and title norms of a tournament held in skak (``skak standings --fide``,
``skak norms``): its players' FIDE ratings, titles and federations, its games played over
the board."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from skak.model.player import Sex
from skak.model.results import Colour, Result, Scoring, ordinary_games
from skak.model.tournament import Tournament
from skak.rating.fide import FideGame, FidePlayer, FideResult, fide_edition_for, fide_rating
from skak.rating.norms import (
    Condition,
    NormOpponent,
    NormReport,
    NormTournament,
    norm_reports,
    rated_tournament_conditions,
)

__all__ = ["TournamentNorms", "tournament_fide_rating", "tournament_norms"]

_PLAYED = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)


def _day(t: Tournament, today: date) -> date:
    return t.end_date or t.start_date or today


def _games(t: Tournament) -> list[FideGame]:
    """Games played over the board (4.7.2, 4.7.4: no forfeit, no game marked unrated)."""
    return [
        FideGame(
            str(pg.white if i % 2 == 0 else pg.black),
            str(pg.black if i % 2 == 0 else pg.white),
            result,
            rated=not pg.unrated,
        )
        for rnd in t.rounds
        for pg in rnd.pairings
        if pg.black is not None and pg.result is not None
        for i, result in enumerate(ordinary_games(pg.result, pg.playoff, t.scoring))
        if result in _PLAYED
    ]


def _round_robin(t: Tournament) -> bool:
    return t.pairing_system in ("berger", "dsu-rr")


def tournament_fide_rating(t: Tournament, today: date) -> FideResult:
    """Every player's FIDE rating change by the edition in force on the last day."""
    day = _day(t, today)
    players = [FidePlayer(str(p.start_number), p.ratings.fide) for p in t.players]
    return fide_rating(
        players, _games(t), fide_edition_for(day), round_robin=_round_robin(t), day=day
    )


@dataclass(frozen=True, slots=True)
class TournamentNorms:
    """4.7.2's conditions for the tournament, and each player's norm reports."""

    conditions: tuple[Condition, ...]
    players: dict[int, tuple[NormReport, ...]]


def tournament_norms(
    t: Tournament,
    today: date,
    *,
    international_arbiter: bool | None = None,
    most_games_a_day: int | None = None,
) -> TournamentNorms:
    day = _day(t, today)
    info = NormTournament(
        t.start_date,
        t.end_date,
        t.time_control,
        len(t.players),
        international_arbiter=international_arbiter,
        most_games_a_day=most_games_a_day,
    )
    rated = sum(1 for p in t.players if p.ratings.fide is not None)
    conditions = rated_tournament_conditions(info, rated, _round_robin(t), day)
    scoring = Scoring()
    met: dict[int, list[NormOpponent]] = {p.start_number: [] for p in t.players}
    for g in _games(t):
        if not g.rated:
            continue
        for me, other, colour in (
            (g.white, g.black, Colour.WHITE),
            (g.black, g.white, Colour.BLACK),
        ):
            o = t.player(int(other))
            met[int(me)].append(
                NormOpponent(
                    o.name,
                    o.ratings.fide,
                    o.title.value if o.title else None,
                    o.federation,
                    Fraction(g.result.points(colour, scoring)),
                )
            )
    reports = {
        p.start_number: norm_reports(
            p.title.value if p.title else None,
            None if p.sex is None else p.sex is Sex.FEMALE,
            p.federation,
            met[p.start_number],
            info,
            day,
        )
        for p in t.players
    }
    return TournamentNorms(conditions, reports)
