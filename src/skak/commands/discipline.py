"""The discipline registry (advarsler og karantæner, §19) as a record: its commands, the
pure ``decide`` and ``evolve``, and its events' encoding.

One stream of its own kind, ``discipline-registry``, like the rating registry: §19 has the
rating registrar keep the warnings and quarantines. An event holds the entry as §19 decided
it (a warning changed into a quarantine, a doubled length, with the words why), so the
history says what was asked and what was registered; a lifted entry stays in the history.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Literal

from skak.eligibility.discipline import (
    DisciplineRegistry,
    Sanction,
    SanctionKind,
    SanctionRequest,
    decide_sanction,
)
from skak.errors import InputError, StateError, StorageError
from skak.model.player import clean_text
from skak.model.stream import Recorded

__all__ = [
    "DisciplineCommand",
    "DisciplineEvent",
    "GiveSanction",
    "LiftSanction",
    "SanctionLifted",
    "SanctionRecorded",
    "decide",
    "dump_discipline_event",
    "evolve",
    "fold",
    "load_discipline_event",
]


@dataclass(frozen=True, slots=True)
class SanctionRecorded:
    sanction: Sanction
    kind: Literal["sanction_recorded"] = "sanction_recorded"


@dataclass(frozen=True, slots=True)
class SanctionLifted:
    number: int
    day: date
    reason: str
    kind: Literal["sanction_lifted"] = "sanction_lifted"


DisciplineEvent = SanctionRecorded | SanctionLifted


@dataclass(frozen=True, slots=True)
class GiveSanction:
    """A warning or a quarantine given (§7, 4.5.4.2), to be registered as §19 has it."""

    request: SanctionRequest


@dataclass(frozen=True, slots=True)
class LiftSanction:
    """An entry lifted from ``day`` (e.g. Skaknævnet set it aside), with the reason."""

    number: int
    day: date
    reason: str


DisciplineCommand = GiveSanction | LiftSanction


def decide(state: DisciplineRegistry, command: DisciplineCommand) -> list[DisciplineEvent]:
    """The events that carry out ``command``.

    :raises InputError: for a request the rules refuse (see
        :func:`skak.eligibility.discipline.decide_sanction`), or text that is no text.
    :raises StateError: for an entry dated before the player's latest, or one lifted already.
    :raises NotFoundError: when the entry to lift does not exist.
    """
    if isinstance(command, GiveSanction):
        r = command.request
        name = clean_text(r.name, "the player's name")
        tournament = clean_text(r.tournament, "the tournament's name")
        if not name or not tournament:
            raise InputError("a sanction needs the player's name and the tournament's")
        reason = clean_text(r.reason, "the reason", limit=1000)
        request = replace(r, name=name, tournament=tournament, reason=reason)
        return [SanctionRecorded(decide_sanction(state, request))]
    entry = state.sanction(command.number)
    if entry.cancelled is not None:
        raise StateError(f"entry {entry.id} was lifted on {entry.cancelled_on} already")
    reason = clean_text(command.reason, "the reason", limit=1000)
    if not reason:
        raise InputError("say why the entry is lifted (e.g. Skaknævnet's ruling)")
    if command.day < entry.given:
        raise InputError(
            f"entry {entry.id} was given on {entry.given.isoformat()}; it cannot be lifted "
            f"from {command.day.isoformat()}"
        )
    return [SanctionLifted(entry.id, command.day, reason)]


def evolve(state: DisciplineRegistry, event: DisciplineEvent) -> DisciplineRegistry:
    if isinstance(event, SanctionRecorded):
        return DisciplineRegistry((*state.sanctions, event.sanction))
    return DisciplineRegistry(
        tuple(
            replace(s, cancelled=event.reason, cancelled_on=event.day)
            if s.id == event.number
            else s
            for s in state.sanctions
        )
    )


def fold(
    events: Sequence[Recorded[DisciplineEvent]], start: DisciplineRegistry | None = None
) -> DisciplineRegistry:
    state = start or DisciplineRegistry()
    for r in events:
        state = evolve(state, r.event)
    return state


def _day(d: date | None) -> str | None:
    return None if d is None else d.isoformat()


def dump_discipline_event(event: DisciplineEvent) -> dict[str, Any]:
    if isinstance(event, SanctionLifted):
        return {
            "type": event.kind,
            "number": event.number,
            "day": event.day.isoformat(),
            "reason": event.reason,
        }
    s = event.sanction
    return {
        "type": event.kind,
        "id": s.id,
        "sanction": s.kind.value,
        "member": s.member,
        "name": s.name,
        "given": s.given.isoformat(),
        "tournament": s.tournament,
        "last_day": s.last_day.isoformat(),
        "ground": s.ground,
        "reason": s.reason,
        "start": _day(s.start),
        "months": s.months,
        "days": s.days,
        "escalation": s.escalation,
    }


def load_discipline_event(payload: Mapping[str, Any]) -> DisciplineEvent:
    """:raises StorageError: for a payload that is no discipline event (a damaged
    database)."""
    kind = payload.get("type")
    try:
        if kind == "sanction_lifted":
            return SanctionLifted(
                int(payload["number"]),
                date.fromisoformat(payload["day"]),
                str(payload["reason"]),
            )
        if kind == "sanction_recorded":
            start = payload.get("start")
            months, days = payload.get("months"), payload.get("days")
            return SanctionRecorded(
                Sanction(
                    int(payload["id"]),
                    SanctionKind(payload["sanction"]),
                    int(payload["member"]),
                    str(payload["name"]),
                    date.fromisoformat(payload["given"]),
                    str(payload["tournament"]),
                    date.fromisoformat(payload["last_day"]),
                    str(payload["ground"]),
                    str(payload.get("reason", "")),
                    None if start is None else date.fromisoformat(start),
                    None if months is None else int(months),
                    None if days is None else int(days),
                    str(payload.get("escalation", "")),
                )
            )
    except (KeyError, TypeError, ValueError) as err:
        raise StorageError(f"a discipline registry event cannot be read: {err}") from err
    raise StorageError(f"a discipline registry event cannot be read: {kind!r}")
