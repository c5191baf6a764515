"""The FIDE (Dutch) Swiss system, rules in force from 1 February 2026 (FIDE Handbook C.04.3),
with the general handling rules C.04.1/C.04.2 and the Baku acceleration C.04.5.

How the rules become one computation
------------------------------------

The Dutch rules rank candidate pairings of a bracket by a long list of criteria: absolute
criteria (C1 no rematch, C2 no second pairing-allocated bye, C3 no clash of absolute colour
preferences), the completion criterion C4 (the rest of the round must stay pairable) and the
quality criteria C5–C21 in strict order of priority; among pairings that tie on every
criterion, the rules' order of transpositions and exchanges (article 4) decides.

skak computes this as FIDE's endorsed programs do: each criterion is a field of an integer edge
weight, more important fields in higher bits, and a maximum-weight matching over *all* players
still to be paired maximises the fields lexicographically (``dutch_matching``: a blossom
matcher on a weight matrix, exact with integer weights of any size). The brackets are then
settled one after the other, top down:

1. the whole field is matched once to find the score of the player who will get the
   pairing-allocated bye (C.04.1 c, C2, C9);
2. per bracket, the edges inside the bracket and towards the next bracket get their quality
   fields (C5–C21); moved-down players (MDPs) are taken in order of rank, each paired if the
   optimum allows it, and each gets the highest-ranked resident opponent the optimum allows;
3. in the remainder the number of exchanges between S1 and S2 is minimised, then the
   difference of the exchanged players' numbers; the lowest S1 players are exchanged first,
   then the highest S2 players are moved up (C.04.3 article 4.3);
4. each S1 player, from the top, gets the highest S2 player the optimum allows, which is
   the rules' first transposition of S2 that meets the criteria.

Every choice is optimal for the whole field, so the completion criterion and the look-ahead
to the next bracket are exact. Where the rule text and bbpPairings (the reference engine FIDE
and lichess use) differ, skak follows bbpPairings; the cases are listed in the notes for
``docs/interpretations.md``.

Three exact shortcuts make a round of 1 000 players take seconds (``_Matcher``):

* *the window*: an optimisation looks at the bracket and the next one only, and its answer
  is kept when the players it leaves unpaired can be paired with the rest of the field (a
  bit-set test) — every complete pairing scores the same in the completion field, and no
  lower field scores outside the two brackets;
* *sparse and certified*: the matcher solves each player's few best edges and proves the
  answer optimal for all edges with its duals (``dutch_matching``);
* *choices on the optimal face*: the ordering rules (which moved-down players, which
  exchanges, which transposition) are lexicographic bonuses; instead of huge weights, one
  optimisation without them gives the tight edges, and each choice in turn takes the best
  opponent that still leaves an optimal pairing.

Each shortcut falls back to the plain optimisation when it does not apply, and the tests
compare both ways on generated tournaments.

Colours (C.04.3 article 5): the preference of both players is granted when compatible;
otherwise the stronger preference (absolute before strong before mild, the larger colour
difference among absolutes) wins; otherwise the players' colour histories are compared
back to the last round in which they differed, and each takes the other's colour of that
round; otherwise the higher-ranked player gets his preference, or, without any preference,
the initial colour (``XXC``) when his pairing number is odd, the other colour when even.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import NoReturn

from skak.errors import InputError, NoValidPairingError
from skak.model.history import Entry, colour_history, entries_by_player
from skak.model.results import Colour, Result, Scoring, format_points
from skak.model.tournament import Bye, Pairing, Round, SettingValue, Tournament
from skak.pairing.base import check_known_settings
from skak.pairing.dutch_matching import max_weight_matching, optimum
from skak.pairing.matching import MatchGraph, bits

__all__ = ["SYSTEM", "Card", "DutchSystem", "Float", "pairing_cards"]


class Float(enum.Enum):
    """How a player floated in an earlier round (C.04.3 1.4)."""

    DOWN = "down"
    UP = "up"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Card:
    """One player's pairing card for the round being paired (C.04.3 1.2, 1.4, 1.7).

    ``score`` includes any acceleration (C.04.5); ``rank`` is the 0-based position in the
    order of pairing numbers among the players taking part in the tournament. The colour
    fields after ``floats`` follow from ``colours`` (they are read for every pair, so they
    are worked out once):

    * ``colour_difference``: whites minus blacks; ``imbalance`` its size;
    * ``repeated``: the colour of the last two played games when they were the same;
    * ``preference`` (1.7): absolute, strong, mild, or none; ``absolute_imbalance`` when the
      difference is beyond ±1, ``absolute`` when that or ``repeated``, ``strong`` when not
      absolute but unbalanced.
    """

    number: int
    rank: int
    score: Fraction
    raw_score: Fraction
    colours: tuple[Colour, ...]
    played: int
    bye_eligible: bool
    floats: tuple[Float, Float]
    colour_difference: int = field(init=False, repr=False)
    imbalance: int = field(init=False, repr=False)
    repeated: Colour | None = field(init=False, repr=False)
    preference: Colour | None = field(init=False, repr=False)
    absolute_imbalance: bool = field(init=False, repr=False)
    absolute: bool = field(init=False, repr=False)
    strong: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        colours = self.colours
        diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
        repeated = colours[-1] if len(colours) >= 2 and colours[-1] is colours[-2] else None
        lower = Colour.BLACK if diff > 0 else Colour.WHITE
        preference: Colour | None
        if abs(diff) > 1:
            preference = lower
        elif repeated is not None:
            preference = repeated.opposite
        elif diff:
            preference = lower
        elif colours:
            preference = colours[-1].opposite
        else:
            preference = None
        absolute = abs(diff) > 1 or repeated is not None
        for name, value in (
            ("colour_difference", diff),
            ("imbalance", abs(diff)),
            ("repeated", repeated),
            ("preference", preference),
            ("absolute_imbalance", abs(diff) > 1),
            ("absolute", absolute),
            ("strong", not absolute and diff != 0),
        ):
            object.__setattr__(self, name, value)


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

    def group_index(self, score: Fraction) -> int:
        """0 for the lowest score group, rising."""
        return len(self.groups) - 1 - self.groups.index(score)


# --------------------------------------------------------------------------- pairing cards


def _accelerations(t: Tournament) -> dict[int, dict[int, Fraction]]:
    """Fictitious points per player and round (``XXA``, or the Baku method C.04.5)."""
    out = {p.start_number: dict(p.accelerations) for p in t.players}
    if not bool(t.setting("baku", False)):
        return out
    s = t.scoring
    if s.loss or s.draw * 2 != s.win:
        raise InputError("Baku acceleration (C.04.5) needs the scoring 1 – ½ – 0")
    total = t.number_of_rounds
    if not total or not t.players:
        return out
    order = sorted(t.players, key=lambda p: p.start_number)
    last_rank = (len(order) - 1) // 2
    last_round = (total - 1) // 2
    last_full = last_round // 2
    for p in order[: last_rank + 1]:
        for index in range(last_round + 1):
            out[p.start_number].setdefault(index + 1, s.win if index <= last_full else s.draw)
    return out


def _round_points(e: Entry, scoring: Scoring) -> Fraction:
    return e.pairing_points(scoring)


def pairing_cards(t: Tournament) -> list[Card]:
    """The pairing cards of the players to be paired in ``t.next_round``, in pairing order:
    score (with acceleration) descending, then pairing number (C.04.3 1.2)."""
    number = t.next_round
    played_rounds = number - 1
    scoring = t.scoring
    by_player = entries_by_player(t)
    accel = _accelerations(t)

    points: dict[int, list[Fraction]] = {}
    for p in t.players:
        row = [Fraction(0)] * (played_rounds + 1)
        for e in by_player.get(p.start_number, ()):
            if e.round <= played_rounds:
                row[e.round] += _round_points(e, scoring)
        points[p.start_number] = row

    def score_before(player: int, back: int) -> Fraction:
        """Score before round ``number - back`` with that round's acceleration."""
        last = played_rounds - back
        return sum(points[player][1 : last + 1], Fraction(0)) + accel[player].get(
            last + 1, Fraction(0)
        )

    def float_in(player: int, back: int) -> Float:
        rnd = number - back
        if rnd < 1:
            return Float.NONE
        entry = next((e for e in by_player.get(player, ()) if e.round == rnd), None)
        if entry is None or not entry.is_played or entry.opponent is None:
            got = _round_points(entry, scoring) if entry is not None else Fraction(0)
            return Float.DOWN if got > scoring.loss else Float.NONE
        mine, theirs = score_before(player, back), score_before(entry.opponent, back)
        return Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE

    def participated(player: int) -> bool:
        return any(
            e.opponent is not None or e.result is Result.PAIRING_BYE
            for e in by_player.get(player, ())
        )

    valid = [
        p
        for p in sorted(t.players, key=lambda p: p.start_number)
        if p.is_available(number) or participated(p.start_number)
    ]
    rank = {p.start_number: i for i, p in enumerate(valid)}
    cards = []
    for p in valid:
        if not p.is_available(number):
            continue
        n = p.start_number
        entries = [e for e in by_player.get(n, ()) if e.round <= played_rounds]
        eligible = not any(
            e.result is Result.PAIRING_BYE
            or (not e.is_played and _round_points(e, scoring) >= scoring.win)
            for e in entries
        )
        colours = colour_history(t, n)
        cards.append(
            Card(
                number=n,
                rank=rank[n],
                score=score_before(n, 0),
                raw_score=sum(points[n], Fraction(0)),
                colours=colours,
                played=len(colours),
                bye_eligible=eligible,
                floats=(float_in(n, 1), float_in(n, 2)),
            )
        )
    cards.sort(key=lambda c: (-c.score, c.rank))
    return cards


