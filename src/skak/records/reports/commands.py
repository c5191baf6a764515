"""The registrar's queue of rating reports as a record: a report received, applied to the
rating registry, or returned to the club with a note; the pure ``decide``.

One stream a report, kind ``rating-reports``. A report is decided once: applied or returned,
never both, never twice; a returned report stays returned (the club sends a mended one, a
new report)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from skak.errors import InputError, StateError
from skak.messages import N_
from skak.model.player import clean_text
from skak.records.reports.events import (
    ReportApplied,
    ReportEvent,
    ReportReceived,
    ReportReturned,
)
from skak.records.reports.evolve import RatingReport

__all__ = ["ApplyReport", "ReceiveReport", "ReportCommand", "ReturnReport", "decide"]


@dataclass(frozen=True, slots=True)
class ReceiveReport:
    """A report as sent (its document read and checked as a document already)."""

    document: Mapping[str, Any]
    club: str | None
    day: date
    key: str


@dataclass(frozen=True, slots=True)
class ApplyReport:
    """The registrar applied it (the registry's own change is made beside it)."""

    day: date


@dataclass(frozen=True, slots=True)
class ReturnReport:
    """The registrar returns it to the club with ``note``."""

    day: date
    note: str


ReportCommand = ReceiveReport | ApplyReport | ReturnReport


def decide(state: RatingReport | None, command: ReportCommand) -> list[ReportEvent]:
    """The events that carry out ``command``.

    :raises StateError: for a report decided already (applied or returned).
    :raises InputError: for a return without a note.
    """
    if isinstance(command, ReceiveReport):
        if state is not None:
            raise StateError(N_("this report was received already"))
        return [ReportReceived(command.document, command.club, command.day, command.key)]
    if state is None:
        raise StateError(N_("no report was received"))
    if state.status == "applied":
        raise StateError(N_("this report was applied on {day} already", day=str(state.decided_on)))
    if state.status == "returned":
        raise StateError(
            N_(
                "this report was returned to the club on {day}; the club sends a mended one",
                day=str(state.decided_on),
            )
        )
    if isinstance(command, ApplyReport):
        return [ReportApplied(command.day)]
    note = clean_text(" ".join(command.note.split()), "the note", limit=2000)
    if not note:
        raise InputError(N_("say what the club is to mend: a returned report carries a note"))
    return [ReportReturned(command.day, note)]
