"""The search for one score group's pairing (DSU 003 §4.9.5 C4–C9, C11, C14 with D1 and D2):
the first S2 transposition, in D1's order, whose pairs meet the criteria of the current step.

The procedure tries the transpositions of S2 one after the other (C6, C7) and takes the first
whose ``p`` pairs meet B1 and B2. Rather than listing the ``n!`` orders, the search fixes S2's
places from the top, each time taking the lowest S2 player that still leaves a way to finish:
a bipartite matching (``skak.pairing._graphs``) tells whether the remaining S1 players can all
get allowed opponents and the players left over may float, and a count of colour preferences
whether the remaining pairs can keep within ``x`` (B4). The first order found this way is the
first one D1's list would accept; when a choice fixed early cannot be finished (a subtler
colour count, a set of floaters the rest of the round cannot absorb), the search steps back,
as an arbiter working down the list would.

After ``NODE_LIMIT`` steps the search starts again with an exact test at every step (a
maximum-weight matching that counts the pairs missing a colour preference and, where the
finish is a matter of pairing, the players the leftovers must be paired with): it then never
steps back for the criteria, and its answer is the same order. A limit never makes a step of
the procedure fail (docs/interpretations.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from math import comb
from typing import Literal

from skak.messages import N_, Phrases
from skak.model.results import Colour
from skak.pairing._graphs.pairability import MatchGraph, halves_can_pair
from skak.pairing._graphs.pairability import bits as _bits
from skak.pairing._graphs.weighted import max_weight_matching
from skak.pairing.dutch1998._cards import Card, Float

__all__ = [
    "LEFTOVER_SETS",
    "NODE_LIMIT",
    "Finish",
    "Level",
    "Rules",
    "SearchLog",
    "first_transposition",
    "ladder",
    "perfect",
    "x_of",
]

#: Steps the plain transposition search takes before it goes on with the exact test.
NODE_LIMIT = 4000
#: The most sets of players left over that the exact test for C13 tries one by one; with more
#: it is a necessary condition only (and the exchanges are then read to the end).
LEFTOVER_SETS = 5000
#: Larger matching tests are solved on each player's heaviest edges first, then certified.
SPARSE = 24

#: ``oracle(rest of S1, free players of S2, clashes still allowed)``: whether the search can
#: still be finished (exact or, with a finish the matching cannot decide, a necessary test).
Oracle = Callable[[tuple[int, ...], tuple[int, ...], int], bool]


@dataclass(frozen=True, slots=True, order=True)
class Level:
    """How far the procedure has relaxed B2 (C9, C10, C11): ``x`` pairs may miss a colour
    preference (B4); ``down`` and ``up`` count the floater criteria dropped for downfloaters
    and upfloaters (1: B6, 2: B6 and B5)."""

    x: int
    down: int = 0
    up: int = 0

    def describe(self) -> Phrases:
        """``x = 1; B6 dropped for downfloaters (C9)``, as a message."""
        parts: list[str] = [f"x = {self.x}"]
        for n, article in ((self.down, "C9"), (self.up, "C10")):
            if n:
                dropped = "B6" if n == 1 else N_("B6 and B5")
                if article == "C9":
                    parts.append(N_("{dropped} dropped for downfloaters (C9)", dropped=dropped))
                else:
                    parts.append(N_("{dropped} dropped for upfloaters (C10)", dropped=dropped))
        return Phrases("; ", parts)


@dataclass(frozen=True, slots=True)
class Finish:
    """What the players a score group leaves unpaired must allow.

    ``float``: they move down to the next group (C6); ``bye``: the lowest group, at most one
    is left and he may have the bye (A5, B1); ``below``: they join the players of ``below``
    (the lowest group when C13 pairs the one above it again), and all of them must be
    pairable under B1, one with the bye when they are odd. ``carried`` are players already
    left over (a heterogeneous group's moved-down players who float on while its remainder
    is paired); ``test`` is a further condition on all the players left over that a matching
    cannot decide (C12: the next group must then be able to pair its moved-down players).
    """

    mode: Literal["float", "bye", "below"] = "float"
    below: int = 0
    carried: tuple[int, ...] = ()
    test: Callable[[tuple[int, ...]], bool] | None = field(default=None, compare=False)

    def carry(self, players: Sequence[int]) -> Finish:
        return replace(self, carried=(*self.carried, *players))


@dataclass(slots=True)
class SearchLog:
    """Where a search went past its plain limits and was finished exactly (for the
    explanation): transposition searches past ``NODE_LIMIT`` and exchange lists past the
    procedure's ``EXCHANGE_LIMIT``."""

    exact_orders: int = 0
    long_exchanges: list[int] = field(default_factory=list)


