"""DSU 003 §5.5: the junior team championship — its round robin, §6's composition and §4's
tie-break order."""

from __future__ import annotations

from collections import Counter
from datetime import date
from fractions import Fraction

import pytest

from skak.errors import InputError
from skak.teams.junior import (
    JuniorMatch,
    JuniorPlayer,
    JuniorTeam,
    check_composition,
    check_junior_team,
    junior_schedule,
    junior_standings,
    missing_matches,
)

DAY = date(2025, 10, 4)  # the first whole weekend of October (§1)
CADET = date(2011, 5, 5)  # 13 on 1 January 2025
JUNIOR = date(2007, 5, 5)  # 17


def team(name: str, cadets: int = 6, girl: bool = True, **kw: object) -> JuniorTeam:
    players = [
        JuniorPlayer(f"{name}{i}", f"{name} {i}", CADET if i <= cadets else JUNIOR, girl and i == 8)
        for i in range(1, 10)
    ]
    return JuniorTeam(name, tuple(players), **kw)  # type: ignore[arg-type]


def ids(t: JuniorTeam, n: int = 8) -> list[str]:
    return [p.id for p in t.players[:n]]


def test_nine_districts_play_nine_rounds_each_a_free_round() -> None:
    teams = [team(f"HK{i}") for i in range(1, 10)]
    schedule = junior_schedule(teams)
    assert len(schedule) == 36 and max(r for r, _, _ in schedule) == 9
    pairs = Counter(frozenset((a, b)) for _, a, b in schedule)
    assert set(pairs.values()) == {1} and len(pairs) == 36
    per_round = Counter(r for r, _, _ in schedule)
    assert set(per_round.values()) == {4}  # one team free each round


def test_a_team_is_8_players_and_at_most_1_reserve() -> None:
    assert check_junior_team(team("A")) == []
    big = JuniorTeam("B", (*team("B").players, JuniorPlayer("B10", "B 10", CADET)))
    (problem,) = check_junior_team(big)
    assert "not 10 (5.5 §6)" in problem


@pytest.mark.parametrize(
    ("cadets", "ok"), [(6, True), (5, False)], ids=["5.5-§6-6-cadets", "5.5-§6-5-cadets-refused"]
)
def test_six_cadets(cadets: int, ok: bool) -> None:
    t = team("A", cadets)
    problems = check_composition(t, ids(t), DAY)
    assert (problems == []) is ok
    if not ok:
        assert "5 cadets" in problems[0] and "5.5 §6" in problems[0]


def test_6_an_empty_board_counts_no_cadet() -> None:
    """A team of seven (board 8 empty): the cadets and the girl are counted among those who
    play — six cadets there, but the girl was the one on board 8."""
    t = team("A", 6)
    players: list[str | None] = [*ids(t, 7), None]
    assert check_composition(t, players, DAY) == ["A: no girl among the players (5.5 §6)"]


@pytest.mark.parametrize(
    ("born", "cadet"),
    [(date(2009, 1, 1), False), (date(2009, 1, 2), True)],
    ids=["5.5-§6-16-on-1-january", "5.5-§6-15-on-1-january"],
)
def test_a_cadet_is_not_16_at_the_start_of_the_year(born: date, cadet: bool) -> None:
    assert JuniorPlayer("x", "x", born).cadet(2025) is cadet


def test_a_girl_or_with_none_a_player_rated_at_most_1100() -> None:
    no_girl = team("A", girl=False)
    assert check_composition(no_girl, ids(no_girl), DAY) == [
        "A: no girl among the players (5.5 §6)"
    ]
    players = list(no_girl.players)
    players[7] = JuniorPlayer("A8", "A 8", CADET, rating=1100)
    allowed = JuniorTeam("A", tuple(players), no_girl=True)
    assert check_composition(allowed, ids(allowed), DAY) == []
    players[7] = JuniorPlayer("A8", "A 8", CADET, rating=1101)
    over = JuniorTeam("A", tuple(players), no_girl=True)
    (problem,) = check_composition(over, ids(over), DAY)
    assert "rated at most 1100 plays in her place (5.5 §6)" in problem


def test_the_reserve_only_so_that_the_team_still_meets_the_rules() -> None:
    t = team("A")  # the girl is no. 8; the reserve (no. 9) is not a cadet
    assert check_composition(t, [*ids(t, 7), "A9"], DAY) == [
        "A: no girl among the players (5.5 §6)"
    ]
    assert check_composition(t, [*ids(t, 5), "A7", "A8", "A9"], DAY)[0].startswith("A: 5 cadets")


