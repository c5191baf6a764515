"""Events and tournaments to JSON and back (cattrs), for the event log and ``export json``.

Points are written as exact strings (``"1/2"``), dates as ISO dates, enums by value; an event
carries its kind under ``"type"``.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from skak.errors import StorageError
from skak.model.events import EVENT_TYPES, Event
from skak.model.records import SystemRecord
from skak.model.tournament import SettingValue, Tournament

if TYPE_CHECKING:  # cattrs is imported, and each union's members, when first used
    from cattrs import Converter

    from skak.rating.registry import RegistryEvent
    from skak.teams.cup_events import CupEvent
    from skak.teams.events import LeagueEvent

__all__ = [
    "dump_cup_event",
    "dump_event",
    "dump_league_event",
    "dump_registry_event",
    "dump_tournament",
    "load_cup_event",
    "load_event",
    "load_league_event",
    "load_registry_event",
    "load_tournament",
]


def _make(*, omit_if_default: bool) -> Converter:
    from cattrs.preconf.json import make_converter
    from cattrs.strategies import configure_union_passthrough

    # Without cattrs' detailed validation the hooks are made and run in about two thirds of
    # the time; a damaged event is named all the same (see :func:`_load`).
    converter = make_converter(omit_if_default=omit_if_default, detailed_validation=False)
    converter.register_unstructure_hook(Fraction, str)
    converter.register_structure_hook(Fraction, _fraction)
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
    for union in (SystemRecord, Event):
        _tagged_union(union, converter)
    return converter


#: Fractions already read from their text (a season's rating changes repeat: a few hundred
#: values among hundreds of thousands), at most :data:`_FRACTIONS_KEPT` of them.
_FRACTIONS: dict[str, Fraction] = {}
_FRACTIONS_KEPT = 4096


def _fraction(value: Any, _: Any) -> Fraction:
    """``Fraction(value)``, each text made once (a Fraction is immutable, so one object
    serves every event that holds the value). ``Fraction`` of a text is slow (a check
    against the ``numbers.Rational`` ABC, a regular expression): a registry of 48 889 events
    read in 0.67 s, 0.49 s so (collector off)."""
    if value.__class__ is not str:
        return Fraction(value)
    made = _FRACTIONS.get(value)
    if made is None:
        made = Fraction(value)
        if len(_FRACTIONS) < _FRACTIONS_KEPT:
            _FRACTIONS[value] = made
    return made


@functools.cache
def _with(union: str) -> Converter:
    """The event log's converter, knowing the union of events ``union`` names as well
    (the rating registry's, a league season's, a cup's: their rules are imported then)."""
    converter = _converter()
    if union == "registry":
        from skak.rating.registry import RegistryEvent

        _registry_readers(converter)
        _tagged_union(RegistryEvent, converter)
    elif union == "league":
        from skak.teams.events import LeagueEvent

        _tagged_union(LeagueEvent, converter)
    elif union == "cup":
        from skak.teams.cup_events import CupEvent

        _tagged_union(CupEvent, converter)
    return converter


def _registry_readers(converter: Converter) -> None:
    """The two kinds of event a national registry holds by the ten thousand (players
    entered, tournaments applied) read by hand: what cattrs' hooks do — each field by its
    type's hook (``int``, ``str``, :func:`date.fromisoformat`, :func:`_fraction`), in the
    order cattrs takes them — without a call per tuple and per change. Measured on a
    registry of 48 889 events (``benchmarks/rating_replay.py``): its events read in 0.44 s
    instead of 0.49 s (collector off). Should a field be added to either, its hook stays
    cattrs' (a test says so)."""
    from skak.rating.registry import PlayerEntered, TournamentApplied, TournamentChange

    iso = date.fromisoformat

    def tournament_applied(o: dict[str, Any], _: Any) -> TournamentApplied:
        return TournamentApplied(
            str(o["key"]),
            str(o["name"]),
            iso(o["day"]),
            str(o["rating_kind"]),
            str(o["edition"]),
            tuple(
                [
                    TournamentChange(
                        int(c["dsu_id"]),
                        str(c["name"]),
                        int(c["start"]),
                        _fraction(c["raw_change"], Fraction),
                    )
                    for c in o["changes"]
                ]
            ),
        )

    def player_entered(o: dict[str, Any], _: Any) -> PlayerEntered:
        club = None
        if "club" in o:  # written only when there is one (the default is left out)
            club = o["club"]
            if club is not None:
                club = str(club)
        return PlayerEntered(
            int(o["dsu_id"]),
            str(o["name"]),
            tuple([_rating(r) for r in o["ratings"]]),
            iso(o["day"]),
            str(o["source"]),
            club,
        )

    if _field_names(TournamentChange) == ("dsu_id", "name", "start", "raw_change") and (
        _field_names(TournamentApplied)
        == ("key", "name", "day", "rating_kind", "edition", "changes")
    ):
        converter.register_structure_hook(TournamentApplied, tournament_applied)
    if _field_names(PlayerEntered) == ("dsu_id", "name", "ratings", "day", "source", "club"):
        converter.register_structure_hook(PlayerEntered, player_entered)


def _rating(value: Any) -> tuple[str, int]:
    """A ``(kind, rating)`` pair as cattrs reads a ``tuple[str, int]``."""
    if len(value) != 2:
        problem = "Not enough" if len(value) < 2 else "Too many"
        raise ValueError(f"{problem} values in {value!r} to structure as tuple[str, int]")
    return str(value[0]), int(value[1])


def _field_names(cl: Any) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cl))


