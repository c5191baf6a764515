"""A cup row as events (the record kind ``cup``): what each says and how it changes the
:class:`~skak.teams.cup.Cup`. The rules that decide whether one may be written are in
:mod:`skak.records.cup.commands`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import ClassVar

from skak.teams.cup import CupCard, CupLineup, CupMatch, CupSettings, CupTeam

__all__ = [
    "CupCreated",
    "CupEvent",
    "CupLineupEntered",
    "CupPlayoffEntered",
    "CupResultCleared",
    "CupResultEntered",
    "CupRoundPaired",
    "CupTeamsEntered",
    "describe_cup_event",
]


@dataclass(frozen=True, slots=True)
class CupCreated:
    kind: ClassVar[str] = "cup_created"
    name: str
    row: str
    day: date
    rounds: int
    boards: int
    settings: CupSettings


@dataclass(frozen=True, slots=True)
class CupTeamsEntered:
    kind: ClassVar[str] = "cup_teams_entered"
    teams: tuple[CupTeam, ...]


@dataclass(frozen=True, slots=True)
class CupRoundPaired:
    kind: ClassVar[str] = "cup_round_paired"
    round: int
    matches: tuple[CupMatch, ...]
    bye: str | None
    explanation: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CupLineupEntered:
    kind: ClassVar[str] = "cup_lineup_entered"
    lineup: CupLineup


@dataclass(frozen=True, slots=True)
class CupResultEntered:
    kind: ClassVar[str] = "cup_result_entered"
    card: CupCard


@dataclass(frozen=True, slots=True)
class CupResultCleared:
    """A match's round card set aside: a line-up of the match was corrected after its result
    (the result is to be entered again); ``reason`` in words."""

    kind: ClassVar[str] = "cup_result_cleared"
    round: int
    first: str
    second: str
    reason: str


@dataclass(frozen=True, slots=True)
class CupPlayoffEntered:
    """§9's blitz match between two teams tied for first (entered again: corrected, the
    later card replacing the earlier)."""

    kind: ClassVar[str] = "cup_playoff_entered"
    card: CupCard


CupEvent = (
    CupCreated
    | CupTeamsEntered
    | CupRoundPaired
    | CupLineupEntered
    | CupResultEntered
    | CupResultCleared
    | CupPlayoffEntered
)


def describe_cup_event(event: CupEvent) -> str:
    match event:
        case CupCreated():
            return f"cup {event.name} ({event.row}) created"
        case CupTeamsEntered(teams=teams):
            return f"{len(teams)} teams entered"
        case CupRoundPaired(round=r):
            return f"round {r} paired"
        case CupLineupEntered(lineup=lu):
            return f"{lu.team}'s line-up for round {lu.round}"
        case CupResultEntered(card=c):
            return f"round {c.round}: {c.first}–{c.second}"
        case CupResultCleared(round=r, first=first, second=second, reason=why):
            return f"round {r}: result of {first}–{second} set aside ({why})"
        case CupPlayoffEntered(card=c):
            return f"play-off {c.first}–{c.second}"
    raise TypeError(event)  # pragma: no cover
