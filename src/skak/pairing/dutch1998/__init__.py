"""FIDE's Swiss system based on rating as adopted in 1992, 1997 and 1998 (DSU 003 §4.9.5,
"FIDE Schweizer"): the predecessor of today's Dutch system, paired as its text prescribes.

* A: the round cards (:mod:`._cards`): score groups, A2's ranking, floaters (A4, A5), colour
  preferences (A7: absolute, strong, weak) and x (A8);
* B and C: the procedure (:mod:`._procedure`, :mod:`._search`): score group by score group
  from the top, S1 against S2, transpositions (D1) and exchanges (D2) in the printed orders
  (:mod:`._orders`), the relaxations of C9–C11 and C14, and the steps back of C12 (the group
  above paired again) and C13 (the group above the lowest paired again, or joined with it);
* E: colours (:mod:`._colours`); F1: board order, the bye (A5) and the rest
  (:mod:`._system`). F10's final ranking is the tie-break ``F10`` (``skak.tiebreaks``).

Where the text differs from today's Dutch rules this system follows the 1998 text; how its
silent points are read is in docs/interpretations.md ("FIDE Swiss 1998").
"""

from skak.pairing.dutch1998._cards import Card, Dutch1998Settings, Float, Strength, round_cards
from skak.pairing.dutch1998._colours import allocate, e3_history
from skak.pairing.dutch1998._orders import exchanges, transpositions
from skak.pairing.dutch1998._system import SYSTEM, Dutch1998System, board_order

__all__ = [
    "SYSTEM",
    "Card",
    "Dutch1998Settings",
    "Dutch1998System",
    "Float",
    "Strength",
    "allocate",
    "board_order",
    "e3_history",
    "exchanges",
    "round_cards",
    "transpositions",
]
