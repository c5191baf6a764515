"""Monrad's pairing order as matchings, DSU 003 §4.9.2 (see the package docstring): the rule's
"nearest following player he has not met, with exchanges from the last pair upwards" as the
lexicographically first perfect matching in placement order, and the look-ahead's searches for
pairings that keep the remaining rounds pairable. Knows players only as numbers and a test of
who may meet whom.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from skak.pairing._graphs.pairability import MatchGraph

__all__ = [
    "LOOK_AHEAD_BUDGET",
    "Allowed",
    "Constraints",
    "Pair",
    "first_keeping_future",
    "first_pairing_keeping_future",
    "lex_first_matching",
    "lex_matchings",
    "rounds_pairable",
]

Pair = tuple[int, int]
Allowed = Callable[[int, int], bool]


@dataclass(frozen=True, slots=True)
class Constraints:
    """Who may not meet whom: ``forbidden[a]`` holds every ``b`` that ``a`` may not meet (kept
    symmetric)."""

    forbidden: Mapping[int, frozenset[int]]

    def allowed(self, a: int, b: int) -> bool:
        return b not in self.forbidden.get(a, frozenset())

    def without(self, pairs: Iterable[Pair]) -> Constraints:
        """These constraints with the ``pairs`` forbidden too (they have now met)."""
        extra: dict[int, set[int]] = {}
        for a, b in pairs:
            extra.setdefault(a, set()).add(b)
            extra.setdefault(b, set()).add(a)
        forbidden = dict(self.forbidden)
        for a, more in extra.items():
            forbidden[a] = forbidden.get(a, frozenset()) | more
        return Constraints(forbidden)

    def degree(self, a: int, players: frozenset[int]) -> int:
        """How many of ``players`` (``a`` among them) ``a`` may still meet."""
        return len(players) - 1 - len(self.forbidden.get(a, frozenset()) & players)


#: The look-ahead's search limit: how many pairings it may examine for one question.
LOOK_AHEAD_BUDGET = 20_000


# --------------------------------------------------------------------------- matchings


#: Groups up to this size are searched exactly with bit sets; larger ones with Edmonds'
#: blossom algorithm (:class:`skak.pairing.matching.MatchGraph`).
_SMALL = 26


class _Graph:
    """Who may meet whom among ``order``, as adjacency bit sets over positions in ``order``.

    The searches below walk positions in order, so "first" always means the rule's order of
    preference: the best placed player with his nearest possible opponent first.
    """

    __slots__ = ("adj", "memo", "order")

    def __init__(self, order: Sequence[int], allowed: Allowed) -> None:
        self.order = tuple(order)
        n = len(self.order)
        self.adj = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if allowed(self.order[i], self.order[j]):
                    self.adj[i] |= 1 << j
                    self.adj[j] |= 1 << i
        self.memo: dict[int, bool] = {}

    @property
    def everyone(self) -> int:
        return (1 << len(self.order)) - 1

    def without(self, pairs: Iterable[tuple[int, int]]) -> _Graph:
        """This graph with the position ``pairs`` removed (they have now met)."""
        out = _Graph.__new__(_Graph)
        out.order = self.order
        out.adj = list(self.adj)
        for i, j in pairs:
            out.adj[i] &= ~(1 << j)
            out.adj[j] &= ~(1 << i)
        out.memo = {}
        return out

    def feasible(self, mask: int) -> bool:
        """Whether the players in ``mask`` can all be paired."""
        if mask in self.memo:
            return self.memo[mask]
        size = mask.bit_count()
        if size % 2:
            ok = False
        elif size == 0:
            ok = True
        elif size > _SMALL:
            ok = self._blossom(mask)
        else:
            v = (mask & -mask).bit_length() - 1
            rest = mask & ~(1 << v)
            candidates = self.adj[v] & rest
            ok = False
            while candidates:
                low = candidates & -candidates
                if self.feasible(rest & ~low):
                    ok = True
                    break
                candidates ^= low
        self.memo[mask] = ok
        return ok

    def _blossom(self, mask: int) -> bool:
        return MatchGraph(self.adj).can_pair(mask)

    def matchings(self, mask: int) -> Iterator[list[tuple[int, int]]]:
        """Every complete pairing of ``mask`` (positions), in the rule's order."""
        if mask == 0:
            yield []
            return
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        candidates = self.adj[v] & rest
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            if self.feasible(rest & ~low):
                u = low.bit_length() - 1
                for tail in self.matchings(rest & ~low):
                    yield [(v, u), *tail]

    def any_matchings(self, mask: int) -> Iterator[list[tuple[int, int]]]:
        """Every complete pairing of ``mask``, most constrained player first (for existence
        searches, where the order of preference does not matter and this is much faster)."""
        if mask == 0:
            yield []
            return
        best, best_count, members = -1, 1 << 30, mask
        while members:
            low = members & -members
            members ^= low
            v = low.bit_length() - 1
            count = (self.adj[v] & mask).bit_count()
            if count < best_count:
                best, best_count = v, count
                if count <= 1:
                    break
        rest = mask & ~(1 << best)
        candidates = self.adj[best] & rest
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            if self.feasible(rest & ~low):
                u = low.bit_length() - 1
                for tail in self.any_matchings(rest & ~low):
                    yield [(best, u), *tail]

    def components(self) -> list[list[int]]:
        """The positions in each connected part, in order of their first position."""
        seen = 0
        parts = []
        for start in range(len(self.order)):
            if seen >> start & 1:
                continue
            part, frontier = 1 << start, 1 << start
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                new = self.adj[low.bit_length() - 1] & ~part
                part |= new
                frontier |= new
            seen |= part
            parts.append([i for i in range(len(self.order)) if part >> i & 1])
        return parts

    def sub(self, positions: Sequence[int]) -> _Graph:
        """The graph on ``positions`` only, renumbered 0, 1, … in the same order."""
        out = _Graph.__new__(_Graph)
        out.order = tuple(self.order[i] for i in positions)
        index = {p: k for k, p in enumerate(positions)}
        out.adj = [sum(1 << index[j] for j in positions if self.adj[i] >> j & 1) for i in positions]
        out.memo = {}
        return out

    def named(self, pairs: Iterable[tuple[int, int]]) -> list[Pair]:
        return [(self.order[i], self.order[j]) for i, j in pairs]


