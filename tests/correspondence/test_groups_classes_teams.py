"""DSU 6.2.8 (withdrawal), 6.5 (EMT classes), 6.6 (the cup) and 6.7 (the team championship)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F

import pytest

from skak.correspondence.classes import (
    EmtClass,
    EmtResult,
    class_from_iccf,
    class_from_rating,
    class_outcome,
    cup_dm_places,
    cup_right,
    entitled_class,
    preliminary_groups,
)
from skak.correspondence.groups import GroupGame, group_standings, withdrawal
from skak.correspondence.teams import (
    TeamGame,
    average_rating,
    division_for,
    team_standings,
)
from skak.errors import InputError

D = dt.date
SEVEN = "ABCDEFG"


def _round_robin(results: dict[tuple[str, str], str | None]) -> list[GroupGame]:
    games = []
    for i, a in enumerate(SEVEN):
        for b in SEVEN[i + 1 :]:
            games.append(GroupGame(a, b, results.get((a, b), "1/2-1/2")))
    return games


def test_6_2_8_at_most_half_finished_loses_all() -> None:
    games = _round_robin({("A", x): None for x in "EFG"} | {("A", x): "1-0" for x in "BCD"})
    ruling = withdrawal("A", games)
    assert (ruling.finished, ruling.games, ruling.loses_all) == (3, 6, True)
    assert {g.result for g in ruling.results} == {"0-1"}  # his 3 wins lost too
    table = {r.player: r.points for r in group_standings(SEVEN, games, withdrawn=["A"])}
    assert table["A"] == 0 and table["B"] == F(5, 2) + 1


def test_6_2_8_more_than_half_finished_stand() -> None:
    games = _round_robin({("A", x): None for x in "FG"} | {("A", x): "1-0" for x in "BCDE"})
    ruling = withdrawal("A", games)
    assert (ruling.finished, ruling.loses_all, len(ruling.to_adjudicate)) == (4, False, 2)
    assert "the TL adjudicates the 2 unfinished" in ruling.reason


def test_6_5_4_1_sonneborn_berger_then_the_game_between() -> None:
    """A and C on 4 points: A beat B (3) and D (2½), C beat E and F (2½ each); SB 11¼ – 11."""
    games = _round_robin(
        {("A", "B"): "1-0", ("A", "D"): "1-0", ("C", "E"): "1-0", ("C", "F"): "1-0",
         ("B", "G"): "1-0"}
    )  # fmt: skip
    rows = group_standings(SEVEN, games, places=2)
    assert [(r.rank, r.player, r.points, r.sonneborn_berger) for r in rows[:3]] == [
        (1, "A", 4, F(45, 4)),
        (2, "C", 4, 11),
        (3, "B", 3, F(33, 4)),
    ]
    # D, E, F, G on 2½: below the places the tie-breaks decide, they share 4th
    assert [(r.rank, r.shared) for r in rows[3:]] == [(4, True)] * 4
    assert [r.rank for r in group_standings(SEVEN, games)[3:]] != [4, 4, 4, 4]


def test_6_5_4_1_direct_encounter() -> None:
    """B and D: 2½ points and SB 4½ each; B beat D."""
    games = [
        GroupGame(w, b, r)
        for w, b, r in [
            ("A", "B", "1-0"), ("A", "C", "1-0"), ("A", "D", "0-1"), ("A", "E", "0-1"),
            ("B", "C", "1-0"), ("B", "D", "1-0"), ("B", "E", "1/2-1/2"),
            ("C", "D", "1/2-1/2"), ("C", "E", "1/2-1/2"), ("D", "E", "1-0"),
        ]
    ]  # fmt: skip
    rows = group_standings("ABCDE", games)
    assert [(r.rank, r.player, r.points, r.sonneborn_berger, r.direct) for r in rows[:2]] == [
        (1, "B", F(5, 2), F(9, 2), 1),
        (2, "D", F(5, 2), F(9, 2), 0),
    ]
    cycle = [GroupGame("A", "B", "1-0"), GroupGame("B", "C", "1-0"), GroupGame("C", "A", "1-0")]
    assert [(r.rank, r.shared) for r in group_standings("ABC", cycle)] == [(1, True)] * 3


def test_6_5_class_outcomes() -> None:
    cases = [
        (EmtClass.QUALIFICATION, F(5), False, "up", EmtClass.MASTER),
        (EmtClass.QUALIFICATION, F(9, 2), True, "up", EmtClass.MASTER),  # first place
        (EmtClass.QUALIFICATION, F(9, 2), False, "stays", EmtClass.QUALIFICATION),
        (EmtClass.QUALIFICATION, F(2), False, "stays", EmtClass.QUALIFICATION),
        (EmtClass.QUALIFICATION, F(3, 2), False, "down", EmtClass.OPEN),
        (EmtClass.OPEN, F(0), False, "stays", EmtClass.OPEN),  # no relegation from Å
        (EmtClass.MASTER, F(5), False, "up", EmtClass.DM),
        (EmtClass.MASTER, F(9, 2), True, "stays", EmtClass.MASTER),  # DM needs 5 points
        (EmtClass.DM, F(27, 10) * 1, False, "stays", EmtClass.DM),  # 45 % of 6
        (EmtClass.DM, F(5, 2), False, "down", EmtClass.MASTER),  # 41.7 %
    ]
    for cls, points, first, outcome, nxt in cases:
        got = class_outcome(cls, points, 6, first_place=first)
        assert (got.outcome, got.next_class) == (outcome, nxt), (cls, points)
    assert class_outcome(EmtClass.DM, F(11, 2), 12).outcome == "stays"  # 45.8 % of 12


def test_6_5_3_2_entry() -> None:
    on = D(2026, 6, 1)
    assert entitled_class([], on).cls is EmtClass.OPEN
    assert entitled_class([], on, rating=2150).cls is EmtClass.MASTER  # d: 2100-
    assert (
        class_from_rating(2099) is EmtClass.QUALIFICATION
        and class_from_rating(1899) is EmtClass.OPEN
    )
    k = EmtResult(EmtClass.QUALIFICATION, D(2025, 1, 1), F(5), 6)
    assert entitled_class([k], on).cls is EmtClass.MASTER
    old = EmtResult(EmtClass.QUALIFICATION, D(2024, 1, 1), F(5), 6)  # more than 2 years ago
    assert entitled_class([old], on).cls is EmtClass.OPEN
    stay = EmtResult(EmtClass.MASTER, D(2024, 1, 1), F(3), 6)
    assert entitled_class([stay], on).cls is EmtClass.MASTER
    down = EmtResult(EmtClass.MASTER, D(2025, 1, 1), F(1), 6)
    assert entitled_class([down], on).cls is EmtClass.QUALIFICATION
    dm = EmtResult(EmtClass.DM, D(2024, 1, 1), F(3), 6)
    assert entitled_class([dm], on).cls is EmtClass.DM
    m5 = EmtResult(EmtClass.MASTER, D(2025, 1, 1), F(5), 6)
    assert entitled_class([m5], on).cls is EmtClass.DM


def test_6_5_3_2_c_iccf_table() -> None:
    assert class_from_iccf("world-final") is EmtClass.DM
    assert class_from_iccf("european-final", F(67, 100)) is EmtClass.DM
    assert class_from_iccf("european-final", F(2, 3)) is EmtClass.MASTER  # 66.7 %: not 67
    assert class_from_iccf("world-semifinal", F(32, 100)) is EmtClass.QUALIFICATION
    assert class_from_iccf("m-class", F(3, 4)) is EmtClass.DM
    assert class_from_iccf("m-class", F(74, 100)) is EmtClass.MASTER
    assert class_from_iccf("h-class", F(3, 4)) is EmtClass.MASTER
    assert class_from_iccf("h-class", F(1, 3)) is EmtClass.QUALIFICATION
    assert class_from_iccf("h-class", F(1, 4)) is EmtClass.OPEN
    assert class_from_iccf("o-class", group_winner=True) is EmtClass.QUALIFICATION
    assert [class_from_iccf("cup-final", place=p) for p in (3, 4, 8, 9)] == [
        EmtClass.DM, EmtClass.MASTER, EmtClass.MASTER, EmtClass.OPEN,
    ]  # fmt: skip
    with pytest.raises(InputError, match="unknown ICCF event"):
        class_from_iccf("olympiad", F(1))


def test_6_6_1_1_preliminary_groups() -> None:
    assert preliminary_groups(20) == (7, 7, 6)
    assert preliminary_groups(21) == (7, 7, 7)
    assert preliminary_groups(24) == (6, 6, 6, 6)
    assert preliminary_groups(100) == (7,) * 10 + (6,) * 5
    with pytest.raises(InputError, match="11 players cannot be divided"):
        preliminary_groups(11)


def test_6_6_2_cup_rights() -> None:
    """Up to 100 players: the winner; every 50 begun beyond 100: one more (75 %)."""
    assert [cup_dm_places(n) for n in (60, 100, 101, 150, 151, 200, 201)] == [1, 1, 2, 2, 3, 3, 4]
    assert cup_right("semifinal", F(24, 5), 6).cls is EmtClass.MASTER  # 80 %
    assert cup_right("semifinal", F(4), 6).cls is EmtClass.QUALIFICATION  # 66.7 %
    assert cup_right("semifinal", F(7, 2), 6).cls is None
    assert cup_right("final", F(6), 10, place=1).cls is EmtClass.DM
    two = cup_right("final", F(8), 10, place=2, preliminary_players=120)
    assert two.cls is EmtClass.DM
    assert cup_right("final", F(7), 10, place=2, preliminary_players=120).cls is EmtClass.MASTER
    assert cup_right("final", F(8), 10, place=2, preliminary_players=100).cls is EmtClass.MASTER
    assert cup_right("final", F(4), 10, place=5).cls is EmtClass.QUALIFICATION
    no_semi = cup_right("final", F(7), 10, place=1, semifinal_held=False)
    assert no_semi.cls is EmtClass.QUALIFICATION and "no semifinal" in no_semi.reason


def _team_games(results: dict[tuple[int, str, str], str]) -> list[TeamGame]:
    return [TeamGame(board, w, b, r) for (board, w, b), r in results.items()]


def test_6_7_4_5_points_then_mutual_games() -> None:
    games = _team_games({
        (1, "X", "Y"): "1-0", (2, "Y", "X"): "1/2-1/2", (3, "X", "Y"): "0-1",
        (4, "Y", "X"): "0-1",  # X 2½ – Y 1½ between them
        (1, "X", "Z"): "0-1", (2, "Z", "X"): "0-1", (3, "X", "Z"): "0-1", (4, "Z", "X"): "1-0",
        (1, "Y", "Z"): "1-0", (2, "Z", "Y"): "0-1", (3, "Y", "Z"): "1-0", (4, "Z", "Y"): "1/2-1/2",
    })  # fmt: skip
    rows = team_standings(["X", "Y", "Z"], games)
    assert [(r.club, r.points) for r in rows] == [("Y", F(5)), ("Z", F(7, 2)), ("X", F(7, 2))]
    assert (rows[1].mutual, rows[2].mutual) == (F(3), F(1))  # Z won 3–1 against X
    assert rows[0].mutual is None and rows[1].weighted is None


def test_6_7_4_5_board_points_then_mutual_then_lots() -> None:
    # X, Y and Z all on 4 points and 4 between them: the board points decide
    games = _team_games({
        (1, "X", "Y"): "1-0", (2, "Y", "X"): "1-0", (3, "X", "Y"): "1-0", (4, "Y", "X"): "1-0",
        (1, "X", "Z"): "1-0", (2, "Z", "X"): "1/2-1/2", (3, "X", "Z"): "0-1",
        (4, "Z", "X"): "1/2-1/2",
        (1, "Y", "Z"): "0-1", (2, "Z", "Y"): "1/2-1/2", (3, "Y", "Z"): "1/2-1/2",
        (4, "Y", "Z"): "1-0",
    })  # fmt: skip
    rows = team_standings(["X", "Y", "Z"], games)
    assert {r.points for r in rows} == {4} and {r.mutual for r in rows} == {4}
    # X: wins on boards 1, 3 (Y) and 1 (Z) = 10, draws on 2 and 4 = 2: 12
    # Z: wins on 3 (X) and 1 (Y) = 6, draws on 2, 4, 2, 3 = 4½: 10½; Y: 5 + 2½ = 7½
    assert [(r.rank, r.club, r.weighted) for r in rows] == [
        (1, "X", 12), (2, "Z", F(21, 2)), (3, "Y", F(15, 2)),
    ]  # fmt: skip
    wins_only = team_standings(["X", "Y", "Z"], games, draws_count=False)
    assert [(r.club, r.weighted) for r in wins_only] == [("X", 10), ("Z", 6), ("Y", 5)]
    # the same games mirrored: nothing parts them, lots are drawn
    mirror = _team_games({(1, "X", "Y"): "1-0", (1, "Y", "X"): "1-0"})
    rows = team_standings(["X", "Y"], mirror)
    assert all(r.lots and r.rank == 1 for r in rows)
    assert rows[0].mutual_weighted == 4


def test_6_7_5_1_divisions_and_6_7_6_2_average() -> None:
    assert division_for(1, F(10), 24).division == 1  # 41.7 %
    assert division_for(1, F(9), 24).division == 2  # 37.5 %
    assert division_for(2, F(18), 24).division == 1  # 75 %
    assert division_for(2, F(12), 24).division == 2
    assert division_for(2, F(9), 24).division == 3
    assert division_for(3, F(0), 0, group_winner=True).division == 2
    assert average_rating([2100, 2000, 1950, 1901]) == F(7951, 4)
    with pytest.raises(InputError, match="a team has 4 players"):
        average_rating([2000, 2000])
