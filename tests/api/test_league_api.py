"""The division league through :class:`skak.api.Skak`: the rules ``decide`` checks before
anything is written (5.1 §5, §11, §13 a), and a season read back from its events."""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction as F

import pytest

from skak.api import Skak
from skak.errors import InputError, NotFoundError, StateError
from skak.records.league.commands import CreateSeason
from skak.teams.league import Team
from skak.teams.strength import ListedPlayer, StrengthList
from tests.teams.league_fixture import small_structure

DAY = date(2025, 10, 5)
GROUPS = {("2. division", 1): "C", ("2. division", 2): "D"}


def _season(api: Skak) -> str:
    """2. division of the scaled-down structure: two groups of 4, the lower draw number
    winning every match 3-1, so C3 and D3 are the third-last teams."""
    api.league.create(CreateSeason("Mini", DAY, dates=(DAY,) * 3, divisions=small_structure()))
    teams = [
        Team(f"{letter}{n}", f"{letter}{n}", division, group, n)
        for (division, group), letter in GROUPS.items()
        for n in range(1, 5)
    ]
    api.league.enter_teams("Mini", teams)
    lists = [
        StrengthList(
            t.name, tuple(ListedPlayer(b, f"{t.name}.{b}", f"{t.name} {b}", 1) for b in range(1, 6))
        )
        for t in teams
    ]
    api.league.file_lists("Mini", lists)
    season = api.league.get("Mini")
    for d, g in season.groups():
        for f in season.schedule(d.name, g):
            for t in f.teams():
                api.league.lineup("Mini", f.round, t, [f"{t}.{b}" for b in range(1, 5)])
            home_wins = season.team(f.home).number < season.team(f.away).number
            api.league.result("Mini", f.round, f.home, list("1=1=" if home_wins else "0=0="))
    return "Mini"


def test_the_playoff_is_between_the_third_last_teams(api: Skak) -> None:
    name = _season(api)
    version = api.league.read(name).version
    with pytest.raises(StateError, match="C3 and D3"):
        api.league.playoff(name, "C2", "D3", DAY + timedelta(days=30))
    assert api.league.read(name).version == version
    api.league.playoff(name, "C3", "D3", DAY + timedelta(days=30))
    for t in ("C3", "D3"):
        api.league.lineup(name, 0, t, [f"{t}.{b}" for b in range(1, 5)])
    api.league.result(name, 0, "C3", ["0", "=", "=", "="])
    end = api.league.season_end(name, district_winners=["H1", "H2"])
    moves = {m.team: m for m in end.moves}
    assert moves["C3"].to is None and "lost the play-off" in moves["C3"].why
    assert moves["D3"].to == "2. division"


def test_a_team_that_does_not_come_leaves_with_its_result(api: Skak) -> None:
    api.league.create(CreateSeason("S", DAY, dates=(DAY,) * 3, divisions=small_structure()))
    teams = [Team(f"C{n}", f"C{n}", "2. division", 1, n) for n in range(1, 5)]
    api.league.enter_teams("S", teams)
    season = api.league.get("S")
    f = next(f for f in season.schedule("2. division", 1) if f.round == 1)
    api.league.lineup("S", 1, f.home, [f"{f.home}.{b}" for b in range(1, 5)])
    done = api.league.result("S", 1, f.home, [], no_show=[f.away])
    assert [type(e).__name__ for e in done.events] == ["MatchResultEntered", "TeamWithdrawn"]
    assert done.after.withdrawal(f.away) is not None
    with pytest.raises(StateError, match="left the tournament from round 1"):
        api.league.lineup("S", 2, f.away, ["x"])
    with pytest.raises(StateError, match="left the tournament already"):
        api.league.withdraw("S", f.away, 2, "again")


def test_a_refused_list_change_writes_nothing(api: Skak) -> None:
    api.league.create(CreateSeason("S", DAY, dates=(DAY,) * 3, divisions=small_structure()))
    api.league.enter_teams("S", [Team(f"C{n}", "K", "2. division", 1, n, n) for n in (1, 2)])
    first = StrengthList("K", (ListedPlayer(1, "a", "A", 1), ListedPlayer(2, "b", "B", 2)))
    api.league.file_lists("S", [first])
    version = api.league.read("S").version
    swapped = StrengthList(
        "K", (ListedPlayer(1, "b", "B", 2), ListedPlayer(2, "a", "A", 1)), notified=DAY
    )
    with pytest.raises(InputError, match=r"5\.1 §11"):
        api.league.file_lists("S", [swapped])
    assert api.league.read("S").version == version
    added = StrengthList("K", (*first.players, ListedPlayer(3, "c", "C")), notified=DAY)
    done = api.league.file_lists("S", [added])
    assert done.notes == (f"K: C may play from {DAY + timedelta(days=30)} (5.1 §10 c, §11)",)
    again = api.league.file_lists("S", [added])
    assert again.events == ()


