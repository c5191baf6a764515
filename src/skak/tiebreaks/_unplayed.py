"""Unplayed games in opponent-based tie-breaks (Buchholz, Sonneborn-Berger and their kin).

A player's Buchholz is a sum of *contributions*, one per round: the score of the opponent he
met, or — for a round he did not play — the score of a stand-in the edition defines:

* **round robin** (C.07 Art. 15.2, pre-determined pairings): a forfeit is a regular game
  against the scheduled opponent; the round of the free number (odd field) is no round at
  all. Opponents count with their actual score. skak applies this in every edition.
* **annex-2010** (004 annex 3 F b): a *virtual opponent* ``Ov = Sp + (1 − Sr) + 0.5 × (N − R)``
  (``Sp`` the player's score before round ``R``, ``Sr`` his result in it, ``N`` the number of
  rounds); an opponent's unplayed games count as draws in the opponent's score.
* **annex-2010-self** (F a): each unplayed game is a draw against the player himself.
* **c07-2024** (C.07 Art. 16): a *dummy* with the player's own final score; an opponent's
  score is *adjusted*: requested byes followed only by voluntarily unplayed rounds (category
  16.2.5) count as draws. Cuts take a voluntarily unplayed round's contribution first
  (Art. 16.5).
* **c07-2026**: as 2024, but the dummy's score may not exceed the scheduled opponent's
  adjusted score for a forfeit (Art. 16.4.1) nor a draw's points times the number of rounds
  otherwise (Art. 16.4.2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import attrgetter, itemgetter
from typing import Any, NamedTuple, TypeVar

from skak.model.results import HALF
from skak.tiebreaks._crosstable import Crosstable, Kind, RoundRecord, smallest_unit
from skak.tiebreaks._editions import Edition

__all__ = [
    "Contribution",
    "Item",
    "adjusted_scores",
    "adjusted_units",
    "category",
    "contributions",
    "cut",
    "every_items",
    "fore_crosstable",
    "halves",
    "items",
    "score_rows",
]


@dataclass(frozen=True, slots=True)
class Contribution:
    """One round's element of a Buchholz-type sum.

    ``score`` is the opponent's score (or the dummy's / virtual opponent's); ``result`` the
    player's result on the 1–½–0 scale (``None``: no result yet); ``vur`` marks a voluntarily
    unplayed round of the player (C.07 Art. 16.1.2), which cuts take first.
    """

    round: int
    score: Fraction
    result: Fraction | None
    vur: bool = False
    opponent: int | None = None

    @property
    def sb(self) -> Fraction:
        """The Sonneborn-Berger product: opponent's score × result."""
        return self.score * self.result if self.result is not None else Fraction(0)


def category(records: Sequence[RoundRecord], index: int) -> int:
    """C.07 Art. 16.2: the category (1–5) of an unplayed round; 0 for a game.

    1 pairing-allocated or full-point bye; 2 forfeit win; 3 requested bye followed by at least
    one round that is not voluntarily unplayed; 4 forfeit loss; 5 requested bye followed only
    by voluntarily unplayed rounds, or in the last round.
    """
    kind = records[index].kind
    if kind in (Kind.PAIRING_BYE, Kind.FULL_BYE):
        return 1
    if kind is Kind.FORFEIT_WIN:
        return 2
    if kind is Kind.FORFEIT_LOSS:
        return 4
    if kind.is_requested_bye:
        return 3 if any(not r.kind.is_vur for r in records[index + 1 :]) else 5
    return 0


def adjusted_scores(ct: Crosstable) -> dict[int, Fraction]:
    """Each player's score as his opponents' tie-breaks use it.

    C.07 Art. 16.3: rounds of category 16.2.5 count as draws; the annex of 2010: every unplayed
    round counts as a draw; a round robin: the actual score.
    """
    units = adjusted_units(ct)
    return ct.memo("adjusted", lambda: {n: ct.fraction(u) for n, u in units.items()})


def adjusted_units(ct: Crosstable) -> dict[int, int]:
    """:func:`adjusted_scores` in the crosstable's units."""

    def make() -> dict[int, int]:
        draw = ct.units_of(ct.scoring.draw)
        if ct.round_robin:
            return {n: ct.units[n] for n in ct.records}
        c07 = ct.edition.is_c07
        game = Kind.GAME
        out = {}
        only_games = ct.only_games()
        for n, recs in ct.records.items():
            score = ct.units[n]
            if n in only_games:
                out[n] = score
                continue
            for i, r in enumerate(recs):
                if r.kind is game:
                    continue
                if not c07 or category(recs, i) == 5:
                    score += draw - ct.record_units(n)[i]
            out[n] = score
        return out

    return ct.memo("adjusted-units", make)


