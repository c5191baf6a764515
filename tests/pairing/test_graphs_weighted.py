"""The exact maximum-weight matcher behind the Dutch system (C.04.3).

Invariants: the answer is a matching (partners are mutual) using only edges (weight > 0),
and its total weight is the optimum — found by exhaustive search on small graphs and by
networkx on larger ones, with weights of hundreds of bits like the Dutch criteria fields.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from functools import cache

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.pairing._graphs import weighted
from skak.pairing._graphs.sparse import heaviest as _heaviest
from skak.pairing._graphs.weighted import max_weight_matching, optimum


def _total(weights: list[list[int]], mate: list[int]) -> int:
    """The matching's weight, after checking it is a matching on edges of the graph."""
    total = 0
    for a, b in enumerate(mate):
        assert mate[b] == a
        if a < b:
            assert weights[a][b] > 0
            total += weights[a][b]
    return total


def _random_graph(
    rng: random.Random, n: int, density: float, weight: Callable[[], int]
) -> list[list[int]]:
    """A weight matrix of ``n`` vertices, each edge present with probability ``density``
    and weighing ``weight()``."""
    weights = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                weights[a][b] = weights[b][a] = weight()
    return weights


def _networkx_best(weights: list[list[int]]) -> int:
    """The optimum as networkx finds it (an independent matcher)."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(len(weights)))
    for a, row in enumerate(weights):
        for b in range(a + 1, len(row)):
            if row[b]:
                graph.add_edge(a, b, weight=row[b])
    return sum(weights[a][b] for a, b in nx.max_weight_matching(graph))


def _best(weights: list[list[int]]) -> int:
    """The optimum by exhaustive search: the first free vertex stays single or takes a
    neighbour."""
    n = len(weights)

    @cache
    def rest(free: frozenset[int]) -> int:
        if not free:
            return 0
        a = min(free)
        others = free - {a}
        out = rest(others)
        for b in others:
            if weights[a][b] > 0:
                out = max(out, weights[a][b] + rest(others - {b}))
        return out

    return rest(frozenset(range(n)))


@st.composite
def graphs(draw: st.DrawFn) -> list[list[int]]:
    n = draw(st.integers(0, 9))
    big = draw(st.booleans())
    values = (
        st.builds(lambda hi, lo: (hi << 300) | lo, st.integers(0, 3), st.integers(0, 5))
        if big
        else st.integers(0, 6)
    )
    weights = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(a + 1, n):
            weights[a][b] = weights[b][a] = draw(values)
    return weights


@given(graphs())
def test_small_graphs_reach_the_exhaustive_optimum(weights: list[list[int]]) -> None:
    assert _total(weights, max_weight_matching(weights)) == _best(weights)


@given(graphs(), st.integers(1, 3), st.booleans())
def test_sparse_solving_is_certified_optimal(
    weights: list[list[int]], neighbours: int, hinted: bool
) -> None:
    # Solved on each vertex's few heaviest edges, then checked against every edge: the
    # answer must be the dense optimum whatever the first sparse graph missed.
    hint = list(reversed(range(len(weights)))) if hinted else None
    found = max_weight_matching(weights, neighbours=neighbours, hint=hint)
    assert _total(weights, found) == _best(weights)


def test_a_certificate_that_blames_the_sparse_graphs_own_edge_stops(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Review case: were the certificate ever to call an edge of the sparse graph itself
    violated (a bug: the solver's duals are feasible on its own graph), adding the edge
    would change nothing and the solve would go round for ever; it stops with the edge."""
    rng = random.Random("stuck-certificate")
    weights = _random_graph(rng, 12, 0.9, lambda: rng.randint(1, 9))
    real = weighted._Blossoms.scan

    def blaming(self: weighted._Blossoms, *args: object, **kwargs: object) -> object:
        bad, tight = real(self, *args, **kwargs)  # type: ignore[arg-type]
        a = next(v for v in range(len(self.mate)) if self.mate[v] >= 0)
        return [(-1, a, self.mate[a]), *bad], tight

    monkeypatch.setattr(weighted._Blossoms, "scan", blaming)
    with pytest.raises(AssertionError, match="leave its own edge"):
        max_weight_matching(weights, neighbours=2)


@pytest.mark.parametrize("seed", range(12))
def test_larger_graphs_reach_the_networkx_optimum(seed: int) -> None:
    rng = random.Random(f"dutch-matching-{seed}")
    n = rng.randint(20, 60)
    density = rng.choice((0.1, 0.3, 0.9))
    # Few distinct values in the high field make many ties, as in a pairing.
    weights = _random_graph(
        rng,
        n,
        density,
        lambda: (rng.randint(1, 3) << 400) | (rng.randint(0, 2) << 200) | rng.randint(0, 9),
    )
    expected = _networkx_best(weights)
    assert _total(weights, max_weight_matching(weights)) == expected
    assert _total(weights, max_weight_matching(weights, neighbours=3)) == expected


