"""Maximum-weight matching in a general graph with exact integer weights, for the Dutch
system (C.04.3): the criteria of a pairing are the fields of one large integer edge weight,
so the matcher must be exact for weights of hundreds of bits.

This is Edmonds' primal-dual blossom method in its O(n³) form, written for dense graphs of a
few hundred players: the weights are a matrix, and between any two top-level blossoms one
representative edge of least slack is kept, so each dual change costs O(n) and each stage
(one augmentation) O(n²).

Conventions: a vertex's dual ``dual[v]`` and a blossom's ``dual[b]`` are kept doubled, so
the slack of an edge ``a``–``b`` between different top-level blossoms is
``dual[a] + dual[b] - 2·w(a, b)`` and every quantity stays an integer. Vertices are
``0..n-1``; blossoms use the ids ``n..2n-1``. Labels: ``EVEN`` (outer, "S"), ``ODD``
(inner, "T"), ``FREE`` (unlabelled).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["max_weight_matching"]

_FREE, _EVEN, _ODD = -1, 0, 1
_NONE = -1


class _Blossoms:
    """The state of one run; see the module docstring."""

    def __init__(self, weights: Sequence[Sequence[int]]) -> None:
        n = len(weights)
        self.n = n
        size = 2 * n + 1
        self.w2 = [[2 * x for x in row] for row in weights]
        self.adj = [[v for v in range(n) if v != u and weights[u][v] > 0] for u in range(n)]
        # Representative edge (vertex in x, vertex in y) between top-level x and y.
        self.rep_a = [[_NONE] * size for _ in range(size)]
        self.rep_b = [[_NONE] * size for _ in range(size)]
        for u in range(n):
            ra, rb = self.rep_a[u], self.rep_b[u]
            for v in self.adj[u]:
                ra[v] = u
                rb[v] = v
        top_weight = max((max(row, default=0) for row in weights), default=0)
        self.dual = [top_weight] * n + [0] * (size - n)
        self.top = list(range(n)) + [_NONE] * (size - n)  # outermost blossom, or unused
        self.mate = [_NONE] * size  # vertex matched to, from the node's side
        self.label = [_FREE] * size
        self.parent = [_NONE] * size  # for ODD nodes: the even-side vertex reaching it
        self.best = [_NONE] * size  # vertex of an EVEN node with the least-slack edge here
        self.best_slack = [0] * size  # that edge's slack, kept up to date
        self.kids: list[list[int]] = [[] for _ in range(size)]  # kids[b][0] is the base
        # inside[b][v]: the child of b that holds vertex v.
        self.inside: list[list[int]] = [[_NONE] * n for _ in range(size)]
        for v in range(n):
            self.inside[v][v] = v
        self.ids = n  # blossom ids in use are below this
        self.visit = [0] * size
        self.stamp = 0
        self.queue: list[int] = []

    # -- small helpers -------------------------------------------------------------------

    def slack_of(self, x: int, y: int) -> int:
        a, b = self.rep_a[x][y], self.rep_b[x][y]
        return self.dual[a] + self.dual[b] - self.w2[a][b]

    def consider(self, u: int, x: int) -> None:
        """Edge from vertex ``u`` (in an EVEN node) towards top-level ``x``."""
        if self.rep_a[u][x] == _NONE:
            return
        s = self.slack_of(u, x)
        if self.best[x] == _NONE or s < self.best_slack[x]:
            self.best[x] = u
            self.best_slack[x] = s

    def recompute_best(self, x: int) -> None:
        self.best[x] = _NONE
        top, label = self.top, self.label
        for u in range(self.n):
            t = top[u]
            if t != x and label[t] == _EVEN and self.rep_a[u][x] != _NONE:
                self.consider(u, x)

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
        self.mate[x] = self.rep_b[x][y]
        if x < self.n:
            return
        inner = self.inside[x][self.rep_a[x][y]]
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
        self.set_top(b, b)
        rep_a, rep_b = self.rep_a, self.rep_b
        row_a, row_b = rep_a[b], rep_b[b]
        ids = self.ids
        for x2 in range(ids):
            row_a[x2] = row_b[x2] = _NONE
            rep_a[x2][b] = rep_b[x2][b] = _NONE
        inside_b = self.inside[b]
        for v in range(n):
            inside_b[v] = _NONE
        for k in kids:
            ka, kb = rep_a[k], rep_b[k]
            for x2 in range(ids):
                if ka[x2] == _NONE or top[x2] == b:
                    continue
                if row_a[x2] == _NONE or self.slack_of(k, x2) < self.slack_of(b, x2):
                    row_a[x2], row_b[x2] = ka[x2], kb[x2]
                    rep_a[x2][b], rep_b[x2][b] = rep_a[x2][k], rep_b[x2][k]
            inside_k = self.inside[k]
            for v in range(n):
                if inside_k[v] != _NONE:
                    inside_b[v] = k
        self.recompute_best(b)

    def expand(self, b: int) -> None:
        """Dissolve the ODD blossom ``b`` whose dual reached zero."""
        kids = self.kids[b]
        for k in kids:
            self.set_top(k, k)
        entry = self.inside[b][self.rep_a[b][self.parent[b]]]
        pos = self.even_position(b, entry)
        kids = self.kids[b]
        label, parent, best = self.label, self.parent, self.best
        for i in range(0, pos, 2):
            odd, even = kids[i], kids[i + 1]
            parent[odd] = self.rep_a[even][odd]
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

    def found(self, u: int, v: int) -> bool:
        """A tight edge from vertex ``u`` (EVEN side) to vertex ``v``; True on augmenting."""
        top = self.top
        x, y = top[u], top[v]
        ly = self.label[y]
        if ly == _FREE:
            self.parent[y] = u
            self.label[y] = _ODD
            partner = top[self.mate[y]]
            self.best[y] = self.best[partner] = _NONE
            self.label[partner] = _EVEN
            self.push(partner)
        elif ly == _EVEN:
            base = self.common_ancestor(x, y)
            if base == _NONE:
                self.augment_from(x, y)
                self.augment_from(y, x)
                return True
            self.make_blossom(x, base, y)
        return False

    # -- one stage: grow the forest until an augmentation, or stop -----------------------

    def stage(self) -> bool:
        n, top, label, dual = self.n, self.top, self.label, self.dual
        best, best_slack, mate = self.best, self.best_slack, self.mate
        ids = self.ids
        for x in range(ids):
            label[x] = _FREE
            best[x] = _NONE
        self.queue = []
        for x in range(ids):
            if top[x] == x and mate[x] == _NONE:
                self.parent[x] = _NONE
                label[x] = _EVEN
                self.push(x)
        if not self.queue:
            return False
        w2, adj = self.w2, self.adj
        while True:
            while self.queue:
                u = self.queue.pop()
                tu = top[u]
                if label[tu] != _EVEN:
                    continue
                du, row = dual[u], w2[u]
                for v in adj[u]:
                    tv = top[v]
                    if tv == tu:
                        continue
                    s = du + dual[v] - row[v]
                    if not s:
                        if self.found(u, v):
                            return True
                        tu = top[u]
                        continue
                    if label[tv] == _ODD:
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
                if top[x] != x or best[x] == _NONE:
                    continue
                lx = label[x]
                if lx == _FREE:
                    s = best_slack[x]
                elif lx == _EVEN:
                    s = best_slack[x] // 2
                else:
                    continue
                if step < 0 or s < step:
                    step = s
            for u in range(n):
                lu = label[top[u]]
                if lu == _EVEN:
                    if step < 0 or dual[u] <= step:
                        return False  # the free vertices' duals reach zero: optimal
                    dual[u] -= step
                elif lu == _ODD:
                    dual[u] += step
            for b in range(n, ids):
                if top[b] == b:
                    if label[b] == _EVEN:
                        dual[b] += 2 * step
                    elif label[b] == _ODD:
                        dual[b] -= 2 * step
            for x in range(ids):
                if top[x] == x and best[x] != _NONE:
                    if label[x] == _FREE:
                        best_slack[x] -= step
                    elif label[x] == _EVEN:
                        best_slack[x] -= 2 * step
            self.queue = []
            for x in range(self.ids):
                u = best[x]
                if top[x] != x or u == _NONE or top[u] == x or label[x] == _ODD:
                    continue
                if best_slack[x] == 0 and self.found(self.rep_a[u][x], self.rep_b[u][x]):
                    return True
            for b in range(n, self.ids):
                if top[b] == b and label[b] == _ODD and dual[b] == 0:
                    self.expand(b)


def max_weight_matching(weights: Sequence[Sequence[int]]) -> list[int]:
    """A maximum-weight matching of the graph with the symmetric matrix ``weights``
    (``weights[a][b] > 0`` is an edge, 0 no edge; the diagonal is ignored): for each vertex
    its partner, or the vertex itself when unmatched."""
    state = _Blossoms(weights)
    while state.stage():
        pass
    n = state.n
    return [state.mate[v] if state.mate[v] != _NONE else v for v in range(n)]
