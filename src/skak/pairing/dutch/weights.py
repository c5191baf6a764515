"""The criteria of the Dutch system (C.04.3 C1–C21) as one integer edge weight: the round's
context (forbidden pairs, score groups, field widths); the absolute criteria C1/C3 decide
whether there is an edge at all, and the bye's C2, the completion C4 and the quality criteria
C5–C21 are its fields, more important fields in higher bits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import cast

from skak.model.games import entries_by_player
from skak.model.results import Colour, Scoring
from skak.model.tournament import Tournament
from skak.pairing.dutch.cards import Card, Float, _initial_colour


def _bits(n: int) -> int:
    return max(1, int(n).bit_length())


@dataclass(slots=True)
class _Context:
    """Everything about one round that the weights need, fixed before the brackets."""

    round: int
    played_rounds: int
    expected_rounds: int | None
    scoring: Scoring
    cards: list[Card]  # sorted: score, then rank
    forbidden: dict[int, set[int]]
    initial: Colour
    groups: list[Fraction]  # scores, highest first
    pair_width: int  # bits of a field counting pairs or players
    group_width: int  # bits of one score group's sub-field
    low_width: int  # bits below the quality fields, for the ordering rules
    bye_score: Fraction = Fraction(0)
    single_downfloater_is_bye: bool = False
    unplayed_rank: dict[int, int] = field(default_factory=dict)
    #: ``group_index`` by score, made when first asked.
    _index: dict[Fraction, int] = field(default_factory=dict, repr=False, compare=False)

    def group_index(self, score: Fraction) -> int:
        """0 for the lowest score group, rising."""
        if len(self._index) != len(self.groups):
            last = len(self.groups) - 1
            self._index = {s: last - i for i, s in reversed(list(enumerate(self.groups)))}
        return self._index[score]


def _context(t: Tournament, cards: list[Card]) -> _Context:
    number = t.next_round
    forbidden: dict[int, set[int]] = {c.number: set() for c in cards}
    by_player = entries_by_player(t)
    for c in cards:
        for e in by_player.get(c.number, ()):
            if e.opponent is not None and e.is_played and e.round < number:
                forbidden[c.number].add(e.opponent)
    for ban in t.bans:
        if ban.applies(number):
            for a in ban.players:
                if a in forbidden:
                    forbidden[a] |= ban.players - {a}
    groups = sorted({c.score for c in cards}, reverse=True)
    width = _bits(len(cards)) + 1
    return _Context(
        round=number,
        played_rounds=number - 1,
        expected_rounds=t.number_of_rounds,
        scoring=t.scoring,
        cards=cards,
        forbidden=forbidden,
        initial=_initial_colour(t),
        groups=groups,
        pair_width=width,
        group_width=width,
        low_width=3 * width + 1,
    )


def _compatible(ctx: _Context, a: Card, b: Card) -> bool:
    """The absolute criteria C1 and C3 (C2 is the bye's, handled by the weights)."""
    if b.number in ctx.forbidden.get(a.number, ()):
        return False
    if not (a.absolute and b.absolute and a.preference == b.preference):
        return True
    # C3's exception: topscorers (more than half the maximum score) in the last round.
    if ctx.expected_rounds is None or ctx.played_rounds < ctx.expected_rounds - 1:
        return False
    top = Fraction(ctx.played_rounds) * max(ctx.scoring.win, ctx.scoring.draw) / 2
    return a.score > top or b.score > top


def _compatibility(ctx: _Context) -> list[int]:
    """For each card (by position), the bit set of the cards it may meet: ``_compatible``
    for every pair at once, on bit sets (C1 forbidden pairs of the higher-ranked player's
    list, C3 absolute colour clashes with their last-round exception for topscorers)."""
    cards = ctx.cards
    n = len(cards)
    where = {c.number: i for i, c in enumerate(cards)}
    adj = [((1 << n) - 1) & ~(1 << i) for i in range(n)]
    for i, c in enumerate(cards):
        for number in ctx.forbidden.get(c.number, ()):
            j = where.get(number)
            if j is not None and j > i:  # ``_compatible`` reads the higher player's list
                adj[i] &= ~(1 << j)
                adj[j] &= ~(1 << i)
    clash: dict[Colour | None, int] = {}
    for i, c in enumerate(cards):
        if c.absolute:
            clash[c.preference] = clash.get(c.preference, 0) | 1 << i
    exception = ctx.expected_rounds is not None and ctx.played_rounds >= ctx.expected_rounds - 1
    top = Fraction(ctx.played_rounds) * max(ctx.scoring.win, ctx.scoring.draw) / 2
    tops = sum(1 << i for i, c in enumerate(cards) if c.score > top) if exception else 0
    for i, c in enumerate(cards):
        if c.absolute and not (exception and c.score > top):
            adj[i] &= ~(clash[c.preference] & ~tops)
    return adj


#: What the colour fields C10–C13 read of a card.
_ColourKey = tuple[Colour | None, bool, bool, bool, int, Colour | None]


def _colour_key(c: Card) -> _ColourKey:
    return (c.preference, c.absolute, c.absolute_imbalance, c.strong, c.imbalance, c.repeated)


def _colour_fields(lo: Card, hi: Card) -> tuple[bool, bool, bool, bool]:
    """C10–C13 for one pair: no colour difference beyond ±2, no third colour in a row, both
    preferences granted, both strong preferences granted."""
    same = lo.preference == hi.preference
    c10 = not (lo.absolute_imbalance and hi.absolute_imbalance and same)
    if not (lo.absolute and hi.absolute and same):
        c11 = True
    elif lo.imbalance == hi.imbalance:
        c11 = lo.repeated is None or lo.repeated != hi.repeated
    else:
        loser = hi if lo.imbalance > hi.imbalance else lo
        c11 = lo.preference is None or loser.repeated != lo.preference.opposite
    c12 = lo.preference is None or hi.preference is None or not same
    c13 = (
        (not lo.strong and not lo.absolute)
        or (not hi.strong and not hi.absolute)
        or (lo.absolute and hi.absolute)
        or not same
    )
    return c10, c11, c12, c13


class _Weights:
    """Edge weights: the criteria as fields of one integer, most important highest."""

    def __init__(self, ctx: _Context) -> None:
        self.ctx = ctx
        self.region = len(ctx.groups) * ctx.group_width
        pw, region = ctx.pair_width, self.region
        back = min(ctx.played_rounds, 2)
        #: Where the completion field starts: below it, the fields C5–C21 and the bits for
        #: the ordering rules (``edge`` builds them in this order).
        self.c9_shift = 4 * pw + back * 2 * (pw + region) + ctx.low_width
        self.top_shift = 2 * (pw + region) + 2 * pw + self.c9_shift
        self._units: dict[Fraction, int] = {}
        #: C1/C3 as bit sets over the cards' positions (``compatibility``).
        self.adj = _compatibility(ctx)
        self._position = {c.number: i for i, c in enumerate(ctx.cards)}
        #: C10–C13 depend on the two colour histories only: memo by their kinds (a number
        #: per distinct ``_colour_key``).
        kinds: dict[_ColourKey, int] = {}
        self._kind = {c.number: kinds.setdefault(_colour_key(c), len(kinds)) for c in ctx.cards}
        self._colours: dict[tuple[int, int], tuple[bool, bool, bool, bool]] = {}
        self._info: dict[int, tuple[int, int, bool, bool, bool, bool, bool, bool]] = {}
        #: ``column``'s bit sets of ``adj`` as strings, by card position.
        self._flags: dict[int, str] = {}

    def unit(self, score: Fraction) -> int:
        unit = self._units.get(score)
        if unit is None:
            unit = 1 << (self.ctx.group_index(score) * self.ctx.group_width)
            self._units[score] = unit
        return unit

    def pair(self, hi: Card, lo: Card) -> tuple[bool, tuple[bool, bool, bool, bool]]:
        """C1/C3 compatibility and the colour fields C10–C13 of ``hi``–``lo``."""
        where = self._position
        if not self.adj[where[hi.number]] >> where[lo.number] & 1:
            return False, (False, False, False, False)
        key = (self._kind[hi.number], self._kind[lo.number])
        colours = self._colours.get(key)
        if colours is None:
            colours = _colour_fields(lo, hi)
            self._colours[key] = colours
        return True, colours

    def compatible(self, hi: Card, lo: Card) -> bool:
        where = self._position
        return bool(self.adj[where[hi.number]] >> where[lo.number] & 1)

    @staticmethod
    def may_get_bye(c: Card, score: Fraction) -> bool:
        return c.bye_eligible and c.score <= score

    def candidate(self, c: Card) -> bool:
        return self.may_get_bye(c, self.ctx.bye_score)

    def prepare(self) -> None:
        """Per player, what the weights read (once the bye's score is known): the score as
        a group level (higher is better), its one-bit field unit, bye candidacy (C2/C9),
        whether the player has the bye's score, and the two earlier floats."""
        ctx = self.ctx
        self._info = {
            c.number: (
                ctx.group_index(c.score),
                self.unit(c.score),
                self.candidate(c),
                c.score == ctx.bye_score,
                c.floats[0] is Float.DOWN,
                c.floats[0] is Float.UP,
                c.floats[1] is Float.DOWN,
                c.floats[1] is Float.UP,
            )
            for c in ctx.cards
        }
        # Players who weigh alike: the same facts above, colour kind and C9 rank.
        sorts: dict[tuple[object, ...], int] = {}
        self._sort = {
            c.number: sorts.setdefault(
                (
                    self._info[c.number],
                    self._kind[c.number],
                    ctx.unplayed_rank.get(c.played) if c.score == ctx.bye_score else None,
                ),
                len(sorts),
            )
            for c in ctx.cards
        }
        #: ``_sort`` by card position.
        self._kind_at = [self._sort[c.number] for c in ctx.cards]
        self._edges: dict[tuple[int, int, bool, bool, bool], int] = {}
        #: ``column``'s memo: per kind of the lower player and bracket, by the higher's kind.
        self._columns: dict[tuple[int, bool, bool, bool], dict[int, int]] = {}

    def _top_c9(self, hi: Card, lo: Card, single: bool) -> tuple[int, int]:
        """The completion field (C4, with C2's bye eligibility) and C9's field, ``single``
        while the bye is the single downfloater."""
        ctx = self.ctx
        h_cand, h_bye = self._info[hi.number][2:4]
        l_cand, l_bye = self._info[lo.number][2:4]
        # C4 completion, C2 bye eligibility: every edge counts, players who may not get
        # the bye (or should not: a lower score is available) count more when paired.
        top = 3 - h_cand - l_cand
        c9 = 0
        if single:
            # C9: the bye assignee has played as many games as possible.
            if h_bye:
                c9 += ctx.unplayed_rank[hi.played]
            if l_bye:
                c9 += ctx.unplayed_rank[lo.played]
        return top, c9

    def outside(self, hi: Card, lo: Card, single: bool) -> int:
        """The weight of ``hi``–``lo`` outside the current and the next bracket, where only
        the completion field and C9 score (below, the same fields are zero)."""
        if not self.compatible(hi, lo):
            return 0
        top, c9 = self._top_c9(hi, lo, single)
        return (top << self.top_shift) | (c9 << self.c9_shift)

    def edge(self, hi: Card, lo: Card, in_cur: bool, in_next: bool) -> int:
        """The weight of ``hi``–``lo`` (``hi`` ranked higher) while ``lo``'s bracket is
        ``in_cur`` the current one, or ``in_next`` the next one; compatible pairs of players
        who weigh alike (``prepare``) share one memo entry."""
        ctx = self.ctx
        if not (in_cur or in_next):
            return self.outside(hi, lo, ctx.single_downfloater_is_bye)
        if not self.compatible(hi, lo):
            return 0
        key = (
            self._sort[hi.number],
            self._sort[lo.number],
            in_cur,
            in_next,
            ctx.single_downfloater_is_bye,
        )
        w = self._edges.get(key)
        if w is None:
            w = self._weigh(hi, lo, in_cur, in_next)
            self._edges[key] = w
        return w

    def column(self, his: Sequence[int], lo: int, in_cur: bool, in_next: bool) -> list[int]:
        """``edge`` of each card position of ``his`` (each ranked higher) with the card at
        position ``lo``, for one bracket (``in_cur`` or ``in_next``): one memo look-up per
        compatible pair."""
        ctx = self.ctx
        cards = ctx.cards
        low = cards[lo]
        key = (self._sort[low.number], in_cur, in_next, ctx.single_downfloater_is_bye)
        memo = self._columns.get(key)
        if memo is None:
            memo = self._columns[key] = {}
        flags = self._flags.get(lo)
        if flags is None:
            # Who may meet ``lo`` (C1/C3), as a string: "1" at the position of each.
            flags = self._flags[lo] = bin(self.adj[lo])[:1:-1].ljust(len(cards), "0")
        kinds = self._kind_at
        out = [memo.get(kinds[i]) if flags[i] == "1" else 0 for i in his]
        if None in out:
            for pos, w in enumerate(out):
                if w is None:
                    i = his[pos]
                    kind = kinds[i]
                    w = memo.get(kind)
                    if w is None:
                        w = memo[kind] = self._weigh(cards[i], low, in_cur, in_next)
                    out[pos] = w
        return cast("list[int]", out)

    def _weigh(self, hi: Card, lo: Card, in_cur: bool, in_next: bool) -> int:
        """``edge`` for a compatible pair, computed."""
        ctx = self.ctx
        colours = self.pair(hi, lo)[1]
        h_level, h_unit, _, _, h_down1, _, h_down2, _ = self._info[hi.number]
        l_level, l_unit, _, _, l_down1, l_up1, l_down2, l_up2 = self._info[lo.number]
        top, c9 = self._top_c9(hi, lo, ctx.single_downfloater_is_bye)
        pw, region = ctx.pair_width, self.region
        # C5/C6: pairs in the current bracket, then their scores.
        w = int(in_cur)
        w = (w << region) | (h_unit if in_cur else 0)
        # C7: pairs and scores in the next bracket.
        w = (w << pw) | in_next
        w = (w << region) | (h_unit if in_next else 0)
        w = (w << 2 * pw) | c9
        # C10–C13: colours.
        for ok in colours:
            w = (w << pw) | (in_cur and ok)
        # C14–C17: no repeated floats; C18–C21: their scores.
        floated = h_level > l_level
        downs = ((h_down1, l_down1, l_up1), (h_down2, l_down2, l_up2))
        played = ctx.played_rounds
        for back in (0, 1):
            if played > back:
                h_down, l_down, l_up = downs[back]
                w <<= pw
                if in_cur:
                    w += l_down + (not floated and h_down)
                w = (w << pw) | (in_cur and not (floated and l_up))
        for back in (0, 1):
            if played > back:
                h_down, l_down, l_up = downs[back]
                w <<= region
                if in_cur:
                    w += l_down * l_unit + h_down * h_unit
                w <<= region
                if in_cur and not (floated and l_up):
                    w += h_unit
        return (top << self.top_shift) | (w << ctx.low_width)
