"""Maximum-weight matching in a general graph with exact integer weights, for the Dutch
system (C.04.3): the criteria of a pairing are the fields of one large integer edge weight,
so the matcher must be exact for weights of hundreds of bits.

This is Edmonds' primal-dual blossom method in its O(n³) form. Between any two top-level
blossoms one representative edge of least slack is kept, so each dual change costs O(n) and
the work between two augmentations O(n + m). A tight edge between two unmatched vertices whose
trees have not grown is an augmentation that leaves the rest of the forest as it was: the
stage pairs them and goes on instead of starting over (``pair_roots``), so a stage may make
many such pairs — most of them where the weights tie, as in a Swiss bracket. Any other
augmentation takes only its two trees out of the forest (``take_apart``) and the stage goes
on with the others, so the edges of the other roots are not scanned again.

Dense graphs are solved sparse and then certified: the blossom method runs on each player's
``neighbours`` heaviest edges (and any edges the caller suggests, such as the previous
optimum's pairs); its final duals are then checked against *every* edge of the dense graph.
When no edge has negative slack, the duals prove the sparse optimum optimal for the whole
graph (linear-programming duality); otherwise the offending edges are added and the sparse
graph is solved again. In a Swiss bracket the optimum uses few of the n² edges, so this is
the difference between seconds and minutes for a 1 000-player field.

Conventions: a vertex's dual ``dual[v]`` and a blossom's ``dual[b]`` are kept doubled, so the
slack of an edge ``a``–``b`` is ``dual[a] + dual[b] - 2·w(a, b)`` plus the duals of the
blossoms holding both ends, and every quantity stays an integer. Vertices are ``0..n-1``;
blossoms use the ids ``n..2n-1``. Labels: ``EVEN`` (outer, "S"), ``ODD`` (inner, "T"),
``FREE`` (unlabelled).
"""

from __future__ import annotations

from collections.abc import Sequence

from skak.pairing._graphs.certificate import scan
from skak.pairing._graphs.sparse import heaviest

__all__ = ["Optimum", "max_weight_matching", "optimum"]

_FREE, _EVEN, _ODD = -1, 0, 1
#: How many of its most violated edges a vertex adds to the sparse graph per round.
_ADDED = 12
_NONE = -1


