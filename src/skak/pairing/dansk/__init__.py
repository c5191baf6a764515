"""Dansk Schweizer (DSU 003 §4.9.3–4.9.4): DSU's own Swiss system, seeded by strength.

Each score group (pointpulje) is split into a strong half (gruppe a) and a weak half (gruppe
b) in start-number order and the strongest of a meets the strongest of b, and so on; an odd
group's middle player floats down (flyder). When players have met, the rules' alternatives
are tried in their order (5.3, 6.3), and among the compositions of the first split that works
the one meeting most colour preferences is taken (5.2). Colours follow 7.1–7.4 with strong
and weak preferences; an odd field gets player "X" (2.1–2.2); acceleration adds pairing
points to groups by strength (10).

The modules: :mod:`skak.pairing.matching` (who may meet whom, exact pairability),
:mod:`._colours` (7.1–7.4 and preferences), :mod:`._pulje` (rules 4–6 and 9),
:mod:`._system` (the system and its explanation), :mod:`._legacy` (the start order as rounds
stored before records kept it). Choices where the text is silent are in
``docs/interpretations.md`` (Dansk Schweizer, 4.9.3–4.9.4).
"""

from skak.pairing.dansk._colours import ColourCard, ColourPreference, allocate, colour_preference
from skak.pairing.dansk._pulje import configurations, floater_sets
from skak.pairing.dansk._system import (
    ORDER_LINE,
    SYSTEM,
    DanskSettings,
    DanskSystem,
    X,
    acceleration_points,
    colour_history,
    seeding_order,
    start_order,
    strength,
)

__all__ = [
    "ORDER_LINE",
    "SYSTEM",
    "ColourCard",
    "ColourPreference",
    "DanskSettings",
    "DanskSystem",
    "X",
    "acceleration_points",
    "allocate",
    "colour_history",
    "colour_preference",
    "configurations",
    "floater_sets",
    "seeding_order",
    "start_order",
    "strength",
]
