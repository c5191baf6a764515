"""Rating-based tie-breaks (C.07 Art. 10; 004 annex 3 2.A.a and E).

C.07 Art. 10: these tie-breaks are dropped when unrated players take part unless the
tournament's rules say how to rate them; skak refuses instead, naming the unrated players,
unless the code carries such a rule (``ARO/U1000``: unrated players count as 1000). Only games
played over the board count; forfeits never do (Art. 15.2, 2026). The rating is the one each
player entered with (Art. 10, 2026: "the first one").

The tables are FIDE's Rating Regulations (B.02) 8.1a (score percentage → rating difference)
and 8.1b (rating difference → expected score). DSU's copy of 8.1b (003 §4.5.7 table 1) ends
the 0.88 row at 342; FIDE's ends it at 344, and FIDE's table is the one C.07 refers to.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from operator import itemgetter

from skak.errors import InputError
from skak.tiebreaks._crosstable import Crosstable, Kind
from skak.tiebreaks._registry import Values, tiebreak
from skak.tiebreaks._spec import TieBreakSpec

__all__ = [
    "DP_TABLE",
    "PD_TABLE",
    "average_perfect_performance_of_opponents",
    "average_rating_of_opponents",
    "average_rating_performance_of_opponents",
    "expected_hundredths",
    "perfect_tournament_performance",
    "rating",
    "round_half_up",
    "tournament_performance_rating",
]

#: B.02 8.1a: the rating difference dp for a score of p = 0.00 … 1.00 (index = 100 p).
DP_TABLE: tuple[int, ...] = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip

#: B.02 8.1b: (largest rating difference of the row, expected score of the higher-rated
#: player in hundredths). Past 735 the higher-rated player's expected score is 1.00.
PD_TABLE: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
    (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73),
    (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81),
    (267, 82), (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89),
    (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97),
    (619, 98), (735, 99),
)  # fmt: skip


def round_half_up(x: Fraction) -> int:
    """To the nearest whole number, 0.5 upwards (C.07 Art. 10.1)."""
    return math.floor(x + Fraction(1, 2))


def _round_ratio(numerator: int, denominator: int) -> int:
    """:func:`round_half_up` of ``numerator / denominator`` (``denominator`` > 0), in
    whole numbers."""
    return (2 * numerator + denominator) // (2 * denominator)


@functools.cache
def _expected() -> tuple[int, ...]:
    """Table 8.1b by rating difference 0 … 735: the higher-rated player's expected score in
    hundredths (from 736 on: 100); made when first needed, not on import."""
    return tuple(
        next(h for upper, h in PD_TABLE if diff <= upper) for diff in range(PD_TABLE[-1][0] + 1)
    )


def expected_hundredths(own: int, opponent: int) -> int:
    """The expected score of one game, in hundredths, by table 8.1b."""
    diff = abs(own - opponent)
    table = _expected()
    high = table[diff] if diff < len(table) else 100
    return high if own >= opponent else 100 - high


def ratings(ct: Crosstable, spec: TieBreakSpec) -> dict[int, int]:
    """Every player's rating, unrated players at ``spec.unrated``.

    :raises InputError: naming the unrated players when the code gives them no rating.
    """

    def make() -> dict[int, int]:
        out: dict[int, int] = {}
        missing = []
        for p in ct.players:
            value = ct.rating(p)
            if value is None:
                if spec.unrated is None:
                    missing.append(p)
                    continue
                value = spec.unrated
            out[p] = value
        if missing:
            names = ", ".join(f"{n} ({ct.player(n).name})" for n in missing[:5])
            more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
            raise InputError(
                f"tie-break {spec.code} needs every player's {ct.rating_kind} rating "
                f"(C.07 Art. 10), but these players have none: {names}{more}; give unrated "
                f"players a rating with a modifier, e.g. {spec.code}/U1000"
            )
        return out

    return ct.memo(("ratings", spec.unrated), make)


def _opponents(ct: Crosstable, player: int, table: dict[int, int]) -> list[tuple[int, int]]:
    """(rating, result in half points) of every game the player finished over the board."""
    game = Kind.GAME
    return [
        (table[r.opponent], h)
        for r, h in zip(ct.records[player], ct.record_halves(player), strict=True)
        if r.kind is game and r.opponent is not None and h is not None
    ]


_opponent = itemgetter(2)  # a round record's opponent


def _aro(ct: Crosstable, spec: TieBreakSpec, player: int, table: dict[int, int]) -> Fraction | None:
    game = Kind.GAME
    recs, results = ct.records[player], ct.record_halves(player)
    if player in ct.only_games() and None not in results:  # every game finished
        faced = list(map(table.__getitem__, map(_opponent, recs)))
    else:  # the ratings of _opponents()
        faced = [
            table[r.opponent]
            for r, h in zip(recs, results, strict=True)
            if r.kind is game and r.opponent is not None and h is not None
        ]
    if spec.cut_low or spec.cut_high:
        faced.sort()
        faced = faced[min(spec.cut_low, len(faced)) :]
        faced = faced[: len(faced) - min(spec.cut_high, len(faced))]
    if not faced:
        return None
    if ct.edition.is_c07:  # a whole number: each value made once (players share many)
        return ct.fraction(_round_ratio(sum(faced), len(faced)) * ct.unit)
    mean = Fraction(sum(faced), len(faced))
    # 004 annex 3 E: a player who chose not to play more than two games ranks below all others.
    chosen = sum(1 for r in ct.records[player] if r.kind.is_vur)
    return None if chosen > 2 else mean


@tiebreak(
    "ARO",
    "average rating of opponents",
    "C.07 Art. 10.1; 004 annex 3 2.A.a (ARCO: a.1)",
    modifiers="CMU",
    ratings=True,
)
def average_rating_of_opponents(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The average rating of the opponents met over the board, rounded 0.5 upwards (C.07
    Art. 10.1). ``/C1`` leaves out the lowest rating (ARCO, 004 annex 3 2.A.a.1).

    Under the 2010 annex the average is exact, and a player who chose not to play more than
    two games (requested byes and forfeit losses) has none: he ranks below every other
    player (004 annex 3 E).
    """
    table = ratings(ct, spec)
    return {p: _aro(ct, spec, p, table) for p in ct.players}