class Item(NamedTuple):
    """A :class:`Contribution` in whole numbers, as the sums add it up: ``score`` in the
    crosstable's units, ``halves`` the result in half points (0, 1, 2; ``None``: no result
    yet), so that ``sb`` is in halves of a unit."""

    round: int
    score: int
    halves: int | None
    vur: bool = False
    opponent: int | None = None

    @property
    def sb(self) -> int:
        return self.score * self.halves if self.halves is not None else 0


def contributions(
    ct: Crosstable, player: int, *, forfeits_as_played: bool = False
) -> tuple[Contribution, ...]:
    """The elements of ``player``'s Buchholz-type sums, round by round (see the module)."""

    def make() -> tuple[Contribution, ...]:
        return tuple(
            Contribution(
                i.round,
                ct.fraction(i.score),
                None if i.halves is None else Fraction(i.halves, 2),
                i.vur,
                i.opponent,
            )
            for i in items(ct, player, forfeits_as_played=forfeits_as_played)
        )

    return ct.memo(("contributions", player, forfeits_as_played), make)


def items(ct: Crosstable, player: int, *, forfeits_as_played: bool = False) -> tuple[Item, ...]:
    """:func:`contributions` in whole numbers (:class:`Item`)."""
    return every_items(ct, forfeits_as_played=forfeits_as_played)[player]


def every_items(ct: Crosstable, *, forfeits_as_played: bool = False) -> dict[int, tuple[Item, ...]]:
    """:func:`items` of every player, worked out once for the crosstable (the sums of the
    Buchholz family read every player's)."""

    def make() -> dict[int, tuple[Item, ...]]:
        adjusted = adjusted_units(ct)
        return {p: _items(ct, p, forfeits_as_played, adjusted) for p in ct.records}

    return ct.memo(("items", forfeits_as_played), make)


#: A player's Buchholz-type elements as sums read them: the scores (:attr:`Item.score`) and
#: results in halves (:attr:`Item.halves`) of his :func:`items` in order, and the items
#: themselves where a round was not a game (``None`` where every round was one).
ScoreRow = tuple[list[int], Sequence[int | None], tuple[Item, ...] | None]


def score_rows(ct: Crosstable, *, forfeits_as_played: bool = False) -> dict[int, ScoreRow]:
    """Every player's :data:`ScoreRow`, worked out once for the crosstable: the sums of
    the Buchholz family add up and cut the scores alone, without an :class:`Item` for
    every round of every player."""

    def make() -> dict[int, ScoreRow]:
        adjusted = adjusted_units(ct)
        score_of = adjusted.__getitem__
        only_games = ct.only_games()
        out: dict[int, ScoreRow] = {}
        for p, recs in ct.records.items():
            if p in only_games:  # each result the round's own, against a real opponent
                out[p] = (list(map(score_of, map(_opponent, recs))), ct.record_halves(p), None)
                continue
            elements = _items(ct, p, forfeits_as_played, adjusted)
            out[p] = ([i.score for i in elements], [i.halves for i in elements], elements)
        return out

    return ct.memo(("score-rows", forfeits_as_played), make)


def halves(result: Fraction | None) -> int | None:
    """A result on the 1–½–0 scale in half points (2, 1, 0)."""
    return None if result is None else result.numerator * 2 // result.denominator


def _items(
    ct: Crosstable, player: int, as_played: bool, adjusted: dict[int, int]
) -> tuple[Item, ...]:
    points = ct.record_units(player)
    results = ct.record_halves(player)
    rr = ct.round_robin
    game = Kind.GAME
    new = tuple.__new__  # Item's own __new__ is a function of Python's
    out: list[Item] = []
    before = 0
    for i, (number, kind, opponent, _, _, _) in enumerate(ct.records[player]):
        if opponent is not None and (rr or kind is game or as_played):
            out.append(new(Item, (number, adjusted[opponent], results[i], False, opponent)))
        elif not rr:
            out.append(_stand_in(ct, player, i, before, adjusted))
        before += points[i]
    return tuple(out)


