"""DSU 6.3 and 6.8: reflection time, time controls, move series and penalties — every printed
example as a test named after its section, and the properties of the arithmetic."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.correspondence.clock import (
    EMAIL_CONTROL,
    POST_CONTROL,
    TimeControl,
    adjudication_date,
    counted_dispatch,
    counted_receipt,
    reflection_days,
    series_limit,
    silence_dates,
)
from skak.correspondence.game import Card, CorrespondenceGame, Waiting, clock
from skak.correspondence.holidays import Holiday, Mode
from skak.errors import InputError

D = dt.date
DAY = dt.timedelta(days=1)

#: A legal game to hang cards on (the Ruy Lopez, Breyer variation), one move a card.
RUY = [
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
    "Nbd2",
    "Bb7",
    "Bc2",
    "Re8",
    "Nf1",
    "Bf8",
    "Ng3",
    "g6",
    "a4",
    "c5",
    "d5",
    "c4",
    "Bg5",
    "h6",
    "Be3",
    "Nc5",
    "Qd2",
    "h5",
    "Bg5",
    "Be7",
    "Ra3",
    "Nfd7",
    "Bh6",
    "Bf8",
    "Be3",
    "Be7",
]


FIRST_DAY = D(2011, 5, 2)


def cards(days: list[int], moves: list[str] | None = None, start: D = FIRST_DAY) -> list[Card]:
    """One card a move, each answered the day it arrived plus ``days[i]`` (no postal time)."""
    out = []
    sent = start
    for i, n in enumerate(days):
        received = None if i == 0 else sent
        sent = (received or start) + n * DAY
        out.append(Card((moves or RUY)[i], sent=sent, received=received))
    return out


def email_game(cs: list[Card], **kw: object) -> CorrespondenceGame:
    """E-mail dates (no weekend rule), 3 days a move unless told, no obligatory holidays."""
    args: dict[str, object] = {
        "mode": Mode.EMAIL,
        "control": POST_CONTROL,
        "mandatory_holidays": False,
    }
    args.update(kw)
    return CorrespondenceGame(tuple(cs), **args)  # type: ignore[arg-type]


def test_6_3_1_example() -> None:
    """Received and answered 1/8: 0 days; answered 4/8: 3 days."""
    assert reflection_days(D(2011, 8, 1), D(2011, 8, 1), Mode.POST) == 0
    assert reflection_days(D(2011, 8, 1), D(2011, 8, 4), Mode.POST) == 3


def test_6_3_2_weekend_example() -> None:
    """Received Saturday, answered Sunday: 0 days; answered Monday: 2 days."""
    saturday = D(2011, 6, 4)
    assert saturday.weekday() == 5
    assert reflection_days(saturday, saturday + DAY, Mode.POST) == 0
    assert reflection_days(saturday, saturday + 2 * DAY, Mode.POST) == 2
    # a card sent on a Sunday counts as sent on the Saturday: from Thursday, 2 days not 3
    assert reflection_days(saturday - 2 * DAY, saturday + DAY, Mode.POST) == 2


def test_6_3_2_postmark_and_receipt() -> None:
    """The postmark dates the dispatch; the post office's receipt an earlier one; an
    illegible postmark leaves the sender's date."""
    assert counted_dispatch(D(2011, 8, 3), D(2011, 8, 5)) == (
        D(2011, 8, 5),
        "the postmark dates it (6.3.2)",
    )
    assert counted_dispatch(D(2011, 8, 3), D(2011, 8, 5), D(2011, 8, 3))[0] == D(2011, 8, 3)
    assert counted_dispatch(D(2011, 8, 3), D(2011, 8, 5), D(2011, 8, 6))[0] == D(2011, 8, 5)
    assert counted_dispatch(D(2011, 8, 3), None) == (D(2011, 8, 3), None)
    with pytest.raises(InputError, match="no date of dispatch"):
        counted_dispatch(None)