def _tagged_union(union: Any, converter: Converter) -> None:
    """``union`` written with its member's ``kind`` under ``"type"``, after the fields, as
    cattrs' ``configure_tagged_union`` writes it; but each member's hooks are made when that
    member is first read or written, not all at once (most commands meet a few kinds)."""
    members: dict[str, type] = {str(cl.kind): cl for cl in union.__args__}
    tags = {cl: tag for tag, cl in members.items()}
    structure_hooks: dict[str, Callable[[Any, type], Any]] = {}
    unstructure_hooks: dict[type, Callable[[Any], dict[str, Any]]] = {}

    def structure(value: dict[str, Any], _: Any) -> Any:
        tag = value["type"]
        hook = structure_hooks.get(tag)
        if hook is None:
            hook = structure_hooks[tag] = converter.get_structure_hook(members[tag])
        return hook(value, members[tag])

    def unstructure(value: Any) -> dict[str, Any]:
        cl = value.__class__
        hook = unstructure_hooks.get(cl)
        if hook is None:
            hook = unstructure_hooks[cl] = converter.get_unstructure_hook(cl)
        out: dict[str, Any] = hook(value)
        out["type"] = tags[cl]
        return out

    converter.register_unstructure_hook(union, unstructure)
    converter.register_structure_hook(union, structure)


@functools.cache
def _converter() -> Converter:
    """The event log's converter: it leaves out fields at their defaults (compact, and old
    events stay readable when a later version adds a field with a default). Made on first
    use, so that a command that reads no event never builds it."""
    return _make(omit_if_default=True)


@functools.cache
def _complete() -> Converter:
    """The exports' converter: every field, so a reader needs no knowledge of skak's
    defaults."""
    return _make(omit_if_default=False)


assert len(EVENT_TYPES) == len(Event.__args__)


def dump_event(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = _converter().unstructure(event, Event)
    return out


def _load(data: dict[str, Any], union: str) -> Any:
    """:raises StorageError: when the stored event cannot be read."""
    return _reader(union)(data)


@functools.cache
def _reader(union: str) -> Callable[[dict[str, Any]], Any]:
    """The reader of one union of events (``""``: a tournament's; else as :func:`_with`),
    its hook looked up once: a replay reads tens of thousands of events."""
    from cattrs import ClassValidationError

    cl: Any
    if union == "registry":
        from skak.rating.registry import RegistryEvent as cl
    elif union == "league":
        from skak.teams.events import LeagueEvent as cl
    elif union == "cup":
        from skak.teams.cup_events import CupEvent as cl
    else:
        cl = Event
    hook = _with(union).get_structure_hook(cl)
    # ArithmeticError: a rating change of ``"1/0"``.
    errors = (
        ClassValidationError,
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
        ArithmeticError,
    )

    def read(data: dict[str, Any]) -> Any:
        if not isinstance(data, dict):
            raise StorageError(f"a stored event cannot be read: it holds {type(data).__name__}")
        try:
            return hook(data, cl)
        except errors as err:
            raise StorageError(
                f"a stored event cannot be read ({data.get('type')!r}): {err}"
            ) from err

    return read


def load_event(data: dict[str, Any]) -> Event:
    """:raises StorageError: when the stored event cannot be read."""
    event: Event = _load(data, "")
    return event


def dump_tournament(tournament: Tournament) -> dict[str, Any]:
    """Every field of the tournament, defaults included (for ``skak export json``)."""
    out: dict[str, Any] = _complete().unstructure(tournament)
    return out


def load_tournament(data: dict[str, Any]) -> Tournament:
    return _converter().structure(data, Tournament)


def dump_registry_event(event: RegistryEvent) -> dict[str, Any]:
    from skak.rating.registry import RegistryEvent

    out: dict[str, Any] = _with("registry").unstructure(event, RegistryEvent)
    return out


def load_registry_event(data: dict[str, Any]) -> RegistryEvent:
    """:raises StorageError: when the stored event cannot be read."""
    event: RegistryEvent = _load(data, "registry")
    return event


def dump_league_event(event: LeagueEvent) -> dict[str, Any]:
    from skak.teams.events import LeagueEvent

    out: dict[str, Any] = _with("league").unstructure(event, LeagueEvent)
    return out


def load_league_event(data: dict[str, Any]) -> LeagueEvent:
    """:raises StorageError: when the stored event cannot be read."""
    event: LeagueEvent = _load(data, "league")
    return event


def dump_cup_event(event: CupEvent) -> dict[str, Any]:
    from skak.teams.cup_events import CupEvent

    out: dict[str, Any] = _with("cup").unstructure(event, CupEvent)
    return out


def load_cup_event(data: dict[str, Any]) -> CupEvent:
    """:raises StorageError: when the stored event cannot be read."""
    event: CupEvent = _load(data, "cup")
    return event
