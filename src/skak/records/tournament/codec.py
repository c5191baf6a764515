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
from skak.model.tournament import Round, SettingValue, Tournament
from skak.records.tournament.events import EVENT_TYPES, Event
from skak.store.codec import make_converter, reader, tagged_union

if TYPE_CHECKING:
    from cattrs import Converter

__all__ = ["dump_event", "dump_snapshot", "dump_tournament", "load_event", "load_tournament"]

assert len(EVENT_TYPES) == len(Event.__args__)


def _configure(converter: Converter, *, messages: bool = True) -> None:
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
    if messages:
        _explanations(converter)
    for union in (SystemRecord, Event):
        tagged_union(union, converter)


def _explanations(converter: Converter) -> None:
    """A round's explanation lines as messages (:func:`skak.messages.text_to_json`: the English
    text with its template and parameters), so a face says a stored round's explanation in its
    language; a line stored as a plain string (as every skak before this wrote them) is read as
    that text."""
    from dataclasses import replace

    from skak.messages import text_from_json, text_to_json

    dump_round = converter.get_unstructure_hook(Round)
    load_round = converter.get_structure_hook(Round)

    def dump(rnd: Round) -> dict[str, Any]:
        out: dict[str, Any] = dump_round(rnd)
        if "explanation" in out:
            out["explanation"] = [text_to_json(line) for line in rnd.explanation]
        return out

    def load(data: dict[str, Any], _: Any) -> Round:
        lines = data.get("explanation")
        if not lines or all(isinstance(line, str) for line in lines):
            rnd: Round = load_round(data, Round)
            return rnd
        texts = [text_from_json(line) for line in lines]
        rnd = load_round({**data, "explanation": [str(t) for t in texts]}, Round)
        return replace(rnd, explanation=tuple(texts))

    converter.register_unstructure_hook(Round, dump)
    converter.register_structure_hook(Round, load)


@functools.cache
def _converter() -> Converter:
    """The event log's converter: it leaves out fields at their defaults. Made on first
    use, so that a command that reads no event never builds it."""
    return make_converter(omit_if_default=True, configure=_configure)


@functools.cache
def _complete() -> Converter:
    """The exports' converter: every field, so a reader needs no knowledge of skak's
    defaults; an explanation as its English lines."""
    return make_converter(
        omit_if_default=False, configure=functools.partial(_configure, messages=False)
    )


@functools.cache
def _snapshots() -> Converter:
    """The snapshots' converter: every field, an explanation's lines as messages."""
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


def dump_snapshot(tournament: Tournament) -> dict[str, Any]:
    """Every field of the tournament, its explanations as messages (for the snapshots)."""
    out: dict[str, Any] = _snapshots().unstructure(tournament)
    return out


def load_tournament(data: dict[str, Any]) -> Tournament:
    return _converter().structure(data, Tournament)