def test_teams_are_fixed_once_play_has_begun(api: Skak) -> None:
    api.league.create(CreateSeason("S", DAY, dates=(DAY,) * 3, divisions=small_structure()))
    teams = [Team(f"C{n}", f"C{n}", "2. division", 1, n) for n in range(1, 5)]
    api.league.enter_teams("S", teams)
    api.league.lineup("S", 1, "C1", ["C1.1", "-", "-", "-"])
    with pytest.raises(StateError, match="can no longer change"):
        api.league.enter_teams("S", teams[:2])


def test_a_season_reads_back_from_its_events(api: Skak, db_path: object) -> None:
    _season(api)
    stored = api.league.get("Mini")
    again = Skak(str(db_path), actor="other")
    try:
        assert again.league.get("Mini") == stored
        assert again.check() == []
    finally:
        again.close()


def _small(api: Skak) -> tuple[str, str]:
    """A 2. division group of four; round 1's home and visiting team."""
    api.league.create(CreateSeason("S", DAY, dates=(DAY,) * 3, divisions=small_structure()))
    teams = [Team(f"C{n}", f"C{n}", "2. division", 1, n) for n in range(1, 5)]
    api.league.enter_teams("S", teams)
    lists = [
        StrengthList(
            t.name, tuple(ListedPlayer(b, f"{t.name}.{b}", f"{t.name} {b}", 1) for b in range(1, 6))
        )
        for t in teams
    ]
    api.league.file_lists("S", lists)
    f = next(f for f in api.league.get("S").schedule("2. division", 1) if f.round == 1)
    return f.home, f.away


def test_13a_a_mistyped_no_show_is_corrected_by_entering_the_result_again(api: Skak) -> None:
    home, away = _small(api)
    api.league.lineup("S", 1, home, [f"{home}.{b}" for b in range(1, 5)])
    api.league.result("S", 1, home, [], no_show=[away])
    assert api.league.get("S").withdrawal(away) is not None
    with pytest.raises(StateError, match="enter that result again"):
        api.league.cancel_withdrawal("S", away)  # the card says it did not come
    # The visiting team did come: its line-up, then the card as it was.
    done = api.league.lineup("S", 1, away, [f"{away}.{b}" for b in range(1, 5)])
    assert [type(e).__name__ for e in done.events] == ["LineupEntered"]
    done = api.league.result("S", 1, home, list("1=0="))
    assert [type(e).__name__ for e in done.events] == ["MatchResultEntered", "WithdrawalCancelled"]
    assert done.after.withdrawal(away) is None
    assert f"{away} is back in the tournament: its withdrawal is cancelled" in done.notes
    (group,) = api.league.standings("S")
    row = next(r for r in group.standings if r.team == away)
    assert (row.withdrawn, row.board_points, row.played) == (False, 2, 1)
    api.league.lineup("S", 2, away, [f"{away}.{b}" for b in range(1, 5)])  # plays on


def test_13a_a_withdrawal_entered_by_mistake_is_cancelled(api: Skak) -> None:
    _home, away = _small(api)
    api.league.withdraw("S", away, 2, "trak holdet")
    with pytest.raises(StateError, match="withdraw --cancel"):
        api.league.lineup("S", 2, away, [f"{away}.{b}" for b in range(1, 5)])
    done = api.league.cancel_withdrawal("S", away)
    assert [type(e).__name__ for e in done.events] == ["WithdrawalCancelled"]
    assert done.after.withdrawal(away) is None
    api.league.lineup("S", 2, away, [f"{away}.{b}" for b in range(1, 5)])
    with pytest.raises(StateError, match="has not left"):
        api.league.cancel_withdrawal("S", away)


def test_13a_the_opponents_no_show_in_a_card_entered_again_with_both_teams(api: Skak) -> None:
    """The no-show was the wrong team: the card entered again writes the one withdrawal and
    cancels the other, in one transaction."""
    home, away = _small(api)
    api.league.lineup("S", 1, home, [f"{home}.{b}" for b in range(1, 5)])
    api.league.result("S", 1, home, [], no_show=[away])
    api.league.lineup("S", 1, away, [f"{away}.{b}" for b in range(1, 5)])
    done = api.league.result("S", 1, home, [], no_show=[home])
    kinds = sorted(type(e).__name__ for e in done.events)
    assert kinds == ["MatchResultEntered", "TeamWithdrawn", "WithdrawalCancelled"]
    assert done.after.withdrawal(away) is None and done.after.withdrawal(home) is not None