class _Blossoms:
    """The state of one run over a sparse graph; see the module docstring."""

    def __init__(
        self, edges: Sequence[dict[int, int]], *, doubled: bool = False, top: int | None = None
    ) -> None:
        """``edges``: per vertex, its neighbours and the weight of the edge to each; with
        ``doubled``, twice that weight (what the slacks read; the dicts are then kept as
        they are, not copied). ``top``: the largest weight, when the caller knows it."""
        n = len(edges)
        self.n = n
        size = 2 * n + 1
        self.w2 = list(edges) if doubled else [{v: w + w for v, w in row.items()} for row in edges]
        # rep[x][y] = (a, b): the least-slack edge between x and y, a in x and b in y, for
        # x or y a blossom. Symmetric: rep[y][x] is (b, a). Between two vertices it is the
        # edge itself, not kept (``edge``).
        self.rep: list[dict[int, tuple[int, int]]] = [{} for _ in range(size)]
        if top is None:
            top = max((max(row.values(), default=0) for row in self.w2), default=0) // 2
        top_weight = top
        self.dual = [top_weight] * n + [0] * (size - n)
        self.top = list(range(n)) + [_NONE] * (size - n)  # outermost blossom, or unused
        self.mate = [_NONE] * size  # vertex matched to, from the node's side
        self.label = [_FREE] * size
        self.parent = [_NONE] * size  # for ODD nodes: the even-side vertex reaching it
        self.best = [_NONE] * size  # vertex of an EVEN node with the least-slack edge here
        self.best_slack = [0] * size  # that edge's slack, kept up to date
        self.kids: list[list[int]] = [[] for _ in range(size)]  # kids[b][0] is the base
        # inside[b][v]: the child of b that holds vertex v.
        self.inside: list[dict[int, int]] = [{v: v} for v in range(n)]
        self.inside += [{} for _ in range(size - n)]
        self.ids = n  # blossom ids in use are below this
        self.visit = [0] * size
        #: Per stage: the roots whose tree has grown (``pair_roots``).
        self.grown = [False] * size
        #: Per stage: the tree of the forest a labelled top-level node belongs to (its root).
        self.tree = [_NONE] * size
        self.stamp = 0
        self.queue: list[int] = []

    # -- small helpers -------------------------------------------------------------------

    def edge(self, x: int, y: int) -> tuple[int, int]:
        """The least-slack edge between the nodes ``x`` and ``y`` (``rep``)."""
        if x < self.n and y < self.n:
            return x, y
        return self.rep[x][y]

    def slack_of(self, x: int, y: int) -> int:
        a, b = self.edge(x, y)
        return self.dual[a] + self.dual[b] - self.w2[a][b]

    def recompute_best(self, x: int) -> None:
        """The least-slack edge from a vertex of an EVEN node to top-level ``x`` (``consider``
        over ``x``'s neighbours, inlined: a vertex's edges to vertices are never replaced)."""
        top, label, n, dual, w2 = self.top, self.label, self.n, self.dual, self.w2
        found, least = _NONE, 0
        if x < n:
            dx = dual[x]
            for u, w in w2[x].items():
                if label[top[u]] == _EVEN:  # never ``x`` itself: a vertex holds no other
                    s = dual[u] + dx - w
                    if found == _NONE or s < least:
                        found, least = u, s
        else:
            rep = self.rep
            for u in rep[x]:
                if u < n:
                    t = top[u]
                    if t != x and label[t] == _EVEN:
                        edge = rep[u].get(x)
                        if edge is None:
                            continue
                        a, b = edge
                        s = dual[a] + dual[b] - w2[a][b]
                        if found == _NONE or s < least:
                            found, least = u, s
        self.best[x] = found
        if found != _NONE:
            self.best_slack[x] = least

    def push(self, x: int) -> None:
        if x < self.n:
            self.queue.append(x)
        else:
            for k in self.kids[x]:
                self.push(k)

    def set_top(self, x: int, b: int) -> None:
        self.top[x] = b
        if x >= self.n:
            for k in self.kids[x]:
                self.set_top(k, b)

    def even_position(self, b: int, child: int) -> int:
        """Position of ``child`` in blossom ``b``; the cycle is turned round when needed so
        that the path from the base to the child has an even number of edges."""
        kids = self.kids[b]
        pos = kids.index(child)
        if pos % 2:
            kids[1:] = kids[:0:-1]
            return len(kids) - pos
        return pos

    # -- matching changes ----------------------------------------------------------------

    def match_towards(self, x: int, y: int) -> None:
        """Match top-level-at-the-time ``x`` along its representative edge to ``y``."""
        a, b = self.edge(x, y)
        self.mate[x] = b
        if x < self.n:
            return
        inner = self.inside[x][a]
        pos = self.even_position(x, inner)
        kids = self.kids[x]
        for i in range(pos):
            self.match_towards(kids[i], kids[i ^ 1])
        self.match_towards(inner, y)
        kids[:] = kids[pos:] + kids[:pos]

    def augment_from(self, x: int, y: int) -> None:
        top = self.top
        while True:
            m = self.mate[x]
            nxt = top[m] if m != _NONE else _NONE
            self.match_towards(x, y)
            if nxt == _NONE:
                return
            up = top[self.parent[nxt]]
            self.match_towards(nxt, up)
            x, y = up, nxt

    def common_ancestor(self, x: int, y: int) -> int:
        self.stamp += 1
        stamp, top, visit = self.stamp, self.top, self.visit
        while x != _NONE or y != _NONE:
            if x != _NONE:
                if visit[x] == stamp:
                    return x
                visit[x] = stamp
                m = self.mate[x]
                x = _NONE if m == _NONE else top[self.parent[top[m]]]
            x, y = y, x
        return _NONE

    def make_blossom(self, x: int, base: int, y: int) -> None:
        n, top = self.n, self.top
        b = n
        while b < self.ids and top[b] != _NONE:
            b += 1
        if b == self.ids:
            self.ids += 1
        self.dual[b] = 0
        self.label[b] = _EVEN
        self.mate[b] = self.mate[base]
        left: list[int] = []
        while x != base:
            odd = top[self.mate[x]]
            left += (x, odd)
            self.push(odd)
            x = top[self.parent[odd]]
        right: list[int] = []
        while y != base:
            odd = top[self.mate[y]]
            right += (y, odd)
            self.push(odd)
            y = top[self.parent[odd]]
        kids = [base, *reversed(left), *right]
        self.kids[b] = kids
        self.tree[b] = self.tree[base]
        self.set_top(b, b)
        rep = self.rep
        row: dict[int, tuple[int, int]] = {}
        rep[b] = row
        slack: dict[int, int] = {}
        inside_b: dict[int, int] = {}
        self.inside[b] = inside_b
        dual, w2 = self.dual, self.w2
        for k in kids:
            if k < n:
                # A vertex's edges to vertices first (``edge``), as they were found.
                dk = dual[k]
                for x2, w in w2[k].items():
                    if top[x2] == b:
                        continue
                    s = dk + dual[x2] - w
                    if x2 not in row or s < slack[x2]:
                        row[x2] = (k, x2)
                        slack[x2] = s
                        rep[x2][b] = (x2, k)
            for x2, edge in rep[k].items():
                if top[x2] == b:
                    continue
                s = dual[edge[0]] + dual[edge[1]] - w2[edge[0]][edge[1]]
                if x2 not in row or s < slack[x2]:
                    row[x2] = edge
                    slack[x2] = s
                    rep[x2][b] = (edge[1], edge[0])
            for v in self.inside[k]:
                inside_b[v] = k
        self.recompute_best(b)

    def expand(self, b: int) -> None:
        """Dissolve the ODD blossom ``b`` whose dual reached zero."""
        kids = self.kids[b]
        for k in kids:
            self.set_top(k, k)
        entry = self.inside[b][self.rep[b][self.parent[b]][0]]
        pos = self.even_position(b, entry)
        kids = self.kids[b]
        label, parent, best = self.label, self.parent, self.best
        for k in kids:
            self.tree[k] = self.tree[b]
        for i in range(0, pos, 2):
            odd, even = kids[i], kids[i + 1]
            parent[odd] = self.edge(even, odd)[0]
            label[odd] = _ODD
            label[even] = _EVEN
            best[odd] = _NONE
            self.recompute_best(even)
            self.push(even)
        label[entry] = _ODD
        parent[entry] = parent[b]
        for k in kids[pos + 1 :]:
            label[k] = _FREE
            self.recompute_best(k)
        self.top[b] = _NONE
        for y in self.rep[b]:
            self.rep[y].pop(b, None)
        self.rep[b] = {}

    def found(self, u: int, v: int) -> bool:
        """A tight edge from vertex ``u`` (EVEN side) to vertex ``v``; True on augmenting."""
        top = self.top
        x, y = top[u], top[v]
        ly = self.label[y]
        if ly == _FREE:
            self.grown[x] = True
            self.parent[y] = u
            self.label[y] = _ODD
            partner = top[self.mate[y]]
            self.tree[y] = self.tree[partner] = self.tree[x]
            self.best[y] = self.best[partner] = _NONE
            self.label[partner] = _EVEN
            self.push(partner)
        elif ly == _EVEN:
            base = self.common_ancestor(x, y)
            if base == _NONE:
                self.augment_from(x, y)
                self.augment_from(y, x)
                self.take_apart(self.tree[x], self.tree[y])
                return True
            self.make_blossom(x, base, y)
        return False

    def valid(self, x: int) -> int:
        """The vertex of ``x``'s least-slack edge (``best``), found again when it has left
        the forest: the least of the rest, as the edges' slacks keep their order."""
        u = self.best[x]
        if u != _NONE and self.label[self.top[u]] != _EVEN:
            self.recompute_best(x)
            u = self.best[x]
        return u

    def tight_edge(self, u: int, v: int) -> bool:
        """A tight edge from vertex ``u`` (EVEN side) to vertex ``v``; True on augmenting."""
        if self.lone_roots(u, v):
            self.pair_roots(u, v)
            return True
        return self.found(u, v)

    def lone_roots(self, u: int, v: int) -> bool:
        """Whether ``u`` and ``v`` are unmatched vertices (outside blossoms), both still the
        whole of their trees in the forest."""
        top, mate, label, grown = self.top, self.mate, self.label, self.grown
        if top[u] != u or top[v] != v or grown[u] or grown[v]:
            return False
        return label[u] == label[v] == _EVEN and mate[u] == mate[v] == _NONE

    def pair_roots(self, u: int, v: int) -> None:
        """``take_apart`` for two unmatched vertices whose trees have not grown, joined by the
        tight edge ``u``–``v``."""
        mate, label = self.mate, self.label
        mate[u], mate[v] = v, u
        label[u] = label[v] = _FREE
        self.recompute_best(u)
        self.recompute_best(v)

    def take_apart(self, first: int, second: int) -> None:
        """After an augmentation between the trees ``first`` and ``second``, their nodes leave
        the forest and get their least-slack edges; the unmatched vertices are still the
        roots of the other trees, so they share the lowest dual. A least-slack edge of
        another node that started in these trees is found again when next read (``valid``)."""
        top, label, best, tree = self.top, self.label, self.best, self.tree
        dropped = []
        for x in range(self.ids):
            # Nodes inside blossoms made in this stage too: a blossom may be expanded later.
            if label[x] != _FREE and tree[x] in (first, second):
                label[x] = _FREE
                best[x] = _NONE
                if top[x] == x:
                    dropped.append(x)
        for x in dropped:
            self.recompute_best(x)

    # -- one stage: grow the forest until an augmentation, or stop -----------------------

    def stage(self) -> bool:
        n, top, label, dual = self.n, self.top, self.label, self.dual
        best, best_slack, mate = self.best, self.best_slack, self.mate
        ids = self.ids
        grown = self.grown
        for x in range(ids):
            label[x] = _FREE
            best[x] = _NONE
            grown[x] = False
        self.queue = []
        for x in range(ids):
            if top[x] == x and mate[x] == _NONE:
                self.parent[x] = _NONE
                label[x] = _EVEN
                self.tree[x] = x
                self.push(x)
        if not self.queue:
            return False
        # An unmatched vertex: the unmatched vertices share the lowest dual of all, as each
        # dual change lowers theirs (they are the roots of the forest) and none lowers more.
        exposed = next(v for v in range(n) if mate[v] == _NONE)
        w2 = self.w2
        while True:
            while self.queue:
                u = self.queue.pop()
                tu = top[u]
                if label[tu] != _EVEN:
                    continue
                du = dual[u]
                for v, wv in w2[u].items():
                    tv = top[v]
                    if tv == tu:
                        continue
                    s = du + dual[v] - wv
                    if label[tv] == _ODD:
                        continue
                    if not s:
                        if self.tight_edge(u, v):  # ``u``'s tree has left the forest
                            if mate[exposed] != _NONE:
                                exposed = next((x for x in range(n) if mate[x] == _NONE), _NONE)
                                if exposed == _NONE:
                                    return True
                            break
                        tu = top[u]
                        continue
                    if tv != v:
                        s = self.slack_of(u, tv)
                    if best[tv] == _NONE or s < best_slack[tv]:
                        best[tv] = u
                        best_slack[tv] = s
            ids = self.ids
            step = -1
            for b in range(n, ids):
                if top[b] == b and label[b] == _ODD:
                    half = dual[b] // 2
                    if step < 0 or half < step:
                        step = half
            for x in range(ids):
                u = best[x]
                if top[x] != x or u == _NONE:
                    continue
                lx = label[x]
                if lx == _ODD:
                    continue
                if label[top[u]] != _EVEN and self.valid(x) == _NONE:
                    continue
                s = best_slack[x] if lx == _FREE else best_slack[x] // 2
                if step < 0 or s < step:
                    step = s
            # The free vertices' duals reaching zero ends the whole run: the matching is
            # optimal, and the duals are left as the certificate.
            lowest = dual[exposed]
            last = step < 0 or lowest <= step
            if last:
                step = lowest
            for u in range(n):
                lu = label[top[u]]
                if lu == _EVEN:
                    dual[u] -= step
                elif lu == _ODD:
                    dual[u] += step
            for b in range(n, ids):
                if top[b] == b:
                    if label[b] == _EVEN:
                        dual[b] += 2 * step
                    elif label[b] == _ODD:
                        dual[b] -= 2 * step
            if last:
                return False
            for x in range(ids):
                if top[x] == x and best[x] != _NONE:
                    if label[x] == _FREE:
                        best_slack[x] -= step
                    elif label[x] == _EVEN:
                        best_slack[x] -= 2 * step
            self.queue = []
            for x in range(self.ids):
                if top[x] != x or best[x] == _NONE or label[x] == _ODD:
                    continue
                u = self.valid(x)
                if u == _NONE or top[u] == x:
                    continue
                if best_slack[x]:
                    continue
                if self.tight_edge(*self.edge(u, x)) and mate[exposed] != _NONE:
                    exposed = next((y for y in range(n) if mate[y] == _NONE), _NONE)
                    if exposed == _NONE:
                        return True
            for b in range(n, self.ids):
                if top[b] == b and label[b] == _ODD and dual[b] == 0:
                    self.expand(b)

    def optimum(self, labels: Sequence[int] | None = None) -> Optimum:
        while self.stage():
            pass
        mate = [self.mate[v] if self.mate[v] != _NONE else v for v in range(self.n)]
        return Optimum(mate, self, None, labels)

    # -- the certificate -------------------------------------------------------------------

    def scan(
        self,
        weights: Sequence[Sequence[int]],
        want_tight: bool,
        labels: Sequence[int] | None = None,
    ) -> tuple[list[tuple[int, int, int]], list[int] | None]:
        """One pass over the dense graph ``weights`` under the final duals, blossoms included
        (:func:`skak.pairing._graphs.certificate.scan`)."""
        return scan(self.n, self.ids, self.top, self.kids, self.dual, weights, want_tight, labels)


