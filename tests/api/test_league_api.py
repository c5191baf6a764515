"""The division league through :class:`skak.api.Skak`: the rules ``decide`` checks before
anything is written (5.1 §5, §11, §13 a), and a season read back from its events."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from skak.api import Skak
from skak.commands.league import CreateSeason
from skak.errors import InputError, StateError
from skak.teams.league import Team
from skak.teams.strength import ListedPlayer, StrengthList
from tests.teams.league_fixture import small_structure

DAY = date(2025, 10, 5)
GROUPS = {("2. division", 1): "C", ("2. division", 2): "D"}


def _season(api: Skak) -> str:
    """2. division of the scaled-down structure: two groups of 4, the lower draw number
    winning every match 3-1, so C3 and D3 are the third-last teams."""
    api.league_create(CreateSeason("Mini", DAY, dates=(DAY,) * 3, divisions=small_structure()))
    teams = [
        Team(f"{letter}{n}", f"{letter}{n}", division, group, n)
        for (division, group), letter in GROUPS.items()
        for n in range(1, 5)
    ]
    api.league_enter_teams("Mini", teams)
    lists = [
        StrengthList(
            t.name, tuple(ListedPlayer(b, f"{t.name}.{b}", f"{t.name} {b}", 1) for b in range(1, 6))
        )
        for t in teams
    ]
    api.league_file_lists("Mini", lists)
    season = api.season("Mini")
    for d, g in season.groups():
        for f in season.schedule(d.name, g):
            for t in f.teams():
                api.league_lineup("Mini", f.round, t, [f"{t}.{b}" for b in range(1, 5)])
            home_wins = season.team(f.home).number < season.team(f.away).number
            api.league_result_entry("Mini", f.round, f.home, list("1=1=" if home_wins else "0=0="))
    return "Mini"


def test_the_playoff_is_between_the_third_last_teams(api: Skak) -> None:
    name = _season(api)
    version = api.read_season(name).version
    with pytest.raises(StateError, match="C3 and D3"):
        api.league_playoff(name, "C2", "D3", DAY + timedelta(days=30))
    assert api.read_season(name).version == version
    api.league_playoff(name, "C3", "D3", DAY + timedelta(days=30))
    for t in ("C3", "D3"):
        api.league_lineup(name, 0, t, [f"{t}.{b}" for b in range(1, 5)])
    api.league_result_entry(name, 0, "C3", ["0", "=", "=", "="])
    end = api.league_season_end(name, district_winners=["H1", "H2"])
    moves = {m.team: m for m in end.moves}
    assert moves["C3"].to is None and "lost the play-off" in moves["C3"].why
    assert moves["D3"].to == "2. division"


def test_a_team_that_does_not_come_leaves_with_its_result(api: Skak) -> None:
    api.league_create(CreateSeason("S", DAY, dates=(DAY,) * 3, divisions=small_structure()))
    teams = [Team(f"C{n}", f"C{n}", "2. division", 1, n) for n in range(1, 5)]
    api.league_enter_teams("S", teams)
    season = api.season("S")
    f = next(f for f in season.schedule("2. division", 1) if f.round == 1)
    api.league_lineup("S", 1, f.home, [f"{f.home}.{b}" for b in range(1, 5)])
    done = api.league_result_entry("S", 1, f.home, [], no_show=[f.away])
    assert [type(e).__name__ for e in done.events] == ["MatchResultEntered", "TeamWithdrawn"]
    assert done.after.withdrawal(f.away) is not None
    with pytest.raises(StateError, match="left the tournament from round 1"):
        api.league_lineup("S", 2, f.away, ["x"])
    with pytest.raises(StateError, match="left the tournament already"):
        api.league_withdraw("S", f.away, 2, "again")


def test_a_refused_list_change_writes_nothing(api: Skak) -> None:
    api.league_create(CreateSeason("S", DAY, dates=(DAY,) * 3, divisions=small_structure()))
    api.league_enter_teams("S", [Team(f"C{n}", "K", "2. division", 1, n, n) for n in (1, 2)])
    first = StrengthList("K", (ListedPlayer(1, "a", "A", 1), ListedPlayer(2, "b", "B", 2)))
    api.league_file_lists("S", [first])
    version = api.read_season("S").version
    swapped = StrengthList(
        "K", (ListedPlayer(1, "b", "B", 2), ListedPlayer(2, "a", "A", 1)), notified=DAY
    )
    with pytest.raises(InputError, match=r"5\.1 §11"):
        api.league_file_lists("S", [swapped])
    assert api.read_season("S").version == version
    added = StrengthList("K", (*first.players, ListedPlayer(3, "c", "C")), notified=DAY)
    done = api.league_file_lists("S", [added])
    assert done.notes == (f"K: C may play from {DAY + timedelta(days=30)} (5.1 §10 c, §11)",)
    again = api.league_file_lists("S", [added])
    assert again.events == ()


def test_teams_are_fixed_once_play_has_begun(api: Skak) -> None:
    api.league_create(CreateSeason("S", DAY, dates=(DAY,) * 3, divisions=small_structure()))
    teams = [Team(f"C{n}", f"C{n}", "2. division", 1, n) for n in range(1, 5)]
    api.league_enter_teams("S", teams)
    api.league_lineup("S", 1, "C1", ["C1.1"])
    with pytest.raises(StateError, match="can no longer change"):
        api.league_enter_teams("S", teams[:2])


def test_a_season_reads_back_from_its_events(api: Skak, db_path: object) -> None:
    _season(api)
    stored = api.season("Mini")
    again = Skak(str(db_path), actor="other")
    try:
        assert again.season("Mini") == stored
        assert again.check() == []
    finally:
        again.close()
