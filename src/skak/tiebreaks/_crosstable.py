"""Each player's rounds as tie-breaks see them: a crosstable (krydstabel) of round records.

Every tie-break reads a :class:`Crosstable`: for every player and every round up to the
standings' round, one :class:`RoundRecord` saying what the round was (a game, a forfeit, a bye
of some kind), against whom, with which colour, for how many points, and with which result
on the 1–½–0 scale. A round in which a player has no entry at all (before a late entry, after
a withdrawal) counts as a zero-point bye, as C.07 Art. 16.1.1 says of rounds after a
withdrawal; so does a Swiss-type game two withdrawn players are listed to have lost both
(Monrad 4.9.1).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from fractions import Fraction
from operator import itemgetter
from typing import Any, NamedTuple, TypeVar

from skak.errors import InputError
from skak.messages import N_
from skak.model.games import Entry
from skak.model.player import Player
from skak.model.results import HALF, Colour, Result, Scoring, gladiator_decision, gladiator_points
from skak.model.tournament import ROUND_ROBIN_SYSTEMS, Tournament, is_round_robin
from skak.tiebreaks._editions import SELF_DRAW_LAST_DAY, Edition, edition_for

__all__ = [
    "RATING_KINDS",
    "ROUND_ROBIN_SYSTEMS",
    "Crosstable",
    "Kind",
    "RoundRecord",
    "crosstable",
    "is_round_robin",
]

T = TypeVar("T")

RATING_KINDS = ("fide", "dsu", "dsu_rapid", "dsu_blitz")


class Kind(enum.Enum):
    """What one round was for one player."""

    GAME = "game"  # over the board, also unrated (W/D/L), unfinished or still without result
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"  # also each side of a double forfeit
    PAIRING_BYE = "pairing-allocated bye"
    FULL_BYE = "full-point bye"
    HALF_BYE = "half-point bye"
    ZERO_BYE = "zero-point bye"  # also an absence and a round without any entry

    def __repr__(self) -> str:
        return f"Kind.{self.name}"

    @property
    def is_forfeit(self) -> bool:
        return self in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)

    @property
    def is_requested_bye(self) -> bool:
        """C.07 Art. 16.1.1: a half- or zero-point bye (any round after a withdrawal too)."""
        return self in (Kind.HALF_BYE, Kind.ZERO_BYE)

    @property
    def is_vur(self) -> bool:
        """C.07 Art. 16.1.2: a voluntarily unplayed round — a requested bye or a forfeit loss."""
        return self.is_requested_bye or self is Kind.FORFEIT_LOSS


class RoundRecord(NamedTuple):
    """One player's round: ``opponent`` is the scheduled opponent of a game or forfeit.

    ``points`` are the points awarded under the tournament's scoring; ``result`` is the same
    outcome on the 1–½–0 scale (win, draw, loss), ``None`` for a game without a result yet.

    An immutable named tuple, not a frozen dataclass: a crosstable makes one for every player
    and round (11 000 for a big open), and a tuple is made in a fraction of the time.
    """

    round: int
    kind: Kind
    opponent: int | None
    colour: Colour | None
    points: Fraction
    result: Fraction | None

    @property
    def is_game(self) -> bool:
        return self.kind is Kind.GAME

    @property
    def has_opponent(self) -> bool:
        return self.opponent is not None


@dataclass(frozen=True, eq=False)
class Crosstable:
    """The input of every tie-break: the rounds up to ``rounds`` and how to read them.

    ``total_rounds`` is the tournament's planned number of rounds (its last round is the
    "final round" of Fore Buchholz); ``rating_kind`` names the rating rating-based tie-breaks
    use (``fide``, ``dsu``, ``dsu_rapid``, ``dsu_blitz``).

    ``unit`` is the scoring's smallest unit as a denominator (2 for half points, 4 for
    quarter points, 1 for 3-1-0): every round's points are a whole number of units, so the
    sums tie-breaks add up are exact integers (:meth:`units_of`), and a value becomes a
    :class:`~fractions.Fraction` once, when it is given out (issue 24). ``units`` is each
    player's score in those units (``score`` the same as fractions).
    """

    tournament: Tournament
    rounds: int
    total_rounds: int
    round_robin: bool
    edition: Edition
    rating_kind: str
    records: Mapping[int, tuple[RoundRecord, ...]]
    score: Mapping[int, Fraction]
    unit: int = 2
    units: Mapping[int, int] = field(default_factory=dict)
    _memo: dict[Any, Any] = field(default_factory=dict, repr=False)

    def units_of(self, points: Fraction) -> int:
        """``points`` as a whole number of the crosstable's units.

        :raises ValueError: when ``points`` is no whole number of units.
        """
        whole, rest = divmod(points.numerator * self.unit, points.denominator)
        if rest:
            raise ValueError(f"{points} is not a whole number of 1/{self.unit} points")
        return whole

    def record_units(self, player: int) -> tuple[int, ...]:
        """The points of each of ``player``'s rounds in units."""
        known: tuple[int, ...] | None = self._memo.get(("record-units", player))
        if known is not None:
            return known
        return self.memo(
            ("record-units", player),
            lambda: tuple(self.units_of(r.points) for r in self.records[player]),
        )

    def record_halves(self, player: int) -> tuple[int | None, ...]:
        """The result of each of ``player``'s rounds in half points (2, 1, 0; ``None``: no
        result yet)."""
        known: tuple[int | None, ...] | None = self._memo.get(("record-halves", player))
        if known is not None:
            return known
        return self.memo(
            ("record-halves", player),
            lambda: tuple(_halves(r.result) for r in self.records[player]),
        )

    def fraction(self, units: int, scale: int = 1) -> Fraction:
        """``units`` (of ``scale`` × the unit: 2 for a product with a result in halves)
        as points; each value made once (many players share a value)."""
        made: dict[tuple[int, int], Fraction] | None = self._memo.get("fractions")
        if made is None:
            made = self._memo["fractions"] = {}
        value = made.get((units, scale))
        if value is None:
            value = made[units, scale] = Fraction(units, self.unit * scale)
        return value

    def only_games(self) -> frozenset[int]:
        """The players each of whose rounds was a game (:attr:`Kind.GAME`): most of a big
        open's, whose sums need no stand-ins."""

        def make() -> frozenset[int]:
            game = Kind.GAME
            return frozenset(
                n for n, rs in self.records.items() if list(map(_kind, rs)).count(game) == len(rs)
            )

        return self.memo("only-games", make)

    def fractions(self, units: Mapping[int, int], scale: int = 1) -> dict[int, Fraction | None]:
        """:meth:`fraction` of every player's ``units`` (a tie-break's values)."""
        made: dict[tuple[int, int], Fraction] | None = self._memo.get("fractions")
        if made is None:
            made = self._memo["fractions"] = {}
        out: dict[int, Fraction | None] = {}  # (a tie-break's values)
        for player, whole in units.items():
            value = made.get((whole, scale))
            if value is None:
                value = made[whole, scale] = Fraction(whole, self.unit * scale)
            out[player] = value
        return out

    @property
    def scoring(self) -> Scoring:
        return self.tournament.scoring

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(self.records)

    def player(self, number: int) -> Player:
        return self.tournament.player(number)

    def rating(self, number: int) -> int | None:
        return self.tournament.player(number).rating(self.rating_kind)

    def memo(self, key: Any, make: Callable[[], T]) -> T:
        """A value derived from this crosstable, computed once (values of each tie-break)."""
        if key not in self._memo:
            self._memo[key] = make()
        value: T = self._memo[key]
        return value

    def with_records(
        self,
        records: Mapping[int, tuple[RoundRecord, ...]],
        key: str,
        rows: _Rows | None = None,
    ) -> Crosstable:
        """A variant of this crosstable with other records (Fore Buchholz's projection);
        ``rows``: their unit, points in units and results in halves, when already known."""
        return self.memo(
            ("variant", key),
            lambda: _made(
                self.tournament,
                self.rounds,
                self.total_rounds,
                self.round_robin,
                self.edition,
                self.rating_kind,
                records,
                rows,
            ),
        )


