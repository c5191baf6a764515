"""An event with groups as a record: its commands and ``decide``, pure. A group is a
tournament of the database; the API checks that it exists and belongs to no other event."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from skak.errors import InputError, StateError
from skak.messages import N_
from skak.model.event import Event
from skak.records.event.events import EventCreated, EventEvent, GroupAdded

__all__ = ["AddGroup", "CreateEvent", "EventCommand", "decide"]


@dataclass(frozen=True, slots=True)
class CreateEvent:
    name: str
    start: date | None = None
    end: date | None = None
    place: str | None = None


@dataclass(frozen=True, slots=True)
class AddGroup:
    label: str
    tournament: int


EventCommand = CreateEvent | AddGroup


def decide(state: Event | None, command: EventCommand) -> list[EventEvent]:
    """:raises SkakError: when a rule refuses it (nothing is written then)."""
    if isinstance(command, CreateEvent):
        if state is not None:
            raise StateError(N_("the event {name} exists already", name=state.name))
        if not command.name.strip():
            raise InputError(N_("an event needs a name"))
        if command.start and command.end and command.end < command.start:
            raise InputError(N_("an event ends on or after the day it starts"))
        place = command.place.strip() if command.place else None
        return [EventCreated(command.name.strip(), command.start, command.end, place or None)]
    if state is None:
        raise StateError(N_("there is no event yet"))
    label = command.label.strip()
    if not label:
        raise InputError(N_("a group needs a name (e.g. Mesterklassen, A)"))
    for g in state.groups:
        if g.label.casefold() == label.casefold():
            raise InputError(
                N_("{event} has a group {label} already", event=state.name, label=g.label)
            )
    if any(g.tournament == command.tournament for g in state.groups):
        return []  # the tournament is a group of the event already
    return [GroupAdded(label, command.tournament)]
