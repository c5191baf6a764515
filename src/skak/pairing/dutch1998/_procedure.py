"""The pairing procedure of DSU 003 §4.9.5 C, score group by score group from the top.

Each score group (pointpulje) is paired as C prescribes, with its own criteria only: a
player of the group with nobody there he may meet moves down at once (C1); a heterogeneous
group pairs its moved-down players first (A3, A6: S1 holds them), then its remainder as a
homogeneous group (C6); a homogeneous group tries the transpositions of S2 (C7, D1), then the
exchanges between S1 and S2 (C8, D2), then drops B6 and B5 for downfloaters (C9) and for
upfloaters (C10), then raises ``x`` (C11), and last pairs fewer players (C14). The first
pairing found is taken.

The steps back are taken as printed:

* C12: when a heterogeneous group cannot pair all its moved-down players (or one of them has
  nobody there to meet, C1), the group above is paired again, its procedure going on past the
  pairing it had, until one sends down another player with whom this group can make its
  ``p`` pairs; without one, C14;
* C13: when the lowest group cannot be paired (under B1, one player with the bye), the group
  above it is paired again until its floaters let the lowest group be paired; when even
  ``p`` = 0 does not, the two are joined into one new lowest group, and C13 is repeated
  with the group above that.

The matching tests of ``skak.pairing._graphs`` answer "can these players still be paired"
exactly; they decide the searches, never the criteria.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

from skak.errors import NoValidPairingError
from skak.pairing.dutch1998._cards import Card, Float
from skak.pairing.dutch1998._orders import exchanges
from skak.pairing.dutch1998._search import (
    Finish,
    Level,
    Rules,
    SearchLog,
    first_transposition,
    ladder,
    x_of,
)
from skak.pairing.dutch1998._stage import mdp_pairs_possible, stage_possible

__all__ = ["EXCHANGE_LIMIT", "GroupNote", "Procedure", "StageNote"]

#: Exchanges (D2) read at one step before the explanation says the list ran long; the list
#: is read on only when an exact test (a matching) shows that a later exchange succeeds.
EXCHANGE_LIMIT = 120

Pairs = tuple[tuple[int, int], ...]
#: Which values of ``p`` to try, given the group's full ``p`` (C14 counts down).
Ps = Callable[[int], range]


def _all(p_full: int) -> range:
    return range(p_full, -1, -1)


def _full(p_full: int) -> range:
    return range(p_full, p_full - 1, -1)


def _fewer(p_full: int) -> range:
    return range(p_full - 1, -1, -1)


def _down_to(least: int) -> Ps:
    def ps(p_full: int) -> range:
        return range(p_full, least - 1, -1)

    return ps


def _mask(vs: Sequence[int]) -> int:
    return sum(1 << v for v in vs)


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
    """One score group as finally paired: who moved into it (``mdps``), its own players
    (``residents``; after C13 joined groups, of several scores, ``joined`` the lower ones),
    who moved down at once (C1), how it was paired, who floats on (``floaters``; the bye in
    the ``last`` group), and whether C12 or C13 paired it again (``redone``, with the
    floaters it had before in ``replaced``)."""

    score: Fraction
    mdps: tuple[int, ...]
    residents: tuple[int, ...]
    moved: tuple[int, ...]
    homogeneous: bool
    stages: tuple[StageNote, ...]
    floaters: tuple[int, ...]
    last: bool
    redone: str = ""
    replaced: tuple[int, ...] = ()
    joined: tuple[Fraction, ...] = ()
    set_aside: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class _Found:
    pairs: Pairs
    leftovers: tuple[int, ...]
    stages: tuple[StageNote, ...]
    p: int
    homogeneous: bool
    set_aside: tuple[int, ...] = ()


#: A heterogeneous group's remainders as paired: (players left after S1's pairs, the pairs
#: wanted, C11's cap on ``x``) -> the remainder's pairing, or ``None`` when it has none.
_Remainders = dict[tuple[tuple[int, ...], int, int | None], "_Found | None"]


@dataclass(frozen=True, slots=True)
class _Result:
    """One score group as paired, with what C12 and C13 need to pair it again."""

    residents: tuple[int, ...]
    incoming: tuple[int, ...]
    members: tuple[int, ...]  # after C1
    mdps: tuple[int, ...]  # of ``members``
    moved: tuple[int, ...]
    found: _Found
    last: bool
    redone: str = ""
    replaced: tuple[int, ...] = ()

    @property
    def floaters(self) -> tuple[int, ...]:
        return tuple(sorted((*self.found.leftovers, *self.moved)))


class Procedure:
    """One round's pairing over ``cards`` (A2 order: score, then rank)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = cards
        self.rules = Rules(cards)
        self.notes: list[GroupNote] = []
        self.log = SearchLog()

    def completes(self, mask: int) -> bool:
        return self.rules.completes(mask)

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
        slots = [tuple(v for v, c in enumerate(cards) if c.score == s) for s in scores]
        results: list[_Result] = []
        incoming: tuple[int, ...] = ()
        after_c13: int | None = None  # how many groups stood above the lowest after C13
        while True:
            i = len(results)
            last = i == len(slots) - 1
            res = self._slot(slots[i], incoming, last, results if after_c13 is None else None)
            if res is None:  # the lowest group cannot be paired: C13
                incoming = self._c13(slots, results, join=after_c13 == len(results))
                after_c13 = len(results)
                continue
            results.append(res)
            if last:
                break
            incoming = res.floaters
        self.notes = [self._note(r, slots[k]) for k, r in enumerate(results)]
        pairs = [p for r in results for p in r.found.pairs]
        return pairs, list(results[-1].floaters)

    def _note(self, r: _Result, residents: tuple[int, ...]) -> GroupNote:
        cards = self.cards
        top = max(cards[v].score for v in residents)
        joined = tuple(sorted({cards[v].score for v in residents} - {top}, reverse=True))
        return GroupNote(
            top,
            r.incoming,
            residents,
            r.moved,
            r.found.homogeneous,
            r.found.stages,
            r.floaters,
            r.last,
            r.redone,
            r.replaced,
            joined,
            r.found.set_aside,
        )

    # -- one score group: C1, C12, C14 -----------------------------------------------------

    def _slot(
        self,
        residents: tuple[int, ...],
        incoming: tuple[int, ...],
        last: bool,
        above: list[_Result] | None,
        ps: Ps = _all,
    ) -> _Result | None:
        """The score group of ``residents`` with the players moved into it: C1, its procedure
        for the full ``p``, C12 (when ``above`` holds the groups paired so far), then C14.
        ``None`` only for the lowest group, when it cannot be paired at all (C13)."""
        cards = self.cards
        members = tuple(sorted((*incoming, *residents)))
        low = min(cards[v].score for v in residents)
        inside = _mask(members)
        nobody = () if last else tuple(v for v in members if not self.rules.adj[v] & inside)
        stuck = [v for v in nobody if v in incoming]
        finish = Finish("bye") if last else Finish()
        c12 = above is not None and bool(above) and bool(incoming)
        if stuck and c12 and ps is _all:
            assert above is not None
            got = self._c12(above, residents, incoming, last)
            if got is not None:
                return got
            c12 = False
        rest = tuple(v for v in members if v not in nobody)
        mdps = tuple(v for v in rest if cards[v].score > low)

        def build(found: _Found) -> _Result:
            return _Result(residents, incoming, rest, mdps, nobody, found, last)

        if stuck and ps is not _all:
            return None  # C12's test: every moved-down player must be paired
        full = self._pair(rest, mdps, finish, _full if ps is _all else ps)
        if full is not None:
            return build(full)
        if ps is not _all:
            return None
        if c12 and not self._homogeneous_group(rest, mdps):
            assert above is not None
            got = self._c12(above, residents, incoming, last)
            if got is not None:
                return got
        fewer = self._pair(rest, mdps, finish, _fewer)
        return build(fewer) if fewer is not None else None

    def _c12(
        self,
        above: list[_Result],
        residents: tuple[int, ...],
        incoming: tuple[int, ...],
        last: bool,
    ) -> _Result | None:
        """C12: the group above is paired again, its procedure going on past its pairing, for
        the first pairing (with as many pairs) that moves another player down with whom this
        group makes its full ``p`` pairings; that pairing is then accepted (the group above
        in ``above`` is replaced). ``None`` when there is none."""
        prev = above[-1]
        before = set(prev.found.leftovers)
        tried: dict[tuple[int, ...], _Result | None] = {}

        def test(left: tuple[int, ...]) -> bool:
            key = tuple(sorted(left))
            if len(key) != len(before) or set(key) == before:
                return False
            if key not in tried:
                sent = tuple(sorted((*key, *prev.moved)))
                tried[key] = self._slot(residents, sent, last, None, _full)
            return tried[key] is not None

        # Below the lowest group nobody floats: a set sent down that cannot be paired with it
        # (B1) fails the test, so the matching tests may rule such sets out early ("below").
        below = _mask(residents) | _mask(prev.moved)
        finish = Finish("below", below, test=test) if last else Finish(test=test)
        again = self._pair(prev.members, prev.mdps, finish, _down_to(prev.found.p))
        if again is None:
            return None
        above[-1] = replace(prev, found=again, redone="C12", replaced=prev.floaters)
        got = tried[tuple(sorted(again.leftovers))]
        assert got is not None
        return got

    def _c13(
        self, slots: list[tuple[int, ...]], results: list[_Result], join: bool
    ) -> tuple[int, ...]:
        """C13 for the lowest group (``slots[-1]``), which cannot be paired: the group above
        it is paired again for floaters with whom it can; when no ``p`` allows it, the two
        groups are joined into one new lowest group (``slots`` and ``results`` change), and
        C13 goes on with the group above, until the lowest group can be paired. Returns the
        players moved into the (new) lowest group. ``join`` joins at once (the group above
        was paired again already)."""
        while results:
            if not join:
                prev = results[-1]
                below = _mask(slots[-1]) | _mask(prev.moved)
                homogeneous = self._homogeneous_group(prev.members, prev.mdps)
                # p down to 1 (homogeneous: p = 0 moves the whole group down, the join
                # below); a heterogeneous group at p = 0 still pairs its remainder.
                again = self._pair(
                    prev.members,
                    prev.mdps,
                    Finish("below", below),
                    _down_to(1 if homogeneous else 0),
                )
                if again is not None:
                    results[-1] = replace(prev, found=again, redone="C13", replaced=prev.floaters)
                    return results[-1].floaters
            # p would become 0: the two lowest groups are joined into one.
            join = False
            results.pop()
            slots[-2:] = [tuple(sorted((*slots[-2], *slots[-1])))]
            incoming = results[-1].floaters if results else ()
            if self.completes(_mask(incoming) | _mask(slots[-1])):
                return incoming
        raise NoValidPairingError(  # pragma: no cover - run() checked that the round completes
            "no pairing found although one exists (FIDE 1998 C13); please report this"
        )

    # -- the procedure of one group (C2–C11, C14) ------------------------------------------

    @staticmethod
    def _homogeneous_group(members: Sequence[int], mdps: Sequence[int]) -> bool:
        """A3: homogeneous without moved-down players, or when they are at least half."""
        return not mdps or 2 * len(mdps) >= len(members)

    def _pair(
        self, members: Sequence[int], mdps: Sequence[int], finish: Finish, ps: Ps
    ) -> _Found | None:
        if self._homogeneous_group(members, mdps):
            return self._homogeneous(members, finish, "score group", None, ps)
        return self._heterogeneous(members, mdps, finish, ps)

    def _floats_matter(self, players: Sequence[int]) -> tuple[bool, bool]:
        cards = self.cards
        down = any(Float.DOWN in cards[v].floats for v in players)
        mixed = len({cards[v].score for v in players}) > 1
        up = mixed and any(Float.UP in cards[v].floats for v in players)
        return down, up

    def _homogeneous(
        self,
        players: Sequence[int],
        finish: Finish,
        part: str,
        x_cap: int | None,
        ps: Ps,
    ) -> _Found | None:
        """C2–C9, C11, C14 for a homogeneous group or remainder: the first pairing found.
        ``x_cap`` limits C11 (a remainder raises ``x`` with its group); ``ps`` gives the
        values of ``p`` (C14)."""
        rules = self.rules
        players = sorted(players)
        n = len(players)
        p_full = n // 2
        x0 = x_of(rules, players)
        matter = self._floats_matter(players)
        for p in ps(p_full):
            x_base = max(0, x0 - (p_full - p)) if x0 > 0 else 0
            s1, s2 = tuple(players[:p]), tuple(players[p:])
            levels = ladder(x_base, p, matter)
            if x_cap is not None:
                levels = [lv for lv in levels if lv.x <= max(x_base, x_cap)]
            for level in levels:
                found = self._one_level(players, s1, s2, level, finish, part, p, p_full, x0)
                if found is not None:
                    return found
        return None

    def _possible(self, players: Sequence[int], p: int, level: Level, finish: Finish) -> bool:
        rules = self.rules
        return rules.can_pair_group(
            players, p, level, level.x, lambda v: rules.may_float_down(v, level), finish
        )

    def _one_level(
        self,
        players: Sequence[int],
        s1: tuple[int, ...],
        s2: tuple[int, ...],
        level: Level,
        finish: Finish,
        part: str,
        p: int,
        p_full: int,
        x0: int,
    ) -> _Found | None:
        """One step of the ladder: S2's transpositions (C6, C7), then the exchanges (C8)."""
        rules = self.rules

        def leftover_ok(v: int) -> bool:
            return rules.may_float_down(v, level)

        def oracle(r1: tuple[int, ...], r2: tuple[int, ...], budget: int) -> bool:
            return rules.can_finish(level, r1, r2, budget, leftover_ok, finish)

        def done(rest: tuple[int, ...]) -> bool:
            return rules.finished(finish, rest)

        def attempt(
            t1: tuple[int, ...], t2: tuple[int, ...], exch: tuple[tuple[int, ...], ...] | None
        ) -> _Found | None:
            order = first_transposition(rules, t1, t2, level, leftover_ok, done, oracle, self.log)
            if order is None:
                return None
            pairs = tuple(zip(t1, order[:p], strict=True))
            ex = (exch[0], exch[1]) if exch is not None else None
            stage = StageNote(part, t1, t2, p, p_full, x0, level, ex, order, pairs)
            return _Found(pairs, order[p:], (stage,), p, True)

        got = attempt(s1, s2, None)
        if got is not None or not s1 or not self._possible(players, p, level, finish):
            return got
        for count, (out1, out2) in enumerate(exchanges(s1, s2), start=1):
            if count == EXCHANGE_LIMIT + 1:
                self.log.long_exchanges.append(EXCHANGE_LIMIT)
            t1 = tuple(sorted((*(v for v in s1 if v not in out1), *out2)))
            t2 = tuple(sorted((*(v for v in s2 if v not in out2), *out1)))
            got = attempt(t1, t2, (out1, out2))
            if got is not None:
                return got
        return None

    # -- heterogeneous groups --------------------------------------------------------------

    def _heterogeneous(
        self,
        members: Sequence[int],
        mdps: Sequence[int],
        finish: Finish,
        ps: Ps,
    ) -> _Found | None:
        """The moved-down players first (S1), each against S2 in D1's order, taken only when
        the remainder can then be paired as a homogeneous group (C6, C10); then the
        relaxations (C9–C11) and fewer pairs (C14). With fewer pairs than moved-down players,
        S1 holds the highest ``p`` of them that can succeed (each choice of ``p`` in A2
        order, the highest first): C4's "the top players" when they can, otherwise the
        players C1 would have the group leave unpaired are set aside (they float on, or take
        the bye in the lowest group)."""
        rules = self.rules
        members = sorted(members)
        mdps = sorted(mdps)
        mdp_set = set(mdps)
        p_full = len(mdps)
        x0 = x_of(rules, members)
        matter = self._floats_matter(members)
        remainders: _Remainders = {}
        if finish.mode == "bye" and not self.completes(_mask(members) | _mask(finish.carried)):
            return None  # the lowest group must pair all but one (B1): no step can
        for p in ps(p_full):
            x_base = max(0, x0 - (p_full - p)) if x0 > 0 else 0
            levels = ladder(x_base, p, matter)
            loosest = levels[-1]
            if not mdp_pairs_possible(rules, members, mdp_set, loosest, p, finish):
                continue

            for chosen in combinations(mdps, p):
                s1 = tuple(chosen)
                s2 = tuple(v for v in members if v not in chosen)
                if not stage_possible(rules, s1, s2, mdp_set, loosest, loosest.x, None, finish):
                    continue  # no step of the ladder can pair this S1
                got = self._mdp_stage(
                    s1, s2, levels, mdp_set, finish, (p, p_full, x0, x_base), remainders
                )
                if got is not None:
                    aside = tuple(v for v in mdps if v not in chosen and v in got.leftovers)
                    shown = aside if s1 != tuple(mdps[:p]) else ()
                    return replace(got, set_aside=shown)
        return None

    def _mdp_stage(
        self,
        s1: tuple[int, ...],
        s2: tuple[int, ...],
        levels: list[Level],
        mdp_set: set[int],
        finish: Finish,
        counts: tuple[int, int, int, int],
        remainders: _Remainders,
    ) -> _Found | None:
        """The moved-down players of ``s1`` against ``s2``, step by step of ``levels``: at
        each step the first order of S2 (D1) whose remainder can be paired in full (C6; C10
        undoes the moved-down players' pairings until one can); at the last step the
        remainder may then make fewer pairs (C14 in the remainder), one fewer at a time. A
        step that the matching test of ``stage_possible`` rules out is not searched."""
        p, p_full, x0, x_base = counts
        rules = self.rules
        for li, level in enumerate(levels):
            loosest = li == len(levels) - 1
            for fewer_by in range(len(s2) // 2 + 1 if loosest else 1):
                if not stage_possible(rules, s1, s2, mdp_set, level, level.x, fewer_by, finish):
                    continue
                got = self._mdp_try(
                    s1, s2, level, mdp_set, finish, (loosest, fewer_by, x_base), remainders
                )
                if got is None:
                    continue
                order, rest_found = got
                pairs = tuple(zip(s1, order[:p], strict=True))
                stage = StageNote(
                    "moved-down players", s1, s2, p, p_full, x0, level, None, order, pairs
                )
                return _Found(
                    (*pairs, *rest_found.pairs),
                    rest_found.leftovers,
                    (stage, *rest_found.stages),
                    p,
                    False,
                )
        return None

    def _mdp_try(
        self,
        s1: tuple[int, ...],
        s2: tuple[int, ...],
        level: Level,
        mdp_set: set[int],
        finish: Finish,
        how: tuple[bool, int, int],
        remainders: _Remainders,
    ) -> tuple[tuple[int, ...], _Found] | None:
        """One step: the first order of S2 (D1) whose remainder can be paired. The remainders
        paired (or found unpairable) are kept in ``remainders`` for the group's other steps
        and choices of S1 (the same remainder, target and ``x`` give the same answer)."""
        rules = self.rules
        loosest, fewer_by, x_base = how

        def leftover_ok(v: int) -> bool:
            return v not in mdp_set or rules.may_float_down(v, level)

        def key(rest: tuple[int, ...]) -> tuple[tuple[int, ...], int, int | None]:
            rem = tuple(v for v in rest if v not in mdp_set)
            cap = None if loosest else x_of(rules, rem) + level.x - x_base
            return rest, len(rem) // 2 - fewer_by, cap

        def finish_mdps(rest: tuple[int, ...]) -> bool:
            rem = tuple(v for v in rest if v not in mdp_set)
            floating = tuple(v for v in rest if v in mdp_set)
            if len(rem) // 2 < fewer_by:
                return False  # an earlier pass tried it with no pairs at all
            k = key(rest)
            if k in remainders:
                return remainders[k] is not None
            _, target, cap = k
            got = self._homogeneous(
                rem,
                finish.carry(floating),
                "remainder",
                cap,
                lambda _: range(target, target - 1, -1),
            )
            if got is not None:
                got = replace(got, leftovers=(*got.leftovers, *floating))
            remainders[k] = got
            return got is not None

        relaxed = replace(finish if finish.mode != "bye" else Finish("below"), test=None)

        def oracle(r1: tuple[int, ...], r2: tuple[int, ...], budget: int) -> bool:
            return rules.can_finish(level, r1, r2, budget, leftover_ok, relaxed) and stage_possible(
                rules, r1, r2, mdp_set, level, budget, fewer_by, finish
            )

        order = first_transposition(
            rules, s1, s2, level, leftover_ok, finish_mdps, oracle, self.log
        )
        if order is None:
            return None
        found = remainders[key(tuple(order[len(s1) :]))]
        assert found is not None
        return order, found
