"""The Dubov pairing procedure (DSU 003 §4.9.6 §4–§8), score group by score group.

* the bye first (§4): the lowest R in the lowest score group that can take it (2.2);
* round 1 (§5): the field by rating in two halves, 1 against n/2 + 1, …;
* a score group: floaters from above paired first (§8), a player who has met everyone there
  gets an opponent moved up (7.1), an odd group moves up a player (7.2, within 2.5's limits),
  the white- and black-seekers are balanced (7.3, 7.4, 2.6), the white-seekers by ascending
  ARO are paired row by row with the black-seekers by descending R (6.2), and a row whose
  players have met takes the first black-seeker from a lower row (6.3), changing the rows
  above when it must; players who cannot be paired float down (6.4).

Every step keeps the rest of the round pairable under §2 (an exact matching test), so the
procedure never leads into a round that cannot be finished.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from skak.errors import NoValidPairingError
from skak.model.results import Colour
from skak.pairing._graphs.pairability import (
    MatchGraph,
    bits,
    halves_can_pair,
    halves_matching,
)
from skak.pairing.dubov._cards import Card
from skak.pairing.dubov._floaters import FloaterSearch

__all__ = ["DubovRound", "GroupNote"]


@dataclass(slots=True)
class GroupNote:
    """What happened in one score group, for the explanation (card indices)."""

    score: Fraction
    floaters_in: list[int] = field(default_factory=list)
    floater_pairs: list[tuple[int, int]] = field(default_factory=list)
    moved_up: list[tuple[int, str]] = field(default_factory=list)  # (player, article)
    switched: list[tuple[int, Colour]] = field(default_factory=list)  # 7.3/7.4: new group
    whites: list[int] = field(default_factory=list)
    blacks: list[int] = field(default_factory=list)
    improved: list[int] = field(default_factory=list)  # rows (1-based) changed by 6.3
    same_colour: list[tuple[int, int]] = field(default_factory=list)  # 6.3's last paragraph
    cut_off: list[int] = field(default_factory=list)  # ... not for having met everyone there
    pairs: list[tuple[int, int]] = field(default_factory=list)
    floaters_out: list[int] = field(default_factory=list)


class DubovRound:
    """One round's pairing over ``cards`` (score, then R, highest first)."""

    def __init__(
        self, cards: Sequence[Card], round_number: int, last_round: bool, many_rounds: bool
    ) -> None:
        self.cards = cards
        self.round_number = round_number
        self.last_round = last_round
        self.up_limit = 4 if many_rounds else 3
        index = {c.number: i for i, c in enumerate(cards)}
        white = [c.allowed(Colour.WHITE) for c in cards]
        black = [c.allowed(Colour.BLACK) for c in cards]
        kinds = {(True, True): 0, (True, False): 0, (False, True): 0, (False, False): 0}
        for i in range(len(cards)):
            kinds[(white[i], black[i])] |= 1 << i
        either, only_white, only_black = (
            kinds[(True, True)],
            kinds[(True, False)],
            kinds[(False, True)],
        )
        self.adj = []
        for i, c in enumerate(cards):
            ok = (either | only_black if white[i] else 0) | (either | only_white if black[i] else 0)
            for n in c.met:
                j = index.get(n)
                if j is not None:
                    ok &= ~(1 << j)
            self.adj.append(ok & ~(1 << i))
        for i in range(len(cards)):  # a ban read on one side only binds both
            for j in bits(self.adj[i]):
                if not self.adj[j] >> i & 1:
                    self.adj[i] &= ~(1 << j)
        self.graph = MatchGraph(self.adj)
        self.notes: list[GroupNote] = []
        self.bye: int | None = None
        #: 6.4's exact tests run (weighted matchings): bounded by the groups' sizes.
        self.floater_tests = 0

    def can_pair(self, mask: int) -> bool:
        return mask.bit_count() % 2 == 0 and self.graph.can_pair(mask)

    def meets(self, a: int, b: int) -> bool:
        return bool(self.adj[a] >> b & 1)

    # -- the round -------------------------------------------------------------------------

    def run(self, first_round: bool) -> list[tuple[int, int]]:
        cards = self.cards
        everyone = (1 << len(cards)) - 1
        if len(cards) % 2:
            self.bye = self._bye(everyone)
            everyone &= ~(1 << self.bye)
        if not self.can_pair(everyone):
            raise NoValidPairingError(
                "no pairing keeps Dubov's restrictions (4.9.6 §2: no second game between the "
                "same players, no bye after a win without playing, the colour limits)"
            )
        if not everyone:
            return []
        if first_round:
            order = [v for v in range(len(cards)) if everyone >> v & 1]
            half = len(order) // 2
            note = GroupNote(cards[order[0]].score)
            note.pairs = list(zip(order[:half], order[half:], strict=True))
            self.notes.append(note)
            return note.pairs
        pairs: list[tuple[int, int]] = []
        remaining = everyone
        floaters: list[int] = []
        for score in sorted({c.score for c in cards}, reverse=True):
            members = [
                v
                for v, c in enumerate(cards)
                if c.score == score and remaining >> v & 1 and v not in floaters
            ]
            if not members and not floaters:
                continue
            note = GroupNote(score)
            self.notes.append(note)
            got, remaining, floaters = self._group(note, members, floaters, remaining)
            pairs += got
        if floaters:  # pragma: no cover - every step kept the round pairable
            raise NoValidPairingError("Dubov: players left unpaired at the bottom")
        return pairs

    def _bye(self, everyone: int) -> int:
        """§4: the lowest R in the lowest score group (2.2: no earlier win without playing);
        among equal R the one whose preference is the group's dominant one, then the higher
        ARO. A higher group gives the bye when nobody in the lowest may take it."""
        cards = self.cards
        for score in sorted({c.score for c in cards}):
            group = [v for v, c in enumerate(cards) if c.score == score]
            dominant = _dominant([cards[v] for v in group])
            for v in sorted(
                (v for v in group if cards[v].bye_eligible),
                key=lambda v: (
                    cards[v].rating,
                    cards[v].preference is not dominant or dominant is None,
                    -cards[v].aro_key,
                    cards[v].name.casefold(),
                    cards[v].number,
                ),
            ):
                if self.can_pair(everyone & ~(1 << v)):
                    return v
        raise NoValidPairingError(
            "nobody may get the bye (4.9.6 2.2: everyone has won a game without playing)"
        )

    # -- one score group -------------------------------------------------------------------

    def _group(
        self, note: GroupNote, members: list[int], floaters: list[int], remaining: int
    ) -> tuple[list[tuple[int, int]], int, list[int]]:
        cards = self.cards
        pairs: list[tuple[int, int]] = []
        group_score = note.score
        note.floaters_in = list(floaters)
        # §8: the floaters first, white-seekers and black-seekers alternately.
        ws = _white_order(cards, [f for f in floaters if cards[f].preference is not Colour.BLACK])
        bs = _black_order(cards, [f for f in floaters if cards[f].preference is Colour.BLACK])
        turn = [x for pair in _zip_longest(ws, bs) for x in pair if x is not None]
        still: list[int] = []
        for f in turn:
            options = [v for v in members if self.meets(f, v)]
            options.sort(
                key=lambda v: (
                    cards[v].preference is cards[f].preference and cards[f].preference is not None,
                    -cards[v].rating,
                    cards[v].aro_key,
                    cards[v].name.casefold(),
                )
            )
            for v in options:
                if self.can_pair(remaining & ~(1 << f) & ~(1 << v)):
                    pairs.append((f, v))
                    note.floater_pairs.append((f, v))
                    members.remove(v)
                    remaining &= ~(1 << f) & ~(1 << v)
                    break
            else:
                still.append(f)
        lower = [v for v, c in enumerate(cards) if remaining >> v & 1 and c.score < group_score]
        # 7.1: a player who has met everyone here gets an opponent from below.
        for v in list(members):
            if self.adj[v] & _mask(members) or not lower:
                continue
            u = self._move_up(v, members, lower, remaining, opposite_of=cards[v].preference)
            if u is not None:
                pairs.append((v, u))
                note.moved_up.append((u, "7.1"))
                members.remove(v)
                lower.remove(u)
                remaining &= ~(1 << v) & ~(1 << u)
        # 7.2: an odd group moves a player up.
        if len(members) % 2 and lower:
            u = self._move_up(None, members, lower, remaining, _dominant_of(cards, members))
            if u is not None:
                members.append(u)
                lower.remove(u)
                note.moved_up.append((u, "7.2"))
        members.sort()
        # 6.4: who cannot be paired here floats down (in the lowest group nobody can).
        if not lower:
            members = sorted({*members, *still} - {v for p in pairs for v in p})
            still = []
        out = self._floaters(members, note.floaters_in, still, remaining)
        for v in out:
            members.remove(v)
        note.floaters_out = [*still, *out]
        pairs += self._pair_members(note, members)
        for a, b in pairs:
            remaining &= ~(1 << a) & ~(1 << b)
        return pairs, remaining, note.floaters_out

    def _move_up(
        self,
        current: int | None,
        members: list[int],
        lower: list[int],
        remaining: int,
        opposite_of: Colour | None,
    ) -> int | None:
        """7.1/7.2: the player moved up from the next lower score group (further down when
        nobody there can come): his preference opposite ``opposite_of``, the highest R, the
        lowest ARO; never beyond 2.5's limits (except in the last round)."""
        cards = self.cards
        scores = sorted({cards[u].score for u in lower}, reverse=True)
        for score in scores:
            options = [u for u in lower if cards[u].score == score and self._may_rise(u)]
            options.sort(
                key=lambda u: (
                    opposite_of is None or cards[u].preference is not opposite_of.opposite,
                    -cards[u].rating,
                    cards[u].aro_key,
                    cards[u].name.casefold(),
                )
            )
            for u in options:
                if current is not None:
                    ok = self.meets(current, u) and self.can_pair(
                        remaining & ~(1 << current) & ~(1 << u)
                    )
                else:
                    group = _mask(members) | (1 << u)
                    ok = bool(self.adj[u] & _mask(members)) and self.can_pair(group)
                    ok = ok and self.can_pair(remaining & ~group)
                if ok:
                    return u
        return None

    def _may_rise(self, u: int) -> bool:
        """2.5: not a third upfloat in a row, nor more than 3 (4 in 10 or more rounds) in all;
        no limit in the last round."""
        if self.last_round:
            return True
        ups = self.cards[u].upfloats
        r = self.round_number
        twice = r - 1 in ups and r - 2 in ups
        return len(ups) < self.up_limit and not twice

    def _floaters(
        self, members: list[int], came_down: list[int], still: list[int], remaining: int
    ) -> list[int]:
        """6.4: the fewest players who must float for the rest of the group to be paired
        and the round to be finished ("the remaining unpaired players": as many as possible
        are paired in the group — the fewest the group cannot pair, else two more, and so
        on), chosen by the rule's four characteristics in order — not a floater from a
        higher score group (``came_down``, moved into this group this round) before one,
        and within each, one who can be paired in the next lower score group before one who
        cannot — then the lowest R (the text is silent): the first such set in that order
        such that the players below can still all be paired, found exactly (``_floaters``:
        no step limit, no fallback). The whole group moves down only when no smaller set
        does."""
        mask = _mask(members)
        candidates = self._floater_order(members, came_down, remaining & ~mask & ~_mask(still))
        search = FloaterSearch(self.graph, mask, remaining & ~mask)
        found = search.first(candidates)
        self.floater_tests += search.tests
        return found if len(found) < len(members) else list(members)

    def _floater_order(self, members: list[int], came_down: list[int], below: int) -> list[int]:
        """6.4's characteristics in order: not a floater from a higher score group before
        one, then one who can meet a player of the next lower score group (in ``below``)
        before one who cannot; then the lowest R, then by name."""
        cards = self.cards
        nearest = max((cards[v].score for v in bits(below)), default=None)
        next_group = sum(1 << v for v in bits(below) if cards[v].score == nearest)
        return sorted(
            members,
            key=lambda v: (
                v in came_down,
                not (self.adj[v] & next_group),
                cards[v].rating,
                cards[v].name.casefold(),
            ),
        )

    # -- 6.2, 6.3, 7.3, 7.4 ----------------------------------------------------------------

    def _pair_members(self, note: GroupNote, members: list[int]) -> list[tuple[int, int]]:
        if not members:
            return []
        cards = self.cards
        whites = [v for v in members if cards[v].preference is Colour.WHITE]
        blacks = [v for v in members if cards[v].preference is Colour.BLACK]
        for v in members:  # no preference yet: the smaller subgroup, white when equal
            if cards[v].preference is None:
                (whites if len(whites) <= len(blacks) else blacks).append(v)
        whites, blacks = self._balance(note, whites, blacks)
        w = _white_order(cards, whites)
        b = _black_order(cards, blacks)
        note.whites, note.blacks = list(w), list(b)
        if len(w) == len(b) and halves_can_pair(self.adj, _mask(w), _mask(b)):
            column = self._rows(note, w, b)
            pairs = list(zip(w, column, strict=True))
            note.pairs += pairs
            return pairs
        # 6.3's last paragraph: a player with nobody in the other column meets his own.
        side, other = (w, b) if len(w) >= len(b) else (b, w)
        k = self._stuck(side, other)
        stuck = side[k]
        if self.adj[stuck] & _mask(other):
            note.cut_off.append(stuck)
        for j in [*side[k + 1 :], *reversed(side[:k])]:
            rest = _mask(members) & ~(1 << stuck) & ~(1 << j)
            if self.meets(stuck, j) and self.can_pair(rest):
                note.same_colour.append((stuck, j))
                note.pairs.append((stuck, j))
                rest_members = [v for v in members if v not in (stuck, j)]
                return [(stuck, j), *self._pair_members(note, rest_members)]
        # Last resort: any pairing of the group (exact), in order.
        found = self.graph.maximum_matching(_mask(members))
        pairs = sorted({(min(a, c), max(a, c)) for a, c in found.items()})
        note.pairs += pairs
        return pairs

    def _stuck(self, side: list[int], other: list[int]) -> int:
        """6.3's last paragraph: the row K whose player ("hvid" K) gets no opponent from the
        other column — the first whose player has met (or may not meet) everyone there, as
        the text says; else the first row that cannot be paired with the rows above it
        paired too (where the changes of rows K − 1, K − 2 … find no solution)."""
        rest = _mask(other)
        for k, v in enumerate(side):
            if not self.adj[v] & rest:
                return k
        for k in range(len(side)):
            if len(halves_matching(self.adj, _mask(side[: k + 1]), rest)) <= k:
                return k
        return 0  # pragma: no cover - the columns could not be paired, so some row fails

    def _balance(
        self, note: GroupNote, whites: list[int], blacks: list[int]
    ) -> tuple[list[int], list[int]]:
        """7.3/7.4: with 2n more white-seekers, the n with the lowest ARO (then highest R)
        seek black; with 2n more black-seekers, the n with the highest ARO (then lowest R)
        seek white; a player goes over only if 2.3 and 2.4 allow the colour (2.6)."""
        cards = self.cards
        whites, blacks = list(whites), list(blacks)
        while len(whites) - len(blacks) >= 2:
            movable = [v for v in whites if cards[v].allowed(Colour.BLACK)]
            if not movable:
                break
            v = min(movable, key=lambda v: (cards[v].aro_key, -cards[v].rating, cards[v].name))
            whites.remove(v)
            blacks.append(v)
            note.switched.append((v, Colour.BLACK))
        while len(blacks) - len(whites) >= 2:
            movable = [v for v in blacks if cards[v].allowed(Colour.WHITE)]
            if not movable:
                break
            v = min(movable, key=lambda v: (-cards[v].aro_key, cards[v].rating, cards[v].name))
            blacks.remove(v)
            whites.append(v)
            note.switched.append((v, Colour.WHITE))
        return whites, blacks

    def _rows(self, note: GroupNote, w: list[int], b: list[int]) -> list[int]:
        """6.3: row by row, the white-seeker takes the black-seeker of his row or, when they
        have met, "den første sorte spiller fra en lavere række" he has not met; the
        black-seekers he passes keep their order and each moves down a row (the column is
        shifted, never swapped: the next white-seeker meets the highest R left, as 6.2
        orders). A row whose choice would leave the rows below without a pairing takes its
        next choice: an exact test (a matching) finds at once where the text's changes of row
        K − 1, then K − 2 … lead, the first pairing in that order."""
        column = list(b)
        out: list[int] = []
        for k, white in enumerate(w):
            rest_w = _mask(w[k + 1 :])
            for j, cand in enumerate(column):
                if not self.meets(white, cand):
                    continue
                if halves_can_pair(self.adj, rest_w, _mask(column) & ~(1 << cand)):
                    if j:
                        note.improved.append(k + 1)
                    out.append(cand)
                    del column[j]
                    break
        return out


