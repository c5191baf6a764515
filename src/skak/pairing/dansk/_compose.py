"""Choosing a composition of gruppe a and b: DSU 003 §4.9.3 rule 5.2 ("Den løsning, som
imødekommer flest mulige farvepræferencer … vælges") over the orders of gruppe b that 5.3
nr. 1–2 run through.

The rule's order of the compositions is lexicographic: a1's partner as high in b as
possible, then a2's, and so on. The composition chosen meets the most colour preferences,
breaks the fewest strong ones (only the last-round exception can), and is the first in that
order among equals. It is found exactly:

* halves of up to ``_EXACT_HALF`` players by dynamic programming over the players of b used;
* larger ones first by a depth-first search in the rule's order aimed at an upper bound of
  the count (it succeeds at once when rematches and colour bans do not stand in the way);
* otherwise, up to ``_HUNGARIAN_HALF`` players, by the Hungarian method: its optimal
  potentials mark the pairs some best composition can use, and the first composition of
  those pairs in the rule's order is built pair by pair;
* beyond that by branch and bound within a node budget (the explanation then says so).
"""

from __future__ import annotations

from collections.abc import Callable

from skak.pairing._graphs.pairability import MatchGraph, assignment_duals, halves_can_pair

__all__ = [
    "IS_X",
    "NONE",
    "WANTS_BLACK",
    "WANTS_WHITE",
    "Composer",
    "PairValue",
    "Pos",
]

#: Colour classes for the colour bound: no preference, prefers white, prefers black, and
#: player X (only a partner who prefers white is met: he counts as having had white, 2.2).
NONE, WANTS_WHITE, WANTS_BLACK, IS_X = 0, 1, 2, 3

_EXACT_HALF = 12
_HUNGARIAN_HALF = 160
#: Node budget of the last resort (plus ``_NODES_PER_PLAYER`` per player): past it the best
#: composition found so far is used.
_NODE_BUDGET = 20_000
_NODES_PER_PLAYER = 200

Pos = int
#: ``value(i, j)``: how many of the two players' colour preferences the colours of the pair
#: meet, how many of those are strong, and how many strong preferences they break.
PairValue = Callable[[Pos, Pos], tuple[int, int, int]]