def test_unmatched_vertices_are_their_own_partner() -> None:
    # A triangle of equal weights: one vertex must stay single.
    weights = [[0, 5, 5], [5, 0, 5], [5, 5, 0]]
    mate = max_weight_matching(weights)
    assert sum(1 for v in range(3) if mate[v] == v) == 1
    assert max_weight_matching([]) == []
    assert max_weight_matching([[0, 0], [0, 0]]) == [0, 1]


def test_weight_beats_cardinality() -> None:
    # The path 0–1–2–3 with weights 1, 10, 1: the middle edge alone is heavier.
    weights = [[0, 1, 0, 0], [1, 0, 10, 0], [0, 10, 0, 1], [0, 0, 1, 0]]
    assert max_weight_matching(weights) == [0, 2, 1, 3]


def _matchings(n: int, weights: list[list[int]]) -> list[list[int]]:
    """Every matching of the graph, as partner lists."""
    out: list[list[int]] = []

    def extend(mate: list[int], v: int) -> None:
        if v == n:
            out.append(list(mate))
            return
        if mate[v] != v:
            extend(mate, v + 1)
            return
        extend(mate, v + 1)
        for u in range(v + 1, n):
            if mate[u] == u and weights[v][u] > 0:
                mate[v], mate[u] = u, v
                extend(mate, v + 1)
                mate[v], mate[u] = v, u

    extend(list(range(n)), 0)
    return out


@given(graphs())
def test_the_duals_describe_the_optimal_matchings(weights: list[list[int]]) -> None:
    # Complementary slackness: every maximum-weight matching uses tight edges only and
    # leaves only vertices of dual 0 single; without positive blossom duals ("flat") every
    # such matching is a maximum-weight one.
    n = len(weights)
    found = optimum(weights)
    tight = found.tight(weights)
    best = _best(weights)
    assert _total(weights, found.mate) == best
    for mate in _matchings(n, weights):
        on_face = all(mate[v] == v or tight[v] >> mate[v] & 1 for v in range(n)) and all(
            found.duals[v] == 0 for v in range(n) if mate[v] == v
        )
        optimal = sum(weights[a][b] for a, b in enumerate(mate) if a < b) == best
        if optimal:
            assert on_face
        if found.flat and on_face:
            assert optimal


@given(graphs(), st.integers(1, 3), st.data())
def test_sparse_solving_with_likely_partners_is_optimal(
    weights: list[list[int]], neighbours: int, data: st.DataObject
) -> None:
    n = len(weights)
    near = data.draw(st.lists(st.integers(0, max(n - 1, 0)), min_size=n, max_size=n))
    found = max_weight_matching(weights, neighbours=neighbours, near=near)
    assert _total(weights, found) == _best(weights)


@given(
    st.lists(st.integers(0, 4), max_size=30),
    st.integers(0, 14),
    st.integers(0, 30),
)
def test_the_heaviest_entries_are_those_of_nlargest(
    row: list[int], count: int, centre: int
) -> None:
    # Few distinct weights, as in a bracket: ties decided by the distance to the centre.
    expected = heapq.nlargest(count, range(len(row)), key=lambda b: (row[b], -abs(b - centre)))
    assert _heaviest(row, count, centre) == [b for b in expected if row[b] > 0]