def _greedy(order: Sequence[int], allowed: Allowed) -> tuple[list[Pair], list[int]]:
    """Each first unpaired player takes the nearest following one he may meet: the pairs made
    and the players left over (empty when the greedy pairing goes up)."""
    pairs: list[Pair] = []
    free = list(order)
    left: list[int] = []
    while free:
        top = free.pop(0)
        for i, other in enumerate(free):
            if allowed(top, other):
                pairs.append((top, other))
                del free[i]
                break
        else:
            left.append(top)
    return pairs, left


def lex_matchings(order: Sequence[int], allowed: Allowed) -> Iterator[list[Pair]]:
    """Every complete pairing of ``order`` in the rule's order of preference: the first player
    with the nearest possible opponent first, then the next player, and so on.

    >>> list(lex_matchings([1, 2, 3, 4], lambda a, b: {a, b} != {1, 2}))
    [[(1, 3), (2, 4)], [(1, 4), (2, 3)]]
    """
    graph = _Graph(order, allowed)
    if graph.feasible(graph.everyone):
        for matching in graph.matchings(graph.everyone):
            yield graph.named(matching)


def lex_first_matching(
    order: Sequence[int], allowed: Allowed
) -> tuple[list[Pair], int] | tuple[None, list[int]]:
    """The first pairing in the rule's order, found the arbiter's way.

    Returns ``(pairs, reopened)`` where ``reopened`` is how many greedy pairs had to be
    re-paired (ombytning; 0 when the greedy pairing went up), or ``(None, stuck)`` naming the
    players left over when no complete pairing exists.
    """
    pairs, left = _greedy(order, allowed)
    if not left:
        return pairs, 0
    rank = {n: i for i, n in enumerate(order)}
    for cut in range(len(pairs) - 1, -1, -1):
        group = sorted([*left, *(n for p in pairs[cut:] for n in p)], key=rank.__getitem__)
        graph = _Graph(group, allowed)
        if graph.feasible(graph.everyone):
            first = next(graph.matchings(graph.everyone))
            return pairs[:cut] + graph.named(first), len(pairs) - cut
    return None, left


