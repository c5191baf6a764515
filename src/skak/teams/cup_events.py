"""A cup row as events (the record kind ``cup``): what each says and how it changes the
:class:`~skak.teams.cup.Cup`. The rules that decide whether one may be written are in
:mod:`skak.commands.cup`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import ClassVar

from skak.errors import StateError
from skak.teams.cup import Cup, CupCard, CupLineup, CupMatch, CupSettings, CupTeam

__all__ = [
    "CupCreated",
    "CupEvent",
    "CupLineupEntered",
    "CupPlayoffEntered",
    "CupResultCleared",
    "CupResultEntered",
    "CupRoundPaired",
    "CupTeamsEntered",
    "apply_cup_event",
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


def apply_cup_event(cup: Cup | None, event: CupEvent) -> Cup:
    if isinstance(event, CupCreated):
        return Cup(event.name, event.row, event.day, event.rounds, event.boards, event.settings)
    if cup is None:
        raise StateError(f"{event.kind}: there is no cup yet")
    match event:
        case CupTeamsEntered(teams=teams):
            return replace(cup, teams=teams)
        case CupRoundPaired(round=r, matches=matches, bye=bye):
            byes = cup.byes + (((r, bye),) if bye is not None else ())
            return replace(cup, pairings=(*cup.pairings, *matches), byes=byes)
        case CupLineupEntered(lineup=lu):
            kept = tuple(x for x in cup.lineups if (x.round, x.team) != (lu.round, lu.team))
            return replace(cup, lineups=(*kept, lu))
        case CupResultEntered(card=card):
            kept_cards = tuple(
                c for c in cup.cards if not (c.round == card.round and c.first == card.first)
            )
            return replace(cup, cards=(*kept_cards, card))
        case CupResultCleared(round=r, first=first, second=second):
            pair_cleared = {first, second}
            return replace(
                cup,
                cards=tuple(
                    c
                    for c in cup.cards
                    if not (c.round == r and {c.first, c.second} == pair_cleared)
                ),
            )
        case CupPlayoffEntered(card=card):
            pair = {card.first, card.second}
            kept_playoffs = tuple(c for c in cup.playoffs if {c.first, c.second} != pair)
            return replace(cup, playoffs=(*kept_playoffs, card))
    raise TypeError(event)  # pragma: no cover - the union is closed


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
