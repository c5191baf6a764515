"""Who may meet whom in one round, as bit sets, and exact answers to "can these players all
be paired?" — the question behind every "indtil løsning" of DSU 003 §4.9.3 rules 5.3, 5.4
and 6.3 and behind the closing note of §4.9.4 (a pulje is dissolved only when its floaters and
the following players "på ingen måde kan parres").

Players are positions ``0 … n−1`` in the round's pairing order; a set of players is an ``int``
bit set. The tests are exact and polynomial:

* a general set: Dirac's theorem first (every player may meet at least half of the others,
  so a Hamiltonian cycle and hence a pairing exists), otherwise Edmonds' blossom algorithm;
* two halves (gruppe a and b): the same degree test for bipartite graphs, otherwise
  augmenting paths (Kuhn).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

__all__ = [
    "MatchGraph",
    "assignment_duals",
    "bits",
    "halves_can_pair",
    "halves_matching",
]


def bits(mask: int) -> Iterator[int]:
    """The positions in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class MatchGraph:
    """The legal pairs of one round over positions ``0 … n−1`` (``adj[i]`` is a bit set)."""

    __slots__ = ("_bip_memo", "_memo", "adj", "size")

    def __init__(self, adj: Sequence[int]) -> None:
        self.adj = list(adj)
        self.size = len(self.adj)
        self._memo: dict[tuple[int, int], bool] = {}
        self._bip_memo: dict[tuple[int, int], bool] = {}

    def allowed(self, i: int, j: int) -> bool:
        return bool(self.adj[i] >> j & 1)

    def _neighbours(self, v: int, mask: int, apart: int) -> int:
        nb = self.adj[v] & mask
        if apart >> v & 1:
            nb &= ~apart
        return nb

    # -- general sets ----------------------------------------------------------------------

    def can_pair(self, mask: int, apart: int = 0) -> bool:
        """Whether everyone in ``mask`` can be paired, no two players of ``apart`` together
        (floaters of one pulje are paired with lower players only, 5.4)."""
        key = (mask, apart & mask)
        known = self._memo.get(key)
        if known is not None:
            return known
        count = mask.bit_count()
        if count % 2:
            ok = False
        elif count == 0:
            ok = True
        else:
            degrees = [self._neighbours(v, mask, apart).bit_count() for v in bits(mask)]
            if min(degrees) == 0:
                ok = False
            elif 2 * min(degrees) >= count:
                ok = True  # Dirac
            else:
                ok = len(self.maximum_matching(mask, apart)) == count
        self._memo[key] = ok
        return ok

    def maximum_matching(self, mask: int, apart: int = 0) -> dict[int, int]:
        """A maximum matching of ``mask`` (each matched position maps to its partner), found
        deterministically: a greedy start, then Edmonds' augmenting paths with blossoms."""
        verts = list(bits(mask))
        match: dict[int, int] = {}
        nbs = {v: self._neighbours(v, mask, apart) for v in verts}
        free = mask
        for v in sorted(verts, key=lambda x: (nbs[x].bit_count(), x)):
            if not free >> v & 1:
                continue
            options = nbs[v] & free & ~(1 << v)
            if options:
                u = min(bits(options), key=lambda x: (nbs[x].bit_count(), x))
                match[v], match[u] = u, v
                free &= ~(1 << v) & ~(1 << u)
        for root in verts:
            if root in match:
                continue
            path = _augmenting_path(root, verts, nbs, match)
            if path is not None:
                path.flip(match)
        return match

    # -- two halves ------------------------------------------------------------------------

    def halves_can_pair(self, a: int, b: int) -> bool:
        """Whether every player of ``a`` can meet a different player of ``b`` (equal sizes)."""
        key = (a, b)
        known = self._bip_memo.get(key)
        if known is None:
            known = halves_can_pair(self.adj, a, b)
            self._bip_memo[key] = known
        return known


def halves_can_pair(adj: Sequence[int], a: int, b: int) -> bool:
    """Whether every position of ``a`` can be matched to a different one of ``b`` along
    ``adj`` (a bipartite perfect matching; ``a`` and ``b`` disjoint)."""
    m = a.bit_count()
    if m != b.bit_count():
        return False
    if m == 0:
        return True
    low = min(
        min((adj[v] & b).bit_count() for v in bits(a)),
        min((adj[v] & a).bit_count() for v in bits(b)),
    )
    if low == 0:
        return False
    if 2 * low >= m:
        return True  # Hall's condition holds for every subset
    return len(halves_matching(adj, a, b)) == m


