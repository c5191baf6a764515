"""Exact pairability on bit sets (``skak.pairing._graphs.pairability``), checked by brute
force."""

from __future__ import annotations

import random

from hypothesis import example, given
from hypothesis import strategies as st

from skak.pairing._graphs.pairability import (
    MatchGraph,
    _even_without_blossoms,
    _search,
    bits,
)


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


@st.composite
def matched_graphs(draw: st.DrawFn) -> tuple[list[int], dict[int, int], int]:
    """A graph of up to 24 players with a matching that leaves exactly one (the root)."""
    n = 2 * draw(st.integers(1, 12)) + 1
    density = draw(st.sampled_from((0.2, 0.5, 0.9)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    adj = [0] * n
    order = list(range(n))
    rng.shuffle(order)
    match = {}
    for a, b in zip(order[1::2], order[2::2], strict=True):
        match[a], match[b] = b, a
        adj[a] |= 1 << b
        adj[b] |= 1 << a
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                adj[a] |= 1 << b
                adj[b] |= 1 << a
    return adj, match, order[0]


@given(matched_graphs())
def test_the_quicker_searches_find_the_same_outer_players(
    graph: tuple[list[int], dict[int, int], int],
) -> None:
    # Skipping inner players' edges in Edmonds' search, and the bit-set search without
    # blossoms when it answers, find exactly the players with an even alternating path.
    adj, match, root = graph
    verts = list(range(len(adj)))
    nbs = dict(enumerate(adj))
    plain: set[int] = set()
    quick: set[int] = set()
    assert _search(root, verts, nbs, match, plain) is None
    assert _search(root, verts, nbs, match, quick, skip_inner=True) is None
    assert quick == plain
    even = _even_without_blossoms(adj, root, (1 << len(adj)) - 1, match)
    assert even is None or even == sum(1 << v for v in plain)


def test_the_bit_set_search_answers_without_blossoms_only() -> None:
    # A path 0-1-2-3-4 matched 1-2, 3-4 from root 0: no odd cycle, so the bit sets answer;
    # an edge 0-2 closes the triangle 0-1-2, a blossom that only Edmonds' search handles.
    match = {1: 2, 2: 1, 3: 4, 4: 3}
    path = [0b10, 0b101, 0b1010, 0b10100, 0b1000]
    assert _even_without_blossoms(path, 0, 0b11111, match) == 0b10101
    triangle = [0b110, 0b101, 0b1011, 0b10100, 0b1000]
    assert _even_without_blossoms(triangle, 0, 0b11111, match) is None
    found: set[int] = set()
    _search(0, list(range(5)), dict(enumerate(triangle)), match, found, skip_inner=True)
    assert found == {0, 1, 2, 4}


@given(st.integers(0, 2**32), st.integers(2, 30), st.sampled_from((0.1, 0.3, 0.7)))
# A matching with unpaired players: 6 reaches the dropped 2 only until 0's search pairs
# 2 with 0; then 6–2=0–20 augments (found by Hypothesis).
@example(seed=637858, n=25, density=0.1)
def test_a_repaired_or_quickly_started_matching_is_maximum(
    seed: int, n: int, density: float
) -> None:
    # ``repair`` drops the pairs that lost their edge at the touched players and augments
    # from their players (Edmonds' search past inner players): a maximum matching again,
    # as large as a new ``maximum_matching``, using only edges still there.
    rng = random.Random(seed)
    adj = [0] * n
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                adj[a] |= 1 << b
                adj[b] |= 1 << a
    everyone = (1 << n) - 1
    match = MatchGraph(adj).maximum_matching(everyone)
    touched = 0
    for a in rng.sample(range(n), rng.randint(1, max(1, n // 3))):
        touched |= 1 << a
        for b in bits(adj[a]):
            if rng.random() < 0.5:
                adj[a] &= ~(1 << b)
                adj[b] &= ~(1 << a)
    graph = MatchGraph(adj)
    repaired = graph.repair(everyone, match, touched)
    assert all(repaired[b] == a and adj[a] >> b & 1 for a, b in repaired.items())
    assert len(repaired) == len(MatchGraph(adj).maximum_matching(everyone))
    # The cheaper greedy start (the lowest free neighbour) ends as large, on edges only.
    quick = MatchGraph(adj).maximum_matching(everyone, fewest=False)
    assert all(quick[b] == a and adj[a] >> b & 1 for a, b in quick.items())
    assert len(quick) == len(repaired)
