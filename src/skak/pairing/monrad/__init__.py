"""Monrad (Monrads turneringssystem), DSU 003 §4.9.1–4.9.2.

The rules as printed:

* The start order is drawn by lot (lodtrækningsnummer). After each round the players are
  re-ordered: more points first, equal points in the order of the previous placement (after
  round 1 the lot order). Unfinished games count as draws until they are finished.
* The best placed player meets the nearest following player he has not met, the next one the
  nearest following player *he* has not met, and so on.
* When the last players have all met each other, the arbiter exchanges (ombytning): the
  remaining players and the last pair made are re-paired; if that does not go up, the last two
  pairs, and so on, until the group "goes up". Exchanged players keep their placement.
* White goes to the player who has had white fewer times; with equal counts the lower placed
  player has white. Round 1 is therefore 2–1, 4–3, … .
* Withdrawals (4.9.1, last paragraph): withdrawn players leave the pairing, except that with an
  odd number of withdrawn players the first one to withdraw stays in as the lowest placed
  player (his opponent wins by forfeit), keeping the field even; the other withdrawn players
  are paired among themselves ("matches disse i resten af turneringen"), their games listed
  and entered in advance as lost by both.

How skak makes the text exact (``docs/interpretations.md``, 4.9.1–4.9.2):

* "Nearest following player he has not met, with exchanges from the last pair upwards" is the
  *lexicographically first* perfect matching in placement order: the greedy pairing when it goes
  up, otherwise the greedy pairs down to the first group that can be re-paired, and that group
  paired by the same rule. Both are computed exactly: the group search uses a maximum matching
  (Edmonds' blossom algorithm for larger groups), so it never repeats a game and never
  gives up while a pairing exists.
* An odd field with nobody withdrawn: a free round (oversidder) is the lowest placed player at
  the bottom of the order, exactly as the withdrawn "first player" would be: the bye is a
  placeholder placed last, and nobody gets it (or a forfeit win from the withdrawn
  placeholder) twice.
* Look-ahead (4.9.2's table says when to check the next round first): skak does more. Before a
  round is published it checks that the remaining rounds (``number_of_rounds``) can still be
  paired without rematches; if the rule's own pairing would make that impossible, it takes the
  next pairing in the rule's order that keeps the future pairable and says so.

The modules: :mod:`._matchings` (the rule's order as matchings, and the look-ahead's
searches), :mod:`._placements` (the lot and the placements, and the settings),
:mod:`._system` (the pairing system and its explanation).
"""

from skak.pairing.monrad._matchings import (
    LOOK_AHEAD_BUDGET,
    Constraints,
    first_pairing_keeping_future,
    lex_first_matching,
    lex_matchings,
    rounds_pairable,
)
from skak.pairing.monrad._placements import MonradSettings, lot_order, placements
from skak.pairing.monrad._system import BYE, SYSTEM, MonradSystem

__all__ = [
    "BYE",
    "LOOK_AHEAD_BUDGET",
    "SYSTEM",
    "Constraints",
    "MonradSettings",
    "MonradSystem",
    "first_pairing_keeping_future",
    "lex_first_matching",
    "lex_matchings",
    "lot_order",
    "placements",
    "rounds_pairable",
]
