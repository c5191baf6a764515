"""Each player's games as the rounds so far record them: pure functions of the rounds.

Colour history, who met whom and the score after each round are never stored; they are read
off the rounds here, so they cannot disagree with the results.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from skak.model.results import Colour, Result, Scoring, gladiator_points, playoff_pending
from skak.model.tournament import Round, Tournament

__all__ = [
    "Entry",
    "colour_history",
    "entries",
    "entries_by_player",
    "have_met",
    "opponents",
    "pairing_score",
    "round_entries",
    "score",
    "score_table",
    "scores",
]


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's round: a cell of the crosstable (krydstabel).

    ``opponent`` and ``colour`` are ``None`` for byes; ``result`` is ``None`` while the game
    has no result yet.
    """

    round: int
    player: int
    opponent: int | None
    colour: Colour | None
    result: Result | None
    board: int | None = None
    #: A drawn game's play-off under Gladiator scoring (DSU 4.9.8).
    playoff: tuple[Result, ...] = ()

    @property
    def is_game(self) -> bool:
        return self.opponent is not None

    @property
    def is_played(self) -> bool:
        """A game over the board (an unfinished one included), not a forfeit or a bye."""
        return self.result is not None and self.result.is_played

    def points(self, scoring: Scoring) -> Fraction:
        """Points scored so far in this entry (nothing while pending or unfinished)."""
        if self.result is None:
            return Fraction(0)
        colour = self.colour or Colour.WHITE
        gladiator = gladiator_points(self.result, colour, self.playoff, scoring)
        return gladiator if gladiator is not None else self.result.points(colour, scoring)

    def pairing_points(self, scoring: Scoring, *, pending_as_draw: bool = False) -> Fraction:
        """Points as a pairing system counts them: unfinished (and, if asked, pending) = draw."""
        if self.result is None:
            return scoring.draw if pending_as_draw and self.is_game else Fraction(0)
        colour = self.colour or Colour.WHITE
        if playoff_pending(self.result, self.playoff, scoring):
            return scoring.draw  # like an unfinished game (4.9.1, 4.9.3 rule 1.1)
        gladiator = gladiator_points(self.result, colour, self.playoff, scoring)
        return gladiator if gladiator is not None else self.result.pairing_points(colour, scoring)


def _round_entries(rnd: Round) -> Iterator[Entry]:
    for p in rnd.pairings:
        if p.black is None:
            yield Entry(rnd.number, p.white, None, None, p.result, p.board)
        else:
            yield Entry(rnd.number, p.white, p.black, Colour.WHITE, p.result, p.board, p.playoff)
            yield Entry(rnd.number, p.black, p.white, Colour.BLACK, p.result, p.board, p.playoff)
    for b in rnd.byes:
        yield Entry(rnd.number, b.player, None, None, b.result)


def round_entries(tournament: Tournament, round_number: int) -> dict[int, Entry]:
    """Each player's entry in one round, by start number."""
    return {e.player: e for e in _round_entries(tournament.round(round_number))}


def entries(tournament: Tournament) -> Iterator[Entry]:
    """Every entry of every round, round by round."""
    for rnd in tournament.rounds:
        yield from _round_entries(rnd)


def entries_by_player(tournament: Tournament) -> dict[int, tuple[Entry, ...]]:
    """Each player's entries in round order; players without any entry map to ``()``.

    Computed once per tournament value; the functions below read from it.
    """
    return tournament.memo("entries_by_player", lambda: _entries_by_player(tournament))


def _entries_by_player(tournament: Tournament) -> dict[int, tuple[Entry, ...]]:
    out: dict[int, list[Entry]] = {p.start_number: [] for p in tournament.players}
    for e in entries(tournament):
        out.setdefault(e.player, []).append(e)
    return {k: tuple(v) for k, v in out.items()}


def _of(tournament: Tournament, player: int) -> tuple[Entry, ...]:
    return entries_by_player(tournament).get(player, ())


def colour_history(
    tournament: Tournament, player: int, *, played_only: bool = True
) -> tuple[Colour, ...]:
    """The colours ``player`` had, in round order.

    With ``played_only`` (the default) forfeited games are skipped, as FIDE C.04.1 and the
    Dutch system count colours only of games actually played.
    """
    return tuple(
        e.colour
        for e in _of(tournament, player)
        if e.colour is not None and (not played_only or e.result is None or e.result.is_played)
    )


def opponents(
    tournament: Tournament, player: int, *, include_forfeits: bool = False
) -> frozenset[int]:
    """Everyone ``player`` has been paired against (pending games count as met).

    A forfeited game does not count as having met unless ``include_forfeits`` is given.
    """
    return frozenset(
        e.opponent
        for e in _of(tournament, player)
        if e.opponent is not None
        and (include_forfeits or e.result is None or not e.result.is_forfeit)
    )


def have_met(tournament: Tournament, a: int, b: int, *, include_forfeits: bool = False) -> bool:
    return b in opponents(tournament, a, include_forfeits=include_forfeits)


def scores(tournament: Tournament) -> dict[int, Fraction]:
    """Every player's points after all rounds so far (:func:`score` of each), computed
    once per tournament value."""
    return tournament.memo("scores", lambda: _scores(tournament))