def test_5_a_team_that_does_not_come_to_the_playoff_loses_it(api: Skak) -> None:
    """5.1 §5: the play-off's loser goes down. A team that does not come to it loses it;
    its season (and the group's standings) stand, and the season ends."""
    name = _season(api)
    before = api.league.standings(name, division="2. division", group=2)
    api.league.playoff(name, "C3", "D3", DAY + timedelta(days=30))
    api.league.lineup(name, 0, "C3", [f"C3.{b}" for b in range(1, 5)])
    done = api.league.result(name, 0, "C3", [], no_show=["D3"])
    assert [type(e).__name__ for e in done.events] == ["MatchResultEntered"]
    assert done.after.withdrawals == ()
    assert api.league.standings(name, division="2. division", group=2) == before
    end = api.league.season_end(name, district_winners=["H1", "H2"])
    moves = {m.team: m for m in end.moves}
    assert moves["D3"].to is None and "lost the play-off" in moves["D3"].why
    assert moves["C3"].to == "2. division"
    assert any("D3 did not come (udeblev): lost 4-0" in line for line in end.explanation)


def test_5_a_team_short_of_players_in_the_playoff_loses_it(api: Skak) -> None:
    name = _season(api)
    api.league.playoff(name, "C3", "D3", DAY + timedelta(days=30))
    api.league.lineup(name, 0, "C3", [f"C3.{b}" for b in range(1, 5)])
    api.league.lineup(name, 0, "D3", ["D3.1", "D3.2", "-", "-"])  # 2 players, 3 needed
    done = api.league.result(name, 0, "C3", ["1", "0", "x", "x"])
    assert done.after.withdrawals == ()
    end = api.league.season_end(name, district_winners=["H1", "H2"])
    assert next(m for m in end.moves if m.team == "D3").to is None


def test_12_a_lineup_entered_again_that_no_longer_fits_its_result(api: Skak) -> None:
    """The visiting team's board 4 was entered empty and the result without a game there;
    the line-up entered again names a player on board 4: the card is set aside (its board 4
    has no result), every read still works, and the result entered again counts."""
    home, away = _small(api)
    api.league.lineup("S", 1, home, [f"{home}.{b}" for b in range(1, 5)])
    api.league.lineup("S", 1, away, [*(f"{away}.{b}" for b in range(1, 4)), "-"])
    api.league.result("S", 1, home, ["1", "=", "0", "x"])
    done = api.league.lineup("S", 1, away, [f"{away}.{b}" for b in range(1, 5)])
    assert [type(e).__name__ for e in done.events] == ["LineupEntered", "MatchResultCleared"]
    assert any("set aside; enter the result again" in n for n in done.notes)
    (group,) = api.league.standings("S")
    assert not group.complete and any(home in m for m in group.missing)
    assert api.league.match("S", 1, home).entered is False
    assert api.check() == []
    api.league.result("S", 1, home, ["1", "=", "0", "0"])
    match = api.league.match("S", 1, home)
    assert (match.home_points, match.away_points) == (F(3, 2), F(5, 2))


def test_12_a_lineup_entered_again_that_still_fits_keeps_its_result(api: Skak) -> None:
    home, away = _small(api)
    api.league.lineup("S", 1, home, [f"{home}.{b}" for b in range(1, 5)])
    api.league.lineup("S", 1, away, [f"{away}.{b}" for b in range(1, 5)])
    api.league.result("S", 1, home, ["1", "=", "0", "0"])
    done = api.league.lineup("S", 1, away, [f"{away}.{b}" for b in (1, 2, 3, 5)])
    assert [type(e).__name__ for e in done.events] == ["LineupEntered"]
    match = api.league.match("S", 1, home)
    assert (match.home_points, match.away_points) == (F(3, 2), F(5, 2))


def test_check_reports_a_card_that_does_not_fit_its_lineups(api: Skak) -> None:
    """A season stored before line-ups were checked against their card: ``skak check`` and
    every read name the round, the match and the board instead of failing."""
    from skak.records.league.events import LineupEntered
    from skak.records.league.kind import LEAGUE
    from skak.teams.league import Lineup

    home, away = _small(api)
    api.league.lineup("S", 1, home, [f"{home}.{b}" for b in range(1, 5)])
    api.league.lineup("S", 1, away, [*(f"{away}.{b}" for b in range(1, 4)), "-"])
    api.league.result("S", 1, home, ["1", "=", "0", "x"])
    bad = Lineup(1, away, tuple(f"{away}.{b}" for b in range(1, 5)), DAY)
    row = api.league.resolve("S")
    api.store.execute(LEAGUE, row, lambda _: [LineupEntered(bad)], "test")
    (problem,) = api.check()
    assert problem.startswith("league season #") and "2. division group 1" in problem
    assert f"round 1: {home}–{away}, board 4: the result is missing" in problem
    with pytest.raises(InputError, match="enter the result again"):
        api.league.standings("S")


