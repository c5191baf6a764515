"""DSU 003 §5.1: a whole 1. division group season, the schedule, standings and editions."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from skak.errors import InputError, NotFoundError
from skak.records.league.events import (
    LineupEntered,
    LotDrawn,
    MatchResultEntered,
    PenaltyGiven,
    TeamWithdrawn,
)
from skak.records.league.evolve import evolve
from skak.teams.league import (
    Lineup,
    PenaltyPoints,
    Season,
    Team,
    Withdrawal,
    check_teams,
    edition_for,
    get_edition,
)
from skak.teams.matches import BoardCard, MatchCard
from skak.teams.scoring import white_team
from skak.teams.standings import group_standings, match_score
from skak.tiebreaks import draw_lots
from tests.teams.league_fixture import DIVISION, TEAMS, new_season, played_season, with_settings

F = Fraction


def test_schedule_is_a_round_robin_with_the_visitors_white_on_board_1() -> None:
    season = new_season()
    fixtures = season.schedule(DIVISION, 1)
    assert season.rounds(DIVISION, 1) == 7
    assert len(fixtures) == 28
    pairs = Counter(frozenset(f.teams()) for f in fixtures)
    assert set(pairs.values()) == {1} and len(pairs) == 28
    for r in range(1, 8):
        playing = [t for f in fixtures if f.round == r for t in f.teams()]
        assert sorted(playing) == sorted(t[0] for t in TEAMS)
    homes = Counter(f.home for f in fixtures)
    assert set(homes.values()) <= {3, 4}
    first = fixtures[0]
    # Berger round 1 is 1–8: team 1 has white on board 1, so it is the visiting team (§12 c).
    assert (first.home, first.away) == ("Skive 1", "Aarhus 2")
    assert white_team(first, 1) == "Aarhus 2"
    assert white_team(first, 2) == "Skive 1"


def test_the_whole_group_season_standings() -> None:
    s = group_standings(played_season(), DIVISION, 1)
    assert s.complete and not s.missing
    got = [(r.team, r.board_points, r.match_points, r.penalty_points) for r in s.rows]
    assert got == [
        ("Aarhus 2", F(43), F(14), 0),
        ("Brønshøj 1", F(67, 2), F(10), 0),
        ("Odense 1", F(61, 2), F(10), 0),
        ("Esbjerg 1", F(61, 2), F(10), 0),
        ("Nørresundby 1", F(25), F(5), 0),
        ("Helsingør 1", F(25), F(5), 0),
        ("Vejle 1", F(39, 2), F(2), 0),
        ("Skive 1", F(16), F(0), 1),
    ]
    decided = {r.team: r.decided_by for r in s.rows}
    assert decided["Esbjerg 1"] == "the direct encounter (indbyrdes opgør)"
    assert decided["Helsingør 1"] == "board by board (bræt for bræt)"
    assert decided["Brønshøj 1"] == "board points (brætpoint)"
    total = sum((r.board_points + r.penalty_points for r in s.rows), F(0))
    # Every board scores one point (an illegal player's game goes to his opponent, §13 b).
    assert total == 28 * 8
    assert any(
        line.startswith("tied Esbjerg 1, Odense 1: the direct encounter") for line in s.explanation
    ), s.explanation


def test_the_illegal_win_is_lost_and_the_absences_scored() -> None:
    season = played_season()
    vejle = next(f for f in season.schedule(DIVISION, 1) if f.round == 6 and f.home == "Vejle 1")
    score = match_score(season, vejle)
    assert score is not None
    assert (score.home, score.away) == (F(9, 2), F(7, 2))
    board3 = score.boards[2]
    assert (board3.played, board3.home, board3.away) == ("1-0", 0, 1)
    assert "5.1 §10 b" in board3.why and "5.1 §13 b" in board3.why
    first = next(f for f in season.schedule(DIVISION, 1) if f.round == 1 and f.home == "Vejle 1")
    s1 = match_score(season, first)
    assert s1 is not None
    assert s1.reports and "to be punished as in the EMT (5.1 §13 c)" in s1.reports[0]


def test_an_unfinished_season_lists_the_missing_matches() -> None:
    season = played_season()
    season = replace(season, cards=season.cards[:-1])
    s = group_standings(season, DIVISION, 1)
    assert not s.complete
    assert s.missing == ("round 7: Aarhus 2–Vejle 1",)
    assert group_standings(season, DIVISION, 1, after_round=6).complete


def test_standings_after_a_round() -> None:
    s = group_standings(played_season(), DIVISION, 1, after_round=1)
    assert {r.team: r.played for r in s.rows} == {t[0]: 1 for t in TEAMS}
    assert s.rows[0].team == "Aarhus 2" and s.rows[0].board_points == 7


def _four(edition: str, start: date) -> Season:
    """Skakligaen of four teams on 4 boards: A beats B, C and D 2½-1½ (7½ board points, 6
    match points); B beats C and D 4-0 and loses to A (9½ board points, 4 match points)."""
    from skak.records.league.events import SeasonCreated, StrengthListFiled, TeamsEntered
    from skak.teams.strength import ListedPlayer, StrengthList
    from tests.teams.league_fixture import small_structure

    season = evolve(
        None, SeasonCreated("Liga", start, edition, small_structure(), dates=(start,) * 3)
    )
    teams = tuple(Team(n, f"Klub {n}", "Skakligaen", 1, i) for i, n in enumerate("ABCD", 1))
    season = evolve(season, TeamsEntered(teams))
    for t in "ABCD":
        players = tuple(ListedPlayer(b, f"{t}{b}", f"{t}{b}", 1) for b in range(1, 5))
        season = evolve(season, StrengthListFiled(StrengthList(f"Klub {t}", players)))
    for f in season.schedule("Skakligaen", 1):
        if "A" in f.teams():
            text = "1===" if f.home == "A" else "0==="
        elif "B" in f.teams():
            text = "1111" if f.home == "B" else "0000"
        else:
            text = "===="
        for t in f.teams():
            lu = Lineup(f.round, t, tuple(f"{t}{b}" for b in range(1, 5)), start)
            season = evolve(season, LineupEntered(lu))
        boards = tuple(
            BoardCard(b, {"1": "1-0", "=": "½-½", "0": "0-1"}[c]) for b, c in enumerate(text, 1)
        )
        season = evolve(season, MatchResultEntered(MatchCard(f.round, f.home, f.away, boards)))
    return season


@pytest.mark.parametrize(
    ("edition", "start", "first"),
    [
        ("dsu-2011", date(2021, 9, 1), "B"),  # 5.1 §3 as printed: board points first
        ("dsu-2022", date(2022, 9, 1), "A"),  # Skakligaen from 2022/23: match points first
    ],
    ids=["5.1-§3-board-points-first", "5.1-§3-liga-2022-match-points-first"],
)
def test_skakligaen_edition_orders_by_match_points_from_2022(
    edition: str, start: date, first: str
) -> None:
    s = group_standings(_four(edition, start), "Skakligaen", 1)
    scores = {r.team: (r.board_points, r.match_points) for r in s.rows}
    assert scores["A"] == (F(15, 2), F(6))
    assert scores["B"] == (F(19, 2), F(4))
    assert s.rows[0].team == first
    assert edition_for(start).name == edition


def test_edition_lookup() -> None:
    assert edition_for(date(2022, 6, 30)).name == "dsu-2011"
    assert edition_for(date(2022, 7, 1)).name == "dsu-2022"
    assert edition_for(date(2010, 9, 1)).name == "dsu-2011"  # before 2011: the oldest
    assert get_edition("dsu-2022").primary(0) == ("mp", "bp")
    assert get_edition("dsu-2022").primary(1) == ("bp", "mp")
    with pytest.raises(InputError, match="unknown division-league edition"):
        get_edition("dsu-1999")


def test_a_withdrawn_team_is_placed_last_and_its_matches_struck_out() -> None:
    """5.1 §13 a: "udgår alle holdets kampe, og holdet placeres på sidstepladsen"."""
    season = played_season()
    season = evolve(season, TeamWithdrawn(Withdrawal("Aarhus 2", 7, "did not come (udeblev)")))
    s = group_standings(season, DIVISION, 1)
    assert s.rows[-1].team == "Aarhus 2" and s.rows[-1].withdrawn
    assert s.rows[-1].played == 0
    # Brønshøj lost 3-5 to Aarhus: struck out, so 30½ + … its six other matches remain.
    bro = next(r for r in s.rows if r.team == "Brønshøj 1")
    assert (bro.board_points, bro.played) == (F(67, 2) - 3, 6)
    assert s.rows[0].team == "Brønshøj 1"


def test_two_withdrawn_teams_the_later_one_above() -> None:
    season = played_season()
    for team, r in (("Aarhus 2", 3), ("Odense 1", 5)):
        season = evolve(season, TeamWithdrawn(Withdrawal(team, r, "left")))
    s = group_standings(season, DIVISION, 1)
    assert [r.team for r in s.rows[-2:]] == ["Odense 1", "Aarhus 2"]


def test_penalty_points_from_match_points_setting() -> None:
    season = with_settings(played_season(), penalty_points_from="match-points")
    s = group_standings(season, DIVISION, 1)
    skive = s.rows[-1]
    assert (skive.team, skive.board_points, skive.match_points) == ("Skive 1", F(17), F(-1))


def test_board_by_board_over_the_season_setting() -> None:
    """Nørresundby 1 and Helsingør 1 tie on 25 board points, 5 match points and their 4-4
    match. Counted over the whole season (the fixture's RESULTS), board 1 gives Nørresundby
    4 points (won at home in rounds 1, 3, 4 and 6) and Helsingør 3 (rounds 1, 4 and 6)."""
    season = with_settings(played_season(), board_by_board="season")
    s = group_standings(season, DIVISION, 1)
    assert [r.team for r in s.rows][4:6] == ["Nørresundby 1", "Helsingør 1"]
    assert s.rows[5].decided_by == "board by board (bræt for bræt)"
    assert any(
        "board by board (bræt for bræt) orders them: Nørresundby 1 4/3½/3/3/2½/4/3/2; "
        "Helsingør 1 3/3½/4/3½/2½/3½/2/3" in line
        for line in s.explanation
    )


def test_a_lot_decides_when_everything_is_equal() -> None:
    """5.1 §3: "Er dette lige for alle 8 brætter, foretages lodtrækning"."""
    season = new_season()
    for f in season.schedule(DIVISION, 1):
        for t in f.teams():
            lu = _full_lineup(season, f.round, t)
            season = evolve(season, LineupEntered(lu))
        boards = tuple(BoardCard(b, "½-½") for b in range(1, 9))
        season = evolve(season, MatchResultEntered(MatchCard(f.round, f.home, f.away, boards)))
    s = group_standings(season, DIVISION, 1)
    assert all(r.board_points == 28 and r.match_points == 7 for r in s.rows)
    assert all(r.decided_by.startswith("lot (lodtrækning") for r in s.rows[1:])
    again = group_standings(season, DIVISION, 1)
    assert [r.team for r in again.rows] == [r.team for r in s.rows]
    # The lot is skak.tiebreaks.draw_lots over the draw numbers, seeded by the setting
    # lot-seed (else the season's name) and the group: anyone can draw it again.
    by_number = {i: name for i, (name, *_) in enumerate(TEAMS, start=1)}
    for seed, standings in ((season.name, s), ("4711", None)):
        if standings is None:
            standings = group_standings(with_settings(season, lot_seed=seed), DIVISION, 1)
        drawn = draw_lots(seed, f"{DIVISION}/1", list(by_number))
        assert [r.team for r in standings.rows] == [by_number[n] for n in drawn]


def test_3_a_lot_drawn_by_hand_decides() -> None:
    """§3's lot drawn in the hall: the setting lot-order, or a lot recorded later (newest
    first); the seeded lot only for teams no hand-drawn lot names."""
    season = _all_drawn()
    order = tuple(reversed([name for name, *_ in TEAMS]))
    by_setting = group_standings(with_settings(season, lot_order=order), DIVISION, 1)
    assert [r.team for r in by_setting.rows] == list(order)
    assert any("the lot drawn by hand: Skive 1, Vejle 1" in x for x in by_setting.explanation)
    later = evolve(season, LotDrawn(tuple(sorted(order))))
    s = group_standings(with_settings(later, lot_order=order), DIVISION, 1)
    assert [r.team for r in s.rows] == sorted(order)
    partial = evolve(season, LotDrawn(("Vejle 1", "Skive 1")))
    s = group_standings(partial, DIVISION, 1)  # names two of eight: the seeded lot
    assert any("the lot drawn from the seed" in x for x in s.explanation)


def _all_drawn() -> Season:
    """Every match of the group drawn 4-4 on every board."""
    season = new_season()
    for f in season.schedule(DIVISION, 1):
        for t in f.teams():
            season = evolve(season, LineupEntered(_full_lineup(season, f.round, t)))
        boards = tuple(BoardCard(b, "½-½") for b in range(1, 9))
        season = evolve(season, MatchResultEntered(MatchCard(f.round, f.home, f.away, boards)))
    return season


def test_13e_standings_after_a_round_leave_out_later_penalties() -> None:
    """A penalty point given after round 5 is not in the standings after round 4."""
    season = evolve(
        played_season(), PenaltyGiven(PenaltyPoints("Aarhus 2", 1, "late result card", round=5))
    )
    after_4 = {r.team: r for r in group_standings(season, DIVISION, 1, after_round=4).rows}
    after_5 = {r.team: r for r in group_standings(season, DIVISION, 1, after_round=5).rows}
    assert after_4["Aarhus 2"].penalty_points == 0
    assert after_5["Aarhus 2"].penalty_points == 1
    plain = {r.team: r for r in group_standings(played_season(), DIVISION, 1, 5).rows}
    assert after_5["Aarhus 2"].board_points == plain["Aarhus 2"].board_points - 1


def _full_lineup(season: Season, round_number: int, team: str) -> Lineup:
    """The team's eight registered players in list order."""
    club = season.team(team).club
    rank = season.team(team).rank
    players = season.club_lists(club)[0].team_players(rank)
    day = season.round_date(DIVISION, round_number)
    assert day is not None
    return Lineup(round_number, team, tuple(p.id for p in players), day)


