"""A junior team championship as events (the record kind ``junior-championship``): what each
event says. The rules that decide whether one may be written are in
:mod:`skak.records.junior.commands`; the fold is :mod:`skak.records.junior.evolve`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import ClassVar

from skak.teams.junior import JuniorMatch, JuniorTeam

__all__ = [
    "JUNIOR_EVENT_TYPES",
    "ChampionshipCreated",
    "JuniorEvent",
    "JuniorMatchEntered",
    "JuniorTeamsEntered",
    "describe_junior_event",
]


@dataclass(frozen=True, slots=True)
class ChampionshipCreated:
    kind: ClassVar[str] = "championship_created"
    name: str
    day: date


@dataclass(frozen=True, slots=True)
class JuniorTeamsEntered:
    """The championship's teams (all of them; before the first match)."""

    kind: ClassVar[str] = "junior_teams_entered"
    teams: tuple[JuniorTeam, ...]


@dataclass(frozen=True, slots=True)
class JuniorMatchEntered:
    """A match's players and results (entered again: corrected)."""

    kind: ClassVar[str] = "junior_match_entered"
    match: JuniorMatch


JuniorEvent = ChampionshipCreated | JuniorTeamsEntered | JuniorMatchEntered

JUNIOR_EVENT_TYPES: tuple[type, ...] = JuniorEvent.__args__


def describe_junior_event(event: JuniorEvent) -> str:
    """One line in words for the championship's history."""
    match event:
        case ChampionshipCreated(name=name, day=day):
            return f"junior team championship {name} created ({day})"
        case JuniorTeamsEntered(teams=teams):
            return f"{len(teams)} team{'' if len(teams) == 1 else 's'} entered"
        case JuniorMatchEntered(match=m):
            return f"round {m.round}: {m.first}–{m.second}"
    raise TypeError(event)  # pragma: no cover
