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
as an arbiter working down the list would. It stops after ``NODE_LIMIT`` steps, taking that
step of the procedure as failed (docs/interpretations.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from skak.model.results import Colour
from skak.pairing._graphs.pairability import bits as _bits
from skak.pairing._graphs.pairability import halves_can_pair
from skak.pairing.dutch1998._cards import Card, Float

__all__ = ["NODE_LIMIT", "Level", "Rules", "first_transposition"]

#: Steps one transposition search may take before that step of the procedure counts as failed.
NODE_LIMIT = 4000


@dataclass(frozen=True, slots=True, order=True)
class Level:
    """How far the procedure has relaxed B2 (C9, C10, C11): ``x`` pairs may miss a colour
    preference (B4); ``down`` and ``up`` count the floater criteria dropped for downfloaters
    and upfloaters (1: B6, 2: B6 and B5)."""

    x: int
    down: int = 0
    up: int = 0

    def describe(self) -> str:
        parts = [f"x = {self.x}"]
        for n, who, article in ((self.down, "downfloaters", "C9"), (self.up, "upfloaters", "C10")):
            if n:
                dropped = "B6" if n == 1 else "B6 and B5"
                parts.append(f"{dropped} dropped for {who} ({article})")
        return "; ".join(parts)


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
    clash (B4), whose floats repeat (B5, B6)."""

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
) -> tuple[int, ...] | None:
    """The first order of ``s2`` in D1's list whose first ``len(s1)`` players, paired with
    ``s1`` in order, meet B1, B5, B6 (``rules`` at ``level``) and at most ``level.x`` colour
    clashes (B4); the players left over must each pass ``leftover_ok`` (they float) and
    together ``finish`` (the rest of the round can still be paired). ``None`` when no order
    qualifies or the search reaches ``NODE_LIMIT``."""
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

    def go(i: int, free: int, clashes: int, have: tuple[int, int, int]) -> bool:
        nonlocal steps
        steps += 1
        if steps > NODE_LIMIT:
            return False
        if i == p:
            if free in failed_finish:
                return False
            rest = tuple(s2[j] for j in range(m) if free >> (p + j) & 1)
            if finish(rest):
                return True
            failed_finish.add(free)
            return False
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

    start = (kinds2.count(1), kinds2.count(2), kinds2.count(0))
    if not go(0, all_s2, 0, start):
        return None
    used = set(chosen)
    return tuple(s2[j] for j in chosen) + tuple(s2[j] for j in range(m) if j not in used)
