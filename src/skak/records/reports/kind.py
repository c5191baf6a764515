"""The rating reports' binding to the event store: one small stream a report, never
undone (a report is returned instead), no snapshots. The codec and ``evolve`` are imported
when a report is first read or written."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.store.streams import EventCodec, EventFold, SmallKind

if TYPE_CHECKING:
    from skak.records.reports.events import ReportEvent
    from skak.records.reports.evolve import RatingReport

__all__ = ["REPORTS"]


def _codec() -> EventCodec[ReportEvent]:
    from skak.records.reports import codec

    return codec


def _rules() -> EventFold[RatingReport, ReportEvent]:
    from skak.records.reports import evolve

    return evolve


REPORTS: SmallKind[RatingReport, ReportEvent] = SmallKind("rating-reports", _codec, _rules)
