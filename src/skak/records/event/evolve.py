"""The event built from its events: :func:`evolve` and :func:`fold`, pure."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from skak.errors import StateError
from skak.model.event import Event, EventGroup
from skak.model.stream import Recorded
from skak.records.event.events import EventCreated, EventEvent, GroupAdded

__all__ = ["evolve", "fold"]


def evolve(state: Event | None, event: EventEvent) -> Event:
    if isinstance(event, EventCreated):
        return Event(event.name, event.start, event.end, event.place)
    if state is None:
        raise StateError(f"{event.kind}: there is no event yet")
    match event:
        case GroupAdded(label=label, tournament=t):
            return replace(state, groups=(*state.groups, EventGroup(label, t)))
    raise TypeError(event)  # pragma: no cover - the union is closed


def fold(
    events: Iterable[Recorded[EventEvent]] | Iterable[EventEvent], start: Event | None = None
) -> Event | None:
    state = start
    for e in events:
        state = evolve(state, e.event if isinstance(e, Recorded) else e)
    return state
