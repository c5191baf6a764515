"""The tournament's events, and a tournament, to JSON and back (cattrs), for the event log,
the snapshots and ``skak export json``.

Points are written as exact strings (``"1/2"``), dates as ISO dates, enums by value; an event
carries its kind under ``"type"`` (:mod:`skak.store.codec`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skak.model.records import SystemRecord
from skak.model.tournament import SettingValue, Tournament
from skak.records.tournament.events import EVENT_TYPES, Event
from skak.store.codec import make_converter, reader, tagged_union

if TYPE_CHECKING:
    from cattrs import Converter

__all__ = ["dump_event", "dump_tournament", "load_event", "load_tournament"]

assert len(EVENT_TYPES) == len(Event.__args__)


def _configure(converter: Converter) -> None:
    from cattrs.strategies import configure_union_passthrough

    configure_union_passthrough(SettingValue, converter)
    # ``Round.record`` is optional, and a tagged union does not cover ``| None`` by itself;
    # registered before the events, whose hooks are built with it.
    record: Any = SystemRecord
    converter.register_unstructure_hook(
        SystemRecord | None, lambda v: None if v is None else converter.unstructure(v, record)
    )
    converter.register_structure_hook(
        SystemRecord | None, lambda v, _: None if v is None else converter.structure(v, record)
    )
    for union in (SystemRecord, Event):
        tagged_union(union, converter)


@functools.cache
def _converter() -> Converter:
    """The event log's converter: it leaves out fields at their defaults. Made on first
    use, so that a command that reads no event never builds it."""
    return make_converter(omit_if_default=True, configure=_configure)


@functools.cache
def _complete() -> Converter:
    """The exports' converter: every field, so a reader needs no knowledge of skak's
    defaults."""
    return make_converter(omit_if_default=False, configure=_configure)


@functools.cache
def _reader() -> Callable[[dict[str, Any]], Any]:
    return reader(_converter(), Event)


def dump_event(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = _converter().unstructure(event, Event)
    return out


def load_event(data: dict[str, Any]) -> Event:
    """:raises StorageError: when the stored event cannot be read."""
    event: Event = _reader()(data)
    return event


def dump_tournament(tournament: Tournament) -> dict[str, Any]:
    """Every field of the tournament, defaults included (for ``skak export json``)."""
    out: dict[str, Any] = _complete().unstructure(tournament)
    return out


def load_tournament(data: dict[str, Any]) -> Tournament:
    return _converter().structure(data, Tournament)
