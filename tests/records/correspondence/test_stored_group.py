"""A correspondence group kept in the database: a postal EMT group of 7 whose cards come in
over several commands and survive a restart, what is overdue as of a day, the standings by
6.5.4.1, a withdrawal by 6.2.8, and bad input refused with nothing written."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F
from pathlib import Path

import pytest

from skak.api import Skak
from skak.errors import InputError, NotFoundError, StateError
from tests.records.correspondence.helpers import enter_results

D = dt.date
GROUP = "EMT K 2011/3"
SEVEN = "ABCDEFG"

#: 6.5.4.1's case (tests/correspondence): A and C on 4 points — A beat B (3) and D (2½),
#: C beat E and F (2½ each): SB 11¼ against 11; B beat G; every other game drawn.
WINS = {("A", "B"): "1-0", ("A", "D"): "1-0", ("C", "E"): "1-0", ("C", "F"): "1-0",
        ("B", "G"): "1-0"}  # fmt: skip


def _seven(s: Skak) -> None:
    s.correspondence.new(GROUP, "emt", D(2011, 9, 1), emt_class="K")
    from skak.records.correspondence.commands import Entrant

    s.correspondence.enter_players(
        GROUP, [Entrant(n, 1000 + i, 1900 + 10 * i) for i, n in enumerate(SEVEN, 1)]
    )


def _all_but_f_g(s: Skak) -> None:
    """Every game finished as 6.5.4.1's case has it, but F–G, which is being played."""
    results = {}
    for i, a in enumerate(SEVEN):
        for b in SEVEN[i + 1 :]:
            if (a, b) != ("F", "G"):
                results[(a, b)] = WINS.get((a, b), "1/2-1/2")
    enter_results(s, GROUP, results)


def test_a_postal_group_of_seven_kept_over_several_commands_and_a_restart(
    db_path: Path,
) -> None:
    s = Skak(db_path, create=True, actor="TL")
    _seven(s)
    g = s.correspondence.get()
    assert [(p.number, p.name, p.member, p.rating) for p in g.players][:2] == [
        (1, "A", 1001, 1910), (2, "B", 1002, 1920),
    ]  # fmt: skip
    _all_but_f_g(s)
    assert s.correspondence.game(GROUP, "6-7").white == "F"  # F has White against G
    first = s.correspondence.card(GROUP, "6-7", "1. e4", sent=D(2011, 9, 1))
    assert first.time is not None and first.time.cards[-1].total == 0
    second = s.correspondence.card(
        GROUP, "6-7", "1... c5", received=D(2011, 9, 3), sent=D(2011, 9, 5)
    )
    assert second.time is not None
    assert second.time.cards[-1].days == 2  # Saturday to Monday: 2 days (6.3.2)
    s.close()

    s = Skak(db_path, actor="TL")  # the next day, another command
    third = s.correspondence.card(
        GROUP, "6-7", "2. Nf3", received=D(2011, 9, 7), sent=D(2011, 9, 8)
    )
    assert third.version == second.version + 1
    view = s.correspondence.game(GROUP, "6-7")
    assert view.san == "1. e4 c5 2. Nf3"
    assert [c.sent for c in view.cards] == [D(2011, 9, 1), D(2011, 9, 5), D(2011, 9, 8)]
    s.close()

    s = Skak(db_path)
    # G is silent: F repeats his last move 14 days and a postal day after G received it
    # (posted Thursday 8/9, received Friday 9/9: repeat from 24/9), and the TL is told 7
    # days after that (6.3.4)
    quiet = s.correspondence.overdue(GROUP, D(2011, 9, 23))
    assert quiet.due == ()
    (open_game,) = quiet.games
    assert (open_game.game, open_game.to_move, open_game.repeat_from, open_game.tell_tl_from) == (
        "6-7", "G", D(2011, 9, 24), D(2011, 10, 1),
    )  # fmt: skip
    assert open_game.adjudication_from == D(2013, 3, 1)  # 18 months after the start (6.2.7)
    (repeat,) = s.correspondence.overdue(GROUP, D(2011, 9, 26)).due
    assert (repeat.action, repeat.player, repeat.opponent, repeat.day, repeat.rule) == (
        "repeat", "F", "G", D(2011, 9, 24), "6.3.4",
    )  # fmt: skip
    (write,) = s.correspondence.overdue(GROUP, D(2011, 10, 3)).due
    assert (write.action, write.opponent, write.day) == ("write", "G", D(2011, 10, 1))
    # by 20/10 G has used 2 + 41 days on his second move: more than 30 before his 10th
    (late,) = s.correspondence.overdue(GROUP, D(2011, 10, 20)).due
    assert (late.action, late.player, late.move, late.control_move, late.used, late.day) == (
        "overstep", "G", 2, 10, 43, D(2011, 10, 8),
    )  # fmt: skip
    assert (late.limit, late.rule) == (30, "6.3.3.1")

    # the standings so far rank by 6.5.4.1 already; F and G have a game to play
    so_far = s.correspondence.standings()
    assert not so_far.complete
    assert [(r.rank, r.name) for r in so_far.standings[:3]] == [(1, "A"), (2, "C"), (3, "B")]
    assert all(r.outcome is None for r in so_far.standings)
    s.correspondence.result(GROUP, "6-7", "½-½")
    assert s.correspondence.overdue(GROUP, D(2011, 10, 20)).due == ()
    final = s.correspondence.standings()
    assert final.complete and final.places == 2
    assert [(r.rank, r.name, r.points, r.sonneborn_berger) for r in final.standings[:3]] == [
        (1, "A", 4, F(45, 4)), (2, "C", 4, 11), (3, "B", 3, F(33, 4)),
    ]  # fmt: skip
    # D, E, F, G on 2½: below the 2 places 6.5.4.1 decides, they share 4th
    assert [(r.rank, r.shared) for r in final.standings[3:]] == [(4, True)] * 4
    # 6.5.3.2 a: a first place (shared on points: both) goes up; 2–4½ points stay
    assert [(r.name, r.outcome, r.next_class) for r in final.standings[:3]] == [
        ("A", "up", "M"), ("C", "up", "M"), ("B", "stays", "K"),
    ]  # fmt: skip
    assert [r.name for r in s.correspondence.lines()] == [GROUP]
    assert s.check() == []  # skak check reads the group back from its events
    s.close()