def test_the_organisers_dispensation() -> None:
    t = team("A", cadets=2, dispensation="too few cadets in the district (5.5 §7)")
    assert check_composition(t, ids(t), DAY) == []


def test_a_player_not_on_the_team_is_refused() -> None:
    with pytest.raises(InputError, match="no player 'Z1'"):
        check_composition(team("A"), ["Z1"], DAY)


def _m(r: int, a: str, b: str, results: str) -> JuniorMatch:
    codes = {"1": "1-0", "=": "½-½", "0": "0-1"}
    return JuniorMatch(r, a, b, results=tuple(codes[c] for c in results))


def test_match_points_before_board_points() -> None:
    """A wins two matches narrowly, B wins one big: match points first (5.5 §4)."""
    teams = [team(n) for n in "ABC"]
    matches = [
        _m(1, "A", "B", "1111000="),  # A 4½-3½
        _m(2, "A", "C", "11110000"),  # 4-4
        _m(3, "B", "C", "11111111"),  # B 8-0
    ]
    rows, _ = junior_standings(teams, matches)
    assert [(r.team, r.match_points, r.board_points) for r in rows] == [
        ("A", 3, Fraction(17, 2)),
        ("B", 2, Fraction(23, 2)),
        ("C", 1, 4),
    ]
    assert rows[1].decided_by == "match points"


def test_the_direct_match_then_board_1() -> None:
    teams = [team(n) for n in "ABCD"]
    matches = [
        _m(1, "A", "B", "01111000"),  # 4-4: B won board 1
        _m(1, "C", "D", "11110000"),
        _m(2, "A", "C", "11111000"),  # A 5-3
        _m(2, "B", "D", "11111000"),  # B 5-3
        _m(3, "A", "D", "========"),
        _m(3, "B", "C", "========"),
    ]
    rows, lines = junior_standings(teams, matches)
    assert [(r.rank, r.team) for r in rows[:2]] == [(1, "B"), (2, "A")]
    assert rows[1].decided_by == "the direct match, board 1 (5.5 §4)"
    assert any(
        line.startswith("tied A, B on match points and board points: the direct") for line in lines
    )


def test_a_complete_tie_shares_the_place() -> None:
    teams = [team(n) for n in "AB"]
    rows, _ = junior_standings(teams, [_m(1, "A", "B", "========")])
    assert [(r.rank, r.shared) for r in rows] == [(1, True), (1, True)]


def test_a_complete_tie_is_explained_as_shared_with_each_step_tried() -> None:
    """§4: the score, the direct match, board 1, 2, …; a complete tie shares the place. The
    explanation says each step and that nothing decided — never that the direct match
    ordered teams that share the place."""
    teams = [team(n) for n in "AB"]
    _, lines = junior_standings(teams, [_m(1, "A", "B", "========")])
    assert not any("orders them" in line for line in lines)
    assert lines[1] == (
        "tied A, B on match points and board points: the direct match (indbyrdes kamp) "
        "leaves them equal (A, B 1/4 each); board by board from board 1: A, B equal on all 8"
    )
    assert lines[2] == "A, B share 1st place (5.5 §4: a complete tie shares the place)"


def test_board_1_decides_a_drawn_direct_match_and_says_so() -> None:
    teams = [team(n) for n in "AB"]
    rows, lines = junior_standings(teams, [_m(1, "A", "B", "01111000")])
    assert [r.team for r in rows] == ["B", "A"]
    assert lines[1].endswith("board by board from board 1: board 1 orders B; A")
    assert not any("share" in line for line in lines)


def test_a_missing_match_is_named_by_its_round_when_the_rounds_follow_berger() -> None:
    """§5 all against all; 4 teams by Berger: round 3 is B–D and C–A."""
    teams = [team(n) for n in "ABCD"]
    played = [(r, a, b) for r, a, b in junior_schedule(teams) if (a, b) != ("C", "A")]
    matches = [_m(r, a, b, "========") for r, a, b in played]
    assert missing_matches(teams, matches) == ("round 3: C–A missing",)
    assert missing_matches(teams, [*matches, _m(3, "C", "A", "========")]) == ()


def test_a_missing_match_is_named_by_its_teams_when_the_rounds_are_free() -> None:
    teams = [team(n) for n in "ABC"]
    matches = [_m(1, "A", "B", "========"), _m(2, "C", "B", "========")]
    assert missing_matches(teams, matches) == ("A–C not played",)
