"""FIDE rating and title norms of a tournament held in skak (``skak standings --fide``,
``skak norms``): its players' FIDE ratings, titles and federations, its games played over
the board."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from skak.errors import InputError
from skak.games.timerules import assess
from skak.model.player import Sex
from skak.model.results import Colour, Result, Scoring, ordinary_games
from skak.model.tournament import RatedKind, Tournament, is_round_robin
from skak.rating.fide import (
    FideChange,
    FideGame,
    FidePlayer,
    FideResult,
    fide_edition_for,
    fide_rating,
)
from skak.rating.norms import (
    Condition,
    NormOpponent,
    NormReport,
    NormTournament,
    norm_reports,
    rated_tournament_conditions,
)

__all__ = ["TournamentNorms", "fide_ratable", "tournament_fide_rating", "tournament_norms"]

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


def fide_ratable(t: Tournament, day: date) -> tuple[bool | None, str]:
    """Whether 4.7.2's time control allows FIDE rating (at least 120 minutes for a game of 60
    moves, increments counted: 90 minutes + 30 s a move is so), and why; ``None`` when skak
    cannot tell (no control given, or one it cannot read). A rapid or blitz tournament
    without a control is not rated."""
    if t.time_control:
        try:
            a = assess(t.time_control, day)
        except InputError as err:
            return None, f"the time control {t.time_control!r} cannot be read ({err})"
        return a.fide_ratable.holds, f"{a.control}: {a.fide_ratable.reason}"
    if t.rated_kind is not RatedKind.STANDARD:
        return False, (
            f"a {t.rated_kind.value} tournament: 4.7.2 rates games of at least 120 min for 60 "
            "moves (or 90 min + 30 s a move)"
        )
    return None, "the time control is not known"


def tournament_fide_rating(
    t: Tournament, today: date, *, round_robin: bool | None = None
) -> FideResult:
    """Every player's FIDE rating change by the edition in force on the last day; none for
    a tournament whose time control 4.7.2 does not rate (a rapid or blitz tournament).

    The notes say what skak assumed: the players' earlier rated games are not known, so an
    established player's K (15, or 10 from 2400) is assumed, and a later tournament is rated
    by the last rules the handbook's texts hold."""
    day = _day(t, today)
    edition = fide_edition_for(day)
    ratable, why = fide_ratable(t, day)
    if ratable is False:
        note = f"not FIDE-rated (4.7.2): {why}"
        return FideResult(
            edition.name,
            tuple(
                FideChange(str(p.start_number), p.ratings.fide, 0, Fraction(0), Fraction(0),
                           None, None, None, (note,))
                for p in t.players
            ),
            (note,),
        )  # fmt: skip
    players = [FidePlayer(str(p.start_number), p.ratings.fide) for p in t.players]
    result = fide_rating(
        players, _games(t), edition, round_robin=is_round_robin(t, round_robin), day=day
    )
    notes = list(result.notes)
    if ratable is None:
        notes.append(
            f"{why}: 4.7.2's (at least 120 min for 60 moves, or 90 min + 30 s a move) is "
            "assumed met"
        )
    if any(p.ratings.fide is not None for p in t.players):
        notes.append(
            f"K assumed {edition.k_established} ({edition.k_top} from {edition.top}): skak does "
            "not know the players' earlier rated games; a player with fewer than "
            f"{edition.new_until} has K {edition.k_new} ({edition.name})"
        )
    return replace(result, notes=tuple(notes))


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
    round_robin: bool | None = None,
    own_federation: bool | None = None,
) -> TournamentNorms:
    """4.7.2's conditions and every player's norms; ``own_federation`` (``None``: the FIDE
    edition's, the opponents' federations only for every edition the handbook covers) counts
    the player's own federation among 4.7.4's three."""
    day = _day(t, today)
    if own_federation is None:
        own_federation = fide_edition_for(day).norm_own_federation
    info = NormTournament(
        t.start_date,
        t.end_date,
        t.time_control,
        len(t.players),
        international_arbiter=international_arbiter,
        most_games_a_day=most_games_a_day,
    )
    rated = sum(1 for p in t.players if p.ratings.fide is not None)
    conditions = rated_tournament_conditions(info, rated, is_round_robin(t, round_robin), day)
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
            own_federation=own_federation,
        )
        for p in t.players
    }
    return TournamentNorms(conditions, reports)
