"""DSU 6.3.6: holidays — the notice rule, the obligatory periods, the printed reflection-time
examples, the yearly allowance, and that a holiday never increases the time used."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from skak.correspondence.clock import POST_CONTROL, reflection_days
from skak.correspondence.game import Card, CorrespondenceGame, clock
from skak.correspondence.holidays import (
    Holiday,
    Mode,
    earliest_holiday,
    easter_period,
    is_mandatory_holiday,
    stopped_days,
)

D = dt.date
DAY = dt.timedelta(days=1)
START = D(2011, 1, 10)


def test_6_3_6_1_example() -> None:
    """Notice sent 5/6: the first day of holiday is 11/6 at the earliest."""
    assert earliest_holiday(D(2011, 6, 5)) == D(2011, 6, 11)
    stopped, (use,) = stopped_days(
        [Holiday("white", D(2011, 6, 8), D(2011, 6, 22), notice=D(2011, 6, 5))], START, Mode.POST
    )
    assert min(stopped) == D(2011, 6, 11) and len(use.days) == 12
    assert "counts from 2011-06-11 at the earliest (6.3.6.1)" in use.notes[0]


def test_6_3_6_2_obligatory_holidays() -> None:
    """20/12–31/12, and Tuesday before to Tuesday after Easter, every day included."""
    assert easter_period(2011) == (D(2011, 4, 19), D(2011, 4, 26))  # Easter Sunday 24/4
    assert easter_period(2026) == (D(2026, 3, 31), D(2026, 4, 7))  # Easter Sunday 5/4
    assert easter_period(2038) == (D(2038, 4, 20), D(2038, 4, 27))  # the latest, 25/4
    assert easter_period(2285) == (D(2285, 3, 17), D(2285, 3, 24))  # the earliest, 22/3
    assert [is_mandatory_holiday(D(2011, 12, d)) for d in (19, 20, 31)] == [False, True, True]
    assert not is_mandatory_holiday(D(2012, 1, 1))
    # received 18/12, answered 2/1: 18/12, 19/12 and 1/1 count
    assert reflection_days(D(2011, 12, 18), D(2012, 1, 2), Mode.POST) == 3
    # played on in the holiday, as two players may agree: 0 days
    assert reflection_days(D(2011, 12, 21), D(2011, 12, 23), Mode.POST) == 0
    assert reflection_days(D(2011, 12, 21), D(2011, 12, 23), Mode.POST, mandatory=False) == 2


#: 6.3.6.3: holiday announced for 8/6–22/6, both days included.
HOLIDAY_6_3_6_3 = Holiday("black", D(2011, 6, 8), D(2011, 6, 22))


def test_6_3_6_3_examples() -> None:
    stopped, _ = stopped_days([HOLIDAY_6_3_6_3], START, Mode.POST)
    cases = [((7, 10), 1), ((9, 23), 0), ((5, 25), 5)]
    for (received, sent), expected in cases:
        days = reflection_days(D(2011, 6, received), D(2011, 6, sent), Mode.POST, stopped)
        assert days == expected, (received, sent)


def test_6_3_6_3_examples_in_a_game() -> None:
    """The same numbers when the holiday is the opponent's: it stops both clocks."""
    for (received, sent), expected in [((7, 10), 1), ((9, 23), 0), ((5, 25), 5)]:
        game = CorrespondenceGame(
            (
                Card("1. e4", sent=D(2011, 6, received) - DAY),
                Card("1... e5", received=D(2011, 6, received), sent=D(2011, 6, sent)),
            ),
            holidays=(Holiday("white", D(2011, 6, 8), D(2011, 6, 22)),),
            start=START,
        )
        assert clock(game).black.used == expected


def test_6_3_6_allowance_35_days_a_tournament_year() -> None:
    holidays = [
        Holiday("white", D(2011, 3, 1), D(2011, 3, 20)),  # 20 days
        Holiday("white", D(2011, 8, 1), D(2011, 8, 20)),  # 20 more: 5 beyond 35
        Holiday("white", D(2012, 2, 1), D(2012, 2, 10)),  # the tournament's 2nd year
        Holiday("black", D(2011, 8, 1), D(2011, 8, 20)),  # the other player's own 35
    ]
    stopped, uses = stopped_days(holidays, START, Mode.POST)
    assert [u.counted for u in uses] == [20, 15, 10, 20]
    assert "5 days beyond the 35 days of holiday a year (6.3.6)" in uses[1].notes[0]
    assert D(2011, 8, 20) in stopped  # Black's holiday stops the clock that day anyway
    alone, _ = stopped_days(holidays[:2], START, Mode.POST)
    assert D(2011, 8, 15) in alone and D(2011, 8, 16) not in alone


def test_6_3_6_obligatory_days_do_not_use_the_allowance() -> None:
    _, (use,) = stopped_days([Holiday("white", D(2011, 12, 1), D(2012, 1, 10))], START, Mode.POST)
    assert (use.mandatory, use.counted) == (12, 29)


def test_6_8_8_special_leave_by_email_at_most_30_days() -> None:
    leave = [Holiday("white", D(2011, 3, 1), D(2011, 4, 9), special_leave=True)]
    _, (email,) = stopped_days(leave, START, Mode.EMAIL, mandatory=False)
    _, (post,) = stopped_days(leave, START, Mode.POST, mandatory=False)
    assert (len(email.days), email.counted, len(post.days)) == (30, 0, 40)


@st.composite
def holidays_within_allowance(draw: st.DrawFn) -> list[Holiday]:
    """Holidays of at most 35 days a player, in 2011 (the tournament's first year)."""
    out = []
    for player in ("white", "black"):
        left = 35
        for _ in range(draw(st.integers(0, 3))):
            if left == 0:
                break
            first = D(2011, 2, 1) + draw(st.integers(0, 200)) * DAY
            n = draw(st.integers(1, left))
            left -= n
            out.append(Holiday(player, first, first + (n - 1) * DAY))
    return out


@given(
    holidays_within_allowance(),
    st.lists(st.integers(0, 25), min_size=2, max_size=20),
    st.sampled_from(Mode),
)
def test_a_holiday_never_increases_used_time(
    holidays: list[Holiday], days: list[int], mode: Mode
) -> None:
    moves = [
        "e4",
        "e5",
        "Nf3",
        "Nc6",
        "Bb5",
        "a6",
        "Ba4",
        "Nf6",
        "O-O",
        "Be7",
        "Re1",
        "b5",
        "Bb3",
        "d6",
        "c3",
        "O-O",
        "h3",
        "Nb8",
        "d4",
        "Nbd7",
    ]
    cs = []
    sent = D(2011, 2, 1)
    for i, n in enumerate(days):
        received = None if i == 0 else sent
        sent = (received or sent) + n * DAY
        cs.append(Card(moves[i], sent=sent, received=received))

    def used(hs: list[Holiday]) -> tuple[int, int]:
        t = clock(
            CorrespondenceGame(tuple(cs), mode=mode, control=POST_CONTROL, holidays=tuple(hs),
                               start=D(2011, 1, 15))
        )  # fmt: skip
        return t.white.used, t.black.used

    without = used([])
    for k in range(len(holidays) + 1):
        w, b = used(holidays[:k])
        assert w <= without[0] and b <= without[1]
        without = (w, b)