def ladder(x: int, p: int, floats_matter: tuple[bool, bool]) -> list[Level]:
    """The steps of relaxation in the procedure's order: B6 then B5 for downfloaters (C9),
    for upfloaters (C10), then ``x`` raised by one while below ``p`` (C11). Steps that change
    nothing for this group (no float history, ``x`` already ``p``) are left out."""
    down, up = floats_matter
    out = [Level(x)]
    if down:
        out += [Level(x, 1), Level(x, 2)]
    if up:
        out += [Level(x, out[-1].down, 1), Level(x, out[-1].down, 2)]
    last = out[-1]
    out += [Level(extra, last.down, last.up) for extra in range(x + 1, p + 1)]
    return out


class Rules:
    """B1 and B2 for the pairs of one round: who may meet (B1), whose colour preferences
    clash (B4), whose floats repeat (B5, B6); and whether a set of players can be paired at
    all (B1, with the bye for one of them when they are odd)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = cards
        index = {c.number: i for i, c in enumerate(cards)}
        white = [c.allowed(Colour.WHITE) for c in cards]
        black = [c.allowed(Colour.BLACK) for c in cards]
        either = only_white = only_black = 0
        for i in range(len(cards)):
            if white[i] and black[i]:
                either |= 1 << i
            elif white[i]:
                only_white |= 1 << i
            elif black[i]:
                only_black |= 1 << i
        self.adj = []
        for i, c in enumerate(cards):
            if white[i] and black[i]:
                ok = either | only_white | only_black
            elif white[i]:
                ok = either | only_black
            elif black[i]:
                ok = either | only_white
            else:
                ok = 0
            for n in c.met:
                j = index.get(n)
                if j is not None:
                    ok &= ~(1 << j)
            self.adj.append(ok & ~(1 << i))
        for i in range(len(cards)):  # met is symmetric, but a ban may be read one-sided
            for j in _bits(self.adj[i]):
                if not self.adj[j] >> i & 1:
                    self.adj[i] &= ~(1 << j)
        n = len(cards)
        self.bye = 1 << n
        self.eligible = sum(1 << v for v, c in enumerate(cards) if c.bye_eligible)
        self.graph = MatchGraph(
            [*(a | (self.bye if cards[v].bye_eligible else 0) for v, a in enumerate(self.adj)),
             self.eligible]
        )  # fmt: skip

    def completes(self, mask: int) -> bool:
        """Whether the players of ``mask`` can all be paired under B1, one of them getting the
        bye (he may have had no bye nor a win without playing, B1) when they are odd."""
        if mask.bit_count() % 2:
            mask |= self.bye
        return self.graph.can_pair(mask)

    def may_meet(self, a: int, b: int) -> bool:
        return bool(self.adj[a] >> b & 1)

    def colour_kind(self, v: int) -> int:
        """0: no preference; 1: white; 2: black. B4 counts an exempt player's preference too:
        the last round's note waives only the colour limits, B5 and B6 (F6 names the
        absolute criteria "B1 og B2", so the note's B2 is the colour limits, not B4)."""
        c = self.cards[v]
        if c.preference is None:
            return 0
        return 1 if c.preference is Colour.WHITE else 2

    def clash(self, a: int, b: int) -> bool:
        """Whether the pair cannot give both players their colour preference (B4, A8)."""
        k = self.colour_kind(a)
        return k != 0 and k == self.colour_kind(b)

    def may_float_down(self, v: int, level: Level) -> bool:
        """B5/B6 for a player who gets a downfloat (↓): not after ↓ last round (B5) or two
        rounds ago (B6), unless dropped (C9) or the player is exempt (last round)."""
        c = self.cards[v]
        if c.exempt:
            return True
        if level.down < 2 and c.floats[0] is Float.DOWN:
            return False
        return not (level.down < 1 and c.floats[1] is Float.DOWN)

    def may_float_up(self, v: int, level: Level) -> bool:
        """B5/B6 for a player who gets an upfloat (↑)."""
        c = self.cards[v]
        if c.exempt:
            return True
        if level.up < 2 and c.floats[0] is Float.UP:
            return False
        return not (level.up < 1 and c.floats[1] is Float.UP)

    def pair_ok(self, a: int, b: int, level: Level) -> bool:
        """B1, B5 and B6 for the pair ``a``–``b`` (B3 is the procedure's own order)."""
        if not self.may_meet(a, b):
            return False
        ca, cb = self.cards[a], self.cards[b]
        if ca.score == cb.score:
            return True
        hi, lo = (a, b) if ca.score > cb.score else (b, a)
        return self.may_float_down(hi, level) and self.may_float_up(lo, level)

    # -- the finish of a search ------------------------------------------------------------

    def finished(self, finish: Finish, rest: Sequence[int]) -> bool:
        """Whether the players ``rest`` a pairing leaves over (with ``finish.carried``) end as
        ``finish`` requires."""
        left = (*rest, *finish.carried)
        if finish.mode == "bye":
            ok = len(left) <= 1 and all(self.cards[v].bye_eligible for v in left)
        elif finish.mode == "below":
            ok = self.completes(sum(1 << v for v in left) | finish.below)
        else:
            ok = True
        return ok and (finish.test is None or finish.test(left))

    def _tail(
        self, free: Sequence[int], extra: int, leftover_ok: Callable[[int], bool], finish: Finish
    ) -> tuple[list[int], list[tuple[int, int]], int] | None:
        """The part of a matching test that places the ``extra`` players of ``free`` left
        over (each must pass ``leftover_ok``): the further nodes (as players, or ``-1`` for a
        stand-in), the edges from ``free`` (and among the further nodes), by node number
        counted after ``free``; ``None`` when the count alone rules it out."""
        floats = [i for i, v in enumerate(free) if leftover_ok(v)]
        base = len(free)
        nodes: list[int] = []
        edges: list[tuple[int, int]] = []
        carried = finish.carried
        if finish.mode == "float":
            for k in range(extra):
                nodes.append(-1)
                edges += [(i, base + k) for i in floats]
        elif finish.mode == "bye":
            if extra + len(carried) > 1:
                return None
            if carried and not self.cards[carried[0]].bye_eligible:
                return None
            if extra:
                nodes.append(-1)
                edges += [(i, base) for i in floats if self.cards[free[i]].bye_eligible]
        else:
            below = sorted({*_bits(finish.below), *carried} - set(free))
            nodes += below
            for a, i in enumerate(floats):
                v = free[i]
                edges += [(i, j) for j in floats[a + 1 :] if self.may_meet(v, free[j])]
                edges += [(i, base + k) for k, u in enumerate(below) if self.may_meet(v, u)]
            for k, u in enumerate(below):
                edges += [
                    (base + k, base + m)
                    for m in range(k + 1, len(below))
                    if self.may_meet(u, below[m])
                ]
            if (extra + len(below)) % 2:
                bye = base + len(nodes)
                nodes.append(-1)
                edges += [(i, bye) for i in floats if self.cards[free[i]].bye_eligible]
                edges += [
                    (base + k, bye) for k, u in enumerate(below) if self.cards[u].bye_eligible
                ]
        return nodes, edges, base

    def can_finish(
        self,
        level: Level,
        s1: Sequence[int],
        s2: Sequence[int],
        budget: int,
        leftover_ok: Callable[[int], bool],
        finish: Finish,
    ) -> bool:
        """Whether every player of ``s1`` can meet a different player of ``s2`` (``pair_ok``
        at ``level``), at most ``budget`` pairs missing a colour preference (B4), the players
        of ``s2`` left over passing ``leftover_ok`` and ending as ``finish`` requires (exact
        unless ``finish.test``)."""
        if budget < 0 or len(s2) < len(s1):
            return False
        tail = self._tail(s2, len(s2) - len(s1), leftover_ok, finish)
        if tail is None:
            return False
        nodes, edges, _ = tail
        p = len(s1)
        costs = [
            (i, p + j, int(self.clash(a, b)))
            for i, a in enumerate(s1)
            for j, b in enumerate(s2)
            if self.pair_ok(a, b, level)
        ]
        shifted = [(p + i, p + j, 0) for i, j in edges]
        return perfect(p + len(s2) + len(nodes), [*costs, *shifted], budget)

    def can_pair_group(
        self,
        players: Sequence[int],
        p: int,
        level: Level,
        budget: int,
        leftover_ok: Callable[[int], bool],
        finish: Finish,
    ) -> bool:
        """Whether ``players`` hold ``p`` pairs allowed at ``level`` with at most ``budget``
        pairs missing a colour preference, the others passing ``leftover_ok`` and ending as
        ``finish`` requires: whether any exchange (D2) with any transposition (D1) can
        succeed, since every such pairing is reached by one. Exact without ``finish.test``
        (for ``below``, by trying the sets of players left over while they are few);
        otherwise a necessary condition."""
        extra = len(players) - 2 * p
        if extra < 0:
            return False
        costs = [
            (i, j, int(self.clash(a, players[j])))
            for i, a in enumerate(players)
            for j in range(i + 1, len(players))
            if self.pair_ok(a, players[j], level)
        ]
        if finish.mode != "below":
            tail = self._tail(players, extra, leftover_ok, finish)
            if tail is None:
                return False
            nodes, edges, _ = tail
            every = [*costs, *((i, j, 0) for i, j in edges)]
            return perfect(len(players) + len(nodes), every, budget)
        # "below": which players are left over decides whether those below can be paired.
        floats = [i for i, v in enumerate(players) if leftover_ok(v)]
        tail = self._tail(players, extra, leftover_ok, Finish())
        assert tail is not None
        nodes, edges, _ = tail
        every = [*costs, *((i, j, 0) for i, j in edges)]
        if not perfect(len(players) + len(nodes), every, budget):
            return False
        if comb(len(floats), extra) > LEFTOVER_SETS:
            return True
        carried = sum(1 << v for v in finish.carried) | finish.below
        for left in combinations(floats, extra):
            mask = sum(1 << players[i] for i in left)
            if not self.completes(mask | carried):
                continue
            out = set(left)
            inner = [(i, j, c) for i, j, c in costs if i not in out and j not in out]
            index = {i: k for k, i in enumerate(i for i in range(len(players)) if i not in out)}
            moved = [(index[i], index[j], c) for i, j, c in inner]
            if perfect(len(index), moved, budget):
                return True
        return False


