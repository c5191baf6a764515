"""Edge cases found in review: odd names, foreign databases, ambiguous identifiers."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app
from tests.conftest import file_digest


def ok(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_names_with_square_brackets_are_shown_as_they_are(runner: CliRunner) -> None:
    ok(runner, "new", "Open [/] [red]")
    ok(runner, "players", "add", "Berg, [Anna]")
    ok(runner, "players", "add", "Lund, Ole")
    ok(runner, "players", "add", "Dahl, Eva")
    assert "Open [/] [red]: round (runde) 1" in ok(runner, "pair")
    assert "Berg, [Anna]" in ok(runner, "standings")
    assert "Open [/] [red]" in ok(runner, "players", "list")


@pytest.mark.sqlite_only  # other programs' SQLite files
def test_another_programs_database_is_never_written(runner: CliRunner) -> None:
    with sqlite3.connect("other.db") as conn:
        conn.execute("CREATE TABLE customers (id INTEGER)")
    Path("empty.db").touch()
    for name in ("other.db", "empty.db"):
        digest = file_digest(Path(name))
        for args in (["tournaments", "--db", name], ["new", "X", "--db", name]):
            result = runner.invoke(app, args)
            if name == "empty.db" and args[0] == "new":
                assert result.exit_code == 0  # an empty file may become a skak database
                continue
            # another program's tables: not skak's (11); an empty file: no database yet (10)
            assert result.exit_code == (10 if name == "empty.db" else 11), result.output
            assert "is not a skak database" in result.stderr
            assert file_digest(Path(name)) == digest


def test_missing_driver_is_a_storage_error_without_the_password(runner: CliRunner) -> None:
    result = runner.invoke(app, ["tournaments", "--db", "mysql://arbiter:secret@localhost/skak"])
    assert result.exit_code == 7
    assert "cannot open" in result.stderr
    assert "secret" not in result.stderr


def test_demo_with_bad_player_count_creates_no_database(runner: CliRunner) -> None:
    result = runner.invoke(app, ["demo", "--players", "2"])
    assert result.exit_code == 3
    assert not Path("skak.db").exists()


def test_a_number_that_is_both_an_id_and_a_name_is_ambiguous(runner: CliRunner) -> None:
    ok(runner, "new", "2")
    ok(runner, "new", "Alpha")
    result = runner.invoke(app, ["players", "list", "-t", "2"])
    assert result.exit_code == 5
    assert "#1 2" in result.stderr
    assert "#2 Alpha" in result.stderr
    assert json.loads(ok(runner, "players", "list", "--json", "-t", "#2")) == []


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["players", "withdraw", "1", "--from-round", "99"], 3, "there is no round 99"),
        (["players", "withdraw", "1", "--from-round", "0"], 3, "round 0 is not a round number"),
        (["standings", "--after-round", "-1"], 3, "round -1 is not a round number"),
        (["undo", "--event", "1"], 5, "the tournament's creation cannot be undone"),
        (["players", "add", "X", "--dsu-id", "-4"], 3, "DSU member number must be a positive"),
    ],
)
def test_impossible_rounds_and_values(
    runner: CliRunner, args: list[str], code: int, message: str
) -> None:
    ok(runner, "new", "T")
    for i in range(3):
        ok(runner, "players", "add", f"P, {i}")
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.output
    assert message in result.stderr


def test_export_json_writes_every_field(runner: CliRunner) -> None:
    ok(runner, "new", "T")
    ok(runner, "players", "add", "A, A")
    ok(runner, "players", "add", "B, B")
    ok(runner, "players", "add", "C, C")
    ok(runner, "pair")
    data = json.loads(ok(runner, "export", "json"))["tournament"]
    assert data["rounds"][0]["pairings"][0]["result"] is None
    assert data["scoring"]["win"] == "1"
    assert data["number_of_rounds"] is None
    assert data["players"][0]["club"] is None


def test_two_players_make_no_round_robin(runner: CliRunner) -> None:
    ok(runner, "new", "Match", "--setting", "cycles=2")
    ok(runner, "players", "add", "A, A")
    ok(runner, "players", "add", "B, B")
    result = runner.invoke(app, ["pair"])
    assert result.exit_code == 6
    assert "needs at least 3 players" in result.stderr
    assert "players" in ok(runner, "players", "list")  # nothing changed


def test_correction_says_what_it_corrected(runner: CliRunner) -> None:
    ok(runner, "new", "T")
    ok(runner, "players", "add", "A, A")
    ok(runner, "players", "add", "B, B")
    ok(runner, "players", "add", "C, C")
    ok(runner, "pair")
    assert "corrected" not in ok(runner, "result", "1", "1", "1-0")
    assert "corrected from 1-0" in ok(runner, "result", "1", "1", "0-1")


def test_csv_spreadsheet_quirks(runner: CliRunner) -> None:
    ok(runner, "new", "T")
    Path("trailing.csv").write_text(
        "navn;ratingtal;klub;\nA, A;1500;K;\nB, B;1600;K\n", encoding="utf-8"
    )
    assert "Imported 2 players" in ok(runner, "players", "import", "trailing.csv")
    Path("utf16.csv").write_bytes("navn\tklub\nÆble, Åse\tK\n".encode("utf-16"))
    ok(runner, "players", "import", "utf16.csv")
    assert json.loads(ok(runner, "players", "list", "--json"))[-1]["name"] == "Æble, Åse"
    Path("twice.csv").write_text("name,navn\nA,B\n", encoding="utf-8")
    result = runner.invoke(app, ["players", "import", "twice.csv"])
    assert result.exit_code == 3
    assert "says the same as an earlier column" in result.stderr
