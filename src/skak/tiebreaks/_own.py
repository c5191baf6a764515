"""Tie-breaks from the player's own results (C.07 Art. 7, Type B; 004 annex 3 2.A.e, G)."""

from __future__ import annotations

from fractions import Fraction
from operator import itemgetter

from skak.model.results import Colour
from skak.tiebreaks._crosstable import Crosstable, Kind, RoundRecord
from skak.tiebreaks._editions import Edition
from skak.tiebreaks._registry import Values, tiebreak
from skak.tiebreaks._spec import TieBreakSpec

__all__ = [
    "games_played_with_black",
    "games_won",
    "games_won_with_black",
    "pairing_number",
    "progressive_score",
    "rounds_elected_to_play",
    "standard_points",
    "wins",
]


def _played(ct: Crosstable, r: RoundRecord) -> bool:
    """A game for Type B tie-breaks. In a round robin C.07 Art. 15.2 makes a forfeit a regular
    game; from 2026 a forfeit loss stays an unplayed round in Type B tie-breaks."""
    if r.kind is Kind.GAME:
        return True
    if not (ct.round_robin and ct.edition.is_c07 and r.kind.is_forfeit):
        return False
    return ct.edition is Edition.C07_2024 or r.kind is Kind.FORFEIT_WIN


_colour = itemgetter(3)  # a round record's colour


def _count(ct: Crosstable, n: int) -> Fraction:
    """A count as a value (each made once: many players share it)."""
    return ct.fraction(n * ct.unit)


def _games(ct: Crosstable, *, colour: Colour | None = None, won: bool = False) -> Values:
    """The games over the board (:func:`_played`) of each player, only those with
    ``colour`` if given, only those won if ``won``."""
    game = Kind.GAME
    out: dict[int, int] = {}  # each count in units
    only_games = ct.only_games()
    for p in ct.players:
        if p in only_games:  # every round a game: only the colour and the result count
            recs = ct.records[p]
            if won:
                n = sum(
                    [
                        1
                        for c, h in zip(map(_colour, recs), ct.record_halves(p), strict=True)
                        if h == 2 and (colour is None or c is colour)
                    ]
                )
            elif colour is None:
                n = len(recs)
            else:
                n = list(map(_colour, recs)).count(colour)
            out[p] = n * ct.unit
            continue
        n = 0
        for r, h in zip(ct.records[p], ct.record_halves(p), strict=True):
            if (
                (colour is None or r.colour is colour)
                and (not won or h == 2)
                and (r.kind is game or _played(ct, r))
            ):
                n += 1
        out[p] = n * ct.unit
    return ct.fractions(out)


@tiebreak("WIN", "number of wins", "C.07 Art. 7.1; 004 annex 3 G (größere Anzahl an Siegen)")
def wins(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The rounds in which the player got a win's points, with or without playing (C.07
    Art. 7.1): forfeit wins and byes worth a win count."""
    win = ct.units_of(ct.scoring.win)
    return {p: _count(ct, ct.record_units(p).count(win)) for p in ct.players}


@tiebreak("WON", "number of games won", "C.07 Art. 7.2")
def games_won(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The games won over the board (C.07 Art. 7.2)."""
    return _games(ct, won=True)


@tiebreak("BPG", "games played with black", "C.07 Art. 7.3; 004 annex 3 2.A.e")
def games_played_with_black(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The games played with black (C.07 Art. 7.3); an unplayed game counts as one with
    white (004 annex 3 2.A.e)."""
    return _games(ct, colour=Colour.BLACK)


@tiebreak("BWG", "games won with black", "C.07 Art. 7.4; 004 annex 3 G")
def games_won_with_black(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The games won with black over the board (C.07 Art. 7.4; 004 annex 3 G: "Siege mit
    Schwarz, ungespielte Partien werden als mit Weiß gespielt gezählt")."""
    return _games(ct, colour=Colour.BLACK, won=True)


@tiebreak("REP", "rounds elected to play", "C.07 Art. 7.6 (GE until 2024)")
def rounds_elected_to_play(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The rounds that were not voluntarily unplayed — games, forfeit wins and byes the
    player did not ask for (C.07 Art. 7.6, "games elected to play" GE until 2024)."""
    return {
        p: Fraction(sum(1 for r in ct.records[p] if _played(ct, r) or not r.kind.is_vur))
        for p in ct.players
    }


@tiebreak("PS", "progressive score", "C.07 Art. 7.5", modifiers="C")
def progressive_score(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The sum of the player's running scores after each round (C.07 Art. 7.5); ``/C1``
    leaves out the score after round 1 (Art. 14.1.1)."""
    out: Values = {}
    for p in ct.players:
        running = total = 0
        for i, points in enumerate(ct.record_units(p)):
            running += points
            if i >= spec.cut_low:
                total += running
        out[p] = ct.fraction(total)
    return out


@tiebreak("STD", "standard points", "C.07 (2026) Art. 7.7")
def standard_points(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """One for every round the player scored more than his scheduled opponent (or, without
    playing, more than a draw's points), a half for every round with as many (C.07 2026
    Art. 7.7). A round without a game over the board — a forfeit too — is measured against a
    draw, so a double forfeit counts nothing; a game without a result counts nothing yet."""
    draw = ct.units_of(ct.scoring.draw)
    out: Values = {}
    for p in ct.players:
        halves = 0  # one for a half, two for a whole
        points = ct.record_units(p)
        for i, r in enumerate(ct.records[p]):
            if r.kind is Kind.GAME and r.result is None:
                continue
            other = draw
            if r.kind is Kind.GAME and r.opponent is not None:
                other = ct.record_units(r.opponent)[r.round - 1]
            halves += 2 if points[i] > other else 1 if points[i] == other else 0
        out[p] = Fraction(halves, 2)
    return out


@tiebreak("TPN", "tournament pairing number", "C.07 (2026) Art. 7.8", modifiers="R", ascending=True)
def pairing_number(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The start number, lowest first (C.07 2026 Art. 7.8); ``/R`` highest first."""
    return {p: Fraction(p) for p in ct.players}