def test_6_3_2_1_email_next_day_and_no_weekend_rule() -> None:
    sent = D(2011, 8, 1)
    assert counted_receipt(None, sent, D(2011, 8, 4)) == (D(2011, 8, 2), None)
    late, note = counted_receipt(D(2011, 8, 5), sent, D(2011, 8, 6))
    assert late == D(2011, 8, 2) and note is not None and "6.8.2" in note
    assert counted_receipt(D(2011, 8, 5), sent, D(2011, 8, 6), late_accepted=True)[0] == D(
        2011, 8, 5
    )
    assert counted_receipt(D(2011, 8, 1), sent, D(2011, 8, 4))[0] == D(2011, 8, 1)
    assert counted_receipt(D(2011, 8, 1), sent, D(2011, 8, 4), next_day=True)[0] == D(2011, 8, 2)
    assert counted_receipt(None, sent, sent)[0] == sent  # answered at once: 0 days
    saturday = D(2011, 6, 4)
    assert reflection_days(saturday, saturday + DAY, Mode.EMAIL) == 1


def test_6_8_2_iccf_example() -> None:
    """The printed ICCF record: White 0/00, 1/01, 2/03; Black 1/01, 3/04."""
    game = CorrespondenceGame(
        (
            Card("1. 5254", sent=D(2011, 8, 29)),
            Card("1... 5755", received=D(2011, 8, 29), sent=D(2011, 8, 30)),
            Card("2. 7163", received=D(2011, 8, 30), sent=D(2011, 8, 31)),
            Card("2... 2836", received=D(2011, 8, 31), sent=D(2011, 9, 3)),
            Card("3. 6125", received=D(2011, 9, 3), sent=D(2011, 9, 5)),
        ),
        mode=Mode.EMAIL,
    )
    t = clock(game)
    assert [(c.days, c.total) for c in t.cards] == [(0, 0), (1, 1), (1, 1), (3, 4), (2, 3)]
    assert t.san == "1. e4 e5 2. Nf3 Nc6 3. Bb5"
    assert (t.white.used, t.black.used) == (3, 4)
    assert t.control == EMAIL_CONTROL  # 6.8.6: 40 days to 10 moves
    assert t.white.controls[0].limit == 40


def test_6_3_3_1_thirty_sixty_ninety() -> None:
    """More than 30 days without the 10th move, 60 without the 20th: saved time counts."""
    assert [POST_CONTROL.limit(m) for m in (10, 20, 30)] == [30, 60, 90]
    # Black: 30 days on his 10th move is in time; 0 on moves 11-19 and 30 on his 20th too
    days = [0] * 40
    days[19], days[39] = 30, 30
    t = clock(email_game(cards(days)))
    assert t.overstep is None
    assert [(c.move, c.used, c.limit) for c in t.black.controls] == [
        (10, 30, 30),
        (20, 60, 60),
        (30, None, 90),  # the control running
    ]
    days[39] = 31
    over = clock(email_game(cards(days))).overstep
    assert over is not None
    assert (over.colour, over.move, over.control_move, over.used, over.limit) == (
        "black",
        20,
        20,
        61,
        60,
    )
    assert over.rule == "6.3.3.1" and over.card == 40


def test_6_3_3_1_overstep_before_the_control_move() -> None:
    """31 days on his 5th move: more than 30 and his 10th not sent — with the date from
    which a move was late."""
    days = [0] * 12
    days[9] = 31  # Black's 5th move
    t = clock(email_game(cards(days)))
    assert t.overstep is not None
    assert (t.overstep.move, t.overstep.control_move, t.overstep.card) == (5, 10, 10)
    received = t.cards[9].received
    assert received is not None
    assert t.overstep.late_from == received + 31 * DAY
    # the game went on: lost for both (6.3.3.4)
    assert any("6.3.3.4" in n for n in t.notes)


def _series_game(black_reply: str, days: int) -> CorrespondenceGame:
    """Black receives a series for his moves 10, 11 and 12 (6.3.3.2's example)."""
    cs = cards([0] * 18)
    last = cs[-1].sent
    assert last is not None
    white = Card("10. d4", series="10... Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1", sent=last,
                 received=last)  # fmt: skip
    black = Card(black_reply, received=last, sent=last + days * DAY)
    return email_game([*cs, white, black])


