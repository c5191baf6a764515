"""DSU 6.3 and 6.8.6: reflection time (betænkningstid) in correspondence chess, by the day.

* 6.3.1: the reflection time of a move is the dispatch date minus the date the opponent's
  move was received, by ordinary subtraction (received and answered on 1/8: 0 days; on
  4/8: 3 days); postal time does not count; time saved is kept for later moves.
* 6.3.2: the postmark's date is the dispatch date, unless a receipt from the post office
  (kvittering) proves an earlier one; an illegible postmark: the date the sender wrote.
  A card sent at the weekend counts Saturday–Sunday as one day (received Saturday,
  answered Sunday: 0 days; answered Monday: 2 days).
* 6.3.2.1 / 6.8.6: by e-mail a move may be taken as received the day after the
  opponent's dispatch; the weekend rule does not apply; 6.8.2: one day is the normally
  accepted transmission, a longer one goes to the TL.
* 6.3.6: holidays stop the clock for both players (:mod:`.holidays`).
* 6.3.3.1: a player oversteps when he has used more than 30 days without sending his 10th
  move, 60 without his 20th, and so on (post: 3 days a move); 6.8.6: by e-mail 40 days to
  10 moves. :class:`TimeControl` is the days per so many moves, cumulative per control.
* 6.3.3.2: a move series holding a control move is checked at the last move of the series
  received (and accepted): 3 days a move up to it (moves 10–12: 36 days; to 11: 33).
* 6.3.4 / 6.3.5.1 / 6.8.6: extra days of used time as penalties (:func:`penalty_days`).
* 6.3.4 / 6.8.3: the silent opponent (:func:`silence_dates`); 6.2.7: unfinished games may be
  called in for adjudication after 18 months (:func:`adjudication_date`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection
from dataclasses import dataclass
from fractions import Fraction

from dateutil.relativedelta import relativedelta

from skak.correspondence.holidays import Mode, days, is_mandatory_holiday
from skak.errors import InputError
from skak.messages import N_

__all__ = [
    "ADJUDICATION_MONTHS",
    "EMAIL_CONTROL",
    "LONG_MOVE_DAYS",
    "POST_CONTROL",
    "SILENCE_DAYS",
    "SILENCE_REPEAT_DAYS",
    "TimeControl",
    "adjudication_date",
    "counted_dispatch",
    "counted_receipt",
    "first_late_date",
    "invalid_move_penalty",
    "long_move_penalty",
    "reflection_days",
    "series_limit",
    "silence_dates",
]

_DAY = dt.timedelta(days=1)
LONG_MOVE_DAYS = 14  # 6.3.4
SILENCE_DAYS = 14  # 6.3.4, 6.8.3
SILENCE_REPEAT_DAYS = 7  # 6.3.4, 6.8.3
ADJUDICATION_MONTHS = 18  # 6.2.7


@dataclass(frozen=True, slots=True)
class TimeControl:
    """``days`` of reflection time to every ``moves`` moves, cumulative: 30 days to move
    10, 60 to move 20 (6.3.3.1), or by e-mail 40 to 10 (6.8.6).

    >>> TimeControl.named("post").limit(20)
    Fraction(60, 1)
    """

    days: int
    moves: int

    @classmethod
    def named(cls, name: str) -> TimeControl:
        """``post`` (6.3.1, 6.3.3.1: 30 days to 10 moves) or ``email`` (6.8.6: 40 to 10).

        :raises InputError: for any other name.
        """
        found = {"post": POST_CONTROL, "email": EMAIL_CONTROL, "e-mail": EMAIL_CONTROL}.get(
            name.strip().lower()
        )
        if found is None:
            raise InputError(
                f"unknown time control {name!r}: use 'post' (30 days to 10 moves, 6.3.3.1), "
                '\'email\' (40 days to 10 moves, 6.8.6) or {"days": D, "moves": M}'
            )
        return found

    def __post_init__(self) -> None:
        if not (1 <= self.days <= 1000 and 1 <= self.moves <= 100):
            raise InputError(
                f"a time control of {self.days} days to {self.moves} moves cannot be used: "
                "1–1000 days to 1–100 moves"
            )

    def next_control(self, sent: int) -> int:
        """The control move after a player's ``sent`` moves: 10 after 0–9, 20 after 10–19."""
        return (sent // self.moves + 1) * self.moves

    def limit(self, move: int) -> Fraction:
        """The days a player may have used when he sends move ``move``, pro rata: a
        control move's limit (move 20: 60 days), or 6.3.3.2's for the end of a series
        (move 12: 36 days)."""
        return Fraction(self.days * move, self.moves)

    def __str__(self) -> str:
        return f"{self.days} days to {self.moves} moves"


POST_CONTROL = TimeControl(30, 10)
EMAIL_CONTROL = TimeControl(40, 10)


def series_limit(control: TimeControl, accepted: Collection[int]) -> int | None:
    """6.3.3.2: the move at which a reply's time is checked when the series it accepted
    (the numbers of the player's own moves in it) holds a control move: the last of them;
    ``None`` when it holds none (the ordinary control applies).

    >>> series_limit(POST_CONTROL, [10, 11, 12]), series_limit(POST_CONTROL, [8, 9])
    (12, None)
    """
    if any(m % control.moves == 0 for m in accepted):
        return max(accepted)
    return None


def _stopped(stopped: Collection[dt.date], mandatory: bool) -> Callable[[dt.date], bool]:
    return lambda d: d in stopped or (mandatory and is_mandatory_holiday(d))


def reflection_days(
    received: dt.date,
    sent: dt.date,
    mode: Mode,
    stopped: Collection[dt.date] = frozenset(),
    *,
    mandatory: bool = True,
) -> int:
    """The reflection time of one move: the days from the day of receipt up to the day of
    dispatch (ordinary subtraction, 6.3.1), leaving out the days on which the clock stood
    (``stopped``, and 6.3.6.2's obligatory holidays when ``mandatory``: 6.3.6.3 counts the
    days from receipt to the holiday's first day, and from the day after its last); by
    post a card sent on a Sunday counts Saturday and Sunday as one day (6.3.2).

    Never negative, and never less for a later dispatch.

    >>> saturday = dt.date(2011, 6, 4)
    >>> [reflection_days(saturday, saturday + dt.timedelta(n), Mode.POST) for n in (0, 1, 2)]
    [0, 0, 2]
    """
    end = sent
    if mode is Mode.POST and sent.weekday() == 6 and received < sent:
        end = sent - _DAY
    is_stopped = _stopped(stopped, mandatory)
    return sum(1 for d in days(received, end) if not is_stopped(d))


def first_late_date(
    received: dt.date,
    sent: dt.date,
    allowed: Fraction,
    mode: Mode,
    stopped: Collection[dt.date] = frozenset(),
    *,
    mandatory: bool = True,
) -> dt.date | None:
    """The first dispatch date from ``received`` on that would have used more than
    ``allowed`` days on this move (``None`` when ``sent`` itself does not)."""
    if reflection_days(received, sent, mode, stopped, mandatory=mandatory) <= allowed:
        return None
    d = received
    while reflection_days(received, d, mode, stopped, mandatory=mandatory) <= allowed:
        d += _DAY
    return d


def counted_dispatch(
    sent: dt.date | None,
    postmark: dt.date | None = None,
    receipt_slip: dt.date | None = None,
) -> tuple[dt.date, str | None]:
    """6.3.2: the dispatch date that counts, and a note when it is not the date written:
    the post office's receipt (kvittering) when it is earlier than the postmark, else the
    postmark, else (an illegible or unknown postmark) the sender's date.

    :raises InputError: when no date is known.
    """
    if receipt_slip is not None and (postmark is None or receipt_slip < postmark):
        note = None if receipt_slip == sent else N_("the post office's receipt dates it (6.3.2)")
        return receipt_slip, note
    if postmark is not None:
        note = None if sent in (None, postmark) else N_("the postmark dates it (6.3.2)")
        return postmark, note
    if sent is None:
        raise InputError("no date of dispatch: give 'sent' or 'postmark'")
    return sent, None


def counted_receipt(
    stated: dt.date | None,
    opponent_sent: dt.date,
    reply_sent: dt.date,
    *,
    next_day: bool = False,
    late_accepted: bool = False,
) -> tuple[dt.date, str | None]:
    """6.3.2.1 and 6.8.2/6.8.6: the day an e-mailed move counts as received, and a note.

    The day given, at most the day after the opponent sent it (a longer transmission is
    the TL's to accept: ``late_accepted``); none given, or ``next_day``: the day after
    (6.3.2.1: "kan betragtes som modtaget dagen efter"); never after the reply.
    """
    day_after = opponent_sent + _DAY
    note = None
    if next_day or stated is None:
        counted = day_after
    elif stated > day_after and not late_accepted:
        counted = day_after
        note = N_(
            "received {received}, {days} days after it was sent: counted as received the "
            "day after, {day_after} (6.8.2: one day is the accepted transmission; the TL may "
            "accept a longer one)",
            received=stated.isoformat(),
            days=(stated - opponent_sent).days,
            day_after=day_after.isoformat(),
        )
    else:
        counted = stated
    return min(counted, reply_sent), note


def long_move_penalty(
    move_days: int, notice: bool, reminder: bool, tl_contacted: bool
) -> tuple[int, str | None]:
    """6.3.4: more than 14 days on one move without notice to the opponent, who sent a
    reminder (rykker): 3 extra days of used time; 6 more when he also had to go to the TL.
    """
    if move_days <= LONG_MOVE_DAYS or notice or not reminder:
        return 0, None
    extra = 3 + (6 if tl_contacted else 0)
    if tl_contacted:
        return extra, N_(
            "{days} days on one move without notice, after a reminder and a letter to the "
            "TL: {extra} extra days (6.3.4)",
            days=move_days,
            extra=extra,
        )
    return extra, N_(
        "{days} days on one move without notice, after a reminder: {extra} extra days (6.3.4)",
        days=move_days,
        extra=extra,
    )


def invalid_move_penalty(mode: Mode, earlier: int) -> int:
    """Extra days for an impossible, illegible or (by e-mail) invalid move, or a wrong
    repetition of the opponent's: post 3 days, 6 for every later one in the game
    (6.3.5.1); e-mail 3 each (6.8.6). ``earlier``: the player's earlier ones."""
    if mode is Mode.EMAIL:
        return 3
    return 3 if earlier == 0 else 6


def silence_dates(
    last_sent: dt.date,
    mode: Mode,
    postal_days: int = 1,
    stopped: Collection[dt.date] = frozenset(),
    *,
    mandatory: bool = True,
) -> tuple[dt.date, dt.date]:
    """The waiting player's dates when the opponent is silent: when to repeat his last move
    (post, 6.3.4: after 14 days and the postal time both ways; e-mail, 6.8.3: after 14 days,
    with a copy to the TL), and when to tell the TL (7 days after the repetition).

    The 14 days and the 7 are the opponent's reflection time, so a day on which the clock
    stands (``stopped``: either player's announced holiday, and 6.3.6.2's obligatory
    holidays when ``mandatory``) is not one of them: "I ferier er betænkningstiden standset
    for begge parter" (6.3.6). The post's days are days of the calendar.

    >>> silence_dates(dt.date(2011, 3, 1), Mode.EMAIL)
    (datetime.date(2011, 3, 15), datetime.date(2011, 3, 22))
    >>> july = frozenset(dt.date(2011, 7, d) for d in range(1, 32))
    >>> silence_dates(dt.date(2011, 6, 30), Mode.POST, 1, july)
    (datetime.date(2011, 8, 16), datetime.date(2011, 8, 23))
    """
    is_stopped = _stopped(stopped, mandatory)

    def after(day: dt.date, count: int) -> dt.date:
        """The day after ``count`` days from ``day`` on on which the clock runs."""
        while count:
            if not is_stopped(day):
                count -= 1
            day += _DAY
        return day

    post = dt.timedelta(days=postal_days if mode is Mode.POST else 0)
    repeat = after(last_sent + post, SILENCE_DAYS) + post
    return repeat, after(repeat, SILENCE_REPEAT_DAYS)


def adjudication_date(start: dt.date) -> dt.date:
    """6.2.7: a game not finished 18 months after the start may be called in by the TL for
    adjudication (bedømmelse) from this day.

    >>> adjudication_date(dt.date(2011, 9, 1))
    datetime.date(2013, 3, 1)
    """
    result: dt.date = start + relativedelta(months=ADJUDICATION_MONTHS)
    return result
