"""Every printed example of section 6 on cards, time and standings, asserted again through
the stored record: the cards entered one at a time through the API into a group in the
database, the answer read back (``corr_game``, ``corr_overdue``, ``corr_standings``). The
same examples on files are in ``tests/correspondence`` and ``tests/cli/test_corr_commands.py``.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F

from skak.api import Skak
from skak.io.correspondence_json import read_game
from skak.views import CorrTimeView, corr_time_view
from tests.correspondence.test_clock import RUY
from tests.records.correspondence.helpers import DATA, enter_results, group_from_file

D = dt.date
DAY = dt.timedelta(days=1)


def _as_the_file(stored: CorrTimeView, file: CorrTimeView) -> None:
    """The stored game's time is the file's, card by card and player by player."""
    for field in ("white", "black", "mode", "control", "to_move", "players", "cards",
                  "overstep", "repeat_from", "tell_tl_from", "san", "numeric"):  # fmt: skip
        assert getattr(stored, field) == getattr(file, field), field


def _pair(s: Skak, name: str, start: D, **options: object) -> None:
    """A group of two, White and Black, to hang one game's cards on."""
    s.correspondence.new(name, "emt", start, emt_class="Å", **options)  # type: ignore[arg-type]
    s.correspondence.enter_players(name, ["White", "Black"])


def _one_a_card(s: Skak, name: str, days: list[int], start: D) -> list[D]:
    """One move a card from RUY, each answered ``days[i]`` after it arrived (received the
    day it was sent, as by e-mail); the dispatch dates."""
    sent: list[D] = []
    for i, n in enumerate(days):
        received = None if i == 0 else sent[-1]
        day = (received or start) + n * DAY
        s.correspondence.card(name, "1-2", RUY[i], sent=day, received=received)
        sent.append(day)
    return sent


def test_6_8_2_iccf_example_through_the_record(api: Skak) -> None:
    """The printed ICCF record: White 0/00, 1/01, 2/03; Black 1/01, 3/04 (40 days to 10)."""
    path = DATA / "email-6.8.2.json"
    name = group_from_file(api, path)
    t = api.correspondence.game(name, "1-2")
    assert [(c.days, c.total) for c in t.cards] == [(0, 0), (1, 1), (1, 1), (3, 4), (2, 3)]
    assert (t.players[0].used, t.players[1].used) == (3, 4)
    assert t.control == {"days": 40, "moves": 10}
    assert t.san == "1. e4 e5 2. Nf3 Nc6 3. Bb5"
    _as_the_file(t, corr_time_view(read_game(path)))


def test_6_3_6_3_holiday_example_through_the_record(api: Skak) -> None:
    """Holiday 8/6–22/6: received 7/6, answered 10/6: 1 day; 13/6 → 23/6: 0 days; the
    postmark dates card 5 (6.3.2); as of 30/7 Black, to move since 28/6, has overstepped."""
    path = DATA / "post-6.3.6.3.json"
    name = group_from_file(api, path)
    t = api.correspondence.game(name, "1-2", as_of=D(2011, 7, 30))
    assert [c.days for c in t.cards] == [0, 1, 1, 0, 2]
    assert t.cards[4].sent == D(2011, 6, 27)
    assert t.players[1].pending == 32
    o = t.overstep
    assert o is not None
    assert (o.colour, o.move, o.control_move, o.card, o.late_from) == (
        "black", 3, 10, None, D(2011, 7, 28),
    )  # fmt: skip
    assert o.used == 1 + 0 + 32  # cards 2 and 4 (in the holiday), and the move to come
    assert t.players[0].holidays[0].days == 15
    _as_the_file(t, corr_time_view(read_game(path), as_of=D(2011, 7, 30)))
    (due,) = api.correspondence.overdue(name, D(2011, 7, 30)).due
    assert (due.action, due.player, due.day, due.used) == (
        "overstep", "Olsen, Ole", D(2011, 7, 28), o.used,
    )  # fmt: skip


