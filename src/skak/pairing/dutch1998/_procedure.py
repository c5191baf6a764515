"""The pairing procedure of DSU 003 §4.9.5 C, score group by score group from the top.

Each score group (pointpulje) is paired as C prescribes: players who cannot be paired in it
move down at once (C1); a heterogeneous group pairs its moved-down players first (A3, A6: S1
holds them), then its remainder as a homogeneous group (C6); a homogeneous group tries the
transpositions of S2 (C7, D1), then the exchanges between S1 and S2 (C8, D2), then drops B6
and B5 for downfloaters (C9) and for upfloaters (C10), then raises ``x`` (C11), and last
pairs fewer players (C14). The first pairing found is taken.

Two look-aheads stand for the text's steps back to a higher score group (C12, C13): a pairing
is taken only when everyone it leaves unpaired can still be paired, with the rest of the
round, under B1 (so the lowest score group can always be paired, C13); and a group first
looks for a pairing whose floaters can all be paired in the next score group (C12: "another
player will be moved down … which allows p pairings"), and only when there is none lets a
floater move on. Both tests are exact matchings (``skak.pairing._graphs``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, islice

from skak.errors import NoValidPairingError
from skak.pairing._graphs.pairability import MatchGraph
from skak.pairing.dutch1998._cards import Card, Float
from skak.pairing.dutch1998._orders import exchanges
from skak.pairing.dutch1998._search import Level, Rules, first_transposition, ladder, x_of

__all__ = ["EXCHANGE_LIMIT", "GroupNote", "Procedure", "StageNote"]

#: Exchanges tried at one step of relaxation before it counts as failed (C8).
EXCHANGE_LIMIT = 120

Pairs = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class StageNote:
    """One part of a score group as it was paired: the moved-down players (``mdp``), the
    remainder, or the whole (homogeneous) group. Card indices throughout."""

    part: str
    s1: tuple[int, ...]
    s2: tuple[int, ...]
    p: int
    p_full: int
    x: int
    level: Level
    exchange: tuple[tuple[int, ...], tuple[int, ...]] | None
    order: tuple[int, ...]
    pairs: Pairs


@dataclass(frozen=True, slots=True)
class GroupNote:
    """One score group: who moved into it, who moved down at once (C1), how it was paired,
    who floats on (``floaters``; the bye in the ``last`` group) and whether the look-ahead of
    C12 had to be given up (``floated_on``)."""

    score: Fraction
    mdps: tuple[int, ...]
    residents: tuple[int, ...]
    moved: tuple[int, ...]
    homogeneous: bool
    stages: tuple[StageNote, ...]
    floaters: tuple[int, ...]
    last: bool
    floated_on: bool


@dataclass(frozen=True, slots=True)
class _Found:
    pairs: Pairs
    leftovers: tuple[int, ...]
    stages: tuple[StageNote, ...]


class Procedure:
    """One round's pairing over ``cards`` (A2 order: score, then rank)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = cards
        self.rules = Rules(cards)
        n = len(cards)
        self.bye = 1 << n
        eligible = sum(1 << v for v, c in enumerate(cards) if c.bye_eligible)
        adj = [a | (self.bye if cards[v].bye_eligible else 0) for v, a in enumerate(self.rules.adj)]
        self.graph = MatchGraph([*adj, eligible])
        self.notes: list[GroupNote] = []

    def completes(self, mask: int) -> bool:
        """Whether the players of ``mask`` can all be paired under B1, one of them getting the
        bye (he may have had no bye nor a win without playing, B1) when they are odd."""
        if mask.bit_count() % 2:
            mask |= self.bye
        return self.graph.can_pair(mask)

    # -- the round -------------------------------------------------------------------------

    def run(self) -> tuple[list[tuple[int, int]], list[int]]:
        """The round's pairs and the bye (card indices).

        :raises NoValidPairingError: when no pairing keeps B1.
        """
        cards = self.cards
        everyone = (1 << len(cards)) - 1
        if not self.completes(everyone):
            raise NoValidPairingError(
                "no pairing keeps the absolute criteria (FIDE 1998 B1: no second game between "
                "the same players, no second bye, the colour limits)"
            )
        scores = sorted({c.score for c in cards}, reverse=True)
        groups = [[v for v, c in enumerate(cards) if c.score == s] for s in scores]
        pairs: list[tuple[int, int]] = []
        mdps: tuple[int, ...] = ()
        for gi, (score, residents) in enumerate(zip(scores, groups, strict=True)):
            lower = sum(1 << v for g in groups[gi + 1 :] for v in g)
            nxt = groups[gi + 1] if gi + 1 < len(groups) else None
            note = self._group(score, mdps, tuple(residents), lower, nxt)
            self.notes.append(note)
            pairs += [p for st in note.stages for p in st.pairs]
            mdps = note.floaters
        return pairs, list(mdps)

    def _group(
        self,
        score: Fraction,
        mdps: tuple[int, ...],
        residents: tuple[int, ...],
        lower: int,
        nxt: list[int] | None,
    ) -> GroupNote:
        rules = self.rules
        members = sorted((*mdps, *residents))
        last = lower == 0
        inside = sum(1 << v for v in members)
        moved: tuple[int, ...] = ()
        if not last:  # C1: nobody to meet here (B1): move down at once
            moved = tuple(v for v in members if not rules.adj[v] & inside)
            members = [v for v in members if v not in moved]
        stay = tuple(v for v in mdps if v in members)
        homogeneous = not stay or 2 * len(stay) >= len(members)
        moved_mask = sum(1 << v for v in moved)

        def finisher(look: bool) -> Callable[[tuple[int, ...]], bool]:
            def finish(rest: tuple[int, ...]) -> bool:
                mask = sum(1 << v for v in rest) | moved_mask
                if last:
                    return mask.bit_count() <= 1 and self.completes(mask)
                if not self.completes(mask | lower):
                    return False
                if look and nxt and mask:
                    down = mask | sum(1 << v for v in nxt)
                    return self.graph.can_cover(down, mask, mask)
                return True

            return finish

        found: _Found | None = None
        floated_on = False
        for look in (True, False) if nxt else (False,):
            finish = finisher(look)
            if homogeneous:
                found = self._homogeneous(members, finish, "score group", None, True)
            else:
                found = self._heterogeneous(members, stay, finish)
            if found is not None:
                floated_on = not look and bool(nxt)
                break
        if found is None:  # pragma: no cover - run() checked that the round completes
            raise NoValidPairingError(f"score group {score}: no pairing found")
        return GroupNote(
            score,
            mdps,
            residents,
            moved,
            homogeneous,
            found.stages,
            tuple(sorted((*found.leftovers, *moved))),
            last,
            floated_on and bool(found.leftovers or moved),
        )

    # -- homogeneous groups and remainders -------------------------------------------------

    def _full(self, players: Sequence[int]) -> bool:
        """Whether B1 allows ``len(players) // 2`` pairs among ``players`` (else C14 applies
        to them whatever the other criteria)."""
        mask = sum(1 << v for v in players)
        return len(self.graph.maximum_matching(mask)) // 2 >= len(players) // 2

    def _floats_matter(self, players: Sequence[int]) -> tuple[bool, bool]:
        cards = self.cards
        down = any(Float.DOWN in cards[v].floats for v in players)
        mixed = len({cards[v].score for v in players}) > 1
        up = mixed and any(Float.UP in cards[v].floats for v in players)
        return down, up

    def _homogeneous(
        self,
        players: Sequence[int],
        finish: Callable[[tuple[int, ...]], bool],
        part: str,
        x_cap: int | None,
        allow_fewer: bool,
    ) -> _Found | None:
        """C2–C9, C11, C14 for a homogeneous group or remainder: the first pairing found.
        ``x_cap`` limits C11 (a remainder raises ``x`` with its group); ``allow_fewer``
        allows C14."""
        rules = self.rules
        players = sorted(players)
        n = len(players)
        p_full = n // 2
        x0 = x_of(rules, players)
        matter = self._floats_matter(players)
        for p in range(p_full, -1 if allow_fewer else p_full - 1, -1):
            x_base = max(0, x0 - (p_full - p)) if x0 > 0 else 0
            s1, s2 = tuple(players[:p]), tuple(players[p:])
            levels = ladder(x_base, p, matter)
            if x_cap is not None:
                levels = [lv for lv in levels if lv.x <= max(x_base, x_cap)]
            for level in levels:

                def leftover_ok(v: int, level: Level = level) -> bool:
                    return rules.may_float_down(v, level)

                tries = chain([None], islice(exchanges(s1, s2), EXCHANGE_LIMIT))
                for exch in tries:
                    t1, t2 = s1, s2
                    if exch is not None:
                        out1, out2 = exch
                        t1 = tuple(sorted((*(v for v in s1 if v not in out1), *out2)))
                        t2 = tuple(sorted((*(v for v in s2 if v not in out2), *out1)))
                    order = first_transposition(rules, t1, t2, level, leftover_ok, finish)
                    if order is not None:
                        pairs = tuple(zip(t1, order[:p], strict=True))
                        stage = StageNote(part, t1, t2, p, p_full, x0, level, exch, order, pairs)
                        return _Found(pairs, order[p:], (stage,))
        return None

    # -- heterogeneous groups --------------------------------------------------------------

    def _heterogeneous(
        self,
        members: Sequence[int],
        mdps: Sequence[int],
        finish: Callable[[tuple[int, ...]], bool],
    ) -> _Found | None:
        """The moved-down players first (S1), each against S2's residents in D1's order,
        taken only when the remainder can then be paired as a homogeneous group (C6, C10);
        then the relaxations (C9–C11) and fewer pairs (C14)."""
        rules = self.rules
        members = sorted(members)
        mdp_set = set(mdps)
        p_full = len(mdps)
        x0 = x_of(rules, members)
        matter = self._floats_matter(members)
        for p in range(p_full, -1, -1):
            x_base = max(0, x0 - (p_full - p)) if x0 > 0 else 0
            s1, s2 = tuple(members[:p]), tuple(members[p:])
            levels = ladder(x_base, p, matter)
            for li, level in enumerate(levels):
                loosest = p == 0 or li == len(levels) - 1
                remainder: dict[tuple[int, ...], _Found | None] = {}

                def leftover_ok(v: int, level: Level = level) -> bool:
                    return v not in mdp_set or rules.may_float_down(v, level)

                def finish_mdps(
                    rest: tuple[int, ...],
                    level: Level = level,
                    loosest: bool = loosest,
                    remainder: dict[tuple[int, ...], _Found | None] = remainder,
                    x_base: int = x_base,
                ) -> bool:
                    rem = tuple(v for v in rest if v not in mdp_set)
                    floating = tuple(v for v in rest if v in mdp_set)

                    def rem_finish(left: tuple[int, ...]) -> bool:
                        return finish((*left, *floating))

                    cap = x_of(rules, rem) + level.x - x_base
                    fewer = loosest or not self._full(rem)
                    got = self._homogeneous(rem, rem_finish, "remainder", cap, fewer)
                    if got is not None:
                        got = _Found(got.pairs, (*got.leftovers, *floating), got.stages)
                    remainder[rest] = got
                    return got is not None

                order = first_transposition(rules, s1, s2, level, leftover_ok, finish_mdps)
                if order is None:
                    continue
                pairs = tuple(zip(s1, order[:p], strict=True))
                rest_found = remainder[tuple(order[p:])]
                assert rest_found is not None
                stage = StageNote(
                    "moved-down players", s1, s2, p, p_full, x0, level, None, order, pairs
                )
                return _Found(
                    (*pairs, *rest_found.pairs),
                    rest_found.leftovers,
                    (stage, *rest_found.stages),
                )
        return None