def _scores(tournament: Tournament) -> dict[int, Fraction]:
    """:func:`scores`, read off the rounds in one pass: the points of each outcome (a
    result with a colour, a round without play-off) worked out once, and each player's
    points added up as whole numerators by denominator, as :func:`_exact_sum` does."""
    scoring = tournament.scoring
    # by the result's identity (results are enum members, each one object): an enum hashes
    # its name in Python, an int in C. A game's points are white's and black's, a bye's
    # the player's, each as (numerator, denominator).
    games: dict[int, tuple[int, int, int, int]] = {}
    byes: dict[int, tuple[int, int]] = {}

    def game(result: Result | None) -> tuple[int, int, int, int]:
        w = Entry(0, 0, 0, Colour.WHITE, result).points(scoring)
        b = Entry(0, 0, 0, Colour.BLACK, result).points(scoring)
        value = games[id(result)] = (w.numerator, w.denominator, b.numerator, b.denominator)
        return value

    def bye(result: Result | None) -> tuple[int, int]:
        value = Entry(0, 0, None, None, result).points(scoring)
        known = byes[id(result)] = (value.numerator, value.denominator)
        return known

    # each player's points as the sum of the numerators of each denominator
    sums: dict[int, dict[int, int]] = {p.start_number: {} for p in tournament.players}
    last = tournament.current_round
    for rnd in tournament.rounds:
        if rnd.number > last:
            continue
        for g in rnd.pairings:
            if g.black is None:
                numerator, denominator = byes.get(id(g.result)) or bye(g.result)
                mine = sums.get(g.white)
                if mine is None:
                    mine = sums[g.white] = {}
                mine[denominator] = mine.get(denominator, 0) + numerator
                continue
            if g.playoff:
                w = Entry(0, 0, 0, Colour.WHITE, g.result, None, g.playoff).points(scoring)
                b = Entry(0, 0, 0, Colour.BLACK, g.result, None, g.playoff).points(scoring)
                wn, wd, bn, bd = w.numerator, w.denominator, b.numerator, b.denominator
            else:
                wn, wd, bn, bd = games.get(id(g.result)) or game(g.result)
            mine = sums.get(g.white)
            if mine is None:
                mine = sums[g.white] = {}
            mine[wd] = mine.get(wd, 0) + wn
            mine = sums.get(g.black)
            if mine is None:
                mine = sums[g.black] = {}
            mine[bd] = mine.get(bd, 0) + bn
        for by in rnd.byes:
            numerator, denominator = byes.get(id(by.result)) or bye(by.result)
            mine = sums.get(by.player)
            if mine is None:
                mine = sums[by.player] = {}
            mine[denominator] = mine.get(denominator, 0) + numerator
    fractions: dict[tuple[int, int], Fraction] = {}
    out: dict[int, Fraction] = {}
    for player, numerators in sums.items():
        if len(numerators) == 1:
            ((denominator, numerator),) = numerators.items()
        else:  # (a win's points and a draw's): added up over their common denominator
            denominator = math.lcm(*numerators)
            numerator = sum([n * (denominator // d) for d, n in numerators.items()])
        value = fractions.get((numerator, denominator))
        if value is None:
            value = fractions[numerator, denominator] = Fraction(numerator, denominator)
        out[player] = value
    return out


def score(tournament: Tournament, player: int, *, after_round: int | None = None) -> Fraction:
    """Points ``player`` has after ``after_round`` (default: all rounds so far)."""
    if after_round is None or after_round == tournament.current_round:
        return scores(tournament).get(player, Fraction(0))
    return _exact_sum(
        e.points(tournament.scoring) for e in _of(tournament, player) if e.round <= after_round
    )


def pairing_score(
    tournament: Tournament,
    player: int,
    *,
    after_round: int | None = None,
    pending_as_draw: bool = False,
) -> Fraction:
    """Points for pairing: unfinished games (and, if asked, pending ones) count as draws."""
    last = tournament.current_round if after_round is None else after_round
    return _exact_sum(
        e.pairing_points(tournament.scoring, pending_as_draw=pending_as_draw)
        for e in _of(tournament, player)
        if e.round <= last
    )


def _exact_sum(values: Iterable[Fraction]) -> Fraction:
    """The sum of ``values``, exactly: the numerators of each denominator are added as
    integers, so a score of many rounds costs a few Fraction additions, not one a round."""
    numerators: dict[int, int] = {}
    for v in values:
        d = v.denominator
        numerators[d] = numerators.get(d, 0) + v.numerator
    return sum((Fraction(n, d) for d, n in numerators.items()), Fraction(0))


def score_table(tournament: Tournament) -> dict[int, tuple[Fraction, ...]]:
    """Each player's running score after each round (index 0 = after round 1)."""
    running = {p.start_number: Fraction(0) for p in tournament.players}
    table: dict[int, list[Fraction]] = {n: [] for n in running}
    for rnd in tournament.rounds:
        for e in _round_entries(rnd):
            running[e.player] = running.get(e.player, Fraction(0)) + e.points(tournament.scoring)
        for n in table:
            table[n].append(running[n])
    return {n: tuple(v) for n, v in table.items()}