_kind = itemgetter(1)  # a round record's kind


def _made(
    tournament: Tournament,
    rounds: int,
    total_rounds: int,
    round_robin: bool,
    edition: Edition,
    rating_kind: str,
    records: Mapping[int, tuple[RoundRecord, ...]],
    rows: _Rows | None = None,
) -> Crosstable:
    """A crosstable of ``records``, its scores added up in the smallest unit.

    Each round's points in units and result in halves (:meth:`Crosstable.record_units`,
    :meth:`Crosstable.record_halves`) are worked out here for every player, once for each
    distinct value: the records share a few values (:func:`crosstable` makes each outcome's
    once). ``rows`` are those already worked out with the records (the unit and each
    player's two rows), when they were."""
    if rows is None:
        rows = _rows(tournament.scoring, records)
    unit, unit_rows, halves_rows = rows
    memo: dict[Any, Any] = {}
    units: dict[int, int] = {}
    score: dict[int, Fraction] = {}
    made: dict[int, Fraction] = {}
    for n, row in unit_rows.items():
        memo["record-units", n] = row
        memo["record-halves", n] = halves_rows[n]
        total = units[n] = sum(row)
        value = made.get(total)
        if value is None:
            value = made[total] = Fraction(total, unit)
        score[n] = value
    return Crosstable(
        tournament,
        rounds,
        total_rounds,
        round_robin,
        edition,
        rating_kind,
        records,
        score,
        unit,
        units,
        memo,
    )