def test_teams_are_checked() -> None:
    from skak.teams.league import DSU_DIVISIONS

    ok = [Team(f"T{i}", f"K{i}", DIVISION, 1, i) for i in range(1, 8)]
    assert check_teams(ok, DSU_DIVISIONS) == ["1. division group 1 has 7 teams; §1 writes 8"]
    with pytest.raises(InputError, match="entered twice"):
        check_teams([*ok, Team("t1", "K9", DIVISION, 2, 1)], DSU_DIVISIONS)
    with pytest.raises(InputError, match="groups 1–2"):
        check_teams([Team("X", "K", DIVISION, 3, 1)], DSU_DIVISIONS)
    with pytest.raises(InputError, match="draw numbers"):
        check_teams([Team("X", "K", DIVISION, 1, 1), Team("Y", "L", DIVISION, 1, 3)], DSU_DIVISIONS)
    with pytest.raises(InputError, match="team number 1 already"):
        check_teams([Team("X", "K", DIVISION, 1, 1), Team("Y", "K", DIVISION, 1, 2)], DSU_DIVISIONS)


def test_fixture_lookup_errors() -> None:
    season = new_season()
    with pytest.raises(NotFoundError, match="rounds 1–7, not round 8"):
        season.fixture(8, "Aarhus 2")
    with pytest.raises(NotFoundError, match="no team"):
        season.fixture(1, "Nowhere 1")
    with pytest.raises(NotFoundError, match="no play-off"):
        season.fixture(0, "Aarhus 2")


