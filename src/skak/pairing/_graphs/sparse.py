"""The first sparse graph of a certified solve (:mod:`skak.pairing._graphs.weighted`): each
vertex's heaviest edges, the nearer ones first among equal weights."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["heaviest"]


def heaviest(row: Sequence[int], count: int, centre: int) -> list[int]:
    """The ``count`` heaviest entries of ``row`` that weigh more than 0, the nearer to
    ``centre`` (then the lower) first among equal weights: those of
    ``heapq.nlargest(count, range(len(row)), key=lambda b: (row[b], -abs(b - centre)))``
    that weigh anything, in its order, found with the entries compared as plain integers."""
    if count <= 0:
        return []
    # The ``count``-th largest entry (all of them when fewer): a sort at C speed.
    threshold = sorted(row, reverse=True)[min(count, len(row)) - 1] if row else 0
    if threshold <= 0:
        found = [b for b, w in enumerate(row) if w > 0]
    else:
        found = [b for b, w in enumerate(row) if w >= threshold]
        if len(found) > count:  # else every tie is taken
            ties = [b for b in found if row[b] == threshold]
            found = [b for b in found if row[b] != threshold]
            ties.sort(key=lambda b: (abs(b - centre), b))
            found += ties[: count - len(found)]
    found.sort(key=lambda b: (-row[b], abs(b - centre), b))
    return found