def test_13e_a_penalty_without_a_round_counts_from_the_last_round_played(api: Skak) -> None:
    name = _season(api)
    done = api.league.penalty(name, "C1", 1, "resultatkort for sent")
    assert done.after.penalties[-1].round == 3  # the group's last round with a result
    with pytest.raises(InputError, match="rounds 1–3, not 4"):
        api.league.penalty(name, "C1", 1, "x", round_number=4)
    rows = {r.team: r for g in api.league.standings(name, after_round=2) for r in g.standings}
    assert rows["C1"].penalty_points == 0


def test_3_a_lot_drawn_by_hand_is_recorded(api: Skak) -> None:
    name = _season(api)
    with pytest.raises(StateError, match="D1 and D2 are not tied for the lot"):
        api.league.lot(name, ["d2", "D1"])  # every match won 3-1 by the lower number
    with pytest.raises(InputError, match=r"these teams play in 2 groups: C1 in 2\. division"):
        api.league.lot(name, ["C1", "D1"])
    fresh = api.league.create(
        CreateSeason("Fresh", DAY, dates=(DAY,) * 3, divisions=small_structure())
    )
    api.league.enter_teams(fresh.name, api.league.get(name).teams)
    ties = "C1, C2, C3 and C4 are tied"
    with pytest.raises(StateError, match=ties):
        api.league.lot(fresh.name, ["c2", "C1"])
    done = api.league.lot(fresh.name, ["c2", "C1", "C4", "C3"])  # as the season spells them
    assert done.after.lots == (("C2", "C1", "C4", "C3"),)
    with pytest.raises(InputError, match="at least two teams"):
        api.league.lot(name, ["D1"])
    with pytest.raises(InputError, match="D1 twice"):
        api.league.lot(name, ["D1", "D1"])
    with pytest.raises(NotFoundError):
        api.league.lot(name, ["D1", "Nowhere"])


def test_season_end_names_an_unknown_team_as_bad_input(api: Skak) -> None:
    from skak.teams.promotion import SeasonEndInput, season_end

    name = _season(api)
    api.league.playoff(name, "C3", "D3", DAY + timedelta(days=30))
    for t in ("C3", "D3"):
        api.league.lineup(name, 0, t, [f"{t}.{b}" for b in range(1, 5)])
    api.league.result(name, 0, "C3", ["1", "=", "=", "="])
    season = api.league.get(name)
    with pytest.raises(InputError, match="--leaving 'Nowhere' is no team"):
        season_end(season, SeasonEndInput(leaving=("Nowhere",)))
    with pytest.raises(InputError, match="district winner 'C1' plays in"):
        season_end(season, SeasonEndInput(district_winners=("C1",)))


def test_a_player_in_quarantine_in_the_discipline_registry_is_named_on_the_lineup(
    api: Skak,
) -> None:
    """5.1 §10 d with §19: the league asks the database's discipline registry (a player on
    the strength list by his DSU member number) besides any quarantine typed with the
    line-up; a player in quarantine on the match day makes the line-up illegal."""
    api.league.create(CreateSeason("Q", DAY, dates=(DAY,) * 3, divisions=small_structure()))
    teams = [Team(f"C{n}", f"C{n}", "2. division", 1, n) for n in range(1, 5)]
    api.league.enter_teams("Q", teams)
    lists = [
        StrengthList(
            t.name,
            tuple(
                ListedPlayer(b, f"{1000 * t.number + b}", f"{t.name} {b}", 1) for b in range(1, 6)
            ),
        )
        for t in teams
    ]
    api.league.file_lists("Q", lists)
    api.discipline.give(
        "quarantine",
        1002,
        given=DAY - timedelta(days=40),
        name="C1 2",
        event="Aarhus Open",
        last_day=DAY - timedelta(days=41),
        months=3,
    )
    f = next(f for f in api.league.get("Q").schedule("2. division", 1) if "C1" in f.teams())
    done = api.league.lineup("Q", f.round, "C1", ["1001", "1002", "1003", "1004"], day=DAY)
    assert any("quarantine" in n and "1002" in n for n in done.notes), done.notes
    clean = api.league.lineup("Q", f.round, "C1", ["1001", "1003", "1004", "1005"], day=DAY)
    assert not any("quarantine" in n for n in clean.notes)