def max_weight_matching(
    weights: Sequence[Sequence[int]],
    neighbours: int | None = None,
    hint: Sequence[int] | None = None,
    near: Sequence[int] | None = None,
) -> list[int]:
    """A maximum-weight matching of the graph with the symmetric matrix ``weights``
    (``weights[a][b] > 0`` is an edge, 0 no edge; the diagonal is ignored): for each vertex
    its partner, or the vertex itself when unmatched.

    With ``neighbours``, the graph is solved sparse and certified (see the module
    docstring); ``hint`` (a partner per vertex, e.g. an earlier optimum) adds its pairs to
    the first sparse graph. The answer is optimal either way."""
    return optimum(weights, neighbours, hint, near).mate


class Optimum:
    """A maximum-weight matching with the duals that prove it optimal.

    ``duals[v]`` is vertex ``v``'s dual (doubled); ``flat`` says that no blossom has a
    positive dual. Then the maximum-weight matchings are exactly the matchings of tight
    edges that leave only vertices of dual 0 unmatched (complementary slackness). With
    blossoms, every maximum-weight matching still uses tight edges only (``tight``).
    ``labels`` names the vertices in those bit sets (vertex ``v`` is bit ``labels[v]``;
    without them, bit ``v``)."""

    __slots__ = ("_labels", "_state", "_tight", "duals", "flat", "mate")

    def __init__(
        self,
        mate: list[int],
        state: _Blossoms,
        tight: list[int] | None = None,
        labels: Sequence[int] | None = None,
    ) -> None:
        n, top, dual = state.n, state.top, state.dual
        self.mate = mate
        self.duals = dual[:n]
        self.flat = all(dual[b] == 0 for b in range(n, state.ids) if top[b] != _NONE)
        self._state = state
        self._tight = tight
        self._labels = labels

    def tight(self, weights: Sequence[Sequence[int]]) -> list[int]:
        """For each vertex, the bit set of its tight edges in ``weights`` (the matrix the
        optimum was found for; kept from the certificate's pass when it made one)."""
        if self._tight is None:
            self._tight = self._state.scan(weights, True, self._labels)[1]
        assert self._tight is not None
        return self._tight


