"""Ranking by points, then by a tie-break list, each tie-break only among the players still
tied (C.07 Art. 4.2, 2026: "moving to the next in the list for each subgroup of participants
still tied"; DSU 4.9.10.2: "kun for de spillere, som havde ligestilling forinden").

The ranking refines groups: it starts from the groups of equal points and lets every step of
the list split each group that is still tied — a value tie-break by its values, direct
encounter by the games within that very group. A staged tie-break (almindelig korrektion) is
its stages in a row. Players equal on everything share their place.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.errors import InputError
from skak.tiebreaks._crosstable import Crosstable
from skak.tiebreaks._registry import Values, get_tiebreak, parse_tiebreaks
from skak.tiebreaks._spec import TieBreakSpec

__all__ = ["Ranking", "expand", "rank", "values"]


@dataclass(frozen=True)
class Ranking:
    """Players in tiers, best first (a tier shares its place), and every step's values.

    ``steps`` are the tie-breaks actually applied, staged ones expanded; ``values`` has one
    column per step (direct encounter: the place within the group it ordered, where it
    ordered one).
    """

    steps: tuple[TieBreakSpec, ...]
    tiers: tuple[tuple[int, ...], ...]
    values: Mapping[TieBreakSpec, Values]

    def places(self) -> dict[int, tuple[int, int]]:
        """Each player's place as ``(first, last)``: ``(3, 4)`` for players sharing 3–4."""
        out = {}
        first = 1
        for tier in self.tiers:
            for p in tier:
                out[p] = (first, first + len(tier) - 1)
            first += len(tier)
        return out


def expand(ct: Crosstable, specs: Iterable[TieBreakSpec]) -> tuple[TieBreakSpec, ...]:
    """The list with staged tie-breaks replaced by their stages, repeats dropped (a repeated
    tie-break can no longer separate anyone)."""
    out: list[TieBreakSpec] = []
    for spec in specs:
        tb = get_tiebreak(spec.code)
        for step in expand(ct, tb.stages(ct, spec)) if tb.stages else (spec,):
            if step not in out:
                out.append(step)
    return tuple(out)


def values(ct: Crosstable, spec: TieBreakSpec | str) -> Values:
    """Every player's value of one value tie-break (``None``: no value, ranks last).

    :raises InputError: for an unknown code, or a group or staged tie-break.
    """
    chosen = parse_tiebreaks([spec])[0]
    tb = get_tiebreak(chosen.code)
    if tb.values is None:
        raise InputError(f"tie-break {chosen} orders tied groups and has no value per player")
    return tb.values(ct, chosen)


def rank(
    ct: Crosstable,
    specs: str | Sequence[str | TieBreakSpec],
    *,
    players: Iterable[int] | None = None,
) -> Ranking:
    """Rank ``players`` (default: everyone) by points, then by ``specs`` (see the module).

    :raises InputError: for an unknown code or modifier, or a rating-based tie-break without
        a rule for unrated players.
    """
    steps = expand(ct, parse_tiebreaks(specs))
    field = sorted(ct.players if players is None else players)
    columns: dict[TieBreakSpec, Values] = {}
    for step in steps:
        tb = get_tiebreak(step.code)
        columns[step] = dict(tb.values(ct, step)) if tb.values else {}
    groups = _split(field, {p: ct.score[p] for p in field}, ascending=False)
    for step in steps:
        tb = get_tiebreak(step.code)
        refined: list[list[int]] = []
        for index, group in enumerate(groups):
            if len(group) < 2:
                refined.append(group)
            elif tb.group is not None:
                if step.top_only and index > 0:
                    refined.append(group)
                    continue
                tiers = tb.group(ct, step, group)
                place = 1
                for tier in tiers:
                    for p in tier:
                        columns[step][p] = Fraction(place)
                    place += len(tier)
                refined.extend(sorted(t) for t in tiers)
            else:
                refined.extend(_split(group, columns[step], ascending=tb.ascending != step.reverse))
        groups = refined
    return Ranking(steps, tuple(tuple(g) for g in groups), columns)


def _split(
    group: Sequence[int], value: Mapping[int, Fraction | None], *, ascending: bool
) -> list[list[int]]:
    """The group in sub-groups of equal value, best first; no value ranks last."""
    # Compared as whole numbers of the values' common denominator (a big open sorts
    # thousands of them; Fractions compare slowly), each distinct value's made once (the
    # players share a few value objects: the tie-breaks make each value once).
    given = [value.get(p) for p in group]
    distinct = {id(v): v for v in given if v is not None}
    common = math.lcm(*(v.denominator for v in distinct.values()))
    sign = 1 if ascending else -1
    scaled = {
        i: (False, sign * v.numerator * (common // v.denominator)) for i, v in distinct.items()
    }
    none = (True, 0)  # no value ranks last
    out: list[list[int]] = []
    last: tuple[bool, int] | None = None
    for k, p in sorted(
        [(none if v is None else scaled[id(v)], p) for p, v in zip(group, given, strict=True)]
    ):
        if k != last:
            out.append([])
            last = k
        out[-1].append(p)
    return out