def test_6_3_3_2_example_whole_series_36_days() -> None:
    whole = "10... Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8"
    t = clock(_series_game(whole, 36))
    assert t.overstep is None
    card = t.cards[-1]
    assert (card.limit, card.limit_move) == (36, 12)
    assert card.accepted == (
        "10... Nbd7",
        "11. Nbd2",
        "11... Bb7",
        "12. Bc2",
        "12... Re8",
        "13. Nf1",
    )
    control = t.black.controls[0]
    assert (control.move, control.used, control.limit, control.series_to) == (10, 36, 36, 12)
    over = clock(_series_game(whole, 37)).overstep
    assert over is not None
    assert (over.control_move, over.limit, over.used, over.rule) == (12, 36, 37, "6.3.3.2")


def test_6_3_3_2_example_to_move_11_33_days() -> None:
    to_11 = "10... Nbd7 11. Nbd2 Bb7 12. Bc2 c5"
    assert clock(_series_game(to_11, 33)).overstep is None
    over = clock(_series_game(to_11, 34)).overstep
    assert over is not None and (over.control_move, over.limit) == (11, 33)
    # without a series the 10th move is checked at 30 days
    assert series_limit(POST_CONTROL, [10, 11]) == 11
    plain = cards([0] * 19 + [31])
    assert clock(email_game(plain)).overstep is not None


def test_6_3_4_penalties() -> None:
    """More than 14 days without notice, after a reminder: 3 days; the TL too: 6 more."""
    base = cards([0, 15, 0])
    for flags, extra in (
        ({"reminder": True}, 3),
        ({"reminder": True, "tl_contacted": True}, 9),
        ({"reminder": True, "notice": True}, 0),
        ({}, 0),
    ):
        cs = list(base)
        cs[1] = Card(cs[1].moves, sent=cs[1].sent, received=cs[1].received, **flags)  # type: ignore[arg-type]
        t = clock(email_game(cs))
        assert (t.cards[1].penalty, t.black.used) == (extra, 15 + extra)
    cs = list(cards([0, 14, 0]))
    cs[1] = Card(cs[1].moves, sent=cs[1].sent, received=cs[1].received, reminder=True)
    assert clock(email_game(cs)).black.penalties == 0


def test_6_3_5_1_and_6_8_6_invalid_moves() -> None:
    cs = cards([0, 1, 0, 1])
    cs[1] = Card(cs[1].moves, sent=cs[1].sent, received=cs[1].received, invalid_moves=1)
    cs[3] = Card(cs[3].moves, sent=cs[3].sent, received=cs[3].received, invalid_moves=1)
    post = clock(email_game(cs, mode=Mode.POST))
    assert [c.penalty for c in post.cards] == [0, 3, 0, 6]  # 6 when it happens again
    email = clock(email_game(cs))
    assert [c.penalty for c in email.cards] == [0, 3, 0, 3]


def test_6_3_4_and_6_8_3_silence() -> None:
    sent = D(2011, 3, 1)
    assert silence_dates(sent, Mode.POST, postal_days=2) == (D(2011, 3, 19), D(2011, 3, 26))
    assert silence_dates(sent, Mode.EMAIL) == (D(2011, 3, 15), D(2011, 3, 22))
    t = clock(email_game(cards([0, 2])))
    assert t.to_move == "white" and t.repeat_from == D(2011, 5, 18)


def test_6_3_6_the_silence_waits_out_a_holiday_of_either_player() -> None:
    """QA: White on an announced holiday for July was told silent from 16 July. The 14 days
    and the 7 after the repetition are reflection time, which a holiday stops for both
    (6.3.6); the post's days are not."""
    july = frozenset(D(2011, 7, 1) + n * DAY for n in range(31))
    sent = D(2011, 6, 30)
    assert silence_dates(sent, Mode.POST) == (D(2011, 7, 16), D(2011, 7, 23))
    assert silence_dates(sent, Mode.POST, 1, july) == (D(2011, 8, 16), D(2011, 8, 23))
    assert silence_dates(sent, Mode.EMAIL, 1, july) == (D(2011, 8, 14), D(2011, 8, 21))
    # a holiday after the repetition moves only the day to tell the TL
    late = frozenset(D(2011, 7, 20) + n * DAY for n in range(5))
    assert silence_dates(sent, Mode.POST, 1, late) == (D(2011, 7, 16), D(2011, 7, 28))
    # the game's clock passes the players' holidays on: Black's last card went on 4 May
    # (silence from 18 May); White's holiday of 10–20 May leaves 6 days before it, 8 after
    away = Holiday("white", D(2011, 5, 10), D(2011, 5, 20), notice=D(2011, 4, 1))
    t = clock(email_game(cards([0, 2]), holidays=(away,)))
    assert (t.repeat_from, t.tell_tl_from) == (D(2011, 5, 29), D(2011, 6, 5))


