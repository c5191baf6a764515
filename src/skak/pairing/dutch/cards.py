"""The pairing cards of the Dutch system (C.04.3 1.2, 1.4, 1.7): each player's score with
acceleration (``XXA`` or the Baku method, C.04.5), floats, colour history and preference, and
the initial colour of the tournament (C.04.2 D, ``XXC``)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Literal

from skak.errors import InputError
from skak.model.games import Entry, colour_history, entries_by_player
from skak.model.results import Colour, Result, Scoring
from skak.model.tournament import Tournament
from skak.pairing.settings import Settings, setting

__all__ = ["Card", "DutchSettings", "Float", "pairing_cards"]


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


@dataclass(frozen=True)
class DutchSettings(Settings):
    """The Dutch system's settings."""

    baku: bool = setting(False, "yes or no (Baku acceleration, C.04.5)")
    #: ``skak new`` writes ``dsu`` unless told otherwise; a tournament without the setting
    #: (imported from a file, or stored by a skak before it existed) keeps its numbers.
    initial_ranking: Literal["dsu", "fide", "as-entered"] = setting(
        "as-entered",
        "'dsu' or 'fide' (before round 1 the players are numbered by that rating, then title, "
        "then name: the initial ranking of C.04.2) or 'as-entered' (the start numbers are the "
        "initial ranking already)",
    )


def _accelerations(t: Tournament) -> dict[int, dict[int, Fraction]]:
    """Fictitious points per player and round (``XXA``, or the Baku method C.04.5)."""
    out = {p.start_number: dict(p.accelerations) for p in t.players}
    if not DutchSettings.of(t).baku:
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

    # An entry's points depend on its result, colour and play-off only: worked out once
    # per kind of entry.
    kinds: dict[tuple[object, ...], Fraction] = {}

    def points(e: Entry) -> Fraction:
        key = (e.result, e.colour, e.playoff)
        got = kinds.get(key)
        if got is None:
            got = kinds[key] = _round_points(e, scoring)
        return got

    # Scores as whole numbers of ``unit`` (the least common denominator of every round's
    # points and acceleration; a sum of two entries' points in one round has a denominator
    # that divides it too): each player's running totals are made once, and compared as
    # integers; a Fraction only for the card's score.
    mine = {
        p.start_number: [e for e in by_player.get(p.start_number, ()) if e.round <= played_rounds]
        for p in t.players
    }
    for got in mine.values():
        for e in got:
            points(e)
    unit = 1
    for x in kinds.values():
        unit = lcm(unit, x.denominator)
    for extra in accel.values():
        for x in extra.values():
            unit = lcm(unit, x.denominator)
    in_units = {key: x.numerator * (unit // x.denominator) for key, x in kinds.items()}
    running: dict[int, list[int]] = {}
    for player, got in mine.items():
        each = [0] * (played_rounds + 1)
        for e in got:
            each[e.round] += in_units[e.result, e.colour, e.playoff]
        totals = [0] * (played_rounds + 1)
        total = 0
        for r in range(1, played_rounds + 1):
            total += each[r]
            totals[r] = total
        running[player] = totals
    bonus = {
        player: {r: x.numerator * (unit // x.denominator) for r, x in extra.items()}
        for player, extra in accel.items()
    }

    def units_before(player: int, back: int) -> int:
        """Score before round ``number - back`` with that round's acceleration, in units."""
        last = played_rounds - back
        return running[player][max(last, 0)] + bonus[player].get(last + 1, 0)

    def score_before(player: int, back: int) -> Fraction:
        return Fraction(units_before(player, back), unit)

    def float_in(player: int, back: int) -> Float:
        rnd = number - back
        if rnd < 1:
            return Float.NONE
        entry = next((e for e in by_player.get(player, ()) if e.round == rnd), None)
        if entry is None or not entry.is_played or entry.opponent is None:
            got = points(entry) if entry is not None else Fraction(0)
            return Float.DOWN if got > scoring.loss else Float.NONE
        mine, theirs = units_before(player, back), units_before(entry.opponent, back)
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
        eligible = not any(
            e.result is Result.PAIRING_BYE or (not e.is_played and points(e) >= scoring.win)
            for e in mine[n]
        )
        colours = colour_history(t, n)
        cards.append(
            Card(
                number=n,
                rank=rank[n],
                score=score_before(n, 0),
                raw_score=Fraction(running[n][played_rounds], unit),
                colours=colours,
                played=len(colours),
                bye_eligible=eligible,
                floats=(float_in(n, 1), float_in(n, 2)),
            )
        )
    # By score (as whole numbers of ``unit``, compared as integers), then rank.
    cards.sort(key=lambda c: (-units_before(c.number, 0), c.rank))
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
