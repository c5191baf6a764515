"""The pure tournament model: frozen values, no I/O.

Players, rounds, pairings and results are immutable; a tournament changes only by applying an
event (:mod:`skak.records.tournament.events`). Everything a pairing system or a standings
table needs to know about the past (colours, opponents, scores) is derived in
:mod:`skak.model.games`. A rule that changed over the years is a table of editions, each
looked up by :mod:`skak.model.editions`.

The pairing systems' records (:mod:`skak.model.records`), the bans (:mod:`skak.model.bans`),
the games attached to boards (:mod:`skak.model.attached_games`), the prizes
(:mod:`skak.model.prizes`) and the changes of a tournament (:mod:`skak.model.changes`) are
imported when first asked for, here or as a submodule (``skak.model.prizes``, as the type
hints of :class:`Tournament` name them): a run that reads a file and pairs or ranks it needs
none of them.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from skak.lazy import names_later
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
from skak.model.results import HALF, Colour, Result, Scoring, format_points, parse_points
from skak.model.tournament import (
    ROUND_ROBIN_SYSTEMS,
    Bye,
    Pairing,
    RatedKind,
    Round,
    SettingValue,
    Tournament,
    is_round_robin,
)

if TYPE_CHECKING:
    from skak.model.bans import GroupBan, PairingBan
    from skak.model.records import KnockoutDraw, MovedUp, StartOrder, SystemRecord

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

#: The names imported when first asked for, with their module; and the submodules so imported.
_LATER = dict.fromkeys(
    ("KnockoutDraw", "MovedUp", "StartOrder", "SystemRecord"), "skak.model.records"
) | dict.fromkeys(("GroupBan", "PairingBan"), "skak.model.bans")
_SUBMODULES = ("attached_games", "bans", "changes", "prizes", "records")

if not TYPE_CHECKING:
    _names_later = names_later(__name__, _LATER)

    def __getattr__(name: str) -> Any:
        if name in _SUBMODULES:
            return import_module(f"{__name__}.{name}")
        return _names_later(name)
