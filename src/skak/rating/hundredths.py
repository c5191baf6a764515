"""The DSU rating result in whole numbers: the fast path of :func:`skak.rating.calc.calculate`
and of a season's replay (:mod:`skak.rating.season`).

The common tournament — every player rated, every game played over the board, the difference
method — needs no ``Fraction`` but for a crossed coefficient limit: a score is a number of
half points, table 1's expected score a number of hundredths (§2.1 rounds their sum to 0.05),
the bonus and ``K × (W − We + B)`` hundredths too. Everything a rule-set and its settings fix
is worked out once per rule-set (:class:`Plan`): K and the nearest coefficient limits by
rating, the bonus offset by number of games, and one table that gives, for a game's rating
difference and result, what it adds to each player's count of games, half points and
expected hundredths, packed into one integer (:data:`_GAMES_BITS`). A game then costs two
look-ups and two additions; the players of a tournament are worked out one by one as
:func:`skak.rating.calc.calculate_reference` does, and give the same numbers and notes
(``tests/rating/test_fast_path.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import TypeVar

from skak.messages import N_, Message
from skak.rating.rules import RatingSettings, RuleSet
from skak.rating.tables import expected_hundredths

__all__ = [
    "HIGHEST",
    "MAX_GAMES",
    "Plan",
    "Row",
    "corrected",
    "limit_correction",
    "packed_games",
    "plan_for",
    "rate",
    "results",
]

#: A player's key (his id, or his DSU number).
P = TypeVar("P", bound=Hashable)

#: The fast path covers ratings 0 … HIGHEST (others take the reference path).
HIGHEST = 4000
#: A player's packed count: his games in the lowest bits, his expected hundredths (at most
#: 100 a game) above them, his half points at the top, so that the greatest count has the
#: top score. A tournament of fewer than MAX_GAMES games cannot overflow a field.
_GAMES_BITS = 20
_EXPECTED_AT = _GAMES_BITS
_HALVES_AT = _GAMES_BITS + 28
_GAMES_MASK = (1 << _GAMES_BITS) - 1
_EXPECTED_MASK = (1 << (_HALVES_AT - _EXPECTED_AT)) - 1
MAX_GAMES = 1 << (_GAMES_BITS - 1)
#: Past any new rating: no coefficient limit on that side.
_FAR = 10**15

#: A player's rating result: (games, score in half points, expected score in hundredths,
#: bonus in hundredths, K, the change ``K × (W − We + B)`` in hundredths (0 after §2.5),
#: new rating, notes).
Row = tuple[int, int, int, int, int, int, int, tuple[str, ...]]

_WINNER_NOTE = N_("group winner below expectation: no change (§2.5)")
_LIMIT_NOTE = N_("corrected for a crossed coefficient limit (§2.4)")
_NO_GAMES_NOTE = N_("no rated games")


def _floor_note(floor: int) -> Message:
    return N_("raised to the floor {floor} (§2.6)", floor=floor)


def _packed_games() -> tuple[tuple[int, int], ...]:
    """For ``3 × (white's rating − black's + HIGHEST) + white's half points``: what the game
    adds to white's and to black's packed count."""
    out = []
    for diff in range(-HIGHEST, HIGHEST + 1):
        white = expected_hundredths(diff, 0)
        for halves in (0, 1, 2):
            out.append(
                (
                    (halves << _HALVES_AT) | (white << _EXPECTED_AT) | 1,
                    ((2 - halves) << _HALVES_AT) | ((100 - white) << _EXPECTED_AT) | 1,
                )
            )
    return tuple(out)


_PACKED: tuple[tuple[int, int], ...] = ()


class Plan:
    """A rule-set and its settings worked out for the fast path (see the module)."""

    __slots__ = (
        "_beyond",
        "_last",
        "floor",
        "k",
        "lower",
        "offset",
        "rules",
        "settings",
        "steps",
        "upper",
    )

    def __init__(self, rules: RuleSet, settings: RatingSettings, rapid_or_blitz: bool) -> None:
        self.rules = rules
        self.settings = settings
        self.floor = rules.rapid_blitz_floor if rapid_or_blitz else rules.floor
        #: K by rating (§2.3)
        self.k = tuple(rules.k(r) for r in range(HIGHEST + 1))
        limits = rules.limits
        #: each coefficient limit with K above and below it
        self.steps = tuple((x, rules.k(x), rules.k(x - 1)) for x in limits)
        #: by rating, in hundredths: the lowest limit above it, the highest it reaches
        #: (§2.4 applies when the new rating passes one of them)
        self.upper = tuple(
            min((100 * x for x in limits if x > r), default=_FAR) for r in range(HIGHEST + 1)
        )
        self.lower = tuple(
            max((100 * x for x in limits if x <= r), default=-_FAR) for r in range(HIGHEST + 1)
        )
        offsets = []
        for o in rules.bonus_offsets:
            if (o * 100).denominator != 1:  # pragma: no cover - the editions' are half points
                raise ValueError(f"bonus offset {o} has more than two decimals")
            offsets.append(int(o * 100))
        #: §2.2's offset by number of games, 0 … 11 (:meth:`bonus_offset` beyond)
        self.offset: tuple[int, ...] = tuple(
            offsets[0] if n <= 5 else offsets[(n - 4) // 2] for n in range(12)
        )
        self._beyond = settings.bonus_beyond_eleven == "continue"
        self._last = offsets[3]

    def bonus_offset(self, games: int) -> int | None:
        """§2.2's offset in hundredths for ``games`` games (``None``: no bonus)."""
        if games < 12:
            return self.offset[games]
        return self._last + 50 * ((games - 10) // 2) if self._beyond else None


_PLANS: dict[tuple[int, RatingSettings, bool], Plan] = {}


def plan_for(rules: RuleSet, settings: RatingSettings, rapid_or_blitz: bool) -> Plan:
    """The rule-set worked out once (a rule-set is never changed; one made anew is worked out
    anew)."""
    key = (id(rules), settings, rapid_or_blitz)
    plan = _PLANS.get(key)
    if plan is None or plan.rules is not rules:
        plan = _PLANS[key] = Plan(rules, settings, rapid_or_blitz)
    return plan


def packed_games() -> tuple[tuple[int, int], ...]:
    """For ``3 × (white's rating − black's + HIGHEST) + white's half points``: what the game
    adds to white's and to black's packed count (made once)."""
    global _PACKED
    if not _PACKED:
        _PACKED = _packed_games()
    return _PACKED


def rate(
    players: Sequence[P],
    rating: dict[P, int],
    games: Iterable[tuple[P, P, int]],
    plan: Plan,
    first_place: Collection[P] | None = None,
) -> list[Row]:
    """Every player's :data:`Row`, in the order of ``players``.

    ``rating`` holds every player's rating (0 … :data:`HIGHEST`), ``games`` (white, black,
    white's score in half points) every rated game, all played over the board, fewer than
    :data:`MAX_GAMES`. The group winners of §2.5 are ``first_place``, else the players level
    on the top score.
    """
    packed = packed_games()
    start = 3 * HIGHEST
    count: dict[P, int] = dict.fromkeys(players, 0)
    for white, black, halves in games:
        to_white, to_black = packed[3 * (rating[white] - rating[black]) + halves + start]
        count[white] += to_white
        count[black] += to_black
    return results(players, rating, count, plan, first_place)


def results(
    players: Sequence[P],
    rating: dict[P, int],
    count: dict[P, int],
    plan: Plan,
    first_place: Collection[P] | None = None,
) -> list[Row]:
    """:func:`rate` from each player's packed count of games, half points and expected
    hundredths (the sum of :func:`packed_games`' entries of his games; none: no games)."""
    top = max(count.values(), default=0) >> _HALVES_AT  # the group winners' score
    k_of, upper, lower, floor_hundredths = plan.k, plan.upper, plan.lower, 100 * plan.floor
    offsets = plan.offset
    out: list[Row] = []
    for p in players:
        v = count.get(p, 0)
        old = rating[p]
        k = k_of[old]
        n = v & _GAMES_MASK
        if not n:
            out.append((0, 0, 0, 0, k, 0, old, (_NO_GAMES_NOTE,)))
            continue
        w = 50 * (v >> _HALVES_AT)
        we = 5 * ((2 * ((v >> _EXPECTED_AT) & _EXPECTED_MASK) + 5) // 10)  # §2.1: to 0.05, up
        offset = offsets[n] if n < 12 else plan.bonus_offset(n)
        b = 0 if offset is None or w - we <= offset else w - we - offset
        change = k * (w - we + b)
        notes: tuple[str, ...] = ()
        if (
            change < 0
            and w < we
            and (v >> _HALVES_AT == top if first_place is None else p in first_place)
        ):
            change = 0
            notes = (_WINNER_NOTE,)
        value = 100 * old + change
        if value > upper[old] or value < lower[old]:
            new, notes = _past_a_limit(old, value, plan, notes)
        elif value < floor_hundredths:
            new = plan.floor
            notes = (*notes, _floor_note(plan.floor))
        else:
            new = (value + 50) // 100
        out.append((n, w, we, b, k, change, new, notes))
    return out


def limit_correction(old: int, new: Fraction, rules: RuleSet, s: RatingSettings) -> Fraction:
    """§2.4: past a coefficient limit, the part beyond it counts by the ratio of the K values
    on each side (2400: ½ up, 2 down; 2000 and 1600: ⅔ up, 3/2 down)."""
    value = new
    limits = rules.limits
    crossed = 0
    if new > old:
        for limit in limits:
            if old < limit < value and (crossed == 0 or s.several_limits == "piecewise"):
                ratio = Fraction(rules.k(limit), rules.k(limit - 1))
                value = limit + ratio * (value - limit)
                crossed += 1
    elif new < old:
        for limit in reversed(limits):
            if value < limit <= old and (crossed == 0 or s.several_limits == "piecewise"):
                ratio = Fraction(rules.k(limit - 1), rules.k(limit))
                value = limit - ratio * (limit - value)
                crossed += 1
    return value


def corrected(old: int, hundredths: int, plan: Plan) -> tuple[int, int]:
    """:func:`limit_correction` of a new rating of ``hundredths`` from ``old`` in whole
    numbers: the corrected rating's numerator and denominator (the ratios divide)."""
    piecewise = plan.settings.several_limits == "piecewise"
    num, den = hundredths, 100
    crossed = False
    if hundredths > 100 * old:
        for limit, above, below in plan.steps:
            if old < limit and limit * den < num and (piecewise or not crossed):
                num, den = limit * den * below + above * (num - limit * den), den * below
                crossed = True
    elif hundredths < 100 * old:
        for limit, above, below in reversed(plan.steps):
            if num < limit * den and limit <= old and (piecewise or not crossed):
                num, den = limit * den * above - below * (limit * den - num), den * above
                crossed = True
    return num, den


def _past_a_limit(
    old: int, hundredths: int, plan: Plan, notes: tuple[str, ...]
) -> tuple[int, tuple[str, ...]]:
    """§2.4 and §2.6 for a new rating past a coefficient limit, and the notes they make."""
    num, den = corrected(old, hundredths, plan)
    if 100 * num != hundredths * den:
        notes = (*notes, _LIMIT_NOTE)
    if num < plan.floor * den:
        return plan.floor, (*notes, _floor_note(plan.floor))
    return (2 * num + den) // (2 * den), notes