#: A crosstable's unit, and each player's points of every round in units and results in
#: halves (:meth:`Crosstable.record_units`, :meth:`Crosstable.record_halves`).
_Rows = tuple[int, dict[int, tuple[int, ...]], dict[int, tuple[int | None, ...]]]


def _rows(scoring: Scoring, records: Mapping[int, tuple[RoundRecord, ...]]) -> _Rows:
    """:data:`_Rows` of ``records``, each distinct value worked out once."""
    points = {id(r.points): r.points for rs in records.values() for r in rs}
    results = {id(r.result): r.result for rs in records.values() for r in rs}
    unit = _lcm_unit(scoring, {p.denominator for p in points.values()})
    in_units = {i: p.numerator * unit // p.denominator for i, p in points.items()}
    in_halves = {i: _halves(r) for i, r in results.items()}
    return (
        unit,
        {n: tuple([in_units[id(r.points)] for r in rs]) for n, rs in records.items()},
        {n: tuple([in_halves[id(r.result)] for r in rs]) for n, rs in records.items()},
    )


def _halves(result: Fraction | None) -> int | None:
    """A result on the 1–½–0 scale in half points (2, 1, 0)."""
    return None if result is None else result.numerator * 2 // result.denominator


def smallest_unit(scoring: Scoring, records: Mapping[int, tuple[RoundRecord, ...]]) -> int:
    """The least common denominator of the scoring's points, of every round's points and
    of a half point (the 1–½–0 scale of results)."""
    return _lcm_unit(scoring, {r.points.denominator for rs in records.values() for r in rs})


def _lcm_unit(scoring: Scoring, denominators: set[int]) -> int:
    """:func:`smallest_unit` of the rounds' points with these denominators."""
    denominators = {2} | denominators
    for f in fields(scoring):
        value = getattr(scoring, f.name)
        if isinstance(value, Fraction):
            denominators.add(value.denominator)
    return math.lcm(*denominators)


def crosstable(
    tournament: Tournament,
    *,
    after_round: int | None = None,
    edition: Edition | str | None = None,
    round_robin: bool | None = None,
    rating: str | None = None,
) -> Crosstable:
    """The crosstable tie-breaks read, after ``after_round`` (default: every round so far).

    ``edition`` defaults to the edition in force on the tournament's last day (else its first
    day); ``round_robin`` to whether the pairing system is a round robin; ``rating`` to the
    DSU rating of the tournament's kind when any player has one, else the FIDE rating.

    :raises InputError: for a round number below 0, an unknown edition or rating kind, or the
        2010 annex's draw against oneself (F a) in a tournament after 1 July 2012.
    :raises NotFoundError: for a round not paired yet.
    """
    last = tournament.current_round if after_round is None else after_round
    if last < 0:
        raise InputError(
            N_("round {round} is not a round number (rounds count from 1)", round=last)
        )
    if last > tournament.current_round:
        tournament.round(last)  # :raises NotFoundError: naming the rounds there are
    day = tournament.end_date or tournament.start_date
    chosen = Edition.parse(edition) if isinstance(edition, str) else edition
    chosen = chosen or edition_for(day)
    if chosen is Edition.ANNEX_2010_SELF and day is not None and day > SELF_DRAW_LAST_DAY:
        raise InputError(
            "tie-break edition annex-2010-self (unplayed games as a draw against oneself, "
            f"004 annex 3 F a) may not be used after {SELF_DRAW_LAST_DAY}; this tournament "
            f"ends {day}"
        )
    kind = rating or _default_rating_kind(tournament)
    if kind not in RATING_KINDS:
        raise InputError(f"unknown rating kind {kind!r}; use one of {', '.join(RATING_KINDS)}")
    rr = is_round_robin(tournament, round_robin)
    records, rows = _records(tournament, last, rr)
    total = max(tournament.number_of_rounds or 0, last)
    return _made(tournament, last, total, rr, chosen, kind, records, rows)


def _records(
    tournament: Tournament, last: int, rr: bool
) -> tuple[dict[int, tuple[RoundRecord, ...]], _Rows | None]:
    """Each player's record of every round up to ``last``: his entries
    (:func:`~skak.model.games.entries_by_player`; of two in one round the later) as records,
    read off the rounds in one pass, each outcome worked out once (an entry without a
    play-off is one of a few: a bye or a game, its result and its colour), and with them
    their :data:`_Rows` in the unit of the tournament's scoring (``None`` when a round's
    points are no whole number of it: :func:`_made` works the unit out from the records)."""
    scoring = tournament.scoring
    unit = _lcm_unit(scoring, set())
    # by the outcome's identity (results are enum members, each one object): an enum
    # hashes its name in Python, an int in C. A game's outcome is white's and black's.
    games: dict[int, tuple[_Cached, _Cached]] = {}
    byes: dict[int, _Cached] = {}
    # each player's records, points in units and results in halves, round by round
    slots: dict[int, tuple[list[RoundRecord | None], list[int], list[int | None]]] = {
        p.start_number: ([None] * last, [0] * last, [0] * last) for p in tournament.players
    }
    whole = True  # every round's points a whole number of units
    new = tuple.__new__  # RoundRecord's own __new__ is a function of Python's
    white, black = Colour.WHITE, Colour.BLACK

    def cached(e: Entry) -> _Cached:
        nonlocal whole
        kind, points, value = _outcome(e, scoring)
        units, rest = divmod(points.numerator * unit, points.denominator)
        whole = whole and not rest
        return kind, points, value, units, _halves(value)

    def enter(
        number: int, player: int, opponent: int | None, colour: Colour | None, outcome: _Cached
    ) -> None:
        slot = slots.get(player)
        if slot is not None:
            kind, points, value, units, halves = outcome
            i = number - 1
            slot[0][i] = new(RoundRecord, (number, kind, opponent, colour, points, value))
            slot[1][i] = units
            slot[2][i] = halves

    for rnd in tournament.rounds:
        number = rnd.number
        if not 1 <= number <= last:
            continue
        i = number - 1
        for g in rnd.pairings:
            result = g.result
            if g.black is None:
                outcome = byes.get(id(result))
                if outcome is None:
                    outcome = byes[id(result)] = cached(Entry(number, g.white, None, None, result))
                enter(number, g.white, None, None, outcome)
            elif g.playoff or (not rr and result is Result.DOUBLE_FORFEIT):
                for player, opponent, colour in (
                    (g.white, g.black, white),
                    (g.black, g.white, black),
                ):
                    e = Entry(number, player, opponent, colour, result, None, g.playoff)
                    if player in slots and (rr or not _between_withdrawn(tournament, e)):
                        enter(number, player, opponent, colour, cached(e))
            else:  # a game: enter() written out for either player, as most rounds are
                pair = games.get(id(result))
                if pair is None:
                    pair = games[id(result)] = (
                        cached(Entry(number, 0, 0, white, result)),
                        cached(Entry(number, 0, 0, black, result)),
                    )
                a, b = g.white, g.black
                slot = slots.get(a)
                if slot is not None:
                    kind, points, value, units, halves = pair[0]
                    slot[0][i] = new(RoundRecord, (number, kind, b, white, points, value))
                    slot[1][i] = units
                    slot[2][i] = halves
                slot = slots.get(b)
                if slot is not None:
                    kind, points, value, units, halves = pair[1]
                    slot[0][i] = new(RoundRecord, (number, kind, a, black, points, value))
                    slot[1][i] = units
                    slot[2][i] = halves
        for by in rnd.byes:
            outcome = byes.get(id(by.result))
            if outcome is None:
                outcome = byes[id(by.result)] = cached(
                    Entry(number, by.player, None, None, by.result)
                )
            enter(number, by.player, None, None, outcome)
    records: dict[int, tuple[RoundRecord, ...]] = {}
    for n, (row, units_row, halves_row) in slots.items():
        if None in row:
            for i, r in enumerate(row):
                if r is None:
                    row[i] = _zero_bye(i + 1)
                    units_row[i] = 0
                    halves_row[i] = 0
        records[n] = tuple(row)  # type: ignore[arg-type]
    if not whole:
        return records, None
    return records, (
        unit,
        {n: tuple(slot[1]) for n, slot in slots.items()},
        {n: tuple(slot[2]) for n, slot in slots.items()},
    )


#: An outcome (:data:`_Outcome`) with its points in units and its result in halves.
_Cached = tuple["Kind", Fraction, Fraction | None, int, int | None]


def _zero_bye(number: int) -> RoundRecord:
    """A round without any entry (before a late entry, after a withdrawal)."""
    return RoundRecord(number, Kind.ZERO_BYE, None, None, _ZERO, _ZERO)


_ZERO = Fraction(0)


def _between_withdrawn(tournament: Tournament, e: Entry) -> bool:
    """A game both players had withdrawn from (udgået) before it, entered as lost by both:
    Monrad lists such games (4.9.1, "matches disse i resten af turneringen"), but for the
    tie-breaks of a Swiss-type tournament it is a round after a withdrawal, a zero-point bye
    (C.07 Art. 16.1.1), as when nothing is listed."""
    return (
        e.result is Result.DOUBLE_FORFEIT
        and e.opponent is not None
        and tournament.player(e.player).is_withdrawn(e.round)
        and tournament.player(e.opponent).is_withdrawn(e.round)
    )


def _default_rating_kind(tournament: Tournament) -> str:
    field_name = tournament.rated_kind.dsu_rating_field
    if any(p.rating(field_name) is not None for p in tournament.players):
        return field_name
    return "fide"


_BYE_KINDS = {
    Result.PAIRING_BYE: Kind.PAIRING_BYE,
    Result.FULL_BYE: Kind.FULL_BYE,
    Result.HALF_BYE: Kind.HALF_BYE,
    Result.ZERO_BYE: Kind.ZERO_BYE,
    Result.ABSENT: Kind.ZERO_BYE,
}


#: What one entry was (its kind, points and result on the 1–½–0 scale), apart from its
#: round, opponent and colour.
_Outcome = tuple[Kind, Fraction, Fraction | None]


def _outcome(e: Entry, scoring: Scoring) -> _Outcome:
    points = e.points(scoring)
    if e.opponent is None:
        kind = _BYE_KINDS[e.result] if e.result is not None else Kind.ZERO_BYE
        return kind, points, _unplayed_result(points, scoring)
    white = e.colour is Colour.WHITE
    if (
        e.result is not None
        and gladiator_points(e.result, e.colour or Colour.WHITE, e.playoff, scoring) is not None
    ):
        # Gladiator (4.9.8): the winner of the round's games (the play-off of a drawn game,
        # or several ordinary games) has won the round; until it is decided the game has no
        # result yet.
        winner = gladiator_decision(e.result, e.playoff, scoring)
        return Kind.GAME, points, None if winner is None else Fraction(int(winner is e.colour))
    match e.result:
        case Result.WHITE_FORFEIT_WIN | Result.BLACK_FORFEIT_WIN:
            won = (e.result is Result.WHITE_FORFEIT_WIN) == white
            kind = Kind.FORFEIT_WIN if won else Kind.FORFEIT_LOSS
            return kind, points, Fraction(1 if won else 0)
        case Result.DOUBLE_FORFEIT:
            return Kind.FORFEIT_LOSS, points, Fraction(0)
        case Result.WHITE_WIN | Result.BLACK_WIN:
            won = (e.result is Result.WHITE_WIN) == white
            return Kind.GAME, points, Fraction(1 if won else 0)
        case Result.DRAW:
            return Kind.GAME, points, HALF
        case _:
            return Kind.GAME, points, None


def _unplayed_result(points: Fraction, scoring: Scoring) -> Fraction:
    """C.07 Art. 16.3.1: the result (win, draw, loss) that corresponds to the points awarded."""
    if points == scoring.draw:
        return HALF
    return Fraction(1) if points > scoring.draw else Fraction(0)
