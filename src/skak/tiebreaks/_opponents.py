"""Tie-breaks from the opponents' results: Buchholz and its family, Sonneborn-Berger, Koya.

Unplayed rounds are handled by the crosstable's edition (see :mod:`skak.tiebreaks._unplayed`).
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from operator import attrgetter, itemgetter

from skak.model.results import HALF
from skak.tiebreaks._crosstable import Crosstable, Kind
from skak.tiebreaks._registry import Values, staged_tiebreak, tiebreak
from skak.tiebreaks._spec import TieBreakSpec
from skak.tiebreaks._unplayed import _items, adjusted_units, cut, fore_crosstable, score_rows

__all__ = [
    "average_of_opponents_buchholz",
    "buchholz",
    "buchholz_sum",
    "extended_koya",
    "fore_buchholz",
    "koya",
    "koya_limit",
    "sonneborn_berger",
]

_score = attrgetter("score")
_vur = attrgetter("vur")
_opponent = itemgetter(2)  # a round record's opponent


def _sum(ct: Crosstable, spec: TieBreakSpec, *, sonneborn_berger: bool) -> Values:
    scale = 2 if sonneborn_berger else 1  # a Sonneborn-Berger product is in half units
    return ct.fractions(_sum_units(ct, spec, sonneborn_berger), scale)


def _sum_units(ct: Crosstable, spec: TieBreakSpec, sonneborn_berger: bool) -> dict[int, int]:
    """The sums of :func:`_sum` in whole numbers of the crosstable's units (halves of them
    for Sonneborn-Berger), each player's contributions read once."""

    def make() -> dict[int, int]:
        vur_first = ct.edition.is_c07 and not ct.round_robin
        out: dict[int, int] = {}
        low, high = spec.cut_low, spec.cut_high
        fap = spec.forfeits_as_played
        rows = score_rows(ct, forfeits_as_played=fap)
        for p in ct.players:
            scores, results, elements = rows[p]
            if sonneborn_berger:
                if not (low or high):
                    out[p] = sum([s * h for s, h in zip(scores, results, strict=True) if h])
                    continue
            elif not (vur_first and elements is not None and any(map(_vur, elements))):
                # Buchholz cuts the lowest and the highest scores (C.07 Art. 14.1–14.4);
                # the voluntarily unplayed rounds cut first (16.5) are left to cut()
                if low or high:
                    first = min(low, len(scores))
                    last = len(scores) - min(high, len(scores) - first)
                    out[p] = sum(sorted(scores)[first:last])
                else:
                    out[p] = sum(scores)
                continue
            if elements is None:
                elements = _items(ct, p, fap, adjusted_units(ct))
            left = cut(
                elements,
                low,
                high,
                sonneborn_berger=sonneborn_berger,
                vur_first=vur_first,
            )
            if sonneborn_berger:
                out[p] = sum(c.score * c.halves for c in left if c.halves)
            else:
                out[p] = sum(map(_score, left))
        return out

    return ct.memo(("sum-units", spec, sonneborn_berger), make)