class Composer:
    """Compositions of two halves over one round's legal pairs (``graph``)."""

    def __init__(self, graph: MatchGraph, value: PairValue, kind: list[int]) -> None:
        self.graph = graph
        self.value = value
        self.kind = kind

    def first(self, a: list[Pos], b: list[Pos]) -> list[tuple[Pos, Pos]]:
        """The first composition in the rule's order (5.3 nr. 1–2): each a-player in turn takes
        the highest b-player left with whom the rest can still be paired."""
        graph = self.graph
        bmask = sum(1 << p for p in b)
        pairs: list[tuple[Pos, Pos]] = []
        for k, i in enumerate(a):
            arest = sum(1 << p for p in a[k + 1 :])
            for j in b:
                free = bmask >> j & 1 and graph.allowed(i, j)
                if free and graph.halves_can_pair(arest, bmask & ~(1 << j)):
                    pairs.append((i, j))
                    bmask &= ~(1 << j)
                    break
        return pairs

    @staticmethod
    def _bound(ak: list[int], bk: list[int], r: int) -> int:
        """At most how many preferences ``r`` pairs can meet, given the colour classes left in
        a (``ak``) and b (``bk``): one per pair, one more for each pair of opposite wishes,
        none for two players without a preference, and for X's partner only a white wish."""
        for xs, other in ((ak, bk), (bk, ak)):
            if xs[IS_X]:
                best = -(10**9)
                for c in (WANTS_WHITE, WANTS_BLACK, NONE):
                    if other[c]:
                        xs[IS_X] -= 1
                        other[c] -= 1
                        rest = Composer._bound(ak, bk, r - 1)
                        xs[IS_X] += 1
                        other[c] += 1
                        best = max(best, rest + (c == WANTS_WHITE))
                return best
        mixed = min(ak[WANTS_WHITE], bk[WANTS_BLACK]) + min(ak[WANTS_BLACK], bk[WANTS_WHITE])
        return r + mixed - max(0, ak[NONE] + bk[NONE] - r)

    def best(self, a: list[Pos], b: list[Pos]) -> tuple[list[tuple[Pos, Pos]], bool]:
        """Among the compositions of the split (a fixed, b in any order: 5.3 nr. 1–2), the
        first in the rule's order that meets most colour preferences (5.2), breaking the
        fewest strong preferences first; and whether the search was complete."""
        m = len(a)
        penalty = 2 * m + 1

        def score(i: Pos, j: Pos) -> int:
            count, _, broken = self.value(i, j)
            return count - penalty * broken

        if m <= _EXACT_HALF:
            return self._exact(a, b, score), True
        suffix = [[0, 0, 0, 0] for _ in range(m + 1)]
        for k in range(m - 1, -1, -1):
            suffix[k] = list(suffix[k + 1])
            suffix[k][self.kind[a[k]]] += 1
        amasks = [sum(1 << p for p in a[k:]) for k in range(m + 1)]
        bk = [0, 0, 0, 0]
        for j in b:
            bk[self.kind[j]] += 1
        root = self._bound(suffix[0], bk, m)
        quick = 2_000 + 20 * m
        best, _ = self._search(a, b, score, suffix, amasks, root, root, quick)
        if best is not None:
            return [(a[k], b[jj]) for k, jj in enumerate(best)], True
        if m <= _HUNGARIAN_HALF:
            return self._optimal(a, b, score), True
        budget = _NODE_BUDGET + _NODES_PER_PLAYER * m
        best, complete = self._search(a, b, score, suffix, amasks, None, root, budget)
        assert best is not None  # the split can be paired, so the first descent succeeds
        return [(a[k], b[jj]) for k, jj in enumerate(best)], complete

    def _optimal(
        self, a: list[Pos], b: list[Pos], score: Callable[[Pos, Pos], int]
    ) -> list[tuple[Pos, Pos]]:
        """The best composition exactly: optimal potentials of the assignment problem mark
        the pairs some best composition can use; the first such composition in the rule's
        order is then built pair by pair."""
        graph = self.graph
        m = len(a)
        gain = [[score(i, j) if graph.allowed(i, j) else None for j in b] for i in a]
        top = max((g for row in gain for g in row if g is not None), default=0)
        low = min((g for row in gain for g in row if g is not None), default=0)
        barred = 1 + m * (top - low)
        cost = [[barred if g is None else top - g for g in row] for row in gain]
        u, v = assignment_duals(cost)
        tight = [0] * graph.size
        for ia, i in enumerate(a):
            for jb, j in enumerate(b):
                if gain[ia][jb] is not None and cost[ia][jb] == u[ia] + v[jb]:
                    tight[i] |= 1 << j
                    tight[j] |= 1 << i
        bmask = sum(1 << p for p in b)
        pairs: list[tuple[Pos, Pos]] = []
        for k, i in enumerate(a):
            arest = sum(1 << p for p in a[k + 1 :])
            for j in b:
                fits = tight[i] >> j & 1 and bmask >> j & 1
                if fits and halves_can_pair(tight, arest, bmask & ~(1 << j)):
                    pairs.append((i, j))
                    bmask &= ~(1 << j)
                    break
        return pairs

    def _exact(
        self, a: list[Pos], b: list[Pos], score: Callable[[Pos, Pos], int]
    ) -> list[tuple[Pos, Pos]]:
        """The best composition of small halves exactly: the most preferences met over every
        order of b, then the first in the rule's order."""
        graph = self.graph
        m = len(a)
        impossible = -(10**9)
        memo: dict[int, int] = {}

        def best(i: int, used: int) -> int:
            if i == m:
                return 0
            if used in memo:
                return memo[used]
            result = impossible
            for jj in range(m):
                if not used >> jj & 1 and graph.allowed(a[i], b[jj]):
                    sub = best(i + 1, used | 1 << jj)
                    if sub > impossible:
                        result = max(result, score(a[i], b[jj]) + sub)
            memo[used] = result
            return result

        used = 0
        pairs: list[tuple[Pos, Pos]] = []
        for i in range(m):
            target = best(i, used)
            for jj in range(m):
                if used >> jj & 1 or not graph.allowed(a[i], b[jj]):
                    continue
                sub = best(i + 1, used | 1 << jj)
                if sub > impossible and score(a[i], b[jj]) + sub == target:
                    pairs.append((a[i], b[jj]))
                    used |= 1 << jj
                    break
        return pairs

    def _search(
        self,
        a: list[Pos],
        b: list[Pos],
        score: Callable[[Pos, Pos], int],
        suffix: list[list[int]],
        amasks: list[int],
        floor: int | None,
        root: int,
        budget: int,
    ) -> tuple[list[int] | None, bool]:
        """Depth-first through the compositions in the rule's order with a colour bound:
        with ``floor`` the first composition meeting at least ``floor`` preferences, without
        it the best one (branch and bound). Returns the b-places per a-player and whether
        the search finished within ``budget``."""
        graph = self.graph
        m = len(a)
        best: list[int] | None = None
        best_value = (floor - 1) if floor is not None else -(10**9)
        choice = [-1] * m
        value = [0] * (m + 1)
        bk = [0, 0, 0, 0]
        for j in b:
            bk[self.kind[j]] += 1
        unused = sum(1 << p for p in b)
        nodes = 0
        i = 0
        while i >= 0:
            if i == m:
                if value[m] > best_value:
                    best, best_value = list(choice), value[m]
                    if best_value >= root:
                        return best, True
                i -= 1
                j = b[choice[i]]
                unused |= 1 << j
                bk[self.kind[j]] += 1
                continue
            advanced = False
            for jj in range(choice[i] + 1, m):
                j = b[jj]
                if not unused >> j & 1 or not graph.allowed(a[i], j):
                    continue
                nodes += 1
                if nodes > budget:
                    return best, False
                gain = score(a[i], j)
                bk[self.kind[j]] -= 1
                bound = value[i] + gain + self._bound(suffix[i + 1], bk, m - i - 1)
                if bound <= best_value or not graph.halves_can_pair(
                    amasks[i + 1], unused & ~(1 << j)
                ):
                    bk[self.kind[j]] += 1
                    continue
                choice[i] = jj
                unused &= ~(1 << j)
                value[i + 1] = value[i] + gain
                i += 1
                if i < m:
                    choice[i] = -1
                advanced = True
                break
            if not advanced:
                choice[i] = -1
                i -= 1
                if i >= 0:
                    j = b[choice[i]]
                    unused |= 1 << j
                    bk[self.kind[j]] += 1
        return best, True