def perfect(size: int, edges: Sequence[tuple[int, int, int]], budget: int) -> bool:
    """Whether the graph of ``size`` nodes and ``edges`` (``a``, ``b``, cost 0 or 1) has a
    perfect matching of total cost at most ``budget`` (a maximum-weight matching: the weight
    ``big − cost`` makes the most pairs first, then the cheapest)."""
    if size % 2:
        return False
    if size == 0:
        return True
    big = size + 2
    weights = [[0] * size for _ in range(size)]
    for a, b, cost in edges:
        w = big - cost
        if w > weights[a][b]:
            weights[a][b] = weights[b][a] = w
    mate = max_weight_matching(weights, SPARSE if size > 2 * SPARSE else None)
    if any(m == v for v, m in enumerate(mate)):
        return False
    weight = sum(weights[v][m] for v, m in enumerate(mate)) // 2
    return (size // 2) * big - weight <= budget


def x_of(rules: Rules, players: Sequence[int]) -> int:
    """A8: ``h`` players prefer white, ``s`` black, ``q`` is half the group rounded up; x is
    ``s − q`` when ``s > h``, else ``h − q`` (never below 0)."""
    h = sum(1 for v in players if rules.colour_kind(v) == 1)
    s = sum(1 for v in players if rules.colour_kind(v) == 2)
    q = (len(players) + 1) // 2
    return max(0, (s if s > h else h) - q)


def _fewest_clashes(w1: int, b1: int, w2: int, b2: int, n2: int) -> int:
    """The fewest pairs of S1's remaining players (``w1`` white-, ``b1`` black-preferring)
    that must clash with S2's (``w2``, ``b2``, ``n2`` without a preference) if anybody could
    meet anybody: a lower bound for the real count."""
    gw, gb = min(w1, b2), min(b1, w2)
    rest = (w1 - gw) + (b1 - gb)
    return rest - min(n2, rest)


def first_transposition(
    rules: Rules,
    s1: Sequence[int],
    s2: Sequence[int],
    level: Level,
    leftover_ok: Callable[[int], bool],
    finish: Callable[[tuple[int, ...]], bool],
    oracle: Oracle | None = None,
    log: SearchLog | None = None,
) -> tuple[int, ...] | None:
    """The first order of ``s2`` in D1's list whose first ``len(s1)`` players, paired with
    ``s1`` in order, meet B1, B5, B6 (``rules`` at ``level``) and at most ``level.x`` colour
    clashes (B4); the players left over must each pass ``leftover_ok`` (they float) and
    together ``finish`` (the rest of the round can still be paired). ``None`` when no order
    qualifies. ``oracle`` is the exact test the search uses after ``NODE_LIMIT`` steps (by
    default the matching test for players who simply float)."""
    p, m = len(s1), len(s2)
    if p > m:
        return None
    extra = m - p
    # Local places: S1 0..p-1, S2 p..p+m-1, the leftover places p+m..p+m+extra-1.
    size = p + m + extra
    adj = [0] * size
    for i, a in enumerate(s1):
        for j, b in enumerate(s2):
            if rules.pair_ok(a, b, level):
                adj[i] |= 1 << (p + j)
                adj[p + j] |= 1 << i
    floats = 0
    for j, b in enumerate(s2):
        if leftover_ok(b):
            floats |= 1 << (p + j)
    for k in range(extra):
        adj[p + m + k] = floats
        for j in range(m):
            if floats >> (p + j) & 1:
                adj[p + j] |= 1 << (p + m + k)
    dummies = sum(1 << (p + m + k) for k in range(extra))
    kinds1 = [rules.colour_kind(v) for v in s1]
    kinds2 = [rules.colour_kind(v) for v in s2]
    left1 = [sum(1 for k in kinds1[i:] if k == 1) for i in range(p + 1)]
    left1b = [sum(1 for k in kinds1[i:] if k == 2) for i in range(p + 1)]
    all_s2 = sum(1 << (p + j) for j in range(m))
    if not halves_can_pair(adj, (1 << p) - 1 | dummies, all_s2):
        return None
    chosen: list[int] = []
    steps = 0
    failed_finish: set[int] = set()

    def leaf(free: int) -> bool:
        if free in failed_finish:
            return False
        rest = tuple(s2[j] for j in range(m) if free >> (p + j) & 1)
        if finish(rest):
            return True
        failed_finish.add(free)
        return False

    def go(i: int, free: int, clashes: int, have: tuple[int, int, int]) -> bool:
        nonlocal steps
        steps += 1
        if steps > NODE_LIMIT:
            return False
        if i == p:
            return leaf(free)
        options = adj[i] & free
        rest1 = ((1 << p) - 1) & ~((1 << (i + 1)) - 1)
        while options:
            low = options & -options
            options ^= low
            j = low.bit_length() - 1 - p
            c = clashes + (1 if kinds1[i] and kinds1[i] == kinds2[j] else 0)
            if c > level.x:
                continue
            nfree = free & ~low
            w2, b2, n2 = have
            kind = kinds2[j]
            w2, b2, n2 = (w2 - (kind == 1), b2 - (kind == 2), n2 - (kind == 0))
            if c + _fewest_clashes(left1[i + 1], left1b[i + 1], w2, b2, n2) > level.x:
                continue
            if (i + 1 < p or extra) and not halves_can_pair(adj, rest1 | dummies, nfree):
                continue
            chosen.append(j)
            if go(i + 1, nfree, c, (w2, b2, n2)):
                return True
            chosen.pop()
            if steps > NODE_LIMIT:
                return False
        return False

    if oracle is None:

        def oracle(r1: tuple[int, ...], r2: tuple[int, ...], budget: int) -> bool:
            return rules.can_finish(level, r1, r2, budget, leftover_ok, Finish())

    def exact(i: int, free: int, clashes: int) -> bool:
        """The same search with an exact test at every step (no step limit)."""
        if i == p:
            return leaf(free)
        options = adj[i] & free
        while options:
            low = options & -options
            options ^= low
            j = low.bit_length() - 1 - p
            c = clashes + (1 if kinds1[i] and kinds1[i] == kinds2[j] else 0)
            if c > level.x:
                continue
            nfree = free & ~low
            r2 = tuple(s2[k] for k in range(m) if nfree >> (p + k) & 1)
            if not oracle(tuple(s1[i + 1 :]), r2, level.x - c):
                continue
            chosen.append(j)
            if exact(i + 1, nfree, c):
                return True
            chosen.pop()
        return False

    start = (kinds2.count(1), kinds2.count(2), kinds2.count(0))
    if not go(0, all_s2, 0, start):
        if steps <= NODE_LIMIT:
            return None
        if log is not None:
            log.exact_orders += 1
        chosen.clear()
        if not oracle(tuple(s1), tuple(s2), level.x) or not exact(0, all_s2, 0):
            return None
    used = set(chosen)
    return tuple(s2[j] for j in chosen) + tuple(s2[j] for j in range(m) if j not in used)