def rounds_pairable(
    players: Sequence[int], constraints: Constraints, rounds: int, budget: list[int]
) -> bool | None:
    """Whether ``rounds`` more rounds can be paired among ``players`` (an even count), each
    pair at most once and only as the ``constraints`` allow: ``True``, ``False``, or ``None``
    when the search ran out of ``budget`` (a one-element list, counted down) before it knew.

    A minimum degree of at least ``n/2 + rounds − 1`` guarantees it (Dirac: after removing
    any ``rounds − 1`` pairings every player still has ``n/2`` possible opponents, so a
    Hamiltonian cycle, hence a pairing, exists).
    """
    return _rounds_pairable(_Graph(players, constraints.allowed), rounds, budget, {})


_Known = dict[tuple[int, tuple[int, ...]], bool]


def _rounds_pairable(graph: _Graph, rounds: int, budget: list[int], known: _Known) -> bool | None:
    """The search behind :func:`rounds_pairable`; ``known`` remembers the graphs already
    decided, with the number of rounds asked (the same pairings removed in another order
    leave the same graph; a part renumbered by :meth:`_Graph.sub` may have the shape of
    another part asked for more or fewer rounds)."""
    key = (rounds, tuple(graph.adj))
    if key in known:
        return known[key]
    n = len(graph.order)
    if rounds <= 0 or n == 0:
        return True
    if n % 2:  # an odd part (a component of the graph) has no complete pairing
        return False
    parts = graph.components()
    if len(parts) > 1:  # the parts cannot help each other: each must go up on its own
        verdicts = [_rounds_pairable(graph.sub(p), rounds, budget, known) for p in parts]
        if False in verdicts:
            return False
        return None if None in verdicts else True
    low = min(a.bit_count() for a in graph.adj)
    if low < rounds:
        return False
    if 2 * (low - rounds + 1) >= n:
        return True
    if not graph.feasible(graph.everyone):
        return False
    for matching in graph.any_matchings(graph.everyone):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        result = _rounds_pairable(graph.without(matching), rounds - 1, budget, known)
        if result is None:
            return None
        if result:
            known[key] = True
            return True
    known[key] = False
    return False


def _extendable(
    graph: _Graph,
    pairs: list[tuple[int, int]],
    mask: int,
    rounds: int,
    budget: list[int],
    known: _Known,
) -> bool | None:
    """Whether the partial pairing ``pairs`` (positions) can be completed on ``mask`` so that
    ``rounds`` more rounds can still be paired afterwards (``None``: out of budget)."""
    if not graph.feasible(mask):
        return False
    for tail in graph.any_matchings(mask):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        result = _rounds_pairable(graph.without([*pairs, *tail]), rounds, budget, known)
        if result is None or result:
            return result
    return False


def first_pairing_keeping_future(
    order: Sequence[int], allowed: Allowed, rounds: int, budget: list[int]
) -> tuple[list[Pair] | None, bool]:
    """The first pairing of ``order`` in the rule's order after which ``rounds`` more rounds
    can still be paired (as :func:`first_keeping_future`, for players named by number), and
    whether the search was complete."""
    graph = _Graph(order, allowed)
    found, complete = first_keeping_future(graph, rounds, budget)
    return (None if found is None else graph.named(found)), complete


def first_keeping_future(
    graph: _Graph, rounds: int, budget: list[int]
) -> tuple[list[tuple[int, int]] | None, bool]:
    """The first pairing in the rule's order after which ``rounds`` more rounds can still be
    paired, as position pairs, and whether the search was complete (``False``: it ran out of
    ``budget``, so "none found" proves nothing)."""
    parts = graph.components()
    if len(parts) > 1:
        pairs: list[tuple[int, int]] = []
        for part in parts:
            found, complete = first_keeping_future(graph.sub(part), rounds, budget)
            if found is None:
                return None, complete
            pairs += [(part[i], part[j]) for i, j in found]
        return sorted(pairs), True
    known: _Known = {}
    complete = True

    def rec(mask: int, pairs: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
        nonlocal complete
        if mask == 0:
            return pairs
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        candidates = graph.adj[v] & rest
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            chosen = [*pairs, (v, low.bit_length() - 1)]
            ok = _extendable(graph, chosen, rest & ~low, rounds, budget, known)
            if ok is None:
                complete = False
                return None
            if ok:
                found = rec(rest & ~low, chosen)
                if found is not None or not complete:
                    return found
        return None

    return rec(graph.everyone, []), complete