def _mask(vs: Sequence[int]) -> int:
    return sum(1 << v for v in vs)


def _white_order(cards: Sequence[Card], vs: Sequence[int]) -> list[int]:
    """6.2: white-seekers by ascending ARO; equal ARO the lower R first; then by name."""
    return sorted(
        vs,
        key=lambda v: (
            cards[v].aro_key,
            cards[v].rating,
            cards[v].name.casefold(),
            cards[v].number,
        ),
    )


def _black_order(cards: Sequence[Card], vs: Sequence[int]) -> list[int]:
    """6.2: black-seekers by descending R; equal R the higher ARO first; then by name."""
    return sorted(
        vs,
        key=lambda v: (
            -cards[v].rating,
            -cards[v].aro_key,
            cards[v].name.casefold(),
            cards[v].number,
        ),
    )


def _dominant(cards: Sequence[Card]) -> Colour | None:
    white = sum(1 for c in cards if c.preference is Colour.WHITE)
    black = sum(1 for c in cards if c.preference is Colour.BLACK)
    return Colour.WHITE if white > black else Colour.BLACK if black > white else None


def _dominant_of(cards: Sequence[Card], vs: Sequence[int]) -> Colour | None:
    return _dominant([cards[v] for v in vs])


def _zip_longest(a: list[int], b: list[int]) -> list[tuple[int | None, int | None]]:
    n = max(len(a), len(b))
    return [(a[i] if i < len(a) else None, b[i] if i < len(b) else None) for i in range(n)]