def test_team_problems_names_every_bad_team_once() -> None:
    from skak.teams.league import DSU_DIVISIONS, team_problems

    teams = [
        Team("A 1", "A", DIVISION, 1, 1),
        Team("A 1", "A", DIVISION, 1, 2, 2),
        Team("B 1", "B", DIVISION, 5, 1),
        Team("C 1", "C", "3. division", 1, 1),
        Team("D 1", "D", DIVISION, 1, 3),
    ]
    where = [f"t.csv line {n}" for n in range(2, 7)]
    assert team_problems(teams, DSU_DIVISIONS, where) == [
        "t.csv line 3: team 'A 1' is entered twice (first on t.csv line 2)",
        "t.csv line 4: team B 1: 1. division has groups 1–2, not 5 (§1)",
        "t.csv line 5: team C 1: no division '3. division' (there are Skakligaen, "
        "1. division, 2. division)",
    ]
    with pytest.raises(InputError) as err:
        check_teams(teams, DSU_DIVISIONS)
    assert len(err.value.problems) == 3
    gap = [Team("X", "K", DIVISION, 1, 1), Team("Y", "L", DIVISION, 1, 3)]
    assert team_problems(gap, DSU_DIVISIONS, ["h.csv line 2", "h.csv line 3"]) == [
        "h.csv lines 2, 3: 1. division group 1: the draw numbers must be 1–2 once each, not 1, 3"
    ]