def test_6_3_1_and_6_3_2_reflection_time_through_cards(api: Skak) -> None:
    """6.3.1: received and answered 1/8: 0 days; answered 4/8: 3 days. 6.3.2: received
    Saturday, answered Sunday: 0 days; answered Monday: 2 days."""
    _pair(api, "post", D(2011, 7, 1))
    api.correspondence.card("post", "1-2", "1. e4", sent=D(2011, 7, 31))
    same = api.correspondence.card(
        "post", "1-2", "1... e5", received=D(2011, 8, 1), sent=D(2011, 8, 1)
    )
    assert same.time is not None and same.time.cards[-1].days == 0
    three = api.correspondence.card(
        "post", "1-2", "2. Nf3", received=D(2011, 8, 1), sent=D(2011, 8, 4)
    )
    assert three.time is not None and three.time.cards[-1].days == 3
    saturday = D(2011, 8, 6)
    sunday = api.correspondence.card(
        "post", "1-2", "2... Nc6", received=saturday, sent=saturday + DAY
    )
    assert sunday.time is not None and sunday.time.cards[-1].days == 0
    saturday += 7 * DAY
    monday = api.correspondence.card(
        "post", "1-2", "3. Bb5", received=saturday, sent=saturday + 2 * DAY
    )
    assert monday.time is not None and monday.time.cards[-1].days == 2


def test_6_3_3_1_thirty_days_before_the_tenth_move_through_cards(api: Skak) -> None:
    """31 days on Black's 5th move: more than 30 and his 10th not sent. The card is the
    fact and is kept; the overstep is the TL's note (the game is lost, 6.3.3.3)."""
    _pair(api, "email", D(2011, 5, 1), mode="email", control="post",
          mandatory_holidays=False)  # fmt: skip
    days = [0] * 9
    sent = _one_a_card(api, "email", days, D(2011, 5, 2))
    late = api.correspondence.card(
        "email", "1-2", RUY[9], received=sent[-1], sent=sent[-1] + 31 * DAY
    )
    assert late.events  # written
    assert any("time overstep (6.3.3.1): Black used 31 days, more than 30" in n
               for n in late.notes)  # fmt: skip
    o = api.correspondence.game("email", "1-2").overstep
    assert o is not None
    assert (o.move, o.control_move, o.card, o.late_from) == (5, 10, 10, sent[-1] + 31 * DAY)


def _series(api: Skak, name: str, reply: str, days: int) -> None:
    """6.3.3.2: Black receives a series for his moves 10, 11 and 12."""
    _pair(api, name, D(2011, 5, 1), mode="email", control="post", mandatory_holidays=False)
    sent = _one_a_card(api, name, [0] * 18, D(2011, 5, 2))
    last = sent[-1]
    series = "10... Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1"
    api.correspondence.card(name, "1-2", "10. d4", series=series, sent=last, received=last)
    api.correspondence.card(name, "1-2", reply, received=last, sent=last + days * DAY)


def test_6_3_3_2_series_example_through_the_record(api: Skak) -> None:
    """Accepting the whole series (moves 10–12): at most 36 days; to move 11: 33."""
    whole = "10... Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8"
    _series(api, "36", whole, 36)
    t = api.correspondence.game("36", "1-2")
    assert t.overstep is None
    assert (t.cards[-1].limit, t.cards[-1].limit_move) == (36, 12)
    _series(api, "37", whole, 37)
    o = api.correspondence.game("37", "1-2").overstep
    assert o is not None and (o.control_move, o.limit, o.used, o.rule) == (12, 36, 37, "6.3.3.2")
    to_11 = "10... Nbd7 11. Nbd2 Bb7 12. Bc2 c5"
    _series(api, "33", to_11, 33)
    assert api.correspondence.game("33", "1-2").overstep is None
    _series(api, "34", to_11, 34)
    o = api.correspondence.game("34", "1-2").overstep
    assert o is not None and (o.control_move, o.limit) == (11, 33)