@tiebreak("BH", "Buchholz", "C.07 Art. 8.1; 004 annex 3 2.A.b", modifiers="CMP")
def buchholz(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The sum of the opponents' scores (C.07 Art. 8.1; 004 annex 3 2.A.b and D.a).

    ``/C1`` ``/C2`` drop the lowest one or two (annex b.3, b.4: gekürzter Buchholz), ``/M1``
    ``/M2`` also the highest (b.1, b.2: mittlerer Buchholz); DSU 4.9.10.2 and 4.9.10.3 build
    almindelig korrektion and middelkorrektion from these.
    """
    return ct.memo(("BH", spec), lambda: _sum(ct, spec, sonneborn_berger=False))


@tiebreak("FB", "Fore Buchholz", "C.07 Art. 8.3", modifiers="CMP")
def fore_buchholz(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """Buchholz as if every game paired for the final round had been drawn (C.07 Art. 8.3);
    before the final round it equals Buchholz."""
    fore = fore_crosstable(ct)
    return fore.memo(
        ("BH", replace(spec, code="BH")), lambda: _sum(fore, spec, sonneborn_berger=False)
    )


@tiebreak("AOB", "average of opponents' Buchholz", "C.07 Art. 8.2", modifiers="F")
def average_of_opponents_buchholz(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The average Buchholz (``/F``: Fore Buchholz) of the opponents met over the board
    (C.07 Art. 8.2), exact; no game over the board: no value."""
    fore = fore_crosstable(ct) if spec.fore else ct
    base = _sum_units(fore, TieBreakSpec("BH"), False)
    out: Values = {}
    game = Kind.GAME
    made: dict[tuple[int, int], Fraction] = {}  # each average once (players share many)
    only_games = ct.only_games()
    score_of = base.__getitem__
    for p in ct.players:
        recs = ct.records[p]
        if p in only_games:
            met = list(map(score_of, map(_opponent, recs)))
        else:
            met = [base[o] for _, kind, o, _, _, _ in recs if kind is game and o is not None]
        if not met:
            out[p] = None
            continue
        key = (sum(met), len(met))
        value = made.get(key)
        if value is None:
            value = made[key] = Fraction(key[0], key[1] * fore.unit)
        out[p] = value
    return out


@tiebreak("BHS", "Buchholz sum", "004 annex 3 D.a.5")
def buchholz_sum(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The sum of the Buchholz values of the opponents met over the board (004 annex 3
    D.a.5, Buchholz-Summe); a round without a real opponent adds nothing."""
    base = _sum_units(ct, TieBreakSpec("BH"), False)
    return {
        p: ct.fraction(
            sum(base[r.opponent] for r in ct.records[p] if r.is_game and r.opponent is not None)
        )
        for p in ct.players
    }


@tiebreak(
    "SB",
    "Sonneborn-Berger",
    "C.07 Art. 9.1; 004 annex 3 2.A.f; DSU 4.9.10.1",
    modifiers="CMP",
)
def sonneborn_berger(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The scores of the opponents beaten plus half the scores of those drawn with (C.07
    Art. 9.1; 004 annex 3 2.A.f; DSU 4.9.10.1: "de modstanderes pointsum, man har vundet
    over, sammen med halvdelen af de modstanderes pointsum, man har spillet remis med").

    ``/C1`` drops the contribution of the opponent with the lowest score (the lowest such
    contribution when several share that score, C.07 Art. 14.1.1).
    """
    return ct.memo(("SB", spec), lambda: _sum(ct, spec, sonneborn_berger=True))


def koya_limit(ct: Crosstable, spec: TieBreakSpec) -> Fraction:
    """Half the maximum possible score (the most games any player was scheduled for), moved
    by ``/L±n`` half points (C.07 Art. 9.2 and 14.5)."""
    games = ct.memo(
        "koya-games",
        lambda: max(
            (len(recs) - list(map(_opponent, recs)).count(None) for recs in ct.records.values()),
            default=0,
        ),
    )
    return HALF * ct.scoring.win * games + Fraction(spec.limit, 2)


@tiebreak("KS", "Koya", "C.07 Art. 9.2; 004 annex 3 2.A.d", modifiers="L")
def koya(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The points scored against the opponents who finished on at least 50 % of the maximum
    possible score (C.07 Art. 9.2; 004 annex 3 2.A.d: "Koya System für Rundenturniere")."""
    least = math.ceil(koya_limit(ct, spec) * ct.unit)  # the limit in whole units
    units = ct.units
    out: dict[int, int] = {}
    for p in ct.players:
        points = ct.record_units(p)
        out[p] = sum(
            [
                points[i]
                for i, o in enumerate(map(_opponent, ct.records[p]))
                if o is not None and units[o] >= least
            ]
        )
    return ct.fractions(out)


@staged_tiebreak("KSX", "extended Koya", "004 annex 3 2.A.d.1")
def extended_koya(ct: Crosstable, spec: TieBreakSpec) -> tuple[TieBreakSpec, ...]:
    """Koya, then — among players still tied — Koya extended step by step by the score
    groups half a point lower, down to every opponent (004 annex 3 2.A.d.1)."""
    steps = math.ceil(koya_limit(ct, TieBreakSpec("KS")) * 2)
    return tuple(TieBreakSpec("KS", limit=-i) for i in range(steps + 1))