@pytest.mark.parametrize("seed", range(30))
def test_stages_that_pair_untouched_roots_reach_the_networkx_optimum(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With few distinct weights, many tight edges join two unmatched vertices whose trees
    # have not grown; the stage pairs them and goes on (``pair_roots``) instead of
    # starting over, and the answer must still be the optimum.
    paired: list[tuple[int, int]] = []
    original = weighted._Blossoms.pair_roots

    def pair_roots(self: weighted._Blossoms, u: int, v: int) -> None:
        paired.append((u, v))
        original(self, u, v)

    monkeypatch.setattr(weighted._Blossoms, "pair_roots", pair_roots)
    rng = random.Random(f"untouched-roots-{seed}")
    n = rng.randint(8, 50)
    density = rng.choice((0.2, 0.5, 1.0))
    weights = _random_graph(
        rng,
        n,
        density,
        lambda: rng.randint(1, 3) if seed % 2 else (rng.randint(1, 2) << 90) + rng.randint(0, 3),
    )
    expected = _networkx_best(weights)
    assert _total(weights, max_weight_matching(weights)) == expected
    assert _total(weights, max_weight_matching(weights, neighbours=4)) == expected
    assert paired


def test_a_blossom_of_a_tree_taken_apart_can_be_expanded_later_in_the_stage() -> None:
    # The blossom 0-2-6 forms in the tree of 2, which augments to 4 and leaves the forest;
    # later in the same stage the blossom joins another tree as an ODD node and is
    # expanded: its members' labels must be those of a new stage, not the old tree's.
    w = [[0] * 8 for _ in range(8)]
    for a, b, weight in ((0, 2, 4), (0, 4, 3), (0, 6, 4), (2, 5, 2), (2, 6, 3)):
        w[a][b] = w[b][a] = weight
    assert _total(w, max_weight_matching(w, neighbours=1)) == _best(w) == 6


def test_stages_that_go_on_after_augmenting_reach_the_networkx_optimum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # After an augmentation the stage keeps the other trees (``take_apart``); with few
    # distinct weights many blossoms form, shrink and expand within one stage.
    taken: list[tuple[int, int]] = []
    original = weighted._Blossoms.take_apart

    def take_apart(self: weighted._Blossoms, first: int, second: int) -> None:
        taken.append((first, second))
        original(self, first, second)

    monkeypatch.setattr(weighted._Blossoms, "take_apart", take_apart)
    for seed in range(60):
        rng = random.Random(f"taken-apart-{seed}")
        n = rng.randint(6, 40)
        density = rng.choice((0.15, 0.4, 1.0))
        high = seed % 2 == 0

        def weight(rng: random.Random = rng, high: bool = high) -> int:
            small = rng.randint(1, 4)
            return (rng.randint(1, 3) << 120) + small if high else small

        weights = _random_graph(rng, n, density, weight)
        expected = _networkx_best(weights)
        for neighbours in (None, 1, 3):
            found = max_weight_matching(weights, neighbours=neighbours)
            assert _total(weights, found) == expected, (seed, neighbours)
    assert len(taken) > 60


def _chains(state: weighted._Blossoms) -> dict[int, list[int]]:
    """For each vertex in a blossom, the blossoms holding it, outermost first."""
    n = state.n
    chains: dict[int, list[int]] = {}
    for v in range(n):
        chain = []
        b = state.top[v]
        while b >= n:
            chain.append(b)
            b = next(k for k in state.kids[b] if k == v or (k >= n and v in _members(state, k)))
        chains[v] = chain
    return chains


def _members(state: weighted._Blossoms, b: int) -> set[int]:
    """The vertices inside blossom ``b``."""
    if b < state.n:
        return {b}
    return set().union(*(_members(state, k) for k in state.kids[b]))


def test_the_certificate_pass_finds_what_a_plain_pass_over_every_edge_finds() -> None:
    # ``scan`` checks each vertex's later vertices in runs, one per blossom where they meet
    # (the vertices laid out in the depth-first order of the blossom tree); a plain pass over
    # every pair a < b, adding the duals of the blossoms holding both, must give the same
    # violated and tight edges, on sparse solves (violations) and with nested blossoms of
    # positive dual.
    with_blossoms = nested = violated = 0
    for seed in range(300):
        rng = random.Random(f"certificate-{seed}")
        n = rng.randint(2, 30)
        density = rng.choice((0.2, 0.5, 1.0))
        top_weight = rng.choice((2, 3, 6))
        w = [[0] * n for _ in range(n)]
        for a in range(n):
            for b in range(a + 1, n):
                if rng.random() < density:
                    w[a][b] = w[b][a] = rng.randint(1, top_weight)
        kept = [{b: x for b, x in enumerate(row) if x and (a + b) % 3} for a, row in enumerate(w)]
        for edges in ([{b: x for b, x in enumerate(row) if x} for row in w], kept):
            state = weighted._Blossoms(edges)
            state.optimum()
            chains = _chains(state)
            bad: list[tuple[int, int, int]] = []
            tight = [0] * n
            for a in range(n):
                for b in range(a + 1, n):
                    if not w[a][b]:
                        continue
                    slack = state.dual[a] + state.dual[b] - 2 * w[a][b]
                    if state.top[a] >= n and state.top[a] == state.top[b]:
                        for x, y in zip(chains[a], chains[b], strict=False):
                            if x != y:
                                break
                            slack += state.dual[x]
                    if slack < 0:
                        bad.append((slack, a, b))
                    elif not slack:
                        tight[a] |= 1 << b
                        tight[b] |= 1 << a
            found, found_tight = state.scan(w, True)
            assert sorted(found) == sorted(bad)
            assert found_tight == tight
            assert sorted(state.scan(w, False)[0]) == sorted(bad)
            # Named by labels (the players of a window), the same bits elsewhere.
            labels = rng.sample(range(3 * n), n)
            named = state.scan(w, True, labels)[1]
            assert named == [sum(1 << labels[b] for b in range(n) if t >> b & 1) for t in tight]
            with_blossoms += any(state.top[v] >= n for v in range(n))
            nested += any(len(chain) > 1 for chain in chains.values())
            violated += bool(bad)
    assert with_blossoms > 100
    assert nested > 20
    assert violated > 100
