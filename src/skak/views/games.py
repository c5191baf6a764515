"""Games and time controls as every face shows them: a time control's kind and what it
allows (``skak timecontrol``), and the games attached to a tournament (``skak game``)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from skak.games.timerules import assess

__all__ = ["FindingRow", "TimeControlView", "time_control_view"]


@dataclass(frozen=True, slots=True)
class FindingRow:
    """One answer about a time control: ``holds``, the article that decides, and why."""

    question: str
    holds: bool
    article: str
    reason: str


@dataclass(frozen=True, slots=True)
class TimeControlView:
    """``{"text", "control", "pgn", "date", "kind", "findings": [...]}`` (README)."""

    text: str
    control: str
    pgn: str
    date: datetime.date
    kind: str
    findings: tuple[FindingRow, ...]


def time_control_view(text: str, day: datetime.date) -> TimeControlView:
    """:raises InputError: when the control cannot be read."""
    a = assess(text, day)
    return TimeControlView(
        text,
        str(a.control),
        a.control.pgn(),
        day,
        a.kind.question,
        tuple(FindingRow(f.question, f.holds, f.article, f.reason) for f in a.findings),
    )