def test_6_3_4_and_6_3_5_1_extra_days_through_cards(api: Skak) -> None:
    """6.3.4: 15 days without notice after a reminder: 3 extra days, and a letter to the TL:
    9. 6.3.5.1: an invalid move 3 days, the next 6 (post); by e-mail 3 each (6.8.6)."""
    for flags, extra in (({"reminder": True}, 3), ({"reminder": True, "tl_contacted": True}, 9),
                         ({"reminder": True, "notice": True}, 0)):  # fmt: skip
        name = f"6.3.4 {extra} {len(flags)}"
        _pair(api, name, D(2011, 5, 1), mode="email", mandatory_holidays=False)
        api.correspondence.card(name, "1-2", "1. e4", sent=D(2011, 5, 2))
        done = api.correspondence.card(name, "1-2", "1... e5", received=D(2011, 5, 2),
                             sent=D(2011, 5, 17), **flags)  # type: ignore[arg-type]  # fmt: skip
        assert done.time is not None
        assert (done.time.cards[-1].penalty, done.time.players[1].used) == (extra, 15 + extra)
    for mode, penalties in (("post", [0, 3, 0, 6]), ("email", [0, 3, 0, 3])):
        _pair(api, mode, D(2011, 5, 1), mode=mode, mandatory_holidays=False)
        day = D(2011, 5, 2)
        for i, move in enumerate(RUY[:4]):
            api.correspondence.card(mode, "1-2", move, received=None if i == 0 else day,
                          sent=day + (i % 2) * DAY, invalid_moves=i % 2)  # fmt: skip
            day += (i % 2) * DAY
        t = api.correspondence.game(mode, "1-2")
        assert [c.penalty for c in t.cards] == penalties


def test_6_3_4_and_6_8_3_silence_through_overdue(api: Skak) -> None:
    """E-mail: no answer 14 days after 1/3: repeat from 15/3, the TL from 22/3 (6.8.3);
    post with 2 postal days: 19/3 and 26/3 (6.3.4)."""
    for mode, postal, repeat, tell in (("email", 1, D(2011, 3, 15), D(2011, 3, 22)),
                                       ("post", 2, D(2011, 3, 19), D(2011, 3, 26))):  # fmt: skip
        _pair(api, mode, D(2011, 2, 1), mode=mode, postal_days=postal)
        api.correspondence.card(mode, "1-2", "1. e4", sent=D(2011, 2, 28))
        api.correspondence.card(mode, "1-2", "1... e5", received=D(2011, 2, 28), sent=D(2011, 3, 1))
        (game,) = api.correspondence.overdue(mode, D(2011, 3, 2)).games
        assert (game.to_move, game.repeat_from, game.tell_tl_from) == ("White", repeat, tell)
        (due,) = api.correspondence.overdue(mode, tell).due
        assert (due.action, due.player, due.opponent, due.day) == (
            "write", "Black", "White", tell,
        )  # fmt: skip


def test_6_3_6_the_silence_waits_out_a_holiday_through_the_record(api: Skak) -> None:
    """Black's last card went on 4 May (silence from 18 May); White's holiday of 10–20 May
    leaves 6 days before it and 8 after: repeat from 29 May, the TL from 5 June."""
    _pair(api, "away", D(2011, 4, 1), mode="email", control="post", mandatory_holidays=False)
    api.correspondence.holiday(
        "away", "White", D(2011, 5, 10), D(2011, 5, 20), notice=D(2011, 4, 1)
    )
    _one_a_card(api, "away", [0, 2], D(2011, 5, 2))
    (game,) = api.correspondence.overdue("away", D(2011, 5, 5)).games
    assert (game.repeat_from, game.tell_tl_from) == (D(2011, 5, 29), D(2011, 6, 5))


