"""Whether one step of a heterogeneous score group can succeed at all (DSU 003 §4.9.5 C4,
C6, C9–C11, C14): a necessary condition, tested with one weighted matching before the
procedure reads S2's transpositions for that step.

A step pairs the moved-down players of S1 with players of S2 in D1's order and takes the
first order whose remainder can then be paired as a homogeneous group with its ``target``
pairs (C6; with C14 in the remainder, fewer). Which remainder is left depends on the order,
so the transposition search cannot stop early when no remainder can be paired: it would read
every order. The matching here joins the two parts: every moved-down player of S1 meets a
player of S2 (B1, B5, B6 at the step's level, at most ``x`` colour clashes, B4), the
remainder's players meet each other (B1) in at least as many pairs as the smallest remainder
needs, and everybody else is left over (a moved-down player only when he may float, B5, B6;
in the lowest group at most one, who may have the bye). A step whose matching fails cannot
succeed, whatever the order; one whose matching succeeds is searched as before. The test only
skips work: it never changes which pairing the procedure finds.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from skak.pairing._graphs.pairability import bits as _bits
from skak.pairing._graphs.weighted import max_weight_matching
from skak.pairing.dutch1998._search import Finish, Level, Rules, perfect

__all__ = ["mdp_pairs_possible", "stage_possible"]


def mdp_pairs_possible(
    rules: Rules,
    members: Sequence[int],
    mdp_set: Collection[int],
    level: Level,
    p: int,
    finish: Finish,
) -> bool:
    """A necessary condition for any choice of ``p`` moved-down players in S1 (C14): the
    group holds ``p`` pairs, each with a moved-down player, allowed at ``level`` (B1, B5,
    B6); when the players left over join those ``below`` (C13), the others can be paired
    too: the remainder's players with each other, those who may float (B5, B6) with each
    other or with the players below (B1), one of them with the bye when they are odd."""
    if p == 0 and finish.mode != "below":
        return True
    n = len(members)
    below = sorted({*_bits(finish.below), *finish.carried} - set(members))
    if finish.mode != "below":
        below = []
    size = n + len(below)
    odd = finish.mode == "below" and size % 2 == 1
    size += odd
    big = size + 2  # more pairs first, then more pairs with a moved-down player
    weights = [[0] * size for _ in range(size)]
    free = [v not in mdp_set or rules.may_float_down(v, level) for v in members]

    def edge(i: int, j: int, w: int) -> None:
        weights[i][j] = weights[j][i] = w

    for i, a in enumerate(members):
        for j in range(i + 1, n):
            b = members[j]
            if (a in mdp_set or b in mdp_set) and rules.pair_ok(a, b, level):
                edge(i, j, big + 1)
            elif (
                finish.mode == "below"
                and rules.may_meet(a, b)
                and ((a not in mdp_set and b not in mdp_set) or (free[i] and free[j]))
            ):
                edge(i, j, big)
    everyone = [*members, *below]
    for k in range(n, n + len(below)):
        u = everyone[k]
        for i in range(k):
            if (i >= n or free[i]) and rules.may_meet(everyone[i], u):
                edge(i, k, big)
    if odd:
        for i, v in enumerate(everyone):
            if (i >= n or free[i]) and rules.cards[v].bye_eligible:
                edge(i, size - 1, big)
    mate = max_weight_matching(weights)
    if finish.mode != "below":
        return sum(1 for v, m in enumerate(mate) if m != v) // 2 >= p
    if any(m == v for v, m in enumerate(mate)):
        return False
    weight = sum(weights[v][m] for v, m in enumerate(mate)) // 2
    return weight - (size // 2) * big >= p


def stage_possible(
    rules: Rules,
    s1: Sequence[int],
    s2: Sequence[int],
    mdp_set: Collection[int],
    level: Level,
    budget: int,
    fewer_by: int | None,
    finish: Finish,
) -> bool:
    """A necessary condition for the moved-down players ``s1`` to be paired with players of
    ``s2`` at ``level`` (at most ``budget`` colour clashes), the remainder (the players of
    ``s2`` not in ``mdp_set``) then making its pairs less ``fewer_by`` and the players left
    over ending as ``finish`` requires (its ``test`` is not looked at).
    ``fewer_by`` ``None``: for any number of pairs in the remainder (C14 in the remainder)."""
    p, m = len(s1), len(s2)
    if budget < 0 or p > m:
        return False
    if finish.mode == "below":
        return _below_possible(rules, s1, s2, mdp_set, level, budget, finish)
    rem = [v for v in s2 if v not in mdp_set]
    unchosen = m - len(rem)
    # The remainder's size depends on how many of S2's moved-down players meet S1: it is
    # largest when as many of them as can do, smallest when as few do.
    largest = len(rem) - max(0, p - unchosen)
    smallest = len(rem) - min(p, len(rem))
    if fewer_by is not None and largest // 2 < fewer_by:
        return False  # no remainder has that many pairs to give up
    target = 0 if fewer_by is None else max(0, smallest // 2 - fewer_by)
    spare = m - p - 2 * target  # the most players who can be left over
    bye = finish.mode == "bye"
    if bye:
        carried = finish.carried
        if len(carried) > 1 or any(not rules.cards[v].bye_eligible for v in carried):
            return False
        spare = min(spare, 1 - len(carried))
    if (m - p - spare) % 2:
        spare -= 1  # the players left over are as many as S2's unpaired players, mod 2
    if spare < 0:
        return False
    base = p + m
    edges = [
        (i, p + j, int(rules.clash(a, b)))
        for i, a in enumerate(s1)
        for j, b in enumerate(s2)
        if rules.pair_ok(a, b, level)
    ]
    index = {v: p + j for j, v in enumerate(s2)}
    edges += [
        (index[a], index[b], 0)
        for k, a in enumerate(rem)
        for b in rem[k + 1 :]
        if rules.may_meet(a, b)
    ]
    for j, v in enumerate(s2):
        if (v in mdp_set and not rules.may_float_down(v, level)) or (
            bye and not rules.cards[v].bye_eligible
        ):
            continue
        edges += [(p + j, base + k, 0) for k in range(spare)]
    # Two stand-ins meeting each other: fewer players left over, the remainder more pairs.
    edges += [(base + a, base + b, 0) for a in range(spare) for b in range(a + 1, spare)]
    return perfect(base + spare, edges, budget)


def _below_possible(
    rules: Rules,
    s1: Sequence[int],
    s2: Sequence[int],
    mdp_set: Collection[int],
    level: Level,
    budget: int,
    finish: Finish,
) -> bool:
    """``stage_possible`` when the players left over join those ``below`` (C13): S1 meets
    S2 as before, and S2's other players with those below (and the players already left
    over) can all be paired (B1), one of them with the bye when they are odd; two players of
    S2 meet each other when both are in the remainder or both may be left over."""
    p, m = len(s1), len(s2)
    inside = set(s2)
    below = sorted({*_bits(finish.below), *finish.carried} - inside)
    free = [v not in mdp_set or rules.may_float_down(v, level) for v in s2]
    edges = [
        (i, p + j, int(rules.clash(a, b)))
        for i, a in enumerate(s1)
        for j, b in enumerate(s2)
        if rules.pair_ok(a, b, level)
    ]
    for j, a in enumerate(s2):
        for k in range(j + 1, m):
            b = s2[k]
            both_rem = a not in mdp_set and b not in mdp_set
            if (both_rem or (free[j] and free[k])) and rules.may_meet(a, b):
                edges.append((p + j, p + k, 0))
    base = p + m
    for k, u in enumerate(below):
        edges += [
            (p + j, base + k, 0) for j, v in enumerate(s2) if free[j] and rules.may_meet(v, u)
        ]
        edges += [
            (base + k, base + t, 0) for t in range(k + 1, len(below)) if rules.may_meet(u, below[t])
        ]
    size = base + len(below)
    if size % 2:
        edges += [
            (p + j, size, 0) for j, v in enumerate(s2) if free[j] and rules.cards[v].bye_eligible
        ]
        edges += [(base + k, size, 0) for k, u in enumerate(below) if rules.cards[u].bye_eligible]
        size += 1
    return perfect(size, edges, budget)
