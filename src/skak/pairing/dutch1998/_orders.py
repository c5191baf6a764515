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


def _sums(places: Sequence[int], k: int, target: int, start: int = 0) -> Iterator[tuple[int, ...]]:
    """The ``k``-subsets of the ascending ``places[start:]`` whose sum is ``target``, in
    ascending lexicographic order (the sum bounds prune the branches that cannot reach it)."""
    if k == 0:
        if target == 0:
            yield ()
        return
    for i in range(start, len(places) - k + 1):
        low = sum(places[i : i + k])
        high = sum(places[len(places) - k + 1 :]) + places[i] if k > 1 else places[i]
        if low > target:
            return
        if high < target:
            continue
        for rest in _sums(places, k - 1, target - places[i], i + 1):
            yield (places[i], *rest)


def exchanges(s1: Sequence[T], s2: Sequence[T]) -> Iterator[tuple[tuple[T, ...], tuple[T, ...]]]:
    """Every exchange D2 tries, in its order: ``(from S1, from S2)``.

    The printed tables (S1 = 1–4, S2 = 5–8) exchange S1's players 4, 3, 2 with S2's 5, 6, 7:
    S1's highest player stays in S1 and S2's lowest in S2. In an odd score group ("subtract
    1 from all numbers": S1 = 1–3, S2 = 4–7) S1's highest may be exchanged, S2's lowest still
    not, and the exchanges that take S1's two highest players out together ("the last column
    of the second table") are left out; when C14 has made S2 larger still, S1's highest may
    be exchanged too. Exchanges of three or more pairs, which the text does not print, follow
    the same rule (docs/interpretations.md).

    The list is complete (any number of pairs, any players) and made lazily in
    :func:`exchange_key`'s order: one number of pairs at a time, then each difference of the
    exchanged numbers from the smallest up, so a long list costs only as far as it is read.
    """
    n1, n2 = len(s1), len(s2)
    odd = n2 == n1 + 1
    cand1 = list(range(1, n1 + 1)) if n2 > n1 else list(range(2, n1 + 1))
    cand2 = list(range(n1 + 1, n1 + n2))
    for k in range(1, min(len(cand1), len(cand2)) + 1):
        firsts = [
            out1
            for out1 in itertools.combinations(reversed(cand1), k)
            if not (odd and k >= 2 and {1, 2} <= set(out1))
        ]
        if not firsts:
            continue
        low2, high2 = sum(cand2[:k]), sum(cand2[-k:])
        low1, high1 = sum(cand1[:k]), sum(cand1[-k:])
        for difference in range(low2 - high1, high2 - low1 + 1):
            for out1 in firsts:
                for out2 in _sums(cand2, k, sum(out1) + difference):
                    yield (
                        tuple(s1[i - 1] for i in sorted(out1)),
                        tuple(s2[i - 1 - n1] for i in out2),
                    )
