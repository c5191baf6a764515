"""The certificate pass of a sparse solve (:mod:`skak.pairing._graphs.weighted`): every edge
of the dense graph checked once under the final duals, blossoms included.

The slack of an edge ``a``–``b`` is ``dual[a] + dual[b] - 2·w(a, b)`` plus the duals of the
blossoms that hold both ends. Those blossoms are the common ancestors of ``a`` and ``b`` in
the tree of nested blossoms, so the pass lays the vertices out in the order of a depth-first
walk of that tree: every blossom is then a contiguous run of positions, and for the vertex at
position ``p`` the later vertices fall into runs by the blossom where they meet it — for each
blossom ``B`` holding ``p`` (and for the forest of top-level nodes, with no dual), the
vertices of ``B`` after the child of ``B`` that holds ``p``. Within one run the blossom duals
to add are one number, the sum of the duals of ``B`` and the blossoms around it, so each run
is checked as one comprehension over a slice of the row; every pair ``p < q`` lies in exactly
one run of ``p`` (the run of their innermost common blossom). A Swiss bracket's optimum is
often one blossom of the whole bracket, nested deep: a pass that walked the blossoms of each
pair costs a Python loop per pair, this one a few comprehensions per vertex.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

__all__ = ["scan"]


#: A vertex's bit in a bit set, mapped over its neighbours at C speed.
_BIT = (1).__lshift__


def _layout(
    n: int, ids: int, top: Sequence[int], kids: Sequence[Sequence[int]], dual: Sequence[int]
) -> tuple[list[int], list[list[tuple[int, int, int, bool]]]]:
    """The vertices in depth-first order of the blossom tree, and for each position its runs
    ``(start, end, extra, later)``: the positions ``start…end-1`` meet it first in a blossom
    whose dual and its outer blossoms' sum to ``extra`` (0 between top-level nodes); the
    runs before the position and after it (``later``) are apart.

    A blossom of dual 0 adds nothing to any slack, so its children count as children of the
    blossom around it (or as top-level nodes): the runs are those of the tree of blossoms
    of positive dual, which is shallow — most blossoms of an optimum have dual 0."""
    order: list[int] = []
    runs: list[list[tuple[int, int, int, bool]]] = []

    def children(nodes: Sequence[int]) -> list[int]:
        """``nodes`` with each blossom of dual 0 replaced by its children, recursively."""
        out: list[int] = []
        stack = [iter(nodes)]
        while stack:
            for k in stack[-1]:
                if k >= n and not dual[k]:
                    stack.append(iter(kids[k]))
                    break
                out.append(k)
            else:
                stack.pop()
        return out

    # An explicit stack of open nodes: (children, next child, extra, where each child starts).
    roots = children([x for x in range(ids) if top[x] == x])
    stack: list[tuple[list[int], int, int, list[int]]] = [(roots, 0, 0, [])]
    while stack:
        nodes, i, extra, begins = stack[-1]
        if i < len(nodes):
            stack[-1] = (nodes, i + 1, extra, begins)
            begins.append(len(order))
            child = nodes[i]
            if child < n:
                order.append(child)
                runs.append([])
            else:
                stack.append((children(kids[child]), 0, extra + dual[child], []))
            continue
        stack.pop()
        end = len(order)
        for lo, hi in zip(begins, [*begins[1:], end], strict=True):
            before, after = (begins[0], lo, extra, False), (hi, end, extra, True)
            for p in range(lo, hi):
                runs[p] += (before, after)
    return order, runs


def scan(
    n: int,
    ids: int,
    top: Sequence[int],
    kids: Sequence[Sequence[int]],
    dual: Sequence[int],
    weights: Sequence[Sequence[int]],
    want_tight: bool,
    labels: Sequence[int] | None = None,
) -> tuple[list[tuple[int, int, int]], list[int] | None]:
    """One pass over the dense graph ``weights`` under the duals ``dual`` (doubled, vertices
    ``0…n-1``, blossoms ``n…ids-1`` with children ``kids`` and top-level node ``top``): the
    edges ``a < b`` of negative slack as (slack, a, b) (none: the matching is optimal for
    the dense graph too), and with ``want_tight`` each vertex's tight edges (bits; vertex
    ``v`` is bit ``labels[v]`` when ``labels`` are given).

    Each row is checked after its position only (each edge once): for negative slacks, and
    with ``want_tight`` for tight edges, noted for both ends."""
    bad: list[tuple[int, int, int]] = []
    tight = [0] * n if want_tight else None
    if n < 2:
        return bad, tight
    order, runs = _layout(n, ids, top, kids, dual)
    permute = itemgetter(*order)
    duals: tuple[int, ...] = permute(dual)
    names = order if labels is None else [labels[v] for v in order]
    # A pair is looked at once, from the row of its earlier position (in a run after it);
    # its tight edge is noted for the later position too (``back``), whose runs before it
    # are not looked at.
    back: list[list[int]] = [[] for _ in order] if tight is not None else []
    for p, a in enumerate(order):
        row: tuple[int, ...] = permute(weights[a])
        da = dual[a]
        for lo, hi, extra, later in runs[p]:
            if lo == hi or not later:
                continue
            base = da + extra
            if tight is None:
                for q in [
                    q
                    for q, w, d in zip(range(lo, hi), row[lo:hi], duals[lo:hi], strict=True)
                    if w and base + d < w + w
                ]:
                    b = order[q]
                    slack = base + duals[q] - 2 * row[q]
                    bad.append((slack, a, b) if a < b else (slack, b, a))
                continue
            # The edges of slack 0 or less in one pass, then the negative ones apart.
            low = [
                (q, slack)
                for q, w, d in zip(range(lo, hi), row[lo:hi], duals[lo:hi], strict=True)
                if w and (slack := base + d - w - w) <= 0
            ]
            hits = [q for q, slack in low if not slack]
            if len(hits) < len(low):
                for q, slack in low:
                    if slack:
                        b = order[q]
                        bad.append((slack, a, b) if a < b else (slack, b, a))
            back[p] += hits
            for q in hits:
                back[q].append(p)
        if tight is not None:
            tight[a] = sum(map(_BIT, [names[q] for q in back[p]]))
    return bad, tight
