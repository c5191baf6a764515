"""The Dubov system (DSU 003 §4.9.6, "DUBOV schweizer", approved by FIDE in 1997): a Swiss
system that evens out the average rating of each player's opponents (ARO).

* :mod:`._cards`: R, ARO, colour preferences (§1, as meant: SPEC-MAP's misprint), the
  upfloats of 2.5 and who may get the bye (2.2);
* :mod:`._procedure`: the bye (§4), round 1 (§5), the score groups (§6–§8);
* :mod:`._system`: colours (§3), boards and the explanation.

``aro_table`` gives every player's ARO after a round, as §9 has it published (``skak round
show`` prints it for a Dubov tournament). How the text's silent points are read is in
docs/interpretations.md ("Dubov").
"""

from skak.pairing.dubov._cards import Card, DubovSettings, aro_table, cards_of, ratings
from skak.pairing.dubov._system import SYSTEM, DubovSystem, allocate, format_aro

__all__ = [
    "SYSTEM",
    "Card",
    "DubovSettings",
    "DubovSystem",
    "allocate",
    "aro_table",
    "cards_of",
    "format_aro",
    "ratings",
]
