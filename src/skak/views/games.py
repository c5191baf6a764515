"""Games and time controls as every face shows them: a time control's kind and what it
allows (``skak timecontrol``), and the games attached to a tournament (``skak game``)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from skak.games.timerules import Finding, assess

__all__ = ["TimeControlView", "time_control_view"]


@dataclass(frozen=True, slots=True)
class TimeControlView:
    """``{"text", "control", "pgn", "date", "kind", "findings": [...]}`` (README): each
    finding (:class:`~skak.games.timerules.Finding`) an answer about the control, whether it
    ``holds``, the article that decides, and why."""

    text: str
    control: str
    pgn: str
    date: datetime.date
    kind: str
    findings: tuple[Finding, ...]


def time_control_view(text: str, day: datetime.date) -> TimeControlView:
    """:raises InputError: when the control cannot be read."""
    a = assess(text, day)
    return TimeControlView(
        text,
        str(a.control),
        a.control.pgn(),
        day,
        a.kind.question,
        a.findings,
    )