def test_6_3_6_2_the_silence_waits_out_the_obligatory_christmas_holiday() -> None:
    sent = D(2011, 12, 10)
    # by e-mail the mail arrives the day it is sent: 10–19 December is 10 days, 20–31
    # December the clock stands, 1–4 January the other 4
    assert silence_dates(sent, Mode.EMAIL) == (D(2012, 1, 5), D(2012, 1, 12))
    assert silence_dates(sent, Mode.EMAIL, mandatory=False) == (D(2011, 12, 24), D(2011, 12, 31))


def test_waiting_player_oversteps() -> None:
    cs = cards([0, 2])
    last = cs[-1].sent
    assert last is not None
    ok = clock(email_game(cs, waiting=Waiting(last + 30 * DAY, received=last)))
    assert ok.overstep is None and ok.white.pending == 30
    late = clock(email_game(cs, waiting=Waiting(last + 40 * DAY, received=last)))
    assert late.overstep is not None
    assert (late.overstep.card, late.overstep.move, late.overstep.late_from) == (
        None,
        2,
        last + 31 * DAY,
    )


def test_6_2_7_adjudication() -> None:
    assert adjudication_date(D(2011, 9, 1)) == D(2013, 3, 1)
    assert adjudication_date(D(2011, 8, 31)) == D(2013, 2, 28)


def test_bad_dates_are_named() -> None:
    cs = cards([0, 2, 1])
    cs[2] = Card(cs[2].moves, received=D(2011, 5, 1), sent=D(2011, 5, 6))
    with pytest.raises(InputError, match=r"card 3 \(White's\): received 2011-05-01, before"):
        clock(email_game(cs))
    cs[2] = Card(cs[2].moves, received=D(2011, 5, 5), sent=D(2011, 5, 4))
    with pytest.raises(InputError, match=r"card 3 \(White's\): sent 2011-05-04, before"):
        clock(email_game(cs))
    with pytest.raises(InputError, match="unknown time control 'blitz'"):
        TimeControl.named("blitz")


DATES = st.dates(min_value=D(2000, 1, 1), max_value=D(2030, 12, 31))


@given(DATES, st.integers(0, 120), st.integers(0, 120), st.sampled_from(Mode),
       st.sets(st.integers(0, 240), max_size=40), st.booleans())  # fmt: skip
def test_reflection_is_monotone_in_the_dispatch_and_never_negative(
    received: D, a: int, b: int, mode: Mode, holiday: set[int], mandatory: bool
) -> None:
    stopped = {received + n * DAY for n in holiday}
    early, late = sorted((a, b))
    t1 = reflection_days(received, received + early * DAY, mode, stopped, mandatory=mandatory)
    t2 = reflection_days(received, received + late * DAY, mode, stopped, mandatory=mandatory)
    assert 0 <= t1 <= t2
    assert t2 <= late  # never more than ordinary subtraction


DAY_SETS = st.sets(st.integers(0, 240), max_size=40)


@given(DATES, st.integers(0, 120), st.sampled_from(Mode), DAY_SETS, DAY_SETS)
def test_a_holiday_never_increases_reflection(
    received: D, n: int, mode: Mode, some: set[int], more: set[int]
) -> None:
    base = {received + d * DAY for d in some}
    extra = base | {received + d * DAY for d in more}
    sent = received + n * DAY
    assert reflection_days(received, sent, mode, extra) <= reflection_days(
        received, sent, mode, base
    )


def test_limit_is_exact() -> None:
    odd = TimeControl(25, 10)
    assert odd.limit(12) == Fraction(30)
    assert odd.limit(11) == Fraction(55, 2)
