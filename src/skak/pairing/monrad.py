"""Monrad (Monrads turneringssystem), DSU 003 §4.9.1–4.9.2.

The rules as printed:

* The start order is drawn by lot (lodtrækningsnummer). After each round the players are
  re-ordered: more points first, equal points in the order of the previous placement (after
  round 1 the lot order). Unfinished games count as draws until they are finished.
* The best placed player meets the nearest following player he has not met, the next one the
  nearest following player *he* has not met, and so on.
* When the last players have all met each other, the arbiter exchanges (ombytning): the
  remaining players and the last pair made are re-paired; if that does not go up, the last two
  pairs, and so on, until the group "goes up". Exchanged players keep their placement.
* White goes to the player who has had white fewer times; with equal counts the lower placed
  player has white. Round 1 is therefore 2–1, 4–3, … .
* Withdrawals (4.9.1, last paragraph): withdrawn players leave the pairing, except that with an
  odd number of withdrawn players the first one to withdraw stays in as the lowest placed
  player (his opponent wins by forfeit), keeping the field even.

How skak makes the text exact (``docs/interpretations.md``, 4.9.1–4.9.2):

* "Nearest following player he has not met, with exchanges from the last pair upwards" is the
  *lexicographically first* perfect matching in placement order: the greedy pairing when it goes
  up, otherwise the greedy pairs down to the first group that can be re-paired, and that group
  paired by the same rule. Both are computed exactly: the group search uses a maximum matching
  (Edmonds' blossom algorithm for larger groups), so it never repeats a game and never
  gives up while a pairing exists.
* An odd field with nobody withdrawn: a free round (oversidder) is the lowest placed player at
  the bottom of the order, exactly as the withdrawn "first player" would be: the bye is a
  placeholder placed last, and nobody gets it (or a forfeit win from the withdrawn
  placeholder) twice.
* Look-ahead (4.9.2's table says when to check the next round first): skak does more. Before a
  round is published it checks that the remaining rounds (``number_of_rounds``) can still be
  paired without rematches; if the rule's own pairing would make that impossible, it takes the
  next pairing in the rule's order that keeps the future pairable and says so.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.errors import NoValidPairingError
from skak.model.history import colour_history, entries_by_player, opponents
from skak.model.results import Colour, Result, Scoring, format_points
from skak.model.tournament import Bye, Pairing, Round, SettingValue, Tournament
from skak.pairing.base import check_known_settings
from skak.pairing.matching import MatchGraph, bits

__all__ = [
    "BYE",
    "SYSTEM",
    "MonradSystem",
    "lex_first_matching",
    "lex_matchings",
    "lot_order",
    "placements",
    "rounds_pairable",
]

#: The free round's placeholder in the pairing order (a "player" number no one has).
BYE = 0

Pair = tuple[int, int]
Allowed = Callable[[int, int], bool]


@dataclass(frozen=True, slots=True)
class Constraints:
    """Who may not meet whom: ``forbidden[a]`` holds every ``b`` that ``a`` may not meet (kept
    symmetric)."""

    forbidden: Mapping[int, frozenset[int]]

    def allowed(self, a: int, b: int) -> bool:
        return b not in self.forbidden.get(a, frozenset())

    def without(self, pairs: Iterable[Pair]) -> Constraints:
        """These constraints with the ``pairs`` forbidden too (they have now met)."""
        extra: dict[int, set[int]] = {}
        for a, b in pairs:
            extra.setdefault(a, set()).add(b)
            extra.setdefault(b, set()).add(a)
        forbidden = dict(self.forbidden)
        for a, more in extra.items():
            forbidden[a] = forbidden.get(a, frozenset()) | more
        return Constraints(forbidden)

    def degree(self, a: int, players: frozenset[int]) -> int:
        """How many of ``players`` (``a`` among them) ``a`` may still meet."""
        return len(players) - 1 - len(self.forbidden.get(a, frozenset()) & players)


#: The look-ahead's search limit: how many pairings it may examine for one question.
LOOK_AHEAD_BUDGET = 20_000


# --------------------------------------------------------------------------- matchings


#: Groups up to this size are searched exactly with bit sets; larger ones with Edmonds'
#: blossom algorithm (:class:`skak.pairing.matching.MatchGraph`).
_SMALL = 26


class _Graph:
    """Who may meet whom among ``order``, as adjacency bit sets over positions in ``order``.

    The searches below walk positions in order, so "first" always means the rule's order of
    preference: the best placed player with his nearest possible opponent first.
    """

    __slots__ = ("adj", "memo", "order")

    def __init__(self, order: Sequence[int], allowed: Allowed) -> None:
        self.order = tuple(order)
        n = len(self.order)
        self.adj = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if allowed(self.order[i], self.order[j]):
                    self.adj[i] |= 1 << j
                    self.adj[j] |= 1 << i
        self.memo: dict[int, bool] = {}

    @property
    def everyone(self) -> int:
        return (1 << len(self.order)) - 1

    def without(self, pairs: Iterable[tuple[int, int]]) -> _Graph:
        """This graph with the position ``pairs`` removed (they have now met)."""
        out = _Graph.__new__(_Graph)
        out.order = self.order
        out.adj = list(self.adj)
        for i, j in pairs:
            out.adj[i] &= ~(1 << j)
            out.adj[j] &= ~(1 << i)
        out.memo = {}
        return out

    def feasible(self, mask: int) -> bool:
        """Whether the players in ``mask`` can all be paired."""
        if mask in self.memo:
            return self.memo[mask]
        size = mask.bit_count()
        if size % 2:
            ok = False
        elif size == 0:
            ok = True
        elif size > _SMALL:
            ok = self._blossom(mask)
        else:
            v = (mask & -mask).bit_length() - 1
            rest = mask & ~(1 << v)
            candidates = self.adj[v] & rest
            ok = False
            while candidates:
                low = candidates & -candidates
                if self.feasible(rest & ~low):
                    ok = True
                    break
                candidates ^= low
        self.memo[mask] = ok
        return ok

    def _blossom(self, mask: int) -> bool:
        return MatchGraph(self.adj).can_pair(mask)

    def matchings(self, mask: int) -> Iterator[list[tuple[int, int]]]:
        """Every complete pairing of ``mask`` (positions), in the rule's order."""
        if mask == 0:
            yield []
            return
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        candidates = self.adj[v] & rest
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            if self.feasible(rest & ~low):
                u = low.bit_length() - 1
                for tail in self.matchings(rest & ~low):
                    yield [(v, u), *tail]

    def any_matchings(self, mask: int) -> Iterator[list[tuple[int, int]]]:
        """Every complete pairing of ``mask``, most constrained player first (for existence
        searches, where the order of preference does not matter and this is much faster)."""
        if mask == 0:
            yield []
            return
        best, best_count, members = -1, 1 << 30, mask
        while members:
            low = members & -members
            members ^= low
            v = low.bit_length() - 1
            count = (self.adj[v] & mask).bit_count()
            if count < best_count:
                best, best_count = v, count
                if count <= 1:
                    break
        rest = mask & ~(1 << best)
        candidates = self.adj[best] & rest
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            if self.feasible(rest & ~low):
                u = low.bit_length() - 1
                for tail in self.any_matchings(rest & ~low):
                    yield [(best, u), *tail]

    def components(self) -> list[list[int]]:
        """The positions in each connected part, in order of their first position."""
        seen = 0
        parts = []
        for start in range(len(self.order)):
            if seen >> start & 1:
                continue
            part, frontier = 1 << start, 1 << start
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                new = self.adj[low.bit_length() - 1] & ~part
                part |= new
                frontier |= new
            seen |= part
            parts.append([i for i in range(len(self.order)) if part >> i & 1])
        return parts

    def sub(self, positions: Sequence[int]) -> _Graph:
        """The graph on ``positions`` only, renumbered 0, 1, … in the same order."""
        out = _Graph.__new__(_Graph)
        out.order = tuple(self.order[i] for i in positions)
        index = {p: k for k, p in enumerate(positions)}
        out.adj = [sum(1 << index[j] for j in positions if self.adj[i] >> j & 1) for i in positions]
        out.memo = {}
        return out

    def named(self, pairs: Iterable[tuple[int, int]]) -> list[Pair]:
        return [(self.order[i], self.order[j]) for i, j in pairs]


