"""An event with groups as events (the record kind ``event``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import ClassVar

__all__ = [
    "EVENT_EVENT_TYPES",
    "EventCreated",
    "EventEvent",
    "GroupAdded",
    "describe_event_event",
]


@dataclass(frozen=True, slots=True)
class EventCreated:
    kind: ClassVar[str] = "event_created"
    name: str
    start: date | None = None
    end: date | None = None
    place: str | None = None


@dataclass(frozen=True, slots=True)
class GroupAdded:
    """A group of the event: its label (``Mesterklassen``, ``A``) and its tournament's id."""

    kind: ClassVar[str] = "group_added"
    label: str
    tournament: int


EventEvent = EventCreated | GroupAdded

EVENT_EVENT_TYPES: tuple[type, ...] = EventEvent.__args__


def describe_event_event(event: EventEvent) -> str:
    match event:
        case EventCreated(name=name):
            return f"event {name} created"
        case GroupAdded(label=label, tournament=t):
            return f"group {label}: tournament #{t}"
    raise TypeError(event)  # pragma: no cover