def _initial_colour(t: Tournament) -> Colour:
    """The colour the top-ranked player gets in round 1 (C.04.2 D; ``XXC``), else inferred
    from the first round with colours, else white."""
    if t.initial_colour is not None:
        return t.initial_colour
    ordered = sorted(t.players, key=lambda p: p.start_number)
    for rnd in t.rounds:
        games = {
            n: c
            for pr in rnd.pairings
            if pr.black is not None
            for n, c in ((pr.white, Colour.WHITE), (pr.black, Colour.BLACK))
        }
        if not games:
            continue
        present = {b for pr in rnd.pairings for b in pr.players}
        index = 0
        for p in ordered:
            if p.start_number in present:
                if p.start_number in games:
                    c = games[p.start_number]
                    return c.opposite if index % 2 else c
                index += 1
        break
    return Colour.WHITE


# --------------------------------------------------------------------------- the weights


#: One choice of an optimisation with a bonus (``_Matcher.solve``): a player, and the value of
#: each opponent he may get (higher is better).
_Choice = tuple[int, dict[int, int]]

#: Whether ``_Matcher`` takes its shortcuts (tests compare the two ways).
SHORTCUTS = True

#: Each player's heaviest edges that the first sparse solve keeps (``dutch_matching``).
_NEIGHBOURS = 12


