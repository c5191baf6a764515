"""A rating report built from its events: :func:`evolve` and :func:`fold`, pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Literal

from skak.errors import StorageError
from skak.model.stream import Recorded
from skak.records.reports.events import (
    ReportApplied,
    ReportEvent,
    ReportReceived,
    ReportReturned,
)

__all__ = ["RatingReport", "Status", "evolve", "fold"]

Status = Literal["received", "returned", "applied"]


@dataclass(frozen=True, slots=True)
class RatingReport:
    """A report in the registrar's queue: the document as sent, the club, the day it came,
    its tournament's key, and where it stands (``received``: waiting for the registrar;
    ``returned`` with ``note``; ``applied``), with the day of the registrar's decision."""

    document: Mapping[str, Any]
    club: str | None
    received_on: date
    key: str
    status: Status = "received"
    note: str = ""
    decided_on: date | None = None


def evolve(state: RatingReport | None, event: ReportEvent) -> RatingReport:
    """The report after ``event``."""
    if isinstance(event, ReportReceived):
        return RatingReport(event.document, event.club, event.day, event.key)
    if state is None:
        raise StorageError("a rating report's first event is its receipt")
    if isinstance(event, ReportApplied):
        return replace(state, status="applied", decided_on=event.day)
    if isinstance(event, ReportReturned):
        return replace(state, status="returned", note=event.note, decided_on=event.day)
    raise TypeError(event)  # pragma: no cover - the union is closed


def fold(
    events: Sequence[Recorded[ReportEvent]], start: RatingReport | None = None
) -> RatingReport | None:
    state = start
    for r in events:
        state = evolve(state, r.event)
    return state
