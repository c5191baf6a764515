"""DSU 6.3.6 and 6.8.8: holidays (ferie) in correspondence chess.

* 6.3.6: up to 35 days of holiday a year, the year counted from the tournament's start;
  holidays may be split; during a holiday the clock is stopped for both players.
* 6.3.6.1: a holiday counts at the earliest 6 days after the player sent notice of it
  (notice sent 5/6: the first day of holiday is 11/6 at the earliest).
* 6.3.6.2: 20/12–31/12 and Tuesday before Easter to Tuesday after Easter, every day
  included, are obligatory holidays for every player (Easter from :func:`dateutil.easter`);
  two players who agree may play on in them with 0 days of reflection time.
* 6.3.6.4 / 6.8.8: the TL may grant special leave (særlov); by e-mail up to 30 days a year.

:func:`stopped_days` turns the holidays a game's players announced into the set of days on
which its clock stands, with a note for every day that could not count and why.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from dateutil.easter import easter
from dateutil.relativedelta import relativedelta

from skak.messages import N_, N_plural

__all__ = [
    "ALLOWANCE_DAYS",
    "EMAIL_SPECIAL_LEAVE_DAYS",
    "NOTICE_DAYS",
    "Holiday",
    "HolidayUse",
    "Mode",
    "days",
    "earliest_holiday",
    "easter_period",
    "is_mandatory_holiday",
    "mandatory_periods",
    "stopped_days",
    "tournament_year",
]

ALLOWANCE_DAYS = 35  # 6.3.6, 6.8.8
NOTICE_DAYS = 6  # 6.3.6.1
EMAIL_SPECIAL_LEAVE_DAYS = 30  # 6.8.8

_DAY = dt.timedelta(days=1)


class Mode(Enum):
    """How the moves travel: by post (6.2–6.3) or by e-mail (6.3.2.1, 6.8)."""

    POST = "post"
    EMAIL = "email"


def days(first: dt.date, end: dt.date) -> Iterator[dt.date]:
    """The days from ``first`` up to but not including ``end``."""
    d = first
    while d < end:
        yield d
        d += _DAY


def easter_period(year: int) -> tuple[dt.date, dt.date]:
    """6.3.6.2: Tuesday before Easter to Tuesday after Easter, both included.

    >>> easter_period(2011)
    (datetime.date(2011, 4, 19), datetime.date(2011, 4, 26))
    """
    sunday = easter(year)
    return sunday - dt.timedelta(days=5), sunday + dt.timedelta(days=2)


@lru_cache(maxsize=256)
def mandatory_periods(year: int) -> tuple[tuple[dt.date, dt.date], ...]:
    """6.3.6.2's obligatory holidays of ``year``: Easter's and Christmas' (20/12–31/12)."""
    return easter_period(year), (dt.date(year, 12, 20), dt.date(year, 12, 31))


def is_mandatory_holiday(day: dt.date) -> bool:
    return any(first <= day <= last for first, last in mandatory_periods(day.year))


def earliest_holiday(notice: dt.date) -> dt.date:
    """6.3.6.1: the first day a holiday may count, for notice sent on ``notice``.

    >>> earliest_holiday(dt.date(2011, 6, 5))
    datetime.date(2011, 6, 11)
    """
    return notice + dt.timedelta(days=NOTICE_DAYS)


def tournament_year(start: dt.date, day: dt.date) -> int:
    """Which year of the tournament ``day`` falls in (0 = the first), counted from
    ``start`` (6.3.6: "regnet fra turneringsstarten"); a day before the start is in year 0."""
    if day < start:
        return 0
    years = relativedelta(day, start).years
    return max(0, years)


@dataclass(frozen=True, slots=True)
class Holiday:
    """A holiday a player announced: ``first``–``last`` (both included), the day the notice
    was sent (``None``: not known, taken as in time), and whether the TL granted it as
    special leave (særlov, 6.3.6.4), which the yearly allowance does not count."""

    player: str
    first: dt.date
    last: dt.date
    notice: dt.date | None = None
    special_leave: bool = False


