"""DSU 003 §5.1 §4–§5: promotion, relegation, the one-Liga-team-per-club cascade, the
play-off and vacancies, on a scaled-down §1 (4 teams a group, 4 boards) whose standings are
the draw order: in every group the lower draw number wins 3-1."""

from __future__ import annotations

from datetime import date

import pytest

from skak.errors import StateError
from skak.records.league.events import (
    LineupEntered,
    MatchResultEntered,
    PlayoffSet,
    SeasonCreated,
    StrengthListFiled,
    TeamsEntered,
    TeamWithdrawn,
)
from skak.records.league.evolve import evolve
from skak.teams.league import Fixture, Lineup, Playoff, Season, Team, Withdrawal
from skak.teams.matches import BoardCard, MatchCard
from skak.teams.promotion import SeasonEndInput, season_end
from skak.teams.strength import ListedPlayer, StrengthList
from tests.teams.league_fixture import played_season, small_structure

DAY = date(2025, 10, 5)
GROUPS = {
    ("Skakligaen", 1): "L",
    ("1. division", 1): "A",
    ("1. division", 2): "B",
    ("2. division", 1): "C",
    ("2. division", 2): "D",
}


def _play(season: Season, f: Fixture, text: str) -> Season:
    for t in f.teams():
        lu = Lineup(f.round, t, tuple(f"{t}.{b}" for b in range(1, 5)), DAY)
        season = evolve(season, LineupEntered(lu))
    results = {"1": "1-0", "=": "½-½", "0": "0-1"}
    boards = tuple(BoardCard(b, results[c]) for b, c in enumerate(text, start=1))
    return evolve(season, MatchResultEntered(MatchCard(f.round, f.home, f.away, boards)))


def mini_season(clubs: dict[str, str] | None = None, *, playoff: str | None = "1=1=") -> Season:
    """Every group ranked by draw number; ``clubs`` gives teams another club than their own
    (each team its club's first team, or the second when the club has one already)."""
    clubs = clubs or {}
    season = evolve(
        None, SeasonCreated("Mini 2025/26", DAY, "dsu-2022", small_structure(), dates=(DAY,) * 3)
    )
    teams = []
    ranks: dict[str, int] = {}
    for (division, group), letter in GROUPS.items():
        for n in range(1, 5):
            name = f"{letter}{n}"
            club = clubs.get(name, name)
            ranks[club] = ranks.get(club, 0) + 1
            teams.append(Team(name, club, division, group, n, ranks[club]))
    season = evolve(season, TeamsEntered(tuple(teams)))
    for club in sorted({t.club for t in teams}):
        own = [t for t in teams if t.club == club]
        players = tuple(
            ListedPlayer(4 * (t.rank - 1) + b, f"{t.name}.{b}", f"{t.name} {b}", t.rank)
            for t in own
            for b in range(1, 5)
        )
        season = evolve(season, StrengthListFiled(StrengthList(club, players)))
    for d, g in season.groups():
        for f in season.schedule(d.name, g):
            home_wins = season.team(f.home).number < season.team(f.away).number
            season = _play(season, f, "1=1=" if home_wins else "0=0=")
    if playoff is not None:
        season = evolve(season, PlayoffSet(Playoff("C3", "D3", DAY)))
        season = _play(season, Fixture("2. division", 0, 0, "C3", "D3"), playoff)
    return season


def _divisions(season: Season, given: SeasonEndInput) -> dict[str, set[str]]:
    return {name: set(teams) for name, teams in season_end(season, given).divisions}


WINNERS = SeasonEndInput(district_winners=("H1", "H2", "H3"))


def test_promotion_and_relegation_as_written() -> None:
    """§4: group winners up; §5: the last teams down, the play-off's loser down."""
    end = season_end(mini_season(), WINNERS)
    assert end.champion == "L1"
    assert {n: set(t) for n, t in end.divisions} == {
        "Skakligaen": {"L1", "L2", "A1", "B1"},
        "1. division": {"A2", "A3", "B2", "B3", "L3", "L4", "C1", "D1"},
        "2. division": {"C2", "C3", "D2", "A4", "B4", "H1", "H2", "H3"},
    }
    moves = {m.team: m for m in end.moves}
    assert moves["D3"].to is None and "lost the play-off" in moves["D3"].why
    assert moves["C4"].to is None and "district tournament" in moves["C4"].why
    assert moves["A1"].why == "5.1 §4: group winner"
    assert "C3 stays (5.1 §5)" in " ".join(end.explanation)
    assert end.vacancies == ()