def _greedy(order: Sequence[int], allowed: Allowed) -> tuple[list[Pair], list[int]]:
    """Each first unpaired player takes the nearest following one he may meet: the pairs made
    and the players left over (empty when the greedy pairing goes up)."""
    pairs: list[Pair] = []
    free = list(order)
    left: list[int] = []
    while free:
        top = free.pop(0)
        for i, other in enumerate(free):
            if allowed(top, other):
                pairs.append((top, other))
                del free[i]
                break
        else:
            left.append(top)
    return pairs, left


def lex_matchings(order: Sequence[int], allowed: Allowed) -> Iterator[list[Pair]]:
    """Every complete pairing of ``order`` in the rule's order of preference: the first player
    with the nearest possible opponent first, then the next player, and so on.

    >>> list(lex_matchings([1, 2, 3, 4], lambda a, b: {a, b} != {1, 2}))
    [[(1, 3), (2, 4)], [(1, 4), (2, 3)]]
    """
    graph = _Graph(order, allowed)
    if graph.feasible(graph.everyone):
        for matching in graph.matchings(graph.everyone):
            yield graph.named(matching)


def lex_first_matching(
    order: Sequence[int], allowed: Allowed
) -> tuple[list[Pair], int] | tuple[None, list[int]]:
    """The first pairing in the rule's order, found the arbiter's way.

    Returns ``(pairs, reopened)`` where ``reopened`` is how many greedy pairs had to be
    re-paired (ombytning; 0 when the greedy pairing went up), or ``(None, stuck)`` naming the
    players left over when no complete pairing exists.
    """
    pairs, left = _greedy(order, allowed)
    if not left:
        return pairs, 0
    rank = {n: i for i, n in enumerate(order)}
    for cut in range(len(pairs) - 1, -1, -1):
        group = sorted([*left, *(n for p in pairs[cut:] for n in p)], key=rank.__getitem__)
        graph = _Graph(group, allowed)
        if graph.feasible(graph.everyone):
            first = next(graph.matchings(graph.everyone))
            return pairs[:cut] + graph.named(first), len(pairs) - cut
    return None, left


