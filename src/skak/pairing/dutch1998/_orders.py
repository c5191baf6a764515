"""The orders of DSU 003 §4.9.5 D: transpositions within S2 (D1) and exchanges between S1
and S2 (D2), as the text prints them.

>>> [''.join(map(str, t)) for t in list(transpositions((5, 6, 7, 8)))[:4]]
['5678', '5687', '5768', '5786']
>>> [(a, b) for a, b in list(exchanges((1, 2, 3, 4), (5, 6, 7, 8)))[:3]]
[((4,), (5,)), ((4,), (6,)), ((3,), (5,))]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import TypeVar

__all__ = ["exchange_key", "exchanges", "transpositions"]

T = TypeVar("T")

#: Exchanges of more than one pair take players among S1's lowest ``WINDOW`` and S2's highest
#: ``WINDOW`` only, and at most ``MAX_PAIRS`` pairs (the printed tables need 3 and 2).
WINDOW = 12
MAX_PAIRS = 3


def transpositions(s2: Sequence[T]) -> Iterator[tuple[T, ...]]:
    """S2 in the order D1 tries it, the untransposed order first: "arrange all numbers that
    can be constructed with the digits 5, 6, 7 and 8 in ascending order" — every ordering of
    S2, lexicographically by the players' places in S2 (transposition starts at the bottom)."""
    return itertools.permutations(s2)


def exchange_key(
    out1: Sequence[int], out2: Sequence[int]
) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """D2's order of an exchange of the S1 places ``out1`` with the S2 places ``out2`` (places
    in the score group, 1 at the top): fewer players first, then the smallest difference of
    the exchanged numbers, then the exchange that involves the lowest S1 players, then the
    highest S2 players."""
    return (
        len(out1),
        sum(out2) - sum(out1),
        tuple(-p for p in sorted(out1, reverse=True)),
        tuple(sorted(out2)),
    )


def exchanges(s1: Sequence[T], s2: Sequence[T]) -> Iterator[tuple[tuple[T, ...], tuple[T, ...]]]:
    """The exchanges D2 tries, in order: ``(from S1, from S2)``.

    The printed tables (S1 = 1–4, S2 = 5–8) exchange S1's players 4, 3, 2 with S2's 5, 6, 7:
    S1's highest player stays in S1 and S2's lowest in S2. In an odd score group ("subtract
    1 from all numbers": S1 = 1–3, S2 = 4–7) S1's highest may be exchanged, S2's lowest still
    not, and the two-pair exchange of S1's two highest players ("the last column of the
    second table") is left out. Exchanges of three or more pairs, which the text does not
    print, follow the same rule (docs/interpretations.md).
    """
    odd = len(s2) > len(s1)
    places1 = list(range(1, len(s1) + 1))
    places2 = list(range(len(s1) + 1, len(s1) + len(s2) + 1))
    cand1 = places1 if odd else places1[1:]
    cand2 = places2[:-1]
    for k in range(1, min(len(cand1), len(cand2), MAX_PAIRS) + 1):
        # Exchanges of several pairs among the lowest of S1 and the highest of S2 only (a
        # search bound, docs/interpretations.md); D2's order within them is exact.
        c1 = cand1 if k == 1 else cand1[-WINDOW:]
        c2 = cand2 if k == 1 else cand2[:WINDOW]
        found = [
            (exchange_key(out1, out2), out1, out2)
            for out1 in itertools.combinations(c1, k)
            if not (odd and k >= 2 and {1, 2} <= set(out1))
            for out2 in itertools.combinations(c2, k)
        ]
        found.sort()
        for _, out1, out2 in found:
            yield tuple(s1[i - 1] for i in out1), tuple(s2[i - 1 - len(s1)] for i in out2)
