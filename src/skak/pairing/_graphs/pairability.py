"""Who may meet whom in one round, as bit sets, and exact answers to "can these players all
be paired?" — the question behind every "indtil løsning" of DSU 003 §4.9.3 rules 5.3, 5.4
and 6.3 and behind the closing note of §4.9.4 (a pulje is dissolved only when its floaters and
the following players "på ingen måde kan parres"), behind Monrad's search for a pairable
group, and behind the Dutch system's completion criterion (C.04.3 C4).

Players are positions ``0 … n−1`` in the round's pairing order; a set of players is an ``int``
bit set. The tests are exact and polynomial:

* a general set: Dirac's theorem first (every player may meet at least half of the others,
  so a Hamiltonian cycle and hence a pairing exists), otherwise Edmonds' blossom algorithm;
* two halves (gruppe a and b): the same degree test for bipartite graphs, otherwise
  augmenting paths (Kuhn).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

__all__ = [
    "MatchGraph",
    "assignment_duals",
    "bit_set",
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


def bit_set(members: Iterable[int], size: int) -> int:
    """The bit set of ``members`` (positions below ``size``), built in bytes: cheaper than
    or-ing a large integer per member."""
    out = bytearray((size + 7) // 8)
    for b in members:
        out[b >> 3] |= 1 << (b & 7)
    return int.from_bytes(out, "little")


class MatchGraph:
    """The legal pairs of one round over positions ``0 … n−1`` (``adj[i]`` is a bit set)."""

    __slots__ = ("_bip_memo", "_memo", "_warm", "adj", "size")

    def __init__(self, adj: Sequence[int]) -> None:
        self.adj = list(adj)
        self.size = len(self.adj)
        self._memo: dict[tuple[int, int], bool] = {}
        self._bip_memo: dict[tuple[int, int], bool] = {}
        #: The pairs of the matchings found so far (a matching itself): the next search starts
        #: from those of them that still apply, so sets that differ by a few players (the
        #: floater sets of 6.3) need a few augmenting paths, not a whole new matching.
        self._warm: dict[int, int] = {}

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
            apart &= mask
            if min(degrees) == 0 or (apart and not self._apart_fits(mask, apart)):
                ok = False
            elif 2 * min(degrees) >= count:
                ok = True  # Dirac
            elif not self._few_strangers(mask, apart, degrees):
                ok = False
            else:
                ok = len(self.maximum_matching(mask, apart)) == count
        self._memo[key] = ok
        return ok

    def _apart_fits(self, mask: int, apart: int) -> bool:
        """Counting pre-checks for ``apart`` players who must each meet a different player of
        ``mask`` outside ``apart``: enough of those, and enough of them that one of ``apart``
        may meet (Hall's condition for the whole of ``apart``)."""
        others = mask & ~apart
        k = apart.bit_count()
        if k > others.bit_count():
            return False
        reach = 0
        for v in bits(apart):
            reach |= self.adj[v] & others
        return reach.bit_count() >= k

    def _few_strangers(self, mask: int, apart: int, degrees: list[int]) -> bool:
        """A counting pre-check: a set of players of whom no two may meet (built greedily,
        fewest possible opponents first — e.g. players with a strong preference for the same
        colour) must not be more than half of ``mask``, since each needs a different partner
        outside it."""
        chosen = 0
        blocked = 0
        for _, v in sorted(zip(degrees, bits(mask), strict=True)):
            if not blocked >> v & 1:
                chosen += 1
                blocked |= self._neighbours(v, mask, apart) | (1 << v)
        return 2 * chosen <= mask.bit_count()

    def maximum_matching(self, mask: int, apart: int = 0, fewest: bool = True) -> dict[int, int]:
        """A maximum matching of ``mask`` (each matched position maps to its partner), found
        deterministically: the pairs of earlier matchings that still apply, a greedy start,
        then Edmonds' augmenting paths with blossoms. The greedy start gives each player the
        free neighbour with the fewest neighbours, or without ``fewest`` the lowest one
        (cheaper on dense graphs)."""
        verts = list(bits(mask))
        match: dict[int, int] = {}
        nbs = {v: self._neighbours(v, mask, apart) for v in verts}
        free = mask
        warm = self._warm
        for v in verts:
            u = warm.get(v)
            if u is not None and free >> v & 1 and free >> u & 1 and nbs[v] >> u & 1:
                match[v], match[u] = u, v
                free &= ~(1 << v) & ~(1 << u)
        unmatched = [v for v in verts if free >> v & 1]  # the others stay matched below
        degree = {v: nbs[v].bit_count() for v in unmatched}
        for v in sorted(unmatched, key=lambda x: (degree[x], x)):
            if not free >> v & 1:
                continue
            options = nbs[v] & free & ~(1 << v)
            if options and not fewest:
                u = (options & -options).bit_length() - 1
                match[v], match[u] = u, v
                free &= ~(1 << v) & ~(1 << u)
            elif options:
                # The free neighbour with the fewest neighbours, the lowest among equals.
                u, least = -1, -1
                for x in bits(options):
                    d = degree[x]
                    if least < 0 or d < least:
                        u, least = x, d
                match[v], match[u] = u, v
                free &= ~(1 << v) & ~(1 << u)
        for root in verts:
            if root in match:
                continue
            path = _augmenting_path(root, verts, nbs, match)
            if path is not None:
                path.flip(match)
        for v, u in match.items():
            old = warm.get(v)
            if old is not None and old != u and warm.get(old) == v:
                del warm[old]
            warm[v] = u
        return match

    def repair(self, mask: int, match: dict[int, int], touched: int) -> dict[int, int]:
        """A maximum matching of ``mask`` grown from ``match``, a maximum matching of ``mask``
        before edges at the players of ``touched`` were taken away: the pairs that lost
        their edge are dropped, and their players augment again, one search each. Each
        augmentation adds a pair, so when ``mask`` still has a matching as large as before,
        the answer is as large (Berge: a larger matching gives an augmenting path).
        ``match`` is left as it was.

        The players ``match`` left unpaired are searched from too, after those: one of them
        may reach a dropped player (``6``–``2``), and once another search has paired that
        player (``2``–``0``), through him to another unpaired one (``6``–``2``=``0``–``20``).
        A player searched from in vain stays so after the others' augmentations (Edmonds),
        so one search each gives a maximum matching. For a pairing of everyone (the
        optimiser's) there are none of them."""
        out = dict(match)
        adj = self.adj
        roots: list[int] = []
        for v in bits(touched & mask):
            u = out.get(v)
            if u is not None and not adj[v] >> u & 1:
                del out[v], out[u]
                roots += (v, u)
        if not roots:
            return out
        verts = list(bits(mask))
        nbs = {v: adj[v] & mask for v in verts}
        unpaired = [v for v in verts if v not in match]
        for root in roots + unpaired:
            if root not in out:
                # Past the inner players' edges (``_search``): the same outer players,
                # so a path is found whenever there is one; merged blossoms by bit sets.
                path = _search(root, verts, nbs, out, set(), skip_inner=True)
                if path is not None:
                    path.flip(out)
        return out

    def prefer(self, pairs: dict[int, int]) -> None:
        """Start the next ``maximum_matching`` from these pairs (each given both ways) where
        they apply, instead of the pairs of earlier matchings."""
        self._warm = dict(pairs)

    def partners(self, a: int, mask: int, match: dict[int, int]) -> int:
        """The players ``b`` that ``a`` may meet in some pairing of everyone in ``mask``,
        given one such pairing ``match``: with ``a`` left out, ``b`` qualifies when an even
        alternating path runs from ``a``'s partner to ``b`` (then ``a``–``b`` closes an
        alternating cycle)."""
        rest = mask & ~(1 << a)
        even = _even_without_blossoms(self.adj, match[a], rest, match)
        if even is None:
            verts = list(bits(rest))
            nbs = {v: self.adj[v] & rest for v in verts}
            others = {v: u for v, u in match.items() if v != a and u != a}
            found: set[int] = set()
            _search(match[a], verts, nbs, others, found, skip_inner=True)
            even = sum(1 << v for v in found)
        return self.adj[a] & mask & even

    def can_cover(self, mask: int, must: int, apart: int = 0) -> bool:
        """Whether the players of ``mask`` can be paired so that everyone in ``must`` gets an
        opponent (the others of ``mask`` may stay unpaired; no two of ``apart`` together).

        The players who may stay unpaired are joined to each other (and, for an odd count, to
        one extra player), so the answer is a perfect matching of that larger graph."""
        must &= mask
        optional = mask & ~must
        if not optional:
            return self.can_pair(mask, apart)
        extra = 1 << self.size
        adj = [*self.adj, optional]
        for v in bits(apart & mask):
            adj[v] &= ~apart
        for v in bits(optional):
            adj[v] |= (optional & ~(1 << v)) | extra
        wider = MatchGraph(adj)
        full = mask | (extra if mask.bit_count() % 2 else 0)
        return wider.can_pair(full)

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


def _even_without_blossoms(
    adj: Sequence[int], root: int, mask: int, match: dict[int, int]
) -> int | None:
    """The players of ``mask`` with an even alternating path from ``root`` (the one player
    of ``mask`` whom ``match`` leaves unpaired there), grown breadth first a level at a time
    on bit sets; ``None`` when two such players may meet, an odd cycle (blossom) that only
    Edmonds' search (``_search``) handles. Without one, the alternating tree is the whole
    answer, as in a bipartite graph."""
    even = 1 << root
    odd = 0
    frontier = [root]
    while frontier:
        reach = 0
        for v in frontier:
            reach |= adj[v]
        reach &= mask
        if reach & even:
            return None
        fresh = reach & ~odd
        odd |= fresh
        frontier = [match[u] for u in bits(fresh)]
        for v in frontier:
            even |= 1 << v
    return even


def _augmenting_path(
    root: int, verts: list[int], nbs: dict[int, int], match: dict[int, int]
) -> _Path | None:
    """Edmonds' search for an augmenting path from the unmatched ``root``."""
    return _search(root, verts, nbs, match, set())


def _search(
    root: int,
    verts: list[int],
    nbs: dict[int, int],
    match: dict[int, int],
    used: set[int],
    skip_inner: bool = False,
) -> _Path | None:
    """Edmonds' search for an augmenting path from the unmatched ``root``, contracting
    odd cycles (blossoms) through the ``base`` array. ``used`` collects the outer (even)
    vertices: those with an even alternating path from ``root``.

    ``skip_inner`` looks past the inner (odd) players' edges, which change nothing while
    they stay inner (one that turns outer is searched from itself later); the outer set is
    the same, found in another order, so the path found may differ."""
    # Each player's base, and each base's players, kept only where a blossom changed them
    # (a search usually ends long before it has seen everyone).
    base: dict[int, int] = {}
    parent: dict[int, int] = {}
    inner = 0  # bit set: players with a parent who are not outer
    members: dict[int, int] = {}  # with ``skip_inner``
    used.add(root)
    queue = [root]
    head = 0

    def lca(x: int, y: int) -> int:
        seen: set[int] = set()
        while True:
            x = base.get(x, x)
            seen.add(x)
            if x not in match:
                break
            x = parent[match[x]]
        while True:
            y = base.get(y, y)
            if y in seen:
                return y
            y = parent[match[y]]

    def mark(v: int, b: int, child: int, blossom: set[int]) -> None:
        while base.get(v, v) != b:
            blossom.add(base.get(v, v))
            w = match[v]
            blossom.add(base.get(w, w))
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while head < len(queue):
        v = queue[head]
        head += 1
        bv = base.get(v, v)
        near = nbs[v] & ~inner & ~members.get(bv, 1 << bv) if skip_inner else nbs[v]
        for to in bits(near):
            if to == v or base.get(v, v) == base.get(to, to) or match.get(v) == to:
                continue
            if to == root or (to in match and match[to] in parent):
                cur = lca(v, to)
                blossom: set[int] = set()
                mark(v, cur, to, blossom)
                mark(to, cur, v, blossom)
                if skip_inner:
                    merged = 0
                    for b in blossom:
                        if b != cur:
                            merged |= members.get(b, 1 << b)
                    members[cur] = members.get(cur, 1 << cur) | merged
                    changed: Iterable[int] = bits(merged)
                else:
                    changed = [i for i in verts if base.get(i, i) in blossom]
                for i in changed:
                    base[i] = cur
                    if i not in used:
                        used.add(i)
                        queue.append(i)
                        inner &= ~(1 << i)
            elif to not in parent:
                parent[to] = v
                inner |= 1 << to
                if to not in match:
                    return _Path(to, parent)
                used.add(match[to])
                queue.append(match[to])
    return None
