"""A recorded time as the faces show it (issue "The arbiter's hall" item 12): the event log
keeps UTC; ``skak history`` and the web's history page show the machine's local time, to
the minute, with its zone."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from skak.views import local_time


@pytest.mark.usefixtures("copenhagen")
@pytest.mark.parametrize(
    ("recorded", "shown"),
    [
        ("2026-11-29T04:12:33+00:00", "2026-11-29 05:12 CET"),
        ("2026-07-01T22:30:00+00:00", "2026-07-02 00:30 CEST"),
        ("2026-11-29T04:12:33Z", "2026-11-29 05:12 CET"),
        ("2026-11-29T04:12:33", "2026-11-29 05:12 CET"),  # no offset: UTC, as stored
        ("not a time", "not a time"),
    ],
)
def test_the_local_zone_is_the_machines_and_tz_is_honoured(recorded: str, shown: str) -> None:
    assert local_time(recorded) == shown


def test_a_zone_may_be_named() -> None:
    new_york = ZoneInfo("America/New_York")
    assert local_time("2026-11-29T04:12:33+00:00", new_york) == "2026-11-28 23:12 EST"
    assert local_time("2026-11-29T04:12:33+00:00", ZoneInfo("UTC")) == "2026-11-29 04:12 UTC"