def rounds_pairable(
    players: Sequence[int], constraints: Constraints, rounds: int, budget: list[int]
) -> bool | None:
    """Whether ``rounds`` more rounds can be paired among ``players`` (an even count), each
    pair at most once and only as the ``constraints`` allow: ``True``, ``False``, or ``None``
    when the search ran out of ``budget`` (a one-element list, counted down) before it knew.

    A minimum degree of at least ``n/2 + rounds − 1`` guarantees it (Dirac: after removing
    any ``rounds − 1`` pairings every player still has ``n/2`` possible opponents, so a
    Hamiltonian cycle, hence a pairing, exists).
    """
    return _rounds_pairable(_Graph(players, constraints.allowed), rounds, budget, {})


def _rounds_pairable(
    graph: _Graph, rounds: int, budget: list[int], known: dict[tuple[int, ...], bool]
) -> bool | None:
    """The search behind :func:`rounds_pairable`; ``known`` remembers the graphs already
    decided (the same pairings removed in another order leave the same graph)."""
    key = tuple(graph.adj)
    if key in known:
        return known[key]
    n = len(graph.order)
    if rounds <= 0 or n == 0:
        return True
    parts = graph.components()
    if len(parts) > 1:  # the parts cannot help each other: each must go up on its own
        verdicts = [_rounds_pairable(graph.sub(p), rounds, budget, known) for p in parts]
        if False in verdicts:
            return False
        return None if None in verdicts else True
    low = min(a.bit_count() for a in graph.adj)
    if low < rounds:
        return False
    if 2 * (low - rounds + 1) >= n:
        return True
    if not graph.feasible(graph.everyone):
        return False
    for matching in graph.any_matchings(graph.everyone):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        result = _rounds_pairable(graph.without(matching), rounds - 1, budget, known)
        if result is None:
            return None
        if result:
            known[key] = True
            return True
    known[key] = False
    return False


