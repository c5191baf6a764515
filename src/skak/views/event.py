"""An event with groups, read: its groups with their tournaments (players, rounds, the
leader so far), and one register of every group's entrants."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from skak.model.event import Event
from skak.model.tournament import Tournament

__all__ = [
    "EventEntrant",
    "EventGroupView",
    "EventLine",
    "EventView",
    "event_line",
    "event_view",
]


@dataclass(frozen=True, slots=True)
class EventLine:
    id: int
    name: str
    start: date | None
    place: str | None
    groups: int


def event_line(ident: int, event: Event) -> EventLine:
    return EventLine(ident, event.name, event.start, event.place, len(event.groups))


@dataclass(frozen=True, slots=True)
class EventGroupView:
    """A group: its label, its tournament (id and name), its players and rounds paired."""

    label: str
    tournament: int
    name: str
    system: str
    players: int
    rounds: int
    paired: int


@dataclass(frozen=True, slots=True)
class EventEntrant:
    """One entrant of the event: his group, his start number there, his name, club and
    rating (the tournament's kind's DSU rating, else FIDE's)."""

    group: str
    start_number: int
    name: str
    club: str | None
    rating: int | None
    dsu_id: int | None


@dataclass(frozen=True, slots=True)
class EventView:
    id: int
    name: str
    start: date | None
    end: date | None
    place: str | None
    groups: tuple[EventGroupView, ...]
    entrants: tuple[EventEntrant, ...]


def event_view(ident: int, event: Event, tournaments: dict[int, Tournament]) -> EventView:
    """The event with its groups' tournaments (``tournaments`` by id), the entrants by name."""
    groups = []
    entrants = []
    for g in event.groups:
        t = tournaments[g.tournament]
        groups.append(
            EventGroupView(
                g.label,
                g.tournament,
                t.name,
                t.pairing_system,
                len(t.players),
                t.number_of_rounds or 0,
                len(t.rounds),
            )
        )
        for p in t.players:
            rating = p.ratings.dsu or p.ratings.fide
            entrants.append(EventEntrant(g.label, p.start_number, p.name, p.club, rating, p.dsu_id))
    entrants.sort(key=lambda e: (e.name.casefold(), e.group))
    return EventView(
        ident, event.name, event.start, event.end, event.place, tuple(groups), tuple(entrants)
    )