class _Matcher:
    """A weighted graph over the players to pair, kept between optimisations as a weight
    matrix; an edge of weight 0 is no edge. Pairs that have been settled leave the graph.

    A *window* (the bracket being paired and the next one) may be set: an optimisation then
    looks at the window only, with the completion field (the top bits, ``top_shift`` and
    above) left out, and keeps its answer only when the players it leaves unpaired can be
    paired with the rest of the field (``graph``, a bit-set pairability test). Since every
    complete pairing scores the same in the completion field, and nothing outside the window
    scores in the lower fields, that answer is then optimal for the whole field; otherwise
    the whole field is optimised."""

    def __init__(self, size: int) -> None:
        self.weights = [[0] * size for _ in range(size)]
        self.alive = [True] * size
        self.size = size
        self.mate = list(range(size))
        self.solves = 0
        self.window_solves = 0
        self.choice_solves = 0
        # Position ``size`` is the bye: joined to the players who may get it, once known.
        self.graph = MatchGraph([0] * (size + 1))
        self.window: list[int] | None = None
        self.top_shift = 0
        self.natural: dict[int, int] = {}
        #: The window and the choices on the optimal face (off: every optimisation is one
        #: weighted matching of the whole field, the plain method they must agree with).
        self.shortcuts = SHORTCUTS

    def set(self, a: int, b: int, weight: int) -> None:
        if a == b or not (self.alive[a] and self.alive[b]):
            return
        weight = max(weight, 0)
        self.weights[a][b] = self.weights[b][a] = weight
        adj = self.graph.adj
        if weight:
            adj[a] |= 1 << b
            adj[b] |= 1 << a
        else:
            adj[a] &= ~(1 << b)
            adj[b] &= ~(1 << a)

    def settle(self, a: int, b: int) -> None:
        """Fix the pair ``a``–``b``: both leave the graph."""
        self.alive[a] = self.alive[b] = False
        self.mate[a], self.mate[b] = b, a

    def set_bye_candidates(self, players: Iterable[int]) -> None:
        bye = self.size
        adj = self.graph.adj
        adj[bye] = 0
        for v in players:
            adj[bye] |= 1 << v
            adj[v] |= 1 << bye

    def alive_mask(self) -> int:
        return sum(1 << v for v in range(self.size) if self.alive[v])

    def complete(self, mask: int) -> dict[int, int] | None:
        """A pairing of everyone in ``mask`` (with the bye when their number is odd), or
        ``None`` when there is none."""
        if mask.bit_count() % 2:
            mask |= 1 << self.size
        found = self.graph.maximum_matching(mask)
        return found if len(found) == mask.bit_count() else None

    def _matrix(
        self,
        nodes: Sequence[int],
        shift: int,
        bonus: Mapping[tuple[int, int], int] | None,
        mask: int = -1,
    ) -> list[list[int]]:
        extra = bonus or {}
        out = []
        for a in nodes:
            row = self.weights[a]
            line = []
            for b in nodes:
                w = row[b]
                if w:
                    w = ((w & mask) << shift) + extra.get((a, b) if a < b else (b, a), 0)
                line.append(w)
            out.append(line)
        return out

    def solve(
        self,
        shift: int = 0,
        bonus: Mapping[tuple[int, int], int] | None = None,
        choices: Sequence[_Choice] | None = None,
    ) -> list[int]:
        """A maximum-weight matching; with ``shift``, every weight is first multiplied by
        ``2**shift`` and ``bonus`` added, so the bonus only breaks ties (lexicographic).

        ``choices`` is the same bonus as a list of choices, most important first: a player
        and the value of each opponent he may get. Then the optimum is usually found
        without the bonus's huge weights (``_choose``)."""
        self.solves += 1
        if choices is not None and self.shortcuts and self._choose(choices, shift, bonus or {}):
            self.choice_solves += 1
            return self.mate
        if self.window is not None and self.shortcuts and self._solve_window(shift, bonus):
            self.window_solves += 1
            return self.mate
        nodes = [v for v in range(self.size) if self.alive[v]]
        found = self._optimise(nodes, self._matrix(nodes, shift, bonus))
        for i, v in enumerate(nodes):
            self.mate[v] = nodes[found[i]]
        return self.mate

    def _optimise(self, nodes: Sequence[int], matrix: Sequence[Sequence[int]]) -> list[int]:
        """A maximum-weight matching of ``matrix`` over ``nodes`` (positions in ``nodes``),
        sparse and certified, starting from the last optimum and the natural pairs."""
        return max_weight_matching(matrix, _NEIGHBOURS, self._hint(nodes), self._near(nodes))

    def pair_up(self, *groups: Sequence[int]) -> None:
        """Note each group's natural pairs (first half against second half, as S1 against
        S2): the sparse solver looks around them first (``near``)."""
        for group in groups:
            half = len(group) // 2
            for i in range(half):
                a, b = group[i], group[i + half]
                self.natural[a], self.natural[b] = b, a

    def _near(self, nodes: Sequence[int]) -> list[int]:
        where = {v: i for i, v in enumerate(nodes)}
        return [where.get(self.natural.get(v, v), i) for i, v in enumerate(nodes)]

    def _hint(self, nodes: Sequence[int]) -> list[int]:
        """The last optimum's pairs among ``nodes`` (positions in ``nodes``), or before any
        optimisation a maximum matching: the sparse solver starts from their edges."""
        mate = self.mate
        if all(mate[v] == v for v in nodes):
            mate = list(range(self.size))
            for v, u in self.graph.maximum_matching(sum(1 << v for v in nodes)).items():
                mate[v] = u
        where = {v: i for i, v in enumerate(nodes)}
        return [where.get(mate[v], i) for i, v in enumerate(nodes)]

    def _choose(
        self, choices: Sequence[_Choice], shift: int, bonus: Mapping[tuple[int, int], int]
    ) -> bool:
        """The bonus optimisation as a sequence of choices on the optimal face: one
        optimisation without the bonus gives duals; when no blossom has a positive dual,
        the optimal pairings (with the rest of the field completed, in a window) are exactly
        the perfect matchings of a graph ``face`` — tight edges, players of dual 0 free to
        leave — so each choice, most important first, takes the best opponent group that
        still leaves a perfect matching (a bit-set test). False when this does not apply."""
        window = self.window
        nodes = [v for v in (window if window is not None else range(self.size)) if self.alive[v]]
        mask = (1 << self.top_shift) - 1 if window is not None else -1
        matrix = self._matrix(nodes, 0, None, mask)
        found = optimum(matrix, _NEIGHBOURS, self._hint(nodes), self._near(nodes))
        size, bye = self.size, 1 << self.size
        adj = [0] * (size + 1)
        free = 0  # players of dual 0: they may stay out of the window's pairs
        for i, tight in enumerate(found.tight(matrix)):
            a = nodes[i]
            adj[a] = sum(1 << nodes[j] for j in bits(tight))
            if not found.duals[i]:
                free |= 1 << a
        if not found.flat:
            return self._tight_bonus(nodes, matrix, adj, found.mate, shift, bonus)
        alive = self.alive_mask()
        compat = self.graph.adj
        if window is not None:
            rest = alive & ~sum(1 << v for v in nodes)
            others = rest | free | bye
            for v in bits(rest | free):
                adj[v] |= compat[v] & others & ~(1 << v)
            adj[size] = compat[size] & (rest | free)
        else:
            adj[size] = free & compat[size]  # the bye's candidates (C2) among them
            for v in bits(adj[size]):
                adj[v] |= bye
        everyone = alive | (bye if alive.bit_count() % 2 else 0)
        face = MatchGraph(adj)
        pairs = face.maximum_matching(everyone)
        if len(pairs) != everyone.bit_count():
            return False
        for a, values in choices:
            groups: dict[int, int] = {}
            for b, value in values.items():
                groups[value] = groups.get(value, 0) | 1 << b
            ranked = sorted(groups.items(), reverse=True)
            current = values.get(pairs[a])
            if ranked and current == ranked[0][0]:
                group = ranked[0][1]  # the partner has the best value there is
            else:
                feasible = face.partners(a, everyone, pairs)
                group = next((g for _, g in ranked if g & feasible), 0)
                if not group:
                    group = ~sum(1 << b for b in values)
            group &= face.adj[a]
            cut = face.adj[a] & ~group
            face.adj[a] &= group
            for b in bits(cut):
                face.adj[b] &= ~(1 << a)
            if not group >> pairs[a] & 1:
                pairs = face.maximum_matching(everyone)
        for v in bits(alive):
            u = pairs.get(v, v)
            self.mate[v] = u if u < size else v
        return True

    def _tight_bonus(
        self,
        nodes: Sequence[int],
        matrix: Sequence[Sequence[int]],
        tight: Sequence[int],
        start: Sequence[int],
        shift: int,
        bonus: Mapping[tuple[int, int], int],
    ) -> bool:
        """The bonus optimisation on the edges that are tight in an optimum without the
        bonus: every optimum with the bonus is an optimum without it, so it uses only such
        edges (complementary slackness holds for any pair of optimal solutions)."""
        where = {v: i for i, v in enumerate(nodes)}
        weights = [[0] * len(nodes) for _ in nodes]
        for i, a in enumerate(nodes):
            row, out = matrix[i], weights[i]
            for b in bits(tight[a]):
                j = where[b]
                key = (a, b) if a < b else (b, a)
                out[j] = (row[j] << shift) + bonus.get(key, 0)
        found = max_weight_matching(weights, _NEIGHBOURS, start, self._near(nodes))
        return self._adopt(nodes, found)

    def _adopt(self, nodes: Sequence[int], found: Sequence[int]) -> bool:
        """Take the optimum ``found`` over ``nodes`` (positions in ``nodes``) when the rest
        of the field can be completed around it (always, without a window)."""
        rest: dict[int, int] = {}
        if self.window is not None:
            inside = sum(1 << v for v in nodes)
            exposed = sum(1 << nodes[i] for i in range(len(nodes)) if found[i] == i)
            completed = self.complete((self.alive_mask() & ~inside) | exposed)
            if completed is None:
                return False
            rest = completed
        for i, v in enumerate(nodes):
            self.mate[v] = nodes[found[i]]
        for v, u in rest.items():  # after the window's pairs: they complete its single players
            if v < self.size:
                self.mate[v] = u if u < self.size else v
        return True

    def _solve_window(self, shift: int, bonus: Mapping[tuple[int, int], int] | None) -> bool:
        assert self.window is not None
        nodes = [v for v in self.window if self.alive[v]]
        matrix = self._matrix(nodes, shift, bonus, (1 << self.top_shift) - 1)
        return self._adopt(nodes, self._optimise(nodes, matrix))


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
        # Memos: they depend on the two cards only, and edges are weighed many times.
        self._units: dict[Fraction, int] = {}
        self._pairs: dict[tuple[int, int], tuple[bool, tuple[bool, bool, bool, bool]]] = {}
        self._info: dict[int, tuple[int, int, bool, bool, bool, bool, bool, bool]] = {}

    def unit(self, score: Fraction) -> int:
        unit = self._units.get(score)
        if unit is None:
            unit = 1 << (self.ctx.group_index(score) * self.ctx.group_width)
            self._units[score] = unit
        return unit

    def _pair(self, hi: Card, lo: Card) -> tuple[bool, tuple[bool, bool, bool, bool]]:
        """C1/C3 compatibility and the colour fields C10–C13 of ``hi``–``lo``."""
        key = (hi.number, lo.number)
        found = self._pairs.get(key)
        if found is None:
            found = (_compatible(self.ctx, hi, lo), _colour_fields(lo, hi))
            self._pairs[key] = found
        return found

    def compatible(self, hi: Card, lo: Card) -> bool:
        return self._pair(hi, lo)[0]

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

    def edge(self, hi: Card, lo: Card, in_cur: bool, in_next: bool) -> int:
        """The weight of ``hi``–``lo`` (``hi`` ranked higher) while ``lo``'s bracket is
        ``in_cur`` the current one, or ``in_next`` the next one."""
        ctx = self.ctx
        compatible, colours = self._pair(hi, lo)
        if not compatible:
            return 0
        h_level, h_unit, h_cand, h_bye, h_down1, _, h_down2, _ = self._info[hi.number]
        l_level, l_unit, l_cand, l_bye, l_down1, l_up1, l_down2, l_up2 = self._info[lo.number]
        # C4 completion, C2 bye eligibility: every edge counts, players who may not get
        # the bye (or should not: a lower score is available) count more when paired.
        top = 3 - h_cand - l_cand
        c9 = 0
        if ctx.single_downfloater_is_bye:
            # C9: the bye assignee has played as many games as possible.
            if h_bye:
                c9 += ctx.unplayed_rank[hi.played]
            if l_bye:
                c9 += ctx.unplayed_rank[lo.played]
        if not (in_cur or in_next):
            # Outside the two brackets only C9 scores (below, the same fields are zero).
            return (top << self.top_shift) | (c9 << self.c9_shift)
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