def test_one_liga_team_per_club_passes_the_right_on() -> None:
    """§4: A1's club is in Skakligaen next season (L1): the right passes to A2."""
    season = mini_season({"A1": "L1"})
    end = season_end(season, WINNERS)
    liga = set(dict(end.divisions)["Skakligaen"])
    assert liga == {"L1", "L2", "A2", "B1"}
    moves = {m.team: m for m in end.moves}
    assert moves["A1"].to == "1. division"
    assert moves["A2"].why == "5.1 §4: the right to go up passed to place 2"
    assert any("A1 (1. division group 1, place 1) cannot go up" in line for line in end.explanation)


def test_a_club_whose_liga_team_goes_down_may_go_up() -> None:
    season = mini_season({"A1": "L4"})
    assert "A1" in _divisions(season, WINNERS)["Skakligaen"]


def test_two_winners_of_one_club_the_first_group_first() -> None:
    season = mini_season({"B1": "A1"})
    liga = _divisions(season, WINNERS)["Skakligaen"]
    assert "A1" in liga and "B1" not in liga and "B2" in liga


def test_a_vacancy_goes_to_the_best_placed_relegated_team() -> None:
    """§5: L2 leaves the division tournament: L3, the best placed relegated Liga team, stays;
    the place L3 leaves in 1. division goes on down the same way."""
    given = SeasonEndInput(district_winners=("H1", "H2", "H3"), leaving=("L2",))
    end = season_end(mini_season(), given)
    divisions = {n: set(t) for n, t in end.divisions}
    assert divisions["Skakligaen"] == {"L1", "L3", "A1", "B1"}
    assert "A4" in divisions["1. division"]  # place 4 of group 1, ahead of B4 by name
    assert "D3" in divisions["2. division"]  # the play-off's loser: the best placed relegated
    assert {len(t) for t in divisions.values()} == {4, 8}
    moves = {m.team: m for m in end.moves}
    assert moves["L2"].to is None and moves["L2"].why.startswith("leaves")
    assert "takes a vacant place" in moves["L3"].why


def test_a_team_that_left_under_13a_goes_down_and_out() -> None:
    season = evolve(mini_season(), TeamWithdrawn(Withdrawal("A2", 2, "did not come (udeblev)")))
    end = season_end(season, WINNERS)
    moves = {m.team: m for m in end.moves}
    assert moves["A2"].to is None
    divisions = {n: set(t) for n, t in end.divisions}
    assert "A4" in divisions["1. division"]  # A2 is last: only it goes down from group 1
    assert "D3" in divisions["2. division"]  # A2's place in 2. division: a vacancy


def test_a_drawn_playoff_is_decided_board_by_board() -> None:
    end = season_end(mini_season(playoff="0=1="), WINNERS)
    moves = {m.team: m for m in end.moves}
    assert moves["C3"].to is None  # 2-2; D3 won board 1
    assert any("board 1 decides" in line for line in end.explanation)


def test_the_season_must_be_over() -> None:
    with pytest.raises(StateError, match="play-off"):
        season_end(mini_season(playoff=None), WINNERS)
    season = mini_season()
    from dataclasses import replace

    with pytest.raises(StateError, match="not over"):
        season_end(replace(season, cards=season.cards[1:]), WINNERS)


def test_the_fixture_group_season_end() -> None:
    """The 1. division group of the fixture: Aarhus 2 cannot go up (Aarhus Skakforening has
    its first team in Skakligaen), so Brønshøj 1 does; Vejle 1 and Skive 1 go down."""
    end = season_end(played_season(), SeasonEndInput(liga_clubs=("Aarhus Skakforening",)))
    divisions = dict(end.divisions)
    assert divisions["Skakligaen"] == ("Brønshøj 1",)
    assert divisions["2. division"] == ("Vejle 1", "Skive 1")
    assert set(divisions["1. division"]) == {
        "Aarhus 2",
        "Odense 1",
        "Esbjerg 1",
        "Nørresundby 1",
        "Helsingør 1",
    }
    assert end.champion is None
