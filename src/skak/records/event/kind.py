"""An event with groups: one stream an event, never undone, no snapshots (its binding to
the store)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.store.streams import EventCodec, EventFold, SmallKind

if TYPE_CHECKING:
    from skak.model.event import Event
    from skak.records.event.events import EventEvent

__all__ = ["EVENT"]


def _codec() -> EventCodec[EventEvent]:
    from skak.records.event import codec

    return codec


def _rules() -> EventFold[Event, EventEvent]:
    from skak.records.event import evolve

    return evolve


EVENT: SmallKind[Event, EventEvent] = SmallKind("event", _codec, _rules)