# --------------------------------------------------------------------------- the brackets


class _Pairer:
    """Settles the brackets top down (C.04.3 articles 2–4), re-optimising the whole field
    for every choice."""

    def __init__(self, ctx: _Context) -> None:
        self.ctx = ctx
        self.cards = ctx.cards
        self.n = len(self.cards)
        self.weights = _Weights(ctx)
        self.m = _Matcher(self.n)
        self.settled: list[tuple[int, int]] = []
        self.explanation: list[str] = []
        self.windows = False

    # -- helpers -----------------------------------------------------------------------------

    def _edge(self, i: int, j: int, in_cur: bool, in_next: bool) -> int:
        return self.weights.edge(self.cards[i], self.cards[j], in_cur, in_next)

    def _fill(self, edge: Iterable[tuple[int, int]], in_cur: bool, in_next: bool) -> None:
        for i, j in edge:
            self.m.set(i, j, self._edge(i, j, in_cur, in_next))

    def _bye_search(self) -> None:
        """Step 1: the lowest score a pairing-allocated bye can go to (C.04.1 c, C2, C9):
        from the lowest score group up, whether everyone else can be paired when one
        eligible player of that score or lower is left out."""
        ctx, cards, n, m = self.ctx, self.cards, self.n, self.m
        everyone = m.alive_mask()
        for score in reversed(ctx.groups):
            m.set_bye_candidates(v for v in range(n) if self.weights.may_get_bye(cards[v], score))
            if m.complete(everyone) is not None:
                break
        else:
            self._no_pairing(everyone)
        ctx.bye_score = score
        top = cards[0].score
        if ctx.bye_score >= top:
            # The bye goes to a topscorer: is it the single downfloater (the other topscorers
            # paired among themselves, and everyone else among themselves)?
            tops = sum(1 << v for v in range(n) if cards[v].score >= top)
            ctx.single_downfloater_is_bye = (
                tops.bit_count() % 2 == 1
                and m.complete(tops) is not None
                and m.complete(everyone & ~tops) is not None
            )
        counts = sorted((c.played for c in cards if c.score == ctx.bye_score), reverse=True)
        ctx.unplayed_rank = {played: i for i, played in enumerate(counts)}

    def _no_pairing(self, mask: int) -> NoReturn:
        """Name the players who cannot all be paired (C1–C3 or the bye's C2)."""
        m = self.m
        if mask.bit_count() % 2:
            mask |= 1 << self.n
        found = m.graph.maximum_matching(mask)
        numbers = sorted(
            self.cards[v].number for v in range(self.n) if mask >> v & 1 and v not in found
        )
        raise NoValidPairingError(
            f"round {self.ctx.round} cannot be paired by the Dutch system without breaking "
            f"an absolute criterion (no rematch, no second bye, absolute colours): "
            f"players {', '.join(map(str, numbers))} cannot all be paired",
            numbers,
        )

    # -- the round ---------------------------------------------------------------------------

    def run(self) -> list[tuple[int, int]]:
        cards, n, m = self.cards, self.n, self.m
        m.top_shift = self.weights.top_shift
        adj = m.graph.adj
        for j in range(n):
            for i in range(j):
                if self.weights.compatible(cards[i], cards[j]):
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
        if n % 2:
            self._bye_search()
            m.set_bye_candidates(v for v in range(n) if self.weights.candidate(cards[v]))
        elif m.complete(m.alive_mask()) is None:
            self._no_pairing(m.alive_mask())
        self.weights.prepare()
        #: The window shortcut needs every edge outside the window to score nothing below
        #: the completion field; C9's field scores on all edges while the bye is the single
        #: downfloater.
        self.windows = not self.ctx.single_downfloater_is_bye
        for j in range(n):
            for i in range(j):
                m.set(i, j, self._edge(i, j, False, False))

        # Score groups as (first vertex, end vertex).
        starts = [0] + [v for v in range(1, n) if cards[v].score != cards[v - 1].score]
        spans = [(s, e) for s, e in zip(starts, [*starts[1:], n], strict=True)]
        m.pair_up(*(range(s, e) for s, e in spans))
        carried: list[int] = []  # moved-down players, in order
        g = 0
        while g < len(spans) or len(carried) > 1:
            if g >= len(spans):
                break
            res_begin, res_end = spans[g]
            nxt = spans[g + 1] if g + 1 < len(spans) else (res_end, res_end)
            carried = self._bracket(carried, res_begin, res_end, nxt)
            g += 1
        if len(carried) > 1:  # pragma: no cover - the completion check prevents this
            raise NoValidPairingError("the Dutch pairing left several players unpaired", [])
        return self.settled

    def _bracket(
        self, mdps: list[int], res_begin: int, res_end: int, nxt: tuple[int, int]
    ) -> list[int]:
        cards, m = self.cards, self.m
        residents = list(range(res_begin, res_end))
        nexts = list(range(*nxt))
        members = mdps + residents
        low = self.ctx.pair_width  # one sub-field of the ordering bits
        score = cards[res_begin].score
        ctx = self.ctx
        m.pair_up(members, nexts)
        # Optimise over this bracket and the next only (``_Matcher``), unless the bye's
        # choice among the players below matters here: C9, or whether the bye will be the
        # single downfloater of the next bracket (``_finish``).
        m.window = (
            members + nexts
            if self.windows
            and nexts
            and not ctx.single_downfloater_is_bye
            and (self.n % 2 == 0 or ctx.bye_score < cards[nexts[0]].score)
            else None
        )

        # Quality fields for the edges into the bracket and into the next one.
        base: dict[tuple[int, int], int] = {}
        everyone = members + nexts
        for pos, j in enumerate(everyone):
            if pos < len(mdps):
                continue
            in_cur = j < res_end
            for i in everyone[:pos]:
                w = self._edge(i, j, in_cur, not in_cur)
                base[i, j] = w
                m.set(i, j, w)
        taken: set[int] = set()
        mdp_pairs = []
        if not mdps:
            mate = m.solve()
        else:
            # Which MDPs are paired here (C5/C6; the highest first) and against whom (the
            # highest resident first), as one lexicographic optimisation: selection bits
            # above one priority field per MDP, in MDP order.
            width = _bits(len(residents) + 1)
            count = len(mdps)
            low_part = count * width
            bonus: dict[tuple[int, int], int] = {}
            selects: list[_Choice] = []
            prios: list[_Choice] = []
            for i, v in enumerate(mdps):
                select = 1 << (low_part + count - 1 - i)
                selects.append((v, {}))
                prios.append((v, {}))
                for r in residents:
                    if base.get((v, r), 0):
                        prio = (res_end - r) << (width * (count - 1 - i))
                        bonus[v, r] = select + prio
                        selects[-1][1][r] = 1
                        prios[-1][1][r] = res_end - r
            mate = m.solve(low_part + count, bonus, selects + prios)
            for v in mdps:
                r = mate[v]
                if res_begin <= r < res_end:
                    taken.update((v, r))
                    mdp_pairs.append((v, r))
                    self._settle(v, r)

        # The remainder (C.04.3 2.3): S1 and S2, exchanges, then transpositions.
        remainder = [r for r in residents if r not in taken]
        pairs_here = sum(1 for r in remainder if mate[r] < r and mate[r] >= res_begin)
        s1_size = pairs_here
        pos_of = {v: i for i, v in enumerate(remainder)}
        m.pair_up(remainder[: 2 * s1_size])

        def ordered(i: int, j: int) -> int:
            w = base.get((i, j), 0)
            if not w:
                return 0
            idx = pos_of[i]
            return w + ((((idx < s1_size) << (2 * low)) - idx) << 1)

        for a_pos, a in enumerate(remainder):
            for b in remainder[a_pos + 1 :]:
                m.set(a, b, ordered(a, b))
        # Optimistically the transpositions too: when no exchange is needed, S1 is the
        # first half and the same optimum already pairs it in the rules' order.
        width = _bits(len(remainder) + 1)
        shift = width * max(s1_size, 1)
        bonus = {}
        choices: list[_Choice] = []
        for i, a in enumerate(remainder[:s1_size]):
            choices.append((a, {}))
            for b in remainder[i + 1 :]:
                if base.get((a, b), 0):
                    bonus[a, b] = (len(remainder) - pos_of[b]) << (width * (s1_size - 1 - i))
                    choices[-1][1][b] = len(remainder) - pos_of[b]
        mate = m.solve(shift, bonus, choices)

        def higher(v: int) -> bool:
            return v < mate[v] < res_end

        exchanges = sum(1 for v in remainder[:s1_size] if not higher(v))
        if not exchanges:
            rem_pairs = [(a, mate[a]) for a in remainder[:s1_size]]
            for a, b in rem_pairs:
                taken.update((a, b))
                self._settle(a, b)
            left = [v for v in remainder if v not in taken]
            for i, a in enumerate(left):
                for b in left[i + 1 :]:
                    m.set(a, b, 0)  # they float together: no pair among them later
            return self._finish(score, mdps, residents, nexts, mdp_pairs, rem_pairs, 0, mate)
        remaining = exchanges
        out_of_s1: list[int] = []
        for idx in range(s1_size - 1, -1, -1):
            if not remaining:
                break
            v = remainder[idx]
            later = remainder[idx + 1 :]
            if higher(v):
                for b in later:
                    w = ordered(v, b)
                    if w:
                        m.set(v, b, w - 1)
                mate = m.solve()
            moved = not higher(v)
            remaining -= moved
            if moved:
                out_of_s1.append(v)
            for b in later:
                if moved:
                    base[v, b] = 0
                m.set(v, b, ordered(v, b))
        remaining = exchanges
        into_s1: list[int] = []
        for idx in range(s1_size, len(remainder)):
            if remaining <= 1:
                break
            v = remainder[idx]
            later = remainder[idx + 1 :]
            already = higher(v)
            if not already:
                for b in later:
                    w = ordered(v, b)
                    if w:
                        m.set(v, b, w + 1)
                mate = m.solve()
            if higher(v):
                remaining -= 1
                into_s1.append(v)
                for a in remainder[:idx]:
                    base[a, v] = 0
                    m.set(a, v, 0)
                for b in nexts:
                    base[v, b] = 0
                    m.set(v, b, 0)
            if not already:
                for b in later:
                    m.set(v, b, ordered(v, b))
        for a_pos, a in enumerate(remainder):
            for b in remainder[a_pos + 1 :]:
                if not higher(a) or higher(b):
                    base[a, b] = 0
                m.set(a, b, base.get((a, b), 0))

        # Each S1 player, from the top, gets the highest S2 player the optimum allows.
        tops = [a for a in remainder if a not in taken and higher(a)]
        shift = width * max(len(tops), 1)
        bonus = {}
        choices = []
        for i, a in enumerate(tops):
            choices.append((a, {}))
            for b in remainder:
                if b > a and base.get((a, b), 0):
                    bonus[a, b] = (len(remainder) - pos_of[b]) << (width * (len(tops) - 1 - i))
                    choices[-1][1][b] = len(remainder) - pos_of[b]
        mate = m.solve(shift, bonus, choices)
        rem_pairs = [(a, mate[a]) for a in tops]
        for a, b in rem_pairs:
            taken.update((a, b))
            self._settle(a, b)
        return self._finish(score, mdps, residents, nexts, mdp_pairs, rem_pairs, exchanges, mate)

    def _finish(
        self,
        score: Fraction,
        mdps: list[int],
        residents: list[int],
        nexts: list[int],
        mdp_pairs: list[tuple[int, int]],
        rem_pairs: list[tuple[int, int]],
        exchanges: int,
        mate: Sequence[int],
    ) -> list[int]:
        """Who moves down, and whether the bye is still the single downfloater (C9)."""
        ctx, cards = self.ctx, self.cards
        paired = {v for pair in (*mdp_pairs, *rem_pairs) for v in pair}
        floaters = [v for v in (*mdps, *residents) if v not in paired]
        if nexts:
            nscore = cards[nexts[0]].score
            single = self.n % 2 == 1 and ctx.bye_score >= nscore
            for v in floaters + nexts:
                if single and cards[mate[v]].score < nscore:
                    single = False
            ctx.single_downfloater_is_bye = single
        else:
            ctx.single_downfloater_is_bye = False
        self._explain(score, mdps, residents, mdp_pairs, rem_pairs, floaters, exchanges, not nexts)
        return floaters

    def _settle(self, a: int, b: int) -> None:
        self.settled.append((a, b))
        self.m.settle(a, b)

    def _explain(
        self,
        score: Fraction,
        mdps: list[int],
        residents: list[int],
        mdp_pairs: list[tuple[int, int]],
        rem_pairs: list[tuple[int, int]],
        floaters: list[int],
        exchanges: int,
        last: bool,
    ) -> None:
        num = [c.number for c in self.cards]
        parts = [
            f"bracket {format_points(score)}: {len(residents)} resident(s)"
            + (f", {len(mdps)} moved down ({', '.join(str(num[v]) for v in mdps)})" if mdps else "")
        ]
        if mdps:
            parts.append(
                f"C5/C6: {len(mdp_pairs)} moved-down player(s) paired"
                + (
                    " (" + ", ".join(f"{num[a]}–{num[b]}" for a, b in mdp_pairs) + ")"
                    if mdp_pairs
                    else ""
                )
            )
        parts.append(f"remainder: {len(rem_pairs)} pair(s)")
        if exchanges:
            parts.append(f"4.3: {exchanges} exchange(s) between S1 and S2")
        games = [(self.cards[a], self.cards[b]) for a, b in (*mdp_pairs, *rem_pairs)]
        clashes = sum(
            1 for a, b in games if a.preference is not None and a.preference == b.preference
        )
        if clashes:
            parts.append(f"C12: {clashes} colour preference(s) could not be granted")
        again = sum(
            (a.floats[0] is Float.DOWN) + (b.floats[0] is Float.UP)
            for a, b in games
            if a.score > b.score
        )
        if again:
            parts.append(f"C14/C15: {again} player(s) float again after floating last round")
        if floaters and last:
            parts.append(
                "C2/C9: pairing-allocated bye to " + ", ".join(str(num[v]) for v in floaters)
            )
        elif floaters:
            parts.append("C4/C7: moves down " + ", ".join(str(num[v]) for v in floaters))
        self.explanation.append("; ".join(parts))