def test_6_5_4_1_the_game_between_decides_after_sonneborn_berger(api: Skak) -> None:
    """B and D: 2½ points and SB 4½ each; B beat D (tests/correspondence's case)."""
    api.correspondence.new("EMT 5", "emt", D(2011, 9, 1), emt_class="M")
    api.correspondence.enter_players("EMT 5", list("ABCDE"))
    enter_results(api, "EMT 5", {
        ("A", "B"): "1-0", ("A", "C"): "1-0", ("A", "D"): "0-1", ("A", "E"): "0-1",
        ("B", "C"): "1-0", ("B", "D"): "1-0", ("B", "E"): "1/2-1/2",
        ("C", "D"): "1/2-1/2", ("C", "E"): "1/2-1/2", ("D", "E"): "1-0",
    })  # fmt: skip
    rows = api.correspondence.standings("EMT 5").standings
    assert [(r.rank, r.name, r.points, r.sonneborn_berger, r.direct) for r in rows[:2]] == [
        (1, "B", F(5, 2), F(9, 2), 1),
        (2, "D", F(5, 2), F(9, 2), 0),
    ]


def test_6_2_8_a_withdrawal_with_at_most_half_finished_loses_all(api: Skak) -> None:
    """A won 3 and withdrew (without good reason) with 3 of 6 unfinished: he loses all 6;
    his opponents' games go on."""
    _seven(api)
    enter_results(api, GROUP, {("A", x): "1-0" for x in "BCD"})
    done = api.correspondence.withdraw(GROUP, "A", D(2011, 12, 1))
    assert "A loses every game of the group" in done.notes[0]
    rows = {r.name: r for r in api.correspondence.standings().standings}
    assert rows["A"].points == 0 and rows["A"].withdrawn and not rows["A"].prize_right
    assert rows["B"].points == 1 and rows["E"].points == 1
    # no card in his games any more
    with pytest.raises(StateError, match="A withdrew on 2011-12-01"):
        api.correspondence.card(GROUP, "1-5", "1. e4", sent=D(2011, 12, 2))
    # his games are no one's business in the overdue list: they count as lost
    due = api.correspondence.overdue(GROUP, D(2011, 12, 5))
    assert all("A" not in (g.white, g.black) for g in due.games)


