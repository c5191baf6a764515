"""The discipline registry's events to JSON and back, written by hand: the stored shape
is flat (the entry's fields beside ``"type"``), as skak has always written it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from skak.eligibility.discipline import Sanction, SanctionKind
from skak.errors import StorageError
from skak.records.discipline.events import (
    DisciplineEvent,
    SanctionLifted,
    SanctionRecorded,
)


def _day(d: date | None) -> str | None:
    return None if d is None else d.isoformat()


def dump_event(event: DisciplineEvent) -> dict[str, Any]:
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


def load_event(payload: Mapping[str, Any]) -> DisciplineEvent:
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
