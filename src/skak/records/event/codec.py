"""An event's events to JSON and back (cattrs; see :class:`skak.store.codec.UnionCodec`)."""

from __future__ import annotations

from typing import Any

from skak.records.event.events import EventEvent
from skak.store.codec import UnionCodec

__all__ = ["dump_event", "load_event"]

_CODEC: UnionCodec[EventEvent] = UnionCodec(EventEvent)


def dump_event(event: EventEvent) -> dict[str, Any]:
    return _CODEC.dump(event)


def load_event(data: dict[str, Any]) -> EventEvent:
    """:raises StorageError: when the stored event cannot be read."""
    return _CODEC.load(data)