def _extendable(
    graph: _Graph,
    pairs: list[tuple[int, int]],
    mask: int,
    rounds: int,
    budget: list[int],
    known: dict[tuple[int, ...], bool],
) -> bool | None:
    """Whether the partial pairing ``pairs`` (positions) can be completed on ``mask`` so that
    ``rounds`` more rounds can still be paired afterwards (``None``: out of budget)."""
    if not graph.feasible(mask):
        return False
    for tail in graph.any_matchings(mask):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        result = _rounds_pairable(graph.without([*pairs, *tail]), rounds, budget, known)
        if result is None or result:
            return result
    return False


def first_keeping_future(
    graph: _Graph, rounds: int, budget: list[int]
) -> tuple[list[tuple[int, int]] | None, bool]:
    """The first pairing in the rule's order after which ``rounds`` more rounds can still be
    paired, as position pairs, and whether the search was complete (``False``: it ran out of
    ``budget``, so "none found" proves nothing)."""
    parts = graph.components()
    if len(parts) > 1:
        pairs: list[tuple[int, int]] = []
        for part in parts:
            found, complete = first_keeping_future(graph.sub(part), rounds, budget)
            if found is None:
                return None, complete
            pairs += [(part[i], part[j]) for i, j in found]
        return sorted(pairs), True
    known: dict[tuple[int, ...], bool] = {}
    complete = True

    def rec(mask: int, pairs: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
        nonlocal complete
        if mask == 0:
            return pairs
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        candidates = graph.adj[v] & rest
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            chosen = [*pairs, (v, low.bit_length() - 1)]
            ok = _extendable(graph, chosen, rest & ~low, rounds, budget, known)
            if ok is None:
                complete = False
                return None
            if ok:
                found = rec(rest & ~low, chosen)
                if found is not None or not complete:
                    return found
        return None

    return rec(graph.everyone, []), complete


# --------------------------------------------------------------------------- placements


def _round_one_field(tournament: Tournament) -> list[int]:
    if tournament.rounds:
        first = tournament.rounds[0]
        present = {n for p in first.pairings for n in p.players} | {b.player for b in first.byes}
        return sorted(present)
    return sorted(
        p.start_number
        for p in tournament.players
        if not p.is_withdrawn(1) and (p.late_from or 1) == 1
    )


def lot_order(tournament: Tournament) -> tuple[int, ...]:
    """The start order (lodtrækningsnumre) in placement order.

    Without a ``lot-seed`` setting the start numbers are the lot numbers, as when the arbiter
    has drawn them in the hall and entered the players in that order. With ``lot-seed`` the
    field of round 1 is drawn reproducibly: each player's lot depends only on the seed and his
    start number, so it stays the same whoever else joins or leaves. Players who join later come
    after the others, by start number.
    """
    field = _round_one_field(tournament)
    seed = tournament.setting("lot-seed", 0)
    if seed:
        field.sort(key=lambda n: random.Random(f"skak-monrad-lot:{seed}:{n}").random())
    placed = set(field)
    late = sorted(p.start_number for p in tournament.players if p.start_number not in placed)
    return (*field, *late)


def placements(tournament: Tournament) -> list[tuple[int, ...]]:
    """The placement order (placering) used to pair each round: index ``r − 1`` is round ``r``,
    up to and including the next round to pair.

    After round ``r`` players are sorted by points (unfinished games as draws), then by their
    placement at the previous pairing (4.9.2: "derefter inden for hver pointgruppe efter
    placering ved forrige rundelægning").
    """
    order = lot_order(tournament)
    out = [order]
    scoring = tournament.scoring
    points = {n: Fraction(0) for n in order}
    by_player = entries_by_player(tournament)
    for rnd in tournament.rounds:
        for n in order:
            for e in by_player.get(n, ()):
                if e.round == rnd.number:
                    points[n] += e.pairing_points(scoring)
        rank = {n: i for i, n in enumerate(order)}
        order = tuple(sorted(order, key=lambda n: (-points[n], rank[n])))
        out.append(order)
    return out


def _points_before(tournament: Tournament, number: int) -> dict[int, Fraction]:
    scoring = tournament.scoring
    return {
        n: sum(
            (e.pairing_points(scoring) for e in es if e.round < number),
            Fraction(0),
        )
        for n, es in entries_by_player(tournament).items()
    }


# --------------------------------------------------------------------------- the system


@dataclass(frozen=True, slots=True)
class _Field:
    """Who is paired in one round and under which constraints."""

    order: tuple[int, ...]  # the active players in placement order, then the placeholder
    placeholder: int | None  # BYE, a withdrawn player kept in (4.9.1), or None
    absent: tuple[Bye, ...]
    constraints: Constraints

    def allowed(self, a: int, b: int) -> bool:
        return self.constraints.allowed(a, b)


def _no_pairing(number: int, field: _Field) -> NoValidPairingError:
    """Name the players who cannot all get a new opponent (the Gallai–Edmonds set: players
    some maximum pairing leaves out) and the few they could still meet."""
    graph = _Graph(field.order, field.allowed)
    exact = MatchGraph(graph.adj)
    everyone = graph.everyone
    size = len(exact.maximum_matching(everyone))
    stuck = [
        n
        for i, n in enumerate(field.order)
        if len(exact.maximum_matching(everyone & ~(1 << i))) == size
    ]
    neighbours = {
        n: {graph.order[j] for j in bits(graph.adj[i])} for i, n in enumerate(graph.order)
    }
    partners = sorted({m for n in stuck for m in neighbours[n]} - set(stuck) - {BYE})
    names = [n for n in stuck if n != BYE]
    who = ", ".join(map(str, names))
    text = f"round {number} cannot be paired without a rematch (omkamp): players {who} "
    if partners:
        text += (
            "cannot all get an opponent they have not met; between them they could still meet "
            f"only {', '.join(map(str, partners))}"
        )
    else:
        text += "have met everyone they could still meet"
    if field.placeholder == BYE and BYE in stuck:
        text += "; nobody may have a second free round (oversidder)"
    return NoValidPairingError(text, names)


class MonradSystem:
    """DSU 003 §4.9.1–4.9.2: Monrad, with exchanges and look-ahead."""

    name = "monrad"
    title = "Monrad (Monrads turneringssystem, DSU 4.9.1)"
    default_scoring = Scoring()
    accepts_late_entries = True

    _SETTINGS: Mapping[str, type] = {
        "lot-seed": int,
        "look-ahead": bool,
        "forfeits-count-as-met": bool,
    }

    def check_settings(self, settings: Mapping[str, SettingValue]) -> None:
        check_known_settings(self.name, settings, self._SETTINGS)

    def planned_rounds(self, tournament: Tournament) -> int | None:
        return None

    def pair(self, tournament: Tournament) -> Round:
        number = tournament.next_round
        order = placements(tournament)[number - 1]
        field = self._field(tournament, number, order)
        real = [n for n in field.order if n != BYE]
        if len(real) < 2:
            raise NoValidPairingError(
                f"round {number}: fewer than two players to pair ({len(real)} present)"
            )
        limit = len(field.order) - 1
        if number == 1 and (tournament.number_of_rounds or 0) > limit:
            raise NoValidPairingError(
                f"a Monrad of {len(real)} players has at most {limit} rounds without a rematch "
                f"(omkamp); the tournament is set to {tournament.number_of_rounds}"
            )
        found = lex_first_matching(field.order, field.allowed)
        if found[0] is None:
            raise _no_pairing(number, field)
        pairs, reopened = found
        notes: list[str] = []
        remaining = self._remaining_rounds(tournament, number)
        if remaining and bool(tournament.setting("look-ahead", True)):
            pairs, notes = self._look_ahead(field, pairs, remaining, number)
        return self._round(tournament, number, field, pairs, reopened, notes)

    # -- the field -----------------------------------------------------------------------

    def _field(self, tournament: Tournament, number: int, order: Sequence[int]) -> _Field:
        players = {p.start_number: p for p in tournament.players}
        active = [n for n in order if players[n].is_available(number)]
        absent = tuple(
            Bye(n, result)
            for n in order
            if not players[n].is_withdrawn(number)
            and (result := players[n].declared_bye(number)) is not None
        )
        placeholder: int | None = None
        if len(active) % 2:
            # Only a player who took part and then left "udgår af turneringen" (4.9.1).
            withdrawn = [
                p
                for p in tournament.players
                if p.withdrawn_from is not None and 1 < p.withdrawn_from <= number
            ]
            if withdrawn:
                rank = {n: i for i, n in enumerate(order)}
                first = min(
                    withdrawn,
                    key=lambda p: (p.withdrawn_from, -rank.get(p.start_number, len(rank))),
                )
                placeholder = first.start_number
            else:
                placeholder = BYE
            active.append(placeholder)
        in_round = frozenset(active)
        forfeits = bool(tournament.setting("forfeits-count-as-met", False))
        forbidden: dict[int, set[int]] = {
            n: set(opponents(tournament, n, include_forfeits=forfeits) & in_round)
            for n in active
            if n != BYE
        }
        for ban in tournament.bans:
            if ban.applies(number):
                for a in ban.players & in_round:
                    if a in forbidden:
                        forbidden[a] |= (ban.players & in_round) - {a, placeholder}
        if placeholder is not None:
            # A free round, or a forfeit win from the withdrawn player kept in: nobody twice.
            players_by_number = {p.start_number: p for p in tournament.players}
            free = {
                e.player
                for es in entries_by_player(tournament).values()
                for e in es
                if e.result is Result.PAIRING_BYE
                or (
                    e.opponent is not None
                    and players_by_number[e.opponent].is_withdrawn(e.round)
                    and e.result
                    is (
                        Result.WHITE_FORFEIT_WIN
                        if e.colour is Colour.WHITE
                        else Result.BLACK_FORFEIT_WIN
                    )
                )
            } & in_round
            # The withdrawn player kept in is still someone his former opponents have met.
            forbidden[placeholder] = forbidden.get(placeholder, set()) | free
            for a in forbidden[placeholder]:
                forbidden[a].add(placeholder)
        constraints = Constraints({a: frozenset(b) for a, b in forbidden.items()})
        return _Field(tuple(active), placeholder, absent, constraints)

    @staticmethod
    def _remaining_rounds(tournament: Tournament, number: int) -> int:
        """Rounds still to pair after this one (one, the next round, when no total is set)."""
        if tournament.number_of_rounds is None:
            return 1
        return max(0, tournament.number_of_rounds - number)

    # -- look-ahead ----------------------------------------------------------------------

    def _look_ahead(
        self, field: _Field, first: list[Pair], remaining: int, number: int
    ) -> tuple[list[Pair], list[str]]:
        """Keep the future pairable: all ``remaining`` rounds where skak can decide it within
        its search limit, else at least the next round. The rule's pairing is changed only
        when it is *proven* to make that impossible, and the note says which claim holds."""
        everyone = frozenset(field.order)
        low = min(field.constraints.degree(a, everyone) for a in field.order)
        if 2 * (low - remaining) >= len(field.order):
            return first, []  # Dirac: every remaining round can be paired whatever happens
        graph = _Graph(field.order, field.allowed)
        at = {n: i for i, n in enumerate(field.order)}
        first_at = [(at[a], at[b]) for a, b in first]
        budget = [LOOK_AHEAD_BUDGET]
        after_first = graph.without(first_at)
        deep = _rounds_pairable(after_first, remaining, budget, {})
        if deep:
            return first, []
        nxt = f"round {number + 1}"
        next_ok: bool | None
        if remaining == 1:
            next_ok = deep
        else:
            next_ok = _rounds_pairable(after_first, 1, [LOOK_AHEAD_BUDGET], {})
        notes: list[str] = []
        if deep is False and remaining > 1:
            found, complete = first_keeping_future(graph, remaining, [LOOK_AHEAD_BUDGET])
            if found is not None:
                return self._moved(graph, found, first, f"all {remaining} remaining rounds")
            notes.append(
                f"look-ahead: the remaining {remaining} rounds cannot all be paired without "
                + (
                    "rematches whatever this round's pairing is"
                    if complete
                    else "rematches after any pairing skak examined within its search limit"
                )
            )
        elif deep is None:
            notes.append(
                "look-ahead: within its search limit skak could not decide whether all "
                f"{remaining} remaining rounds can be paired"
            )
        if next_ok:
            return first, [*notes, f"look-ahead: {nxt} can be paired"] if notes else []
        found, complete = first_keeping_future(graph, 1, [LOOK_AHEAD_BUDGET])
        if found is not None:
            chosen, moved = self._moved(graph, found, first, nxt)
            return chosen, [*notes, *moved]
        claim = (
            "cannot be paired without a rematch whatever this round's pairing is"
            if complete
            else "could not be kept pairable by any pairing skak examined within its search limit"
        )
        return first, [*notes, f"look-ahead (4.9.2): {nxt} {claim}; the rule's pairing is used"]

    @staticmethod
    def _moved(
        graph: _Graph, found: list[tuple[int, int]], first: list[Pair], what: str
    ) -> tuple[list[Pair], list[str]]:
        chosen = graph.named(found)
        changed = sorted({n for p in chosen if p not in first for n in p} - {BYE})
        return chosen, [
            f"look-ahead (4.9.2): after the rule's first pairing {what} could not be paired "
            "without a rematch; skak took the next pairing in the rule's order that keeps it "
            f"possible (exchanged: players {', '.join(map(str, changed))})"
        ]

    # -- the round -----------------------------------------------------------------------

    def _round(
        self,
        tournament: Tournament,
        number: int,
        field: _Field,
        pairs: list[Pair],
        reopened: int,
        notes: list[str],
    ) -> Round:
        rank = {n: i + 1 for i, n in enumerate(field.order)}
        points = _points_before(tournament, number)
        pts = {n: points.get(n, Fraction(0)) for n in field.order}
        whites = {
            n: sum(1 for c in colour_history(tournament, n) if c is Colour.WHITE)
            for n in field.order
            if n != BYE
        }
        games: list[Pairing] = []
        bye_player: int | None = None
        lines = [
            "placering: "
            + ", ".join(
                f"{rank[n]}. {n} ({format_points(pts[n])})" for n in field.order if n != BYE
            )
        ]
        if reopened:
            lines.append(
                f"exchange (ombytning, 4.9.2): the last {reopened} pair(s) and the players left "
                "over were re-paired so that nobody meets an opponent twice; the players keep "
                "their placement"
            )
        lines.extend(notes)
        greedy_pairs, _ = _greedy(field.order, field.allowed)
        greedy_set = set(greedy_pairs)
        for a, b in sorted(pairs, key=lambda p: rank[p[0]]):
            top, low = (a, b) if rank[a] < rank[b] else (b, a)
            how = (
                "the nearest following player he has not met"
                if (top, low) in greedy_set
                else "after the exchange"
                if reopened
                else "changed by the look-ahead"
            )
            if low == BYE:
                bye_player = top
                lines.append(f"{top} is the lowest placed without a free round: oversidder")
                continue
            if low == field.placeholder:
                games.append(Pairing(len(games) + 1, top, low, Result.WHITE_FORFEIT_WIN))
                lines.append(
                    f"board {len(games)}: {top} meets {low}, the first player to withdraw, "
                    "kept in as the lowest placed (4.9.1): won by forfeit"
                )
                continue
            if whites[top] < whites[low]:
                white, black = top, low
                why = f"{top} has had white fewer times ({whites[top]} vs {whites[low]})"
            elif whites[low] < whites[top]:
                white, black = low, top
                why = f"{low} has had white fewer times ({whites[low]} vs {whites[top]})"
            else:
                white, black = low, top
                why = f"both have had white {whites[top]} times: the lower placed has white"
            games.append(Pairing(len(games) + 1, white, black))
            lines.append(
                f"board {len(games)}: {top} (placed {rank[top]}) meets {low} "
                f"(placed {rank[low]}), {how}; {why}"
            )
        if bye_player is not None:
            games.append(Pairing(len(games) + 1, bye_player, None, Result.PAIRING_BYE))
        lines.extend(
            f"{d.player}: {d.result.label}, declared before the pairing" for d in field.absent
        )
        return Round(number, tuple(games), byes=field.absent, explanation=tuple(lines))


SYSTEM = MonradSystem()
