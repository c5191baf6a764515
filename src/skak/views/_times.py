"""How the faces write a recorded time: the event log keeps UTC (ISO 8601, to the second,
as :func:`skak.store.database.now` writes it), and an arbiter reads his own clock — the
machine's local time, to the minute, with the zone's name (``2026-11-29 05:12 CET``).
JSON keeps the time as stored."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

__all__ = ["local_time"]


def local_time(recorded: str, zone: tzinfo | None = None) -> str:
    """``recorded`` (UTC; a time without an offset is taken as UTC, as the store writes
    it) in ``zone``, by default the machine's local zone (``$TZ`` honoured), written
    ``YYYY-MM-DD HH:MM ZONE``. A text that is no time is written as it is."""
    try:
        moment = datetime.fromisoformat(recorded)
    except ValueError:
        return recorded.replace("T", " ")[:19]
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    local = moment.astimezone(zone)
    return f"{local:%Y-%m-%d %H:%M} {local.tzname() or local.strftime('%z')}"
