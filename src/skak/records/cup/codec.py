"""A cup row's events to JSON and back (cattrs; :class:`skak.store.codec.UnionCodec`)."""

from __future__ import annotations

from typing import Any

from skak.records.cup.events import CupEvent
from skak.store.codec import UnionCodec

__all__ = ["dump_event", "load_event"]

_CODEC: UnionCodec[CupEvent] = UnionCodec(CupEvent)


def dump_event(event: CupEvent) -> dict[str, Any]:
    return _CODEC.dump(event)


def load_event(data: dict[str, Any]) -> CupEvent:
    """:raises StorageError: when the stored event cannot be read."""
    return _CODEC.load(data)