def optimum(
    weights: Sequence[Sequence[int]],
    neighbours: int | None = None,
    hint: Sequence[int] | None = None,
    near: Sequence[int] | None = None,
    want_tight: bool = False,
    labels: Sequence[int] | None = None,
) -> Optimum:
    """``max_weight_matching`` with its certificate (``Optimum``). ``near`` gives each
    vertex a likely partner (in a Swiss bracket, its S1/S2 counterpart): the first sparse
    graph also holds the edges to the ``neighbours`` vertices around it, and among equal
    weights the closer ones are preferred. ``want_tight``: the tight edges are noted in
    the certificate's last pass (``Optimum.tight``), with vertex ``v`` as bit ``labels[v]``
    when ``labels`` are given."""
    n = len(weights)
    # Each vertex's edges with their doubled weights (``_Blossoms``).
    edges: list[dict[int, int]] = [{} for _ in range(n)]
    if neighbours is None or n <= 2 * neighbours:
        for a, row in enumerate(weights):
            edges[a] = {b: w + w for b, w in enumerate(row) if w > 0 and b != a}
        return _Blossoms(edges, doubled=True).optimum(labels)

    def add(a: int, b: int) -> None:
        w = weights[a][b]
        if w > 0 and b != a:
            edges[a][b] = edges[b][a] = w + w

    half = n // 2
    reach = neighbours // 2
    top = 0  # the largest weight: the largest of the rows' heaviest
    for a, row in enumerate(weights):
        centre = near[a] if near is not None else (a + half) % n
        mine = edges[a]
        most = heaviest(row, neighbours, centre)
        if most and row[most[0]] > top:
            top = row[most[0]]
        # ``add`` inlined: each vertex's heaviest edges, then those around its centre.
        for b in (*most, *range(max(0, centre - reach), min(n, centre + reach + 1))):
            w = row[b]
            if w > 0 and b != a and b not in mine:
                mine[b] = edges[b][a] = w + w
    for a, b in enumerate(hint or ()):
        add(a, b)
    while True:
        state = _Blossoms(edges, doubled=True, top=top)
        found = state.optimum()
        bad, tight = state.scan(weights, want_tight, labels)
        if not bad:
            return Optimum(found.mate, state, tight, labels)
        for _, a, b in bad:  # else the loop below would add nothing, and run for ever
            if b in edges[a]:
                raise AssertionError(f"the optimum's duals leave its own edge {a}-{b} violated")
        # The most violated edges of each vertex join the sparse graph.
        added = [0] * n
        for _, a, b in sorted(bad):
            if added[a] < _ADDED or added[b] < _ADDED:
                added[a] += 1
                added[b] += 1
                add(a, b)