@dataclass(frozen=True, slots=True)
class HolidayUse:
    """What one announced holiday came to: the days it stopped the clock, the days that
    fell in an obligatory holiday anyway, the days counted against the yearly allowance,
    and notes for days that did not count (notice, allowance)."""

    holiday: Holiday
    days: tuple[dt.date, ...]
    mandatory: int
    counted: int
    notes: tuple[str, ...]


def stopped_days(
    holidays: Sequence[Holiday],
    start: dt.date,
    mode: Mode,
    *,
    mandatory: bool = True,
) -> tuple[frozenset[dt.date], tuple[HolidayUse, ...]]:
    """The days on which the clock stands for both players (6.3.6: a holiday stops it for
    both), from the players' announced holidays and, if ``mandatory``, 6.3.6.2's periods of
    the years the holidays touch (the caller adds those of other years through
    :func:`is_mandatory_holiday`), and what each announced holiday came to.

    A holiday counts from 6 days after its notice (6.3.6.1); each player's days are counted
    against his 35 a tournament year in the order of the holidays' first days (the uses
    come back in the order given), and days
    beyond the allowance do not stop the clock (6.3.6); days in an obligatory period are
    not counted against it. Special leave is not counted; by e-mail at most 30 days of it a
    year stop the clock (6.8.8).
    """
    used: dict[tuple[str, int], int] = {}
    leave: dict[tuple[str, int], int] = {}
    stopped: set[dt.date] = set()
    uses: dict[int, HolidayUse] = {}
    for at, h in sorted(enumerate(holidays), key=lambda ih: (ih[1].first, ih[1].player, ih[0])):
        notes: list[str] = []
        first = h.first
        if h.notice is not None and earliest_holiday(h.notice) > first:
            first = earliest_holiday(h.notice)
            notes.append(
                N_(
                    "notice sent {notice}: the holiday counts from {first} at the earliest "
                    "(6.3.6.1)",
                    notice=h.notice.isoformat(),
                    first=first.isoformat(),
                )
            )
        taken: list[dt.date] = []
        in_mandatory = counted = 0
        refused: dict[int, int] = {}
        for day in days(first, h.last + _DAY):
            if mandatory and is_mandatory_holiday(day):
                in_mandatory += 1
                taken.append(day)
                continue
            key = (h.player, tournament_year(start, day))
            if h.special_leave:
                if mode is Mode.EMAIL and leave.get(key, 0) >= EMAIL_SPECIAL_LEAVE_DAYS:
                    refused[key[1]] = refused.get(key[1], 0) + 1
                    continue
                leave[key] = leave.get(key, 0) + 1
            else:
                if used.get(key, 0) >= ALLOWANCE_DAYS:
                    refused[key[1]] = refused.get(key[1], 0) + 1
                    continue
                used[key] = used.get(key, 0) + 1
                counted += 1
            taken.append(day)
        for year, n in sorted(refused.items()):
            if h.special_leave:
                notes.append(
                    N_plural(
                        "{n} day beyond the {allowed} days of special leave a year by e-mail "
                        "(6.8.8) in the tournament's year {year}: the clock runs on it",
                        "{n} days beyond the {allowed} days of special leave a year by e-mail "
                        "(6.8.8) in the tournament's year {year}: the clock runs on them",
                        n,
                        allowed=EMAIL_SPECIAL_LEAVE_DAYS,
                        year=year + 1,
                    )
                )
            else:
                notes.append(
                    N_plural(
                        "{n} day beyond the {allowed} days of holiday a year (6.3.6) in the "
                        "tournament's year {year}: the clock runs on it",
                        "{n} days beyond the {allowed} days of holiday a year (6.3.6) in the "
                        "tournament's year {year}: the clock runs on them",
                        n,
                        allowed=ALLOWANCE_DAYS,
                        year=year + 1,
                    )
                )
        if first > h.last:
            notes.append(N_("no day of it counts"))
        stopped.update(taken)
        uses[at] = HolidayUse(h, tuple(taken), in_mandatory, counted, tuple(notes))
    return frozenset(stopped), tuple(uses[i] for i in range(len(holidays)))