def _tpr(ct: Crosstable, player: int, table: dict[int, int]) -> Fraction | None:
    games = _opponents(ct, player, table)
    if not games:
        return None
    aro = _round_ratio(sum(r for r, _ in games), len(games))
    halves = sum(s for _, s in games)
    return Fraction(aro + DP_TABLE[_round_ratio(50 * halves, len(games))])


def _ptp(ct: Crosstable, player: int, table: dict[int, int]) -> Fraction | None:
    games = _opponents(ct, player, table)
    if not games:
        return None
    faced = [r for r, _ in games]
    target = 50 * sum(s for _, s in games)  # the score in hundredths
    if target == 0:
        return Fraction(min(faced) - 800)
    low, high = min(faced) - 800, max(faced) + 800  # expected(low) < target <= expected(high)
    while high - low > 1:
        middle = (low + high) // 2
        if sum(expected_hundredths(middle, f) for f in faced) >= target:
            high = middle
        else:
            low = middle
    return Fraction(high)


@tiebreak("TPR", "tournament performance rating", "C.07 Art. 10.2", modifiers="U", ratings=True)
def tournament_performance_rating(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The rounded average rating of the opponents met over the board plus the rating
    difference table 8.1a gives for the score in those games (C.07 Art. 10.2)."""
    table = ratings(ct, spec)
    return ct.memo(("TPR", spec.unrated), lambda: {p: _tpr(ct, p, table) for p in ct.players})


@tiebreak("PTP", "perfect tournament performance", "C.07 Art. 10.3", modifiers="U", ratings=True)
def perfect_tournament_performance(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The lowest rating whose expected score (table 8.1b) against the opponents met over
    the board reaches the score made against them; no point: 800 below the lowest-rated
    opponent (C.07 Art. 10.3)."""
    table = ratings(ct, spec)
    return ct.memo(("PTP", spec.unrated), lambda: {p: _ptp(ct, p, table) for p in ct.players})


def _average_of_opponents(ct: Crosstable, base: Values) -> Values:
    out: Values = {}
    for p in ct.players:
        met = [
            base[r.opponent]
            for r in ct.records[p]
            if r.kind is Kind.GAME and r.opponent is not None and r.result is not None
        ]
        known = [v for v in met if v is not None]
        if not known:
            out[p] = None
            continue
        if all(v.denominator == 1 for v in known):  # performances are whole ratings
            total = Fraction(sum(v.numerator for v in known))
        else:
            total = sum(known, Fraction(0))
        out[p] = Fraction(_round_ratio(total.numerator, total.denominator * len(known)))
    return out


@tiebreak(
    "APRO",
    "average performance rating of opponents",
    "C.07 Art. 10.4",
    modifiers="U",
    ratings=True,
)
def average_rating_performance_of_opponents(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The average TPR of the opponents met over the board, rounded 0.5 upwards (C.07
    Art. 10.4)."""
    return _average_of_opponents(ct, tournament_performance_rating(ct, spec))


@tiebreak(
    "APPO",
    "average perfect performance of opponents",
    "C.07 Art. 10.5",
    modifiers="U",
    ratings=True,
)
def average_perfect_performance_of_opponents(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The average PTP of the opponents met over the board, rounded 0.5 upwards (C.07
    Art. 10.5)."""
    return _average_of_opponents(ct, perfect_tournament_performance(ct, spec))


@tiebreak("RTNG", "rating", "C.07 (2026) Art. 10.6", modifiers="RU", ratings=True)
def rating(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The player's own rating, highest first (C.07 2026 Art. 10.6); ``/R`` lowest first."""
    table = ratings(ct, spec)
    return {p: Fraction(table[p]) for p in ct.players}
