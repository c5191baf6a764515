"""Candidate results (kandidatresultater, DSU §26) and player designations (§23)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from skak.errors import InputError
from skak.model.results import Colour, Scoring
from skak.rating.calc import RatedGame, RatedPlayer
from skak.rating.tables import expected_score

__all__ = [
    "CANDIDATE_TABLE",
    "CandidateResult",
    "candidate_requirement",
    "candidate_results",
    "designation",
    "group_average",
]

_H = Fraction(1, 2)

#: §26's table: (highest average of the row, required points for 5, 6, …, 11 rounds), in
#: half points. The lowest row starts at an average of 1900.
CANDIDATE_TABLE: tuple[tuple[int, tuple[int, ...]], ...] = (
    (2100, (10, 12, 14, 16, 18, 20, 22)),
    (2125, (8, 10, 11, 13, 15, 16, 18)),
    (2150, (8, 9, 11, 12, 14, 16, 17)),
    (2175, (8, 9, 11, 12, 14, 15, 17)),
    (2200, (7, 9, 10, 12, 13, 15, 16)),
    (2225, (7, 8, 10, 11, 13, 14, 15)),
    (2250, (7, 8, 9, 11, 12, 13, 15)),
    (2275, (6, 8, 9, 10, 12, 13, 14)),
    (2300, (6, 7, 8, 10, 11, 12, 13)),
    (2325, (6, 7, 8, 9, 10, 11, 13)),
    (2350, (5, 6, 7, 8, 10, 11, 12)),
    (2375, (5, 6, 7, 8, 9, 10, 11)),
    (2400, (5, 6, 7, 8, 8, 9, 10)),
    (2425, (4, 5, 6, 7, 8, 9, 9)),
    (2450, (4, 5, 6, 6, 7, 8, 9)),
    (2475, (4, 4, 5, 6, 6, 7, 8)),
    (2500, (3, 4, 5, 5, 6, 7, 7)),
    (2525, (3, 4, 4, 5, 5, 6, 7)),
)  # fmt: skip


def group_average(own: int, opponents: list[int]) -> int:
    """§26 note: the average of the player's own and all opponents' ratings, rounded to the
    nearest whole number, .50 up."""
    ratings = [own, *opponents]
    return floor(Fraction(sum(ratings), len(ratings)) + _H)


def _half_points(value: Fraction) -> Fraction:
    """To the nearest half point, .25 and .75 upwards (§26)."""
    return Fraction(floor(value * 2 + _H), 2)


def candidate_requirement(average: int, rounds: int) -> Fraction | None:
    """The score a candidate result needs (§26), or ``None`` below an average of 1900.

    Above 2525 it is the expected score for the difference ``2351 − average`` (2605 → 19 %),
    times the rounds, to the nearest half point.

    :raises InputError: for fewer than 5 rounds (only such tournaments qualify).
    """
    if rounds < 5:
        raise InputError(f"a candidate result needs at least 5 rounds, not {rounds}")
    if average < 1900:
        return None
    for highest, points in CANDIDATE_TABLE:
        if average <= highest and rounds <= 11:
            return Fraction(points[rounds - 5], 2)
    share = expected_score(2351, average) if average > 2525 else None
    if share is None:  # 1900–2525 beyond 11 rounds: the row's percentage
        percent = _row_percent(average)
        return _half_points(Fraction(percent, 100) * rounds)
    return _half_points(share * rounds)


_PERCENT = (100, 81, 78, 76, 73, 70, 67, 64, 60, 57, 53, 50, 47, 43, 40, 36, 33, 30)


def _row_percent(average: int) -> int:
    for (highest, _), percent in zip(CANDIDATE_TABLE, _PERCENT, strict=True):
        if average <= highest:
            return percent
    raise AssertionError(average)  # pragma: no cover - callers check the range


def designation(rating: int) -> str:
    """§23: mesterspiller from 1900, 1. klasse 1700–1899, 2. klasse 1500–1699, else 3."""
    if rating >= 1900:
        return "mesterspiller"
    if rating >= 1700:
        return "1. klasses spiller"
    if rating >= 1500:
        return "2. klasses spiller"
    return "3. klasses spiller"


@dataclass(frozen=True, slots=True)
class CandidateResult:
    id: str
    average: int
    rounds: int
    score: Fraction
    required: Fraction | None
    reached: bool


def _standing(
    pid: str, own: int, games: Sequence[RatedGame], ratings: dict[str, int]
) -> tuple[int, Fraction, Fraction | None]:
    """Average, score and requirement of a player's games so far."""
    scoring = Scoring()
    opponents = [g.black if g.white == pid else g.white for g in games]
    score = sum(
        (g.result.points(Colour.WHITE if g.white == pid else Colour.BLACK, scoring) for g in games),
        Fraction(0),
    )
    average = group_average(own, [ratings[o] for o in opponents])
    return average, score, candidate_requirement(average, len(games))


def candidate_results(
    players: Sequence[RatedPlayer], games: Sequence[RatedGame], *, team_event: bool = False
) -> list[CandidateResult]:
    """§26 for every rated player with at least five rounds played over the board (forfeits
    and games not rated do not count: "spillede runder"). In a team event a result reached
    after five or more rounds, in the order the games are listed, stands whatever follows."""
    ratings = {p.id: p.rating for p in players if p.rating is not None}
    out = []
    for p in players:
        mine = [g for g in games if p.id in (g.white, g.black) and g.counts and g.result.is_played]
        if p.rating is None or len(mine) < 5:
            continue
        if any((g.black if g.white == p.id else g.white) not in ratings for g in mine):
            continue
        average, score, need = _standing(p.id, p.rating, mine, ratings)
        reached = need is not None and score >= need
        if team_event and not reached:
            for n in range(5, len(mine)):
                _, so_far, need_then = _standing(p.id, p.rating, mine[:n], ratings)
                if need_then is not None and so_far >= need_then:
                    reached = True
                    break
        out.append(CandidateResult(p.id, average, len(mine), score, need, reached))
    return out