def test_6_2_8_more_than_half_finished_the_tl_adjudicates(api: Skak) -> None:
    _seven(api)
    enter_results(api, GROUP, {("A", x): "1-0" for x in "BCDE"})
    done = api.correspondence.withdraw(GROUP, 1, D(2011, 12, 1), reason="good")
    assert "the TL adjudicates the 2 unfinished" in done.notes[0]
    rows = {r.name: r for r in api.correspondence.standings().standings}
    assert rows["A"].points == 4 and rows["A"].prize_right
    due = api.correspondence.overdue(GROUP, D(2011, 12, 5)).due
    assert sorted((d.action, d.player, d.opponent, d.day) for d in due if d.player == "A") == [
        ("withdrawal", "A", "F", D(2011, 12, 1)),
        ("withdrawal", "A", "G", D(2011, 12, 1)),
    ]
    api.correspondence.result(GROUP, "6-1", "0-1", adjudicated=True)
    assert {r.name: r.points for r in api.correspondence.standings().standings}["A"] == 5


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda c: c.card(GROUP, "1-2", "1... Ke7", received=D(2011, 9, 3),
                               sent=D(2011, 9, 5)), InputError,
         r"game 1-2 \(A – B\), card 2 \(Black's\): move 1\.\.\. Ke7 is illegal"),
        (lambda c: c.card(GROUP, "1-2", "1... c5", received=D(2011, 8, 31),
                               sent=D(2011, 9, 5)), InputError,
         r"card 2 \(Black's\): received 2011-08-31, before the opponent's card was sent"),
        (lambda c: c.card(GROUP, "1-2", "2. Nf3", received=D(2011, 9, 4),
                               sent=D(2011, 9, 5)), InputError,
         r"card 2 \(Black's\): Nf3 is written as a later move than the next one"),
        (lambda c: c.card(GROUP, "1-9", "1... c5", sent=D(2011, 9, 5)), NotFoundError,
         "has no game 1-9; its games: 1-2, 1-3"),
        (lambda c: c.card(GROUP, "6-7", "1. e4", sent=D(2011, 9, 5)), StateError,
         r"game 6-7 \(F – G\) is finished"),
        (lambda c: c.result(GROUP, "1-2", "1:0"), InputError, "result '1:0' is not"),
        (lambda c: c.withdraw(GROUP, "Z", D(2011, 9, 5)), NotFoundError, "no player 'Z'"),
        (lambda c: c.enter_players(GROUP, ["X", "Y"]), StateError, "has begun"),
        (lambda c: c.overdue(GROUP, D(2011, 8, 1)), InputError, "before the group's start"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_and_nothing_is_written(
    api: Skak, call: object, error: type[Exception], message: str
) -> None:
    _seven(api)
    api.correspondence.card(GROUP, "1-2", "1. e4", sent=D(2011, 9, 1))
    api.correspondence.result(GROUP, "6-7", "1-0")
    before = api.correspondence.version()
    with pytest.raises(error, match=message):
        call(api.correspondence)  # type: ignore[operator]
    assert api.correspondence.version() == before


def test_the_group_is_found_by_name_or_id(api: Skak) -> None:
    with pytest.raises(NotFoundError, match="holds no correspondence group"):
        api.correspondence.get()
    _seven(api)
    api.correspondence.new("Pokal 2011 semifinale 1", "cup", D(2011, 10, 1), stage="semifinal")
    assert api.correspondence.get("#1").name == GROUP
    assert api.correspondence.get("pokal 2011 semifinale 1").competition.stage == "semifinal"
    with pytest.raises(StateError, match="holds 2 correspondence groups"):
        api.correspondence.get()
    with pytest.raises(InputError, match="exists already"):
        api.correspondence.new(GROUP, "emt", D(2011, 9, 1), emt_class="K")