def test_6_2_7_adjudication_after_18_months_through_overdue(api: Skak) -> None:
    _pair(api, "slow", D(2011, 9, 1))
    api.correspondence.card("slow", "1-2", "1. e4", sent=D(2011, 9, 1))
    api.correspondence.card("slow", "1-2", "1... e5", received=D(2011, 9, 2), sent=D(2011, 9, 3))
    for i, move in enumerate(RUY[2:20]):  # a slow but steady game
        day = D(2011, 9, 3) + (i + 1) * 25 * DAY
        api.correspondence.card(
            "slow", "1-2", move, received=day - 20 * DAY, sent=day - 20 * DAY + DAY
        )
    due = api.correspondence.overdue("slow", D(2013, 3, 1)).due
    assert ("adjudicate", D(2013, 3, 1), "6.2.7") in [(d.action, d.day, d.rule) for d in due]
    assert all(
        d.action != "adjudicate" for d in api.correspondence.overdue("slow", D(2013, 2, 28)).due
    )


def test_6_5_class_outcomes_and_6_6_2_cup_rights_through_standings(api: Skak) -> None:
    """A finished qualification-class group: 5 points up (6.5.3.2 a), under 2 down
    (6.5.3.3). A cup semifinal: 80 % the master class, 60 % the qualification class."""
    players = "ABCDEFG"
    results = {}
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            results[(a, b)] = "1-0" if a in "AB" or b == "G" else "1/2-1/2"
    results[("A", "B")] = "1-0"
    for name, event, options in (("K", "emt", {"emt_class": "K"}),
                                 ("semi", "cup", {"stage": "semifinal"})):  # fmt: skip
        api.correspondence.new(name, event, D(2011, 9, 1), **options)  # type: ignore[arg-type]
        api.correspondence.enter_players(name, list(players))
        enter_results(api, name, results)
    rows = {r.name: r for r in api.correspondence.standings("K").standings}
    # A 6, B 5, C–F 2½ each (beat G, drew the rest among them), G 0
    assert [(n, rows[n].points, rows[n].outcome, rows[n].next_class) for n in "ABCG"] == [
        ("A", 6, "up", "M"), ("B", 5, "up", "M"), ("C", F(5, 2), "stays", "K"),
        ("G", 0, "down", "Å"),
    ]  # fmt: skip
    semi = {r.name: r for r in api.correspondence.standings("semi").standings}
    assert (semi["A"].next_class, semi["B"].next_class, semi["C"].next_class) == ("M", "M", None)
    assert api.correspondence.standings("semi").places == 3  # 6.6.1.4: places 1–3


def test_6_7_4_5_team_standings_through_the_record(api: Skak) -> None:
    """tests/correspondence's case: Y 5, Z 3½, X 3½; Z above X on the games between them."""
    api.correspondence.new("Hold", "team", D(2012, 1, 10), division=2)
    api.correspondence.enter_players(
        "Hold",
        [_entrant(f"{c}{b}", club=c) for c in "XYZ" for b in range(1, 5)],
    )
    wins = {  # board: (winner side, result) as (first, second): result from first's side
        (1, "X", "Y"): "1-0", (2, "Y", "X"): "1/2-1/2", (3, "X", "Y"): "0-1",
        (4, "Y", "X"): "0-1",
        (1, "X", "Z"): "0-1", (2, "Z", "X"): "0-1", (3, "X", "Z"): "0-1", (4, "Z", "X"): "1-0",
        (1, "Y", "Z"): "1-0", (2, "Z", "Y"): "0-1", (3, "Y", "Z"): "1-0",
        (4, "Z", "Y"): "1/2-1/2",
    }  # fmt: skip
    enter_results(api, "Hold", {(f"{a}{b}", f"{c}{b}"): r for (b, a, c), r in wins.items()})
    view = api.correspondence.standings("Hold")
    assert [(t.club, t.points) for t in view.teams] == [("Y", 5), ("Z", F(7, 2)), ("X", F(7, 2))]
    assert (view.teams[1].mutual, view.teams[2].mutual) == (3, 1)
    # 6.7.5.1: in the 2nd division 5 of 8 (62.5 %) and 3½ of 8 (43.75 %) stay there
    assert [(t.club, t.finished, t.division) for t in view.teams] == [
        ("Y", 8, 2), ("Z", 8, 2), ("X", 8, 2),
    ]  # fmt: skip


def _entrant(name: str, club: str) -> object:
    from skak.records.correspondence.commands import Entrant

    return Entrant(name, club=club)
