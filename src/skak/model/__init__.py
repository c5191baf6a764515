"""The pure tournament model: frozen values, no I/O.

Players, rounds, pairings and results are immutable; a tournament changes only by applying an
event (:mod:`skak.records.tournament.events`). Everything a pairing system or a standings
table needs to know about the past (colours, opponents, scores) is derived in
:mod:`skak.model.games`. A rule that changed over the years is a table of editions, each
looked up by :mod:`skak.model.editions`.
"""

from skak.model.games import (
    Entry,
    colour_history,
    entries_by_player,
    have_met,
    opponents,
    pairing_score,
    round_entries,
    score,
    score_table,
)
from skak.model.player import Player, Ratings, Sex, Title
from skak.model.records import KnockoutDraw, MovedUp, StartOrder, SystemRecord
from skak.model.results import HALF, Colour, Result, Scoring, format_points, parse_points
from skak.model.tournament import (
    ROUND_ROBIN_SYSTEMS,
    Bye,
    GroupBan,
    Pairing,
    PairingBan,
    RatedKind,
    Round,
    SettingValue,
    Tournament,
    is_round_robin,
)

__all__ = [
    "HALF",
    "ROUND_ROBIN_SYSTEMS",
    "Bye",
    "Colour",
    "Entry",
    "GroupBan",
    "KnockoutDraw",
    "MovedUp",
    "Pairing",
    "PairingBan",
    "Player",
    "RatedKind",
    "Ratings",
    "Result",
    "Round",
    "Scoring",
    "SettingValue",
    "Sex",
    "StartOrder",
    "SystemRecord",
    "Title",
    "Tournament",
    "colour_history",
    "entries_by_player",
    "format_points",
    "have_met",
    "is_round_robin",
    "opponents",
    "pairing_score",
    "parse_points",
    "round_entries",
    "score",
    "score_table",
]
