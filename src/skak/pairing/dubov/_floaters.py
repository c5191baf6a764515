"""6.4's floaters (DSU 003 §4.9.6): the fewest players of a score group who must float down,
and among sets of that size the first in 6.4's order — found exactly, without a step limit.

A set ``F`` of the group's players may float when the rest of the group can be paired and
``F`` can be paired together with the players below (the round stays pairable). Both at once
are one pairing of the group and the players below in which exactly the players of ``F`` meet
someone below. So the fewest floaters are the fewest group–below games in a pairing of them
all: a maximum-weight matching (``skak.pairing._graphs.weighted``) in which every game counts
``W`` and a group–below game one less.

The first set in 6.4's order is built player by player: a player joins when the set so far can
still be completed to the fewest floaters with players later in the order — the same matching
with the group's earlier players kept in the group and the chosen ones sent below (at the
fewest, no two floaters meet each other: they could both stay). Each test is exact, so the
search never goes back: at most one test per player of the group.
"""

from __future__ import annotations

from collections.abc import Sequence

from skak.pairing._graphs.pairability import MatchGraph, bits
from skak.pairing._graphs.weighted import max_weight_matching

__all__ = ["FloaterSearch"]


class FloaterSearch:
    """The floaters of the group ``members`` (a bit set) above the players ``lower`` (the
    players below and the floaters carried down unpaired), in ``graph`` (who may meet whom)."""

    __slots__ = ("graph", "lower", "members", "tests", "verts")

    def __init__(self, graph: MatchGraph, members: int, lower: int) -> None:
        self.graph = graph
        self.members = members
        self.lower = lower
        self.verts = list(bits(members | lower))
        #: How many exact tests (weighted matchings) the search ran: at most one per player
        #: of the group, plus one for the fewest.
        self.tests = 0

    def fine(self, out: int) -> bool:
        """Whether exactly the players of ``out`` may float: the rest of the group pairs, and
        ``out`` pairs with the players below."""
        rest = self.members & ~out
        below = self.lower | out
        return (
            rest.bit_count() % 2 == 0
            and below.bit_count() % 2 == 0
            and self.graph.can_pair(rest)
            and self.graph.can_pair(below)
        )

    def fewest(self, out: int, free: int) -> int | None:
        """The fewest group–below games in a pairing of the group and the players below in
        which the players of ``out`` meet players below, those of ``free`` may, and the
        group's other players meet each other; ``None`` when there is no such pairing."""
        self.tests += 1
        verts = self.verts
        n = len(verts)
        heavy = n + 1  # one game more outweighs any number of group–below games
        adj = self.graph.adj
        members, lower = self.members, self.lower
        weights = [[0] * n for _ in range(n)]
        for i, a in enumerate(verts):
            row = weights[i]
            for j in range(i + 1, n):
                b = verts[j]
                if not adj[a] >> b & 1:
                    continue
                a_up, b_up = members >> a & 1, members >> b & 1
                if a_up and b_up:
                    w = 0 if (out >> a | out >> b) & 1 else heavy
                elif a_up or b_up:
                    up = a if a_up else b
                    w = heavy - 1 if (out | free) >> up & 1 else 0
                else:
                    w = heavy if lower >> a & 1 and lower >> b & 1 else 0
                row[j] = weights[j][i] = w
        mate = max_weight_matching(weights)
        if any(m == i for i, m in enumerate(mate)):
            return None
        return sum(
            1 for i, m in enumerate(mate) if members >> verts[i] & 1 and lower >> verts[m] & 1
        )

    def first(self, candidates: Sequence[int]) -> list[int]:
        """The fewest floaters, the first such set in ``candidates``' order (sets compared by
        their first players, then their second …); the whole group when nothing less will do.
        Empty when the group pairs as it is."""
        if self.fine(0):
            return []
        need = self.fewest(0, self.members)
        if need is None:  # pragma: no cover - every step before kept the round pairable
            return list(bits(self.members))
        if need == self.members.bit_count():
            return list(bits(self.members))
        out: list[int] = []
        chosen = 0
        for i, v in enumerate(candidates):
            if len(out) == need:
                break
            trial = chosen | 1 << v
            if len(out) + 1 == need:
                ok = self.fine(trial)
            else:
                later = sum(1 << u for u in candidates[i + 1 :])
                ok = self.fewest(trial, later) == need
            if ok:
                out.append(v)
                chosen = trial
        if len(out) != need:  # pragma: no cover - each player joined only when completable
            raise AssertionError("6.4: the floater search lost its way")
        return out
