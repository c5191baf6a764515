"""``skak league …`` end to end: the fixture's whole 1. division group season typed in as a
league leader would, its standings and season end, and the refusals that write nothing."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app
from tests.conftest import file_digest
from tests.teams.league_fixture import (
    ABSENT,
    DATES,
    EMPTY,
    LINEUPS,
    RESULTS,
    TEAMS,
    player_id,
    strength_list,
)

SEASON = "Divisionen 2025/26"
WIDE = {"COLUMNS": "200"}


def run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout if code == 0 else result.stderr


def _files(tmp: Path) -> tuple[Path, Path]:
    teams = tmp / "hold.csv"
    teams.write_text(
        "hold;klub;række;gruppe;holdnummer\n"
        + "".join(f"{n};{c};1. division;1;{r}\n" for n, c, r, _ in TEAMS),
        encoding="utf-8",
    )
    lists = tmp / "styrkelister.csv"
    rows = ["klub,nr,id,navn,hold"]
    for i in range(1, len(TEAMS) + 1):
        sl = strength_list(i)
        rows += [f"{sl.club},{p.number},{p.id},{p.name},{p.team or ''}" for p in sl.players]
    lists.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return teams, lists


def _season(runner: CliRunner, tmp: Path) -> None:
    dates = ",".join(d.isoformat() for d in DATES)
    run(runner, "league", "new", SEASON, "--start", "2025-09-01", "--dates", dates)
    teams, lists = _files(tmp)
    assert "8 teams entered" in run(runner, "league", "teams", str(teams))
    assert "8 strength lists filed" in run(runner, "league", "strength", str(lists))


def _play(runner: CliRunner) -> None:
    special = {(r, t): n for r, t, n in LINEUPS}
    for line in RESULTS.strip().splitlines():
        r, h, a, boards = line.split()
        for t in (int(h), int(a)):
            name, _, rank, prefix = TEAMS[t - 1]
            numbers = special.get((int(r), t), tuple(range(8 * (rank - 1) + 1, 8 * rank + 1)))
            players = [player_id(prefix, n) for n in numbers]
            for rr, tt, b in EMPTY:
                if (rr, tt) == (int(r), t):
                    players[b - 1] = "-"
            run(runner, "league", "lineup", r, name, *players)
        absent = [
            f"--absent={b}:{'home' if t == int(h) else 'away'}:{why.value}"
            for rr, t, b, why in ABSENT
            if rr == int(r) and t in (int(h), int(a))
        ]
        tokens = ["x" if c == "." else c for c in boards]
        run(runner, "league", "result", r, TEAMS[int(h) - 1][0], *tokens, *absent)


def test_a_whole_group_season_typed_in(runner: CliRunner, tmp_path: Path) -> None:
    _season(runner, tmp_path)
    _play(runner)
    (group,) = json.loads(run(runner, "league", "standings", "--json"))
    assert group["complete"] is True
    got = [
        (r["team"], Fraction(r["board_points"]), r["penalty_points"]) for r in group["standings"]
    ]
    assert got == [
        ("Aarhus 2", 43, 0),
        ("Brønshøj 1", Fraction(67, 2), 0),
        ("Odense 1", Fraction(61, 2), 0),
        ("Esbjerg 1", Fraction(61, 2), 0),
        ("Nørresundby 1", 25, 0),
        ("Helsingør 1", 25, 0),
        ("Vejle 1", Fraction(39, 2), 0),
        ("Skive 1", 16, 1),
    ]
    assert group["standings"][3]["decided_by"] == "the direct encounter (indbyrdes opgør)"
    table = run(runner, "league", "standings", "--explain")
    assert "board by board (bræt for bræt)" in table and "penalty point" in table
    end = json.loads(
        run(runner, "league", "season-end", "--liga-club", "Aarhus Skakforening", "--json")
    )
    divisions = {d["division"]: d["teams"] for d in end["divisions"]}
    assert divisions["Skakligaen"] == ["Brønshøj 1"]
    assert divisions["2. division"] == ["Vejle 1", "Skive 1"]
    text = run(runner, "league", "season-end", "--liga-club", "Aarhus Skakforening", "--explain")
    assert "Aarhus 2 (1. division group 1, place 1) cannot go up" in text
    dansk = run(
        runner, "--lang", "da", "league", "season-end", "--liga-club", "Aarhus Skakforening",
        "--explain",
    )  # fmt: skip
    assert "Aarhus 2 (1. division gruppe 1, nr. 1) kan ikke rykke op" in dansk
    assert "Op- og nedrykning" in dansk and "næste sæson" in dansk
    assert "5.1 §5: blandt de sidste 2" in dansk and "cannot go up" not in dansk


def test_a_lineup_shows_its_violations(runner: CliRunner, tmp_path: Path) -> None:
    _season(runner, tmp_path)
    players = [player_id("VEJ", n) for n in (1, 2, 5, 3, 4, 6, 7, 8)]
    result = runner.invoke(app, ["league", "lineup", "1", "Vejle 1", *players])
    assert result.exit_code == 0
    assert "10b-order" not in result.stdout  # notes go to standard error
    assert "5.1 §10 b" in result.stderr and "5.1 §13 b" in result.stderr
    view = json.loads(run(runner, "league", "lineup", "1", "Vejle 1", "--json"))
    assert view["legal"] is False
    assert [(v["board"], v["rule"]) for v in view["violations"]] == [(3, "10b-order")]
    assert view["boards"][0]["colour"] == "black"  # Vejle 1 is at home in round 1
    checked = json.loads(
        run(runner, "league", "lineup", "2", "Vejle 1", *sorted(players), "--check", "--json")
    )
    assert checked["legal"] is True
    assert run(runner, "league", "lineup", "2", "Vejle 1", code=4).count("no line-up") == 1


def test_listings_take_json(runner: CliRunner, tmp_path: Path) -> None:
    _season(runner, tmp_path)
    (line,) = json.loads(run(runner, "league", "list", "--json"))
    assert (line["name"], line["edition"], line["teams"]) == (SEASON, "dsu-2022", 8)
    teams = json.loads(run(runner, "league", "teams", "--json"))
    assert teams[0] == {
        "team": "Aarhus 2",
        "club": "Aarhus Skakforening",
        "division": "1. division",
        "group": 1,
        "number": 1,
        "club_team": 2,
        "withdrawn_from": None,
    }
    schedule = json.loads(run(runner, "league", "schedule", "--json"))
    assert len(schedule) == 28
    assert schedule[0]["home"] == "Skive 1" and schedule[0]["white_board_1"] == "Aarhus 2"
    lists = json.loads(run(runner, "league", "strength", "--club", "Vejle Skakklub", "--json"))
    assert [p["team"] for p in lists[0]["players"]] == [1] * 8 + [None, None]
    assert "Skive 1" in run(runner, "league", "schedule")
    assert "[]" not in run(runner, "check")


def _db() -> Path:
    return Path("skak.db")


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["league", "result", "1", "Skive 1", *"00=0x0=0"], 3, "enter Skive 1's line-up first"),
        (
            ["league", "result", "1", "Aarhus 2", *"00=0x0=0"],
            3,
            "write the home team (Skive 1) first",
        ),
        (["league", "lineup", "1", "Nowhere 1", "X"], 4, "no team 'Nowhere 1'"),
        (["league", "lineup", "9", "Skive 1", "X"], 4, "rounds 1–7, not round 9"),
        (
            ["league", "lineup", "1", "Skive 1", "SKI01", "SKI01", *"------"],
            3,
            "SKI01 on two boards",
        ),
        (
            ["league", "lineup", "1", "Skive 1", *(f"SKI0{i}" for i in range(1, 8))],
            3,
            "round 1: Skive 1–Aarhus 2, Skive 1: 7 entries for 8 boards; the line-up names a "
            "player for every board, '-' for a board left empty",
        ),
        (["league", "penalty", "Skive 1", "--reason", ""], 3, "say why"),
        (
            ["league", "result", "0", "Skive 1", *"00=0x0=0"],
            3,
            "round 0: rounds are numbered from 1 (the play-off is 'playoff')",
        ),
        (["league", "result", "1", "Skive 2", *"00=0x0=0"], 4, "no team 'Skive 2'"),
        (["league", "standings", "--after-round", "9"], 3, "group 1 plays rounds 1–7"),
        (["league", "standings", "--after-round", "0"], 3, "group 1 plays rounds 1–7"),
        (
            ["league", "standings", "--group", "7"],
            4,
            "has no group 7; the groups there are: 1. division group 1",
        ),
        (
            ["league", "new", "T4", "--start", "2025-09-01", "--dates", "2025-08-05"],
            3,
            "2025-08-05 is before the season's start (2025-09-01)",
        ),
        (["league", "withdraw", "Skive 1", "--round", "9"], 3, "rounds 1–7"),
        (["league", "new", SEASON, "--start", "2025-09-01"], 3, "exists already"),
        (
            ["league", "new", "X", "--start", "2025-09-01", "--setting", "colour=1"],
            3,
            "unknown league setting",
        ),
    ],
    ids=lambda x: x if isinstance(x, str) else None,
)
def test_refusals_write_nothing(
    runner: CliRunner, tmp_path: Path, args: list[str], code: int, message: str
) -> None:
    _season(runner, tmp_path)
    before = file_digest(_db())
    assert message in run(runner, *args, code=code)
    assert file_digest(_db()) == before


def test_a_bad_token_and_a_no_show(runner: CliRunner, tmp_path: Path) -> None:
    _season(runner, tmp_path)
    home = [player_id("SKI", n) for n in range(1, 9)]
    run(runner, "league", "lineup", "1", "Skive 1", *home)
    before = file_digest(_db())
    err = run(runner, "league", "result", "1", "Skive 1", *"1111111", "z", code=3)
    assert "board 8" in err and "'z' is no game result" in err
    assert file_digest(_db()) == before
    out = run(runner, "league", "result", "1", "Skive 1", "--no-show", "Aarhus 2")
    assert "Result entered" in out
    teams = json.loads(run(runner, "league", "teams", "--json"))
    assert next(t for t in teams if t["team"] == "Aarhus 2")["withdrawn_from"] == 1
    err = run(runner, "league", "lineup", "2", "Aarhus 2", "AAR09", code=5)
    assert "left the tournament from round 1" in err


def test_12_a_lineup_entered_again_after_its_result(runner: CliRunner, tmp_path: Path) -> None:
    """The reviewer's case: Aarhus 2 entered with board 8 empty, the result with no game
    there, then the line-up again with AAR16 on board 8. Every read still works, the result
    is asked for again, and 'skak check' finds the database sound."""
    _season(runner, tmp_path)
    run(runner, "league", "lineup", "1", "Skive 1", *[player_id("SKI", n) for n in range(1, 9)])
    away = [player_id("AAR", n) for n in range(9, 17)]
    run(runner, "league", "lineup", "1", "Aarhus 2", *away[:7], "-")
    run(runner, "league", "result", "1", "Skive 1", *"00=0", "1", "0", "=", "x")
    again = runner.invoke(app, ["league", "lineup", "1", "Aarhus 2", *away])
    assert again.exit_code == 0, again.output
    assert "board 8: the result is missing" in again.stderr
    assert "set aside; enter the result again" in again.stderr
    for args in (["standings"], ["schedule"], ["result", "1", "Skive 1"]):
        run(runner, "league", *args)
    assert "the season is not over" in run(runner, "league", "season-end", code=5)
    assert "1 league season" in run(runner, "check")
    run(runner, "league", "result", "1", "Skive 1", *"00=0", "1", "0", "=", "0")
    rows = json.loads(run(runner, "league", "schedule", "--json"))
    assert next(r for r in rows if r["round"] == 1 and r["home"] == "Skive 1")["result"]


def test_13a_league_withdraw_cancel(runner: CliRunner, tmp_path: Path) -> None:
    _season(runner, tmp_path)
    run(runner, "league", "withdraw", "Skive 1", "--round", "3")
    assert "back in the tournament" in run(runner, "league", "withdraw", "Skive 1", "--cancel")
    teams = json.loads(run(runner, "league", "teams", "--json"))
    assert next(t for t in teams if t["team"] == "Skive 1")["withdrawn_from"] is None
    assert "--round N" in run(runner, "league", "withdraw", "Skive 1", code=3)


def test_3_a_lot_drawn_by_hand_on_the_command_line(runner: CliRunner, tmp_path: Path) -> None:
    dates = ",".join(d.isoformat() for d in DATES)
    run(runner, "league", "new", SEASON, "--start", "2025-09-01", "--dates", dates,
        "--setting", "lot-order=Skive 1;Vejle 1")  # fmt: skip
    teams, _lists = _files(tmp_path)
    run(runner, "league", "teams", str(teams))
    # No result yet: all eight are tied, and a lot naming two of them would decide nothing.
    before = file_digest(_db())
    err = run(runner, "league", "lot", "Helsingør 1", "Nørresundby 1", code=5)
    assert "Aarhus 2, Brønshøj 1, Odense 1, Esbjerg 1, Helsingør 1, Nørresundby 1" in err
    assert "Vejle 1 and Skive 1 are tied" in err and "a lot names them all" in err
    assert file_digest(_db()) == before
    drawn = ["Helsingør 1", "Nørresundby 1", *(t for t, *_ in TEAMS[:4]), "Skive 1", "Vejle 1"]
    out = run(runner, "league", "lot", *drawn)
    assert "Lot recorded: Helsingør 1, Nørresundby 1, Aarhus 2" in out
    assert "no team 'Nowhere'" in run(runner, "league", "lot", "Skive 1", "Nowhere", code=4)
    from skak.api import Skak

    api = Skak("skak.db")
    try:
        season = api.league.get()
        assert season.settings.lot_order == ("Skive 1", "Vejle 1")
        assert season.drawn_lot(["Nørresundby 1", "Helsingør 1"]) == (
            "Helsingør 1",
            "Nørresundby 1",
        )
        (group,) = api.league.standings()
        assert [r.team for r in group.standings] == drawn
        assert season.drawn_lot(["Vejle 1", "Skive 1"]) == ("Skive 1", "Vejle 1")
    finally:
        api.close()


def _small_season(runner: CliRunner, tmp: Path) -> None:
    """QA's season: A 1, A 2 (club A's second team), B 1 and C 1 in one 2. division group."""
    (tmp / "hold.csv").write_text(
        "team;club;division;group;number;club_team\nA 1;A;2. division;1;1;1\n"
        "A 2;A;2. division;1;2;2\nB 1;B;2. division;1;3;1\nC 1;C;2. division;1;4;1\n",
        encoding="utf-8",
    )
    rows = ["club;number;id;name;team;foreign"]
    rows += [f"A;{i};A{i:02d};A{i};{1 if i <= 8 else 2};no" for i in range(1, 17)]
    rows += [f"{c};{i};{c}{i:02d};{c}{i};1;no" for c in "BC" for i in range(1, 9)]
    (tmp / "s.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    run(runner, "league", "new", "S", "--start", "2025-09-01",
        "--dates", "2025-10-05,2025-11-02,2025-11-30")  # fmt: skip
    run(runner, "league", "teams", str(tmp / "hold.csv"))
    run(runner, "league", "strength", str(tmp / "s.csv"))


def test_11_a_change_adds_to_the_clubs_list(runner: CliRunner, tmp_path: Path) -> None:
    """Issue 38, 5.1 §11: a club that gets a new member files him alone ("For enhver
    tilføjelse til den oprindeligt indsendte styrkeliste"), at no. 3 on team 1, with A8, who
    slides out of team 1, moved down to team 2 ("kan denne spiller rykkes ned på det
    underliggende hold"). The change adds to the club's list: 30 days on, every other player
    is still on it with his team, and the note says so when the change is filed."""
    _small_season(runner, tmp_path)
    change = tmp_path / "ny.csv"
    change.write_text("club;number;id;name;team\nA;3;A17;Ny;1\nA;9;A08;A8;2\n", encoding="utf-8")
    filed = runner.invoke(
        app, ["league", "strength", str(change), "--notified", "2025-09-05"], env=WIDE
    )
    assert filed.exit_code == 0, filed.output
    assert "1 strength list filed" in filed.stdout
    assert " ".join(filed.stderr.split()) == (
        "note: A: the change adds Ny as no. 3 to the club's strength list (5.1 §11); the 15 "
        "players it does not name keep their teams and their order "
        "note: A: Ny may play from 2025-10-05 (5.1 §10 c, §11) "
        "note: A: the new teams of A8 hold from 2025-10-05 (5.1 §11)"
    )
    lists = json.loads(run(runner, "league", "strength", "--club", "A", "--json"))
    assert [(len(x["players"]), x["in_force_from"]) for x in lists] == [
        (16, None), (17, "2025-10-05"),
    ]  # fmt: skip
    newest = [(p["number"], p["id"], p["team"]) for p in lists[-1]["players"]]
    assert newest[:4] == [(1, "A01", 1), (2, "A02", 1), (3, "A17", 1), (4, "A03", 1)]
    assert newest[8:10] == [(9, "A08", 2), (10, "A09", 2)]
    assert newest[-1] == (17, "A16", 2)
    # round 1 (2025-10-05) is 30 days on: the players the change did not name still play
    a1 = ["A01", "A02", "A17", "A03", "A04", "A05", "A06", "A07"]
    a2 = [f"A{i:02d}" for i in range(8, 16)]
    for team, players in (("A 1", a1), ("A 2", a2)):
        view = json.loads(run(runner, "league", "lineup", "1", team, *players, "--check", "--json"))
        assert (view["legal"], view["violations"]) == (True, []), view
    # the same change again changes nothing
    again = run(runner, "league", "strength", str(change), "--notified", "2025-09-05")
    assert "nothing changed" in again


def test_11_replace_names_the_players_it_drops(runner: CliRunner, tmp_path: Path) -> None:
    """``--replace`` (setting): a change is the club's whole new list; the note names every
    player it leaves out, who is off the list once it holds."""
    _small_season(runner, tmp_path)
    change = tmp_path / "hel.csv"
    rows = [f"A;{i};A{i:02d};A{i};{1 if i <= 8 else 2}" for i in range(1, 15)]
    change.write_text("club;number;id;name;team\n" + "\n".join(rows) + "\n", encoding="utf-8")
    filed = runner.invoke(
        app,
        ["league", "strength", str(change), "--notified", "2025-09-05", "--replace"],
        env=WIDE,
    )
    assert filed.exit_code == 0, filed.output
    assert " ".join(filed.stderr.split()) == (
        "note: A: the new list replaces the club's whole list and leaves out A15 (A15), A16 "
        "(A16): from 2025-10-05 they are not on the strength list and may not play "
        "(5.1 §10 c, §11)"
    )
    lists = json.loads(run(runner, "league", "strength", "--club", "A", "--json"))
    assert [len(x["players"]) for x in lists] == [16, 14]
    a2 = [f"A{i:02d}" for i in range(9, 17)]
    checked = runner.invoke(app, ["league", "lineup", "1", "A 2", *a2, "--check", "--json"])
    assert checked.exit_code == 5, checked.output
    view = json.loads(checked.stdout)
    assert [(v["board"], v["rule"]) for v in view["violations"]] == [
        (7, "10c-not-listed"), (8, "10c-not-listed"),
    ]  # fmt: skip


def test_13a_no_lineup_for_a_match_struck_out(runner: CliRunner, tmp_path: Path) -> None:
    """QA's repro: B 1 left from round 1, so A 2–B 1 of round 1 is struck out. A line-up
    for it is refused (exit 5) and writes nothing; A 1's 4-4 against C 1 stays 4-4; the
    struck-out match says so."""
    _small_season(runner, tmp_path)
    a2 = ["A01", *[f"A{i}" for i in range(10, 17)]]
    run(runner, "league", "withdraw", "B 1", "--round", "1", "--reason", "x")
    before = file_digest(_db())
    err = run(runner, "league", "lineup", "1", "A 2", *a2, code=5)
    assert "B 1–A 2 was struck out" in err and "5.1 §13 a" in err
    assert file_digest(_db()) == before
    run(runner, "league", "lineup", "1", "A 1", *[f"A0{i}" for i in range(1, 9)])
    run(runner, "league", "lineup", "1", "C 1", *[f"C0{i}" for i in range(1, 9)])
    run(runner, "league", "result", "1", "C 1", *"½" * 8)
    match = json.loads(run(runner, "league", "result", "1", "C 1", "--json"))
    assert (match["home_points"], match["away_points"]) == ("4", "4")
    shown = run(runner, "league", "result", "1", "B 1")
    assert "struck out" in shown and "no result yet" not in shown
    rows = json.loads(run(runner, "league", "schedule", "--json"))
    assert next(r for r in rows if r["home"] == "B 1" and r["round"] == 1)["result"] == (
        "struck out (5.1 §13 a)"
    )


def test_13a_a_lineup_entered_before_the_withdrawal_counts_for_nothing(
    runner: CliRunner, tmp_path: Path
) -> None:
    _small_season(runner, tmp_path)
    run(runner, "league", "lineup", "1", "A 2", "A01", *[f"A{i}" for i in range(10, 17)])
    run(runner, "league", "withdraw", "B 1", "--round", "1", "--reason", "x")
    run(runner, "league", "lineup", "1", "A 1", *[f"A0{i}" for i in range(1, 9)])
    run(runner, "league", "lineup", "1", "C 1", *[f"C0{i}" for i in range(1, 9)])
    out = runner.invoke(app, ["league", "result", "1", "C 1", *"½" * 8])
    assert out.exit_code == 0 and "line-up on the same day" not in out.stderr
    match = json.loads(run(runner, "league", "result", "1", "C 1", "--json"))
    assert (match["home_points"], match["away_points"]) == ("4", "4")


def test_a_lineup_short_of_a_board_is_refused_and_keeps_the_result(
    runner: CliRunner, tmp_path: Path
) -> None:
    """QA: seven ids for eight boards were taken as board 8 empty, and the result card
    entered before was set aside. One entry a board ('-' for an empty one), or nothing."""
    _season(runner, tmp_path)
    run(runner, "league", "lineup", "1", "Skive 1", *[player_id("SKI", n) for n in range(1, 9)])
    away = [player_id("AAR", n) for n in range(9, 17)]
    run(runner, "league", "lineup", "1", "Aarhus 2", *away)
    run(runner, "league", "result", "1", "Skive 1", *"00=01010")
    before = file_digest(_db())
    err = run(runner, "league", "lineup", "1", "Aarhus 2", *away[:7], code=3)
    assert "Aarhus 2: 7 entries for 8 boards" in err and "'-'" in err
    assert file_digest(_db()) == before
    assert json.loads(run(runner, "league", "result", "1", "Skive 1", "--json"))["entered"]


def test_a_teams_file_names_every_bad_line(runner: CliRunner, tmp_path: Path) -> None:
    run(runner, "league", "new", SEASON, "--start", "2025-09-01")
    bad = tmp_path / "t.csv"
    bad.write_text(
        "team;club;division;group\nA 1;A;1. division;1\nA 1;A;1. division;1\n"
        "B 1;B;1. division;5\nC 1;C;1. division;1\n",
        encoding="utf-8",
    )
    before = file_digest(_db())
    err = run(runner, "league", "teams", str(bad), code=3)
    assert f"{bad} line 3: team 'A 1' is entered twice (first on {bad} line 2)" in err
    assert f"{bad} line 4: team B 1: 1. division has groups 1–2, not 5 (§1)" in err
    assert file_digest(_db()) == before


def test_a_strength_list_giving_a_number_twice_names_the_lines(
    runner: CliRunner, tmp_path: Path
) -> None:
    _season(runner, tmp_path)
    dup = tmp_path / "dup.csv"
    dup.write_text(
        "club;number;id;name\nSkive Skakklub;1;SKI01;Ski 1\nSkive Skakklub;2;SKI02;Ski 2\n"
        "Skive Skakklub;2;SKI03;Ski 3\n",
        encoding="utf-8",
    )
    before = file_digest(_db())
    err = run(runner, "league", "strength", str(dup), code=3)
    assert (
        f"{dup} lines 3, 4: Skive Skakklub's strength list gives number 2 to Ski 2 (SKI02) "
        "and Ski 3 (SKI03)" in err
    )
    assert file_digest(_db()) == before


def test_words_in_the_singular_and_half_points_as_arbiters_write_them(
    runner: CliRunner, tmp_path: Path
) -> None:
    """QA's cosmetics: '1 penalty point', '1 match still to play'; ½ in the match table
    and its explanations; a board's reason says its board once."""
    _season(runner, tmp_path)
    out = run(runner, "league", "penalty", "Skive 1", "--reason", "late card", "--round", "1")
    assert "Skive 1: 1 penalty point" in out and "(s)" not in out
    vejle = [player_id("VEJ", n) for n in (1, 2, 5, 3, 4, 6, 7, 8)]  # no. 5 above 3 and 4
    run(runner, "league", "lineup", "1", "Vejle 1", *vejle)
    run(runner, "league", "lineup", "1", "Brønshøj 1", *[player_id("BRO", n) for n in range(1, 9)])
    entered = runner.invoke(app, ["league", "result", "1", "Vejle 1", *"½" * 8])
    assert entered.exit_code == 0 and "(s)" not in entered.stdout + entered.stderr
    shown = runner.invoke(app, ["league", "result", "1", "Vejle 1", "--explain"], env=WIDE)
    assert "0.5" not in shown.stdout and "3½-4½" in shown.stdout and "½-½" in shown.stdout
    why = [line for line in shown.stdout.splitlines() if "used illegally" in line]
    assert why and all(line.count("board 3:") <= 1 for line in why), why
    match = json.loads(run(runner, "league", "result", "1", "Vejle 1", "--json"))
    assert not match["boards"][2]["why"].count("board 3")
    standings = runner.invoke(app, ["league", "standings", "--explain"], env=WIDE).stdout
    assert "penalty point taken off" in standings and "(s)" not in standings
    assert "27 matches still to play" in standings


def test_a_late_team_is_said_once_for_the_match(runner: CliRunner, tmp_path: Path) -> None:
    _season(runner, tmp_path)
    run(runner, "league", "lineup", "1", "Skive 1", *[player_id("SKI", n) for n in range(1, 9)])
    run(runner, "league", "lineup", "1", "Aarhus 2", *[player_id("AAR", n) for n in range(9, 17)])
    done = runner.invoke(app, ["league", "result", "1", "Skive 1", "--late", "Aarhus 2"])
    assert done.exit_code == 0, done.output
    assert done.stderr.count("more than 60 minutes late") == 1, done.stderr


def test_lineup_check_exits_5_for_an_illegal_lineup(runner: CliRunner, tmp_path: Path) -> None:
    _season(runner, tmp_path)
    bad = [player_id("VEJ", n) for n in (1, 2, 5, 3, 4, 6, 7, 8)]
    done = runner.invoke(app, ["league", "lineup", "1", "Vejle 1", *bad, "--check"])
    assert done.exit_code == 5 and "10b-order" in done.stdout
    good = sorted(bad)
    assert runner.invoke(app, ["league", "lineup", "1", "Vejle 1", *good, "--check"]).exit_code == 0
    assert "exits with code 5" in " ".join(run(runner, "league", "lineup", "--help").split())


def test_season_end_and_settings_words(runner: CliRunner, tmp_path: Path) -> None:
    _season(runner, tmp_path)
    err = run(runner, "league", "season-end", "--liga-club", "Viborg Skakforenin", code=4)
    assert "'Viborg Skakforenin'" in err and "Aarhus Skakforening, Brønshøj Skakforening" in err
    help_text = " ".join(run(runner, "league", "season-end", "--help").split())
    assert "one Skakliga team a club" in help_text and "per- club" not in help_text
    err = run(
        runner, "league", "new", "Z", "--start", "2025-09-01", "--setting", "lot-seed", code=3
    )
    assert "e.g. lot-seed=2025" in err and "cycles" not in err


def test_the_cards_are_confirmed_disputed_and_approved_from_the_command_line(
    runner: CliRunner, tmp_path: Path
) -> None:
    """``skak league cards | confirm | approve``: the web's card workflow, from the CLI."""
    _season(runner, tmp_path)
    _play(runner)
    lines = json.loads(run(runner, "league", "cards", "--json"))
    assert len(lines) == len(RESULTS.split()) // 4 == 28
    assert {c["state"] for c in lines} <= {"stands", "flagged"}  # the season is long past
    first = next(c for c in lines if c["state"] == "stands")
    r = str(first["round"])
    run(runner, "league", "confirm", r, first["away"], "--dispute", "board 2 was drawn")
    lines = json.loads(run(runner, "league", "cards", "--json"))
    assert lines[0]["state"] == "disputed" and lines[0]["reasons"][0] == "board 2 was drawn"
    run(runner, "league", "approve", r, first["home"], "--note", "as reported")
    lines = json.loads(run(runner, "league", "cards", "--json"))
    done = next(c for c in lines if (c["round"], c["home"]) == (first["round"], first["home"]))
    assert done["state"] == "approved" and done["approved_by"]


def test_rulings_are_given_appealed_and_decided_from_the_command_line(
    runner: CliRunner, tmp_path: Path
) -> None:
    """``skak league rule | appeal | decide | rulings`` (5.1 §14–§15 b)."""
    _season(runner, tmp_path)
    _play(runner)
    first = json.loads(run(runner, "league", "cards", "--json"))[0]
    r, home = str(first["round"]), first["home"]

    def board_points(team: str) -> Fraction:
        rows = json.loads(run(runner, "league", "standings", "--json"))[0]["standings"]
        return Fraction(str(next(row for row in rows if row["team"] == team)["board_points"]))

    before = board_points(home)
    said = run(
        runner, "league", "rule", "5.1 §13 e", "Holdkortet kom for sent", "--penalty", f"{home}:2"
    )
    assert "Ruling 1 given" in said and "§15 b" in said
    assert board_points(home) == before - 2
    err = run(runner, "league", "rule", "5.1 §12", "x", "--penalty", f"{home}:x", code=3)
    assert "TEAM:POINTS" in err
    run(runner, "league", "rule", "5.1 §12", "Remis på bræt 1", "--round", r, "--team", home,
        *[f"--result={t}" for t in ["½", "1", "1", "1", "1", "1", "1", "1"]])  # fmt: skip
    ruled = board_points(home)
    run(runner, "league", "appeal", "1", "Kortet kom til tiden")
    assert "decision recorded" in run(runner, "league", "decide", "1", "ophævet", "Kortet kom")
    assert board_points(home) == ruled + 2
    rulings = json.loads(run(runner, "league", "rulings", "--json"))
    assert [(x["number"], x["state"]) for x in rulings] == [(2, "given"), (1, "overturned")]
    assert rulings[1]["penalties"] == [{"team": home, "points": 2}]
    assert (rulings[0]["round"], rulings[0]["home"]) == (first["round"], home)
    table = run(runner, "league", "rulings")
    assert "Remis på bræt 1" in table
