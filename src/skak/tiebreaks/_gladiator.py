"""Gladiator tie-breaks (DSU 4.9.8): "Flest vundne ordinære partier", "Flest vundne partier
med reduceret betænkningstid (ikke lynskak)", then "Indbyrdes kamp" (direct encounter, ``DE``).

The play-off of a drawn game is stored on its board (``Pairing.playoff``): game 1 is the
replay with reversed colours and reduced time, later games are blitz
(``docs/interpretations.md``, 4.9.8).
"""

from __future__ import annotations

from fractions import Fraction

from skak.model.results import Colour, Result, gladiator_winner
from skak.tiebreaks._crosstable import Crosstable
from skak.tiebreaks._registry import Values, alias, tiebreak
from skak.tiebreaks._spec import TieBreakSpec

__all__ = ["ordinary_wins", "reduced_time_wins"]

#: How many play-off games are played with reduced time before blitz (4.9.8: one replay).
REDUCED_TIME_GAMES = 1


def _boards(ct: Crosstable) -> list[tuple[int, int, Result | None, tuple[Result, ...]]]:
    return [
        (p.white, p.black, p.result, p.playoff)
        for rnd in ct.tournament.rounds[: ct.rounds]
        for p in rnd.pairings
        if p.black is not None
    ]


@tiebreak("GLO", "Gladiator: ordinary games won", "DSU 4.9.8 (flest vundne ordinære partier)")
def ordinary_wins(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The ordinary games won over the board (DSU 4.9.8, first criterion); a forfeit is not a
    game won."""
    won = dict.fromkeys(ct.players, 0)
    for white, black, result, _ in _boards(ct):
        if result is Result.WHITE_WIN and white in won:
            won[white] += 1
        elif result is Result.BLACK_WIN and black in won:
            won[black] += 1
    return {p: Fraction(n) for p, n in won.items()}


@tiebreak(
    "GLR",
    "Gladiator: reduced-time play-off games won",
    "DSU 4.9.8 (flest vundne partier med reduceret betænkningstid, ikke lynskak)",
)
def reduced_time_wins(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The reduced-time replays won (DSU 4.9.8, second criterion); blitz games do not count."""
    won = dict.fromkeys(ct.players, 0)
    for white, black, _, playoff in _boards(ct):
        reduced = playoff[:REDUCED_TIME_GAMES]
        decided = gladiator_winner(Colour.WHITE, reduced)
        if decided is None:
            continue
        winner = white if decided else black
        if winner in won:
            won[winner] += 1
    return {p: Fraction(n) for p, n in won.items()}


alias("gladiator-ordinary-wins", "GLO")
alias("gladiator-reduced-time-wins", "GLR")
