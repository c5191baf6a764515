"""a cup row's events to JSON and back (cattrs; :mod:`skak.store.codec`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skak.records.cup.events import CupEvent
from skak.store.codec import make_converter, reader, tagged_union

if TYPE_CHECKING:
    from cattrs import Converter

__all__ = ["dump_event", "load_event"]


def _configure(converter: Converter) -> None:
    tagged_union(CupEvent, converter)


@functools.cache
def _converter() -> Converter:
    return make_converter(omit_if_default=True, configure=_configure)


@functools.cache
def _reader() -> Callable[[dict[str, Any]], Any]:
    return reader(_converter(), CupEvent)


def dump_event(event: CupEvent) -> dict[str, Any]:
    out: dict[str, Any] = _converter().unstructure(event, CupEvent)
    return out


def load_event(data: dict[str, Any]) -> CupEvent:
    """:raises StorageError: when the stored event cannot be read."""
    event: CupEvent = _reader()(data)
    return event
