"""Gladiator tie-breaks (DSU 4.9.8): "Flest vundne ordinære partier", "Flest vundne partier
med reduceret betænkningstid (ikke lynskak)", then "Indbyrdes kamp" (direct encounter, ``DE``).

The games of a round after its first are stored on its board (``Pairing.playoff``): the other
ordinary games when a round has several (``Scoring.gladiator_games``), then the play-off — the
reduced-time games (``Scoring.gladiator_reduced_games``, one unless modified), then blitz —
colours alternating through the round (``docs/interpretations.md``, 4.9.8).
"""

from __future__ import annotations

from fractions import Fraction

from skak.model.results import Colour, Result, ordinary_games, playoff_colour
from skak.tiebreaks._crosstable import Crosstable
from skak.tiebreaks._registry import Values, alias, tiebreak
from skak.tiebreaks._spec import TieBreakSpec

__all__ = ["ordinary_wins", "reduced_time_wins"]


def _winner(white: int, black: int, game: int, result: Result) -> int | None:
    """Who won the round's ``game``-th game (1 = the first; colours alternate)."""
    if result not in (Result.WHITE_WIN, Result.BLACK_WIN):
        return None
    first_white = playoff_colour(Colour.WHITE, game - 1) is Colour.WHITE
    return white if (result is Result.WHITE_WIN) == first_white else black


def _boards(ct: Crosstable) -> list[tuple[int, int, Result | None, tuple[Result, ...]]]:
    return [
        (p.white, p.black, p.result, p.playoff)
        for rnd in ct.tournament.rounds[: ct.rounds]
        for p in rnd.pairings
        if p.black is not None
    ]


@tiebreak("GLO", "Gladiator: ordinary games won", "DSU 4.9.8 (flest vundne ordinære partier)")
def ordinary_wins(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The ordinary games won over the board (DSU 4.9.8, first criterion), every ordinary
    game of a round when it has several; a forfeit is not a game won."""
    won = dict.fromkeys(ct.players, 0)
    scoring = ct.scoring
    for white, black, result, further in _boards(ct):
        if result is None:
            continue
        for game, r in enumerate(ordinary_games(result, further, scoring), start=1):
            winner = _winner(white, black, game, r)
            if winner in won:
                won[winner] += 1
    return {p: Fraction(n) for p, n in won.items()}


@tiebreak(
    "GLR",
    "Gladiator: reduced-time play-off games won",
    "DSU 4.9.8 (flest vundne partier med reduceret betænkningstid, ikke lynskak)",
)
def reduced_time_wins(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """The reduced-time play-off games won (DSU 4.9.8, second criterion): the replay, or as
    many games as ``Scoring.gladiator_reduced_games`` says; blitz games do not count."""
    won = dict.fromkeys(ct.players, 0)
    scoring = ct.scoring
    ordinary = scoring.gladiator_games
    for white, black, _, further in _boards(ct):
        reduced = further[ordinary - 1 : ordinary - 1 + scoring.gladiator_reduced_games]
        for game, r in enumerate(reduced, start=ordinary + 1):
            winner = _winner(white, black, game, r)
            if winner in won:
                won[winner] += 1
    return {p: Fraction(n) for p, n in won.items()}


alias("gladiator-ordinary-wins", "GLO")
alias("gladiator-reduced-time-wins", "GLR")
