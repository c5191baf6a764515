"""A rating report's events to JSON and back (by hand: the document is stored as sent)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from skak.errors import StorageError
from skak.records.reports.events import (
    ReportApplied,
    ReportEvent,
    ReportReceived,
    ReportReturned,
)


def dump_event(event: ReportEvent) -> dict[str, Any]:
    if isinstance(event, ReportReceived):
        return {
            "type": event.kind,
            "document": dict(event.document),
            "club": event.club,
            "day": event.day.isoformat(),
            "key": event.key,
        }
    if isinstance(event, ReportApplied):
        return {"type": event.kind, "day": event.day.isoformat()}
    return {"type": event.kind, "day": event.day.isoformat(), "note": event.note}


def load_event(payload: Mapping[str, Any]) -> ReportEvent:
    """:raises StorageError: for a payload that is no rating report event (a damaged
    database)."""
    kind = payload.get("type")
    try:
        if kind == "report_received":
            document = payload["document"]
            if not isinstance(document, Mapping):
                raise TypeError("the document is no object")
            club = payload.get("club")
            return ReportReceived(
                document,
                None if club is None else str(club),
                date.fromisoformat(payload["day"]),
                str(payload["key"]),
            )
        if kind == "report_applied":
            return ReportApplied(date.fromisoformat(payload["day"]))
        if kind == "report_returned":
            return ReportReturned(date.fromisoformat(payload["day"]), str(payload["note"]))
    except (KeyError, TypeError, ValueError) as err:
        raise StorageError(f"a rating report's event cannot be read: {err}") from err
    raise StorageError(f"a rating report's event cannot be read: {kind!r}")
