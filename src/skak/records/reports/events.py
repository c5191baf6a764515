"""A rating report's events: received (the document as sent, its club and the key that
names its tournament), applied to the rating registry, or returned to the club with a
note."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

__all__ = ["ReportApplied", "ReportEvent", "ReportReceived", "ReportReturned"]


@dataclass(frozen=True, slots=True)
class ReportReceived:
    """A report as it came (:mod:`skak.io.rating_report`'s document), the club that sent it
    (``None``: an arbiter's own), the day, and its tournament's key (name, dates and games:
    the same tournament reported twice has the same key)."""

    document: Mapping[str, Any]
    club: str | None
    day: date
    key: str
    kind: Literal["report_received"] = "report_received"


@dataclass(frozen=True, slots=True)
class ReportApplied:
    """The registrar applied the report to the rating registry on ``day``."""

    day: date
    kind: Literal["report_applied"] = "report_applied"


@dataclass(frozen=True, slots=True)
class ReportReturned:
    """The registrar returned the report to the club with ``note`` (what to mend)."""

    day: date
    note: str
    kind: Literal["report_returned"] = "report_returned"


ReportEvent = ReportReceived | ReportApplied | ReportReturned
