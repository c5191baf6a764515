"""Exact pairability on bit sets (``skak.pairing._graphs.pairability``), checked by brute
force."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from skak.pairing._graphs.pairability import MatchGraph, bits


@st.composite
def graphs(draw: st.DrawFn) -> list[int]:
    n = 2 * draw(st.integers(1, 5))  # even: a perfect matching is possible
    adj = [0] * n
    for a in range(n):
        for b in range(a + 1, n):
            if draw(st.booleans()):
                adj[a] |= 1 << b
                adj[b] |= 1 << a
    return adj


def _perfect(adj: list[int], mask: int) -> bool:
    if not mask:
        return True
    a = (mask & -mask).bit_length() - 1
    rest = mask & ~(1 << a)
    return any(_perfect(adj, rest & ~(1 << b)) for b in bits(adj[a] & rest))


@given(graphs())
def test_partners_are_exactly_those_of_some_perfect_matching(adj: list[int]) -> None:
    graph = MatchGraph(adj)
    everyone = (1 << len(adj)) - 1
    match = graph.maximum_matching(everyone)
    if len(match) != len(adj):
        assert not _perfect(adj, everyone)
        return
    for a in range(len(adj)):
        expected = sum(
            1 << b for b in bits(adj[a]) if _perfect(adj, everyone & ~(1 << a) & ~(1 << b))
        )
        assert graph.partners(a, everyone, match) == expected