def halves_matching(adj: Sequence[int], a: int, b: int) -> dict[int, int]:
    """A maximum matching from ``a`` into ``b`` (a-position → b-position), by augmenting
    paths found breadth first."""
    match_a: dict[int, int] = {}
    match_b: dict[int, int] = {}
    for root in bits(a):
        parent: dict[int, int] = {}
        seen = 0
        frontier = [root]
        found: int | None = None
        while frontier and found is None:
            nxt: list[int] = []
            for v in frontier:
                for w in bits(adj[v] & b & ~seen):
                    seen |= 1 << w
                    parent[w] = v
                    if w not in match_b:
                        found = w
                        break
                    nxt.append(match_b[w])
                if found is not None:
                    break
            frontier = nxt
        if found is None:
            continue
        w = found
        while True:
            v = parent[w]
            previous = match_a.get(v)
            match_a[v], match_b[w] = w, v
            if previous is None:
                break
            w = previous
    return match_a


def assignment_duals(cost: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """Optimal dual potentials ``(u, v)`` of the square assignment problem ``cost`` (rows to
    columns, minimum total): ``cost[i][j] − u[i] − v[j] ≥ 0`` everywhere, and the optimal
    assignments are exactly the perfect matchings of the pairs where it is 0. The Hungarian
    method with potentials (Kuhn–Munkres, O(n³)), in exact integers."""
    n = len(cost)
    inf = 1 + 2 * n * max((max(row) for row in cost), default=0)
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    owner = [0] * (n + 1)  # owner[j]: the row assigned to column j (1-based, 0 = none)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        owner[0] = i
        j0 = 0
        minv = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = owner[j0]
            row = cost[i0 - 1]
            ui0 = u[i0]
            delta = inf
            j1 = 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = row[j - 1] - ui0 - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if owner[j0] == 0:
                break
        while True:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
            if j0 == 0:
                break
    return u[1:], v[1:]


class _Path:
    """The end of an augmenting path and the parent links that lead back to its root."""

    __slots__ = ("end", "parent")

    def __init__(self, end: int, parent: dict[int, int]) -> None:
        self.end = end
        self.parent = parent

    def flip(self, match: dict[int, int]) -> None:
        """Augment ``match`` along the path."""
        v: int | None = self.end
        while v is not None:
            pv = self.parent[v]
            ppv = match.get(pv)
            match[v], match[pv] = pv, v
            v = ppv


def _augmenting_path(
    root: int, verts: list[int], nbs: dict[int, int], match: dict[int, int]
) -> _Path | None:
    """Edmonds' search for an augmenting path from the unmatched ``root``, contracting
    odd cycles (blossoms) through the ``base`` array."""
    base = {v: v for v in verts}
    parent: dict[int, int] = {}
    used = {root}
    queue = [root]
    head = 0

    def lca(x: int, y: int) -> int:
        seen: set[int] = set()
        while True:
            x = base[x]
            seen.add(x)
            if x not in match:
                break
            x = parent[match[x]]
        while True:
            y = base[y]
            if y in seen:
                return y
            y = parent[match[y]]

    def mark(v: int, b: int, child: int, blossom: set[int]) -> None:
        while base[v] != b:
            blossom.add(base[v])
            blossom.add(base[match[v]])
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while head < len(queue):
        v = queue[head]
        head += 1
        for to in bits(nbs[v]):
            if to == v or base[v] == base[to] or match.get(v) == to:
                continue
            if to == root or (to in match and match[to] in parent):
                cur = lca(v, to)
                blossom: set[int] = set()
                mark(v, cur, to, blossom)
                mark(to, cur, v, blossom)
                for i in verts:
                    if base[i] in blossom:
                        base[i] = cur
                        if i not in used:
                            used.add(i)
                            queue.append(i)
            elif to not in parent:
                parent[to] = v
                if to not in match:
                    return _Path(to, parent)
                used.add(match[to])
                queue.append(match[to])
    return None
