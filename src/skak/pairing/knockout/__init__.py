"""DSU's knock-out system (DSU's Knock Out system), DSU 003 §4.9.7.

Before round 1 the players are seeded (seedet) by DSU rating, then title, then FIDE rating,
then lot (lodtrækning). The bracket puts seeds 1–2 at the two ends, seeds 3–4 at the inner ends
of the two halves, seeds 5–8 at the free ends of the quarters and so on, so that players seeded
for the final can meet at the earliest in the final, those seeded for the semi-final at the
earliest in the semi-final, and so on. The lot for the draw numbers (lodtrækningsnumre) within
each seed group fixes the whole course of the tournament. For 16 players this is the text's
table exactly: draw numbers 1 and 16 hold seeds 1–2, 8 and 9 seeds 3–4, 4, 5, 12 and 13 seeds
5–8, the rest seeds 9–16. A field that is no power of two is filled up with byes, the lowest
seeds, placed opposite seeds 1, 2, … so the top seeds go through without a game.

Each match is, as far as possible, an even number of standard games (``games``, default 2);
when level, two rapid games (``rapid-games``), then two blitz games (``blitz-games``), then one
armageddon game (5 minutes for white, 4 for black; a draw wins the match for black). Every game
of a stage is played; only a stage's total decides. Colours are drawn by lot before each match
and before each new kind of play-off; within a stage they alternate. Forfeits count as the
game's result; a withdrawn player's next game is entered as a forfeit loss in advance, and that
forfeit loses him the match. The lots use ``random.Random`` seeded with the ``seed`` setting
(the tournament's name when it is not set), so the same tournament always draws the same.

A tournament round is one game slot: :meth:`KnockoutSystem.pair` pairs the next game of every
undecided match of the current bracket round. Everything else (who is in which match, the score,
the stage, who won) is read off the rounds, never stored; :func:`bracket_state` shows it.

**The draw is fixed once round 1 is paired** ("fastlægger hele turneringens forløb"). Until
then the seeding and the draw follow the players' current ratings. Round 1 keeps both as its
record (:class:`~skak.model.records.KnockoutDraw`), and every later pairing reads the draw
back from it, so correcting a rating, a title or a name after round 1 changes nothing.
Round 1 without that record (a TRF file from another program) is read as far as it goes: its
games fix the first-round matches and, by board order, where they stand in the bracket; only
what it leaves open — which of the players without a game gets which bye place, and which
player of a match has the lower draw number — follows the seeding by current ratings.

The modules: :mod:`._bracket` (seeding, the draw, the empty bracket), :mod:`._matches` (a
match's stages and the settings), :mod:`._draw` (the draw once round 1 is paired),
:mod:`._replay` (the bracket as the rounds say it stands), :mod:`._system` (the pairing
system), :mod:`._legacy` (the draw as rounds stored before records kept it).
"""

from skak.pairing.knockout._bracket import (
    MAX_BRACKET_PLAYERS,
    MIN_PLAYERS,
    bracket,
    bracket_positions,
    bracket_round_name,
    bracket_size,
    draw_bracket,
    seed_order,
)
from skak.pairing.knockout._matches import KnockoutSettings, MatchFormat, Stage
from skak.pairing.knockout._replay import bracket_state
from skak.pairing.knockout._system import SYSTEM, KnockoutSystem

__all__ = [
    "MAX_BRACKET_PLAYERS",
    "MIN_PLAYERS",
    "SYSTEM",
    "KnockoutSettings",
    "KnockoutSystem",
    "MatchFormat",
    "Stage",
    "bracket",
    "bracket_positions",
    "bracket_round_name",
    "bracket_size",
    "bracket_state",
    "draw_bracket",
    "seed_order",
]