def _stand_in(
    ct: Crosstable, player: int, index: int, before: int, adjusted: dict[int, int]
) -> Item:
    recs = ct.records[player]
    r = recs[index]
    own = ct.units[player]
    result = ct.record_halves(player)[index]  # halves(r.result)
    match ct.edition:
        case Edition.ANNEX_2010:
            s = ct.scoring
            draw = ct.units_of(s.draw)
            # 004 annex 3 F b: Ov = Sp + (1 − Sr) + 0.5 × (N − R), in the tournament's points.
            theirs = {2: s.loss, 1: s.draw}.get(result or 0, s.win)
            return Item(
                r.round, before + ct.units_of(theirs) + draw * (ct.rounds - r.round), result
            )
        case Edition.ANNEX_2010_SELF:
            # F a: a draw against himself, with his own score counting unplayed games as draws.
            draw = ct.units_of(ct.scoring.draw)
            points = ct.record_units(player)
            mine = own + sum(
                draw - points[i] for i, x in enumerate(recs) if x.kind is not Kind.GAME
            )
            return Item(r.round, mine, 1)
        case _:
            dummy = own
            if ct.edition is Edition.C07_2026:
                if r.opponent is not None:  # Art. 16.4.1: a forfeit (category 2 or 4)
                    dummy = min(dummy, adjusted[r.opponent])
                else:  # Art. 16.4.2: categories 1, 3 and 5
                    dummy = min(dummy, ct.units_of(ct.scoring.draw) * ct.rounds)
            # (Item's own __new__ is a function of Python's)
            return tuple.__new__(Item, (r.round, dummy, result, r.kind.is_vur, None))


C = TypeVar("C", Contribution, Item)


def cut(
    items: Sequence[C],
    low: int,
    high: int,
    *,
    sonneborn_berger: bool = False,
    vur_first: bool = False,
) -> list[C]:
    """The elements left after cutting the ``low`` least and then the ``high`` most
    significant ones (C.07 Art. 14.1–14.4, in that order).

    The least significant element is the lowest score (Buchholz) or the contribution of the
    opponent with the lowest score, the lowest such contribution when several share it
    (Sonneborn-Berger, Art. 14.1.1). With ``vur_first`` (C.07, Swiss) each low cut takes the
    lowest contribution of a voluntarily unplayed round instead, unless it is lower than the
    least significant value (Art. 16.5.1, applied again for each further cut, 16.5.2).
    """
    left = list(items)
    value: Callable[[C], Any]
    significance: Callable[[C], Any]
    if sonneborn_berger:
        value = _sb
        significance = _score_and_sb
    else:  # (score, score) orders as the score alone
        value = significance = _score

    for _ in range(min(low, len(left))):
        least = min(left, key=significance)
        vurs = [c for c in left if c.vur] if vur_first else []
        if vurs:
            lowest_vur = min(vurs, key=lambda c: (value(c), c.score))
            if value(lowest_vur) >= value(least):
                least = lowest_vur
        left.remove(least)
    for _ in range(min(high, len(left))):
        left.remove(max(left, key=significance))
    return left


_score = attrgetter("score")
_opponent = itemgetter(2)  # a round record's opponent
_sb = attrgetter("sb")
_score_and_sb = attrgetter("score", "sb")


def fore_crosstable(ct: Crosstable) -> Crosstable:
    """C.07 Art. 8.3: the crosstable as if every game paired for the final round had been
    drawn. Before the final round is in the standings, it is the crosstable itself.

    Only the final round's records change: the other rounds' points in units and results in
    halves are the crosstable's own, unless its unit is finer than the scoring's (a round's
    points then decide it: the variant works its unit out afresh)."""
    if ct.rounds == 0 or ct.rounds < ct.total_rounds:
        return ct
    return ct.memo("fore", lambda: _fore(ct))


def _fore(ct: Crosstable) -> Crosstable:
    s = ct.scoring
    same_unit = ct.unit == smallest_unit(s, {})
    draw = ct.units_of(s.draw)
    records = {}
    unit_rows = {}
    halves_rows = {}
    for n, recs in ct.records.items():
        last = recs[-1]
        if last.opponent is not None:
            drawn = RoundRecord(last.round, Kind.GAME, last.opponent, last.colour, s.draw, HALF)
            records[n] = (*recs[:-1], drawn)
            if same_unit:
                unit_rows[n] = (*ct.record_units(n)[:-1], draw)
                halves_rows[n] = (*ct.record_halves(n)[:-1], 1)
        else:
            records[n] = recs
            if same_unit:
                unit_rows[n] = ct.record_units(n)
                halves_rows[n] = ct.record_halves(n)
    rows = (ct.unit, unit_rows, halves_rows) if same_unit else None
    return ct.with_records(records, "fore", rows)