# --------------------------------------------------------------------------- colours


def _last_difference(a: Card, b: Card) -> tuple[Colour | None, Colour | None]:
    """The two players' colours in the latest of their played games (counted back from the
    last) in which they differed."""
    for x, y in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if x is not y:
            return x, y
    return None, None


def _colour_of(ctx: _Context, p: Card, q: Card) -> Colour:
    """The colour ``p`` gets against ``q`` (C.04.3 article 5)."""
    pp, qp = p.preference, q.preference
    if pp is None or qp is None or pp is not qp:
        if pp is not None:
            return pp
        if qp is not None:
            return qp.opposite
    else:
        if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
            return pp
        if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
            return qp.opposite
        if p.strong and not q.strong:
            return pp
        if q.strong and not p.strong:
            return qp.opposite
        mine, theirs = _last_difference(p, q)
        if mine is not None and theirs is not None:
            return theirs
    p_higher = (p.score, -p.rank) > (q.score, -q.rank)
    if pp is None:
        if p_higher:
            return ctx.initial.opposite if p.rank % 2 else ctx.initial
        return ctx.initial if q.rank % 2 else ctx.initial.opposite
    return pp if p_higher or qp is None else qp.opposite


# --------------------------------------------------------------------------- the system


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


@dataclass(frozen=True, slots=True)
class DutchSystem:
    """FIDE (Dutch) system, C.04.3 (2026), with C.04.1/C.04.2 and Baku acceleration C.04.5."""

    name: str = "dutch"
    title: str = "FIDE Dutch Swiss system (hollandsk schweizersystem, FIDE C.04.3, 2026)"
    accepts_late_entries: bool = True
    default_scoring: Scoring = field(default_factory=Scoring)

    def check_settings(self, settings: Mapping[str, SettingValue]) -> None:
        check_known_settings(self.name, settings, {"baku": bool})

    def planned_rounds(self, tournament: Tournament) -> int | None:
        return tournament.number_of_rounds

    def as_checked(self, tournament: Tournament) -> Tournament:
        """The tournament as ``skak engine --check`` re-pairs it: the initial colour the lot
        gave (``XXC``, else read from round 1's colours), and — for a file without ``XXR`` —
        its rounds taken as all the rounds (the last-round rules of C.04.3 C3 need the total;
        a file being checked is a complete record)."""
        out = tournament
        if out.initial_colour is None and out.rounds:
            out = replace(out, initial_colour=_initial_colour(out))
        if out.number_of_rounds is None and out.rounds:
            out = replace(out, number_of_rounds=len(out.rounds))
        return out

    def pair(self, tournament: Tournament) -> Round:
        number = tournament.next_round
        cards = pairing_cards(tournament)
        byes = tuple(
            Bye(p.start_number, result)
            for p in tournament.players
            if not p.is_withdrawn(number) and (result := p.declared_bye(number)) is not None
        )
        if not cards:
            return Round(number, (), byes, ("nobody to pair",))
        ctx = _context(tournament, cards)
        pairer = _Pairer(ctx)
        if len(cards) == 1:
            settled: list[tuple[int, int]] = []
            if not cards[0].bye_eligible:
                pairer._no_pairing(1)
        else:
            settled = pairer.run()
        paired = {v for pair in settled for v in pair}
        games: list[tuple[Card, Card]] = []
        for a, b in settled:
            p, q = sorted((cards[a], cards[b]), key=lambda c: c.number)
            if _colour_of(ctx, p, q) is Colour.WHITE:
                games.append((p, q))
            else:
                games.append((q, p))
        bye = [cards[v] for v in range(len(cards)) if v not in paired]

        def board_key(game: tuple[Card, Card]) -> tuple[Fraction, Fraction, int]:
            hi, lo = sorted(game, key=lambda c: (-c.raw_score, c.rank))
            return (-hi.raw_score, -lo.raw_score, hi.rank)

        games.sort(key=board_key)
        pairings = [Pairing(i, w.number, b.number) for i, (w, b) in enumerate(games, start=1)]
        pairings += [Pairing(len(pairings) + 1, c.number, None, Result.PAIRING_BYE) for c in bye]
        return Round(number, tuple(pairings), byes, tuple(pairer.explanation))


SYSTEM = DutchSystem()
