"""Events and tournaments to JSON and back (cattrs), for the event log and ``export json``.

Points are written as exact strings (``"1/2"``), dates as ISO dates, enums by value; an event
carries its kind under ``"type"``.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Any

from cattrs import ClassValidationError, Converter
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union, configure_union_passthrough

from skak.errors import StorageError
from skak.model.events import EVENT_TYPES, Event
from skak.model.records import SystemRecord
from skak.model.tournament import SettingValue, Tournament
from skak.rating.registry import RegistryEvent

__all__ = [
    "dump_event",
    "dump_registry_event",
    "dump_tournament",
    "load_event",
    "load_registry_event",
    "load_tournament",
]


def _make(*, omit_if_default: bool) -> Converter:
    converter = make_converter(omit_if_default=omit_if_default)
    converter.register_unstructure_hook(Fraction, str)
    converter.register_structure_hook(Fraction, lambda v, _: Fraction(v))
    converter.register_unstructure_hook(date, date.isoformat)
    converter.register_structure_hook(date, lambda v, _: date.fromisoformat(v))
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
    for union in (SystemRecord, Event, RegistryEvent):
        configure_tagged_union(
            union,
            converter,
            tag_generator=lambda cls: str(cls.kind),  # type: ignore[attr-defined]
            tag_name="type",
        )
    return converter


#: The event log leaves out fields at their defaults: compact, and old events stay readable
#: when a later version adds a field with a default.
_converter = _make(omit_if_default=True)
#: Exports write every field, so a reader needs no knowledge of skak's defaults.
_complete = _make(omit_if_default=False)
assert len(EVENT_TYPES) == len(Event.__args__)


def dump_event(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = _converter.unstructure(event, Event)
    return out


def _load(data: dict[str, Any], union: Any) -> Any:
    """:raises StorageError: when the stored event cannot be read."""
    if not isinstance(data, dict):
        raise StorageError(f"a stored event cannot be read: it holds {type(data).__name__}")
    try:
        return _converter.structure(data, union)
    except (ClassValidationError, ValueError, KeyError, TypeError) as err:
        raise StorageError(f"a stored event cannot be read ({data.get('type')!r}): {err}") from err


def load_event(data: dict[str, Any]) -> Event:
    """:raises StorageError: when the stored event cannot be read."""
    event: Event = _load(data, Event)
    return event


def dump_tournament(tournament: Tournament) -> dict[str, Any]:
    """Every field of the tournament, defaults included (for ``skak export json``)."""
    out: dict[str, Any] = _complete.unstructure(tournament)
    return out


def load_tournament(data: dict[str, Any]) -> Tournament:
    return _converter.structure(data, Tournament)


def dump_registry_event(event: RegistryEvent) -> dict[str, Any]:
    out: dict[str, Any] = _converter.unstructure(event, RegistryEvent)
    return out


def load_registry_event(data: dict[str, Any]) -> RegistryEvent:
    """:raises StorageError: when the stored event cannot be read."""
    event: RegistryEvent = _load(data, RegistryEvent)
    return event
