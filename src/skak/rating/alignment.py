"""The yearly alignment of Danish ratings with FIDE's list (DSU 001 §6; 003 §4.5.6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import floor

__all__ = ["Alignment", "align"]


@dataclass(frozen=True, slots=True)
class Alignment:
    """The sample, the difference of the averages, the adjustment N and each change."""

    sample: tuple[int, ...]
    difference: Fraction
    n: int
    changes: tuple[tuple[int, int, int], ...]  # (DSU number, old, new)


def _nearest_five(value: Fraction) -> int:
    """§6.2: the nearest number ending in 5 or 0 (halfway, 2.5 past a multiple, goes up)."""
    return 5 * floor(value / 5 + Fraction(1, 2))


def align(danish: Mapping[int, int], fide: Mapping[int, tuple[int, int]]) -> Alignment:
    """§6: compare the players with more than 30 FIDE-rated games and above 2100 on both
    lists; from a difference of 25 on, move every sampled player's Danish rating towards
    FIDE's by N above 2250, N−1 for 2241–2250, … N−15 for 2101–2110, never below 2100.

    ``danish`` maps DSU numbers to the Danish rating of 1 June; ``fide`` to (FIDE rating of
    1 July, FIDE-rated games played).
    """
    sample = tuple(
        sorted(
            pid
            for pid, dk in danish.items()
            if pid in fide and fide[pid][1] > 30 and dk > 2100 and fide[pid][0] > 2100
        )
    )
    if not sample:
        return Alignment((), Fraction(0), 0, ())
    difference = Fraction(sum(danish[p] for p in sample), len(sample)) - Fraction(
        sum(fide[p][0] for p in sample), len(sample)
    )
    if abs(difference) < 25:
        return Alignment(sample, difference, 0, ())
    n = _nearest_five(abs(difference))
    direction = -1 if difference > 0 else 1  # towards FIDE's average
    changes = []
    for p in sample:
        old = danish[p]
        band = 0 if old > 2250 else (2250 - old) // 10 + 1  # 2241–2250 → 1 … 2101–2110 → 15
        new = max(old + direction * max(n - band, 0), 2100)
        if new != old:
            changes.append((p, old, new))
    return Alignment(sample, difference, n, tuple(changes))
