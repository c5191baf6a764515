"""Issue #23 items 8 and 14: every number and text the user types is bounded, and a value
out of bounds is one plain ``error:`` line naming it (exit 3) — never a traceback, a usage
box, seconds of work, or a value the database column cannot hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app, normalise_argv
from tests.conftest import db_digest

LONG = "N" * 5000


def ok(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


def refused(runner: CliRunner, args: list[str], code: int = 3) -> str:
    result = runner.invoke(app, normalise_argv(args))
    assert result.exit_code == code, (result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.stderr.startswith("error:"), result.stderr
    assert "Usage" not in result.stderr
    return " ".join(result.stderr.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scoring", "win=1e5000"], "scoring win: '1e5000' is not a number of points"),
        (["--scoring", "win=1e9999999"], "scoring win: '1e9999999' is not a number of points"),
        (["--scoring", "draw=101"], "scoring draw: 101 is not a number of points skak keeps"),
        (["--scoring", "bye=1/1000"], "at most 100, in steps of 1/100 or coarser"),
        (
            ["--system", "monrad", "--setting", "lot-seed=" + "9" * 5000],
            "setting lot-seed: '999999999999999999999999'… is too large a number "
            "(5000 digits; at most 12)",
        ),
        (["--setting", "cycles=²"], "setting 'cycles' must be a whole number"),
        (["--setting", "note=" + LONG], "pairing setting 'note' is 5000 characters long"),
        (["--rounds", "1000"], "number of rounds must be 1–999, not 1000"),
        (["--place", LONG], "tournament place is 5000 characters long; at most 200"),
        (["--time-control", LONG], "tournament time_control is 5000 characters long"),
    ],
    ids=lambda v: v[0] if isinstance(v, list) else None,
)
def test_new_refuses_values_out_of_bounds(runner: CliRunner, args: list[str], message: str) -> None:
    assert message in refused(runner, ["new", "Klub", *args])
    assert not Path("skak.db").exists()


def test_a_name_longer_than_its_column_is_refused(runner: CliRunner) -> None:
    assert "tournament name is 5000 characters long; at most 200 are allowed" in refused(
        runner, ["new", LONG]
    )
    assert not Path("skak.db").exists()
    ok(runner, "new", "K" * 200)
    listed = json.loads(ok(runner, "tournaments", "--json"))["tournaments"]
    assert [t["name"] for t in listed] == ["K" * 200]


@pytest.fixture
def paired(runner: CliRunner, cli_db: str) -> str:
    ok(runner, "new", "Klub", "--system", "monrad", "--rounds", "5")
    for i in range(1, 7):
        ok(runner, "players", "add", f"P, {i}")
    ok(runner, "pair")
    return cli_db


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["result", "-1", "1", "1-0"], 3, "round -1 is not a round number"),
        (["result", "-1", "1", "-+"], 3, "round -1 is not a round number"),
        (["result", "0", "1", "1-0"], 3, "round 0 is not a round number"),
        (["result", "1", "-2", "1-0"], 3, "board -2 is not a board number"),
        (["result", "1", "0", "½-½"], 3, "board 0 is not a board number"),
        (["round", "show", "-2"], 3, "round -2 is not a round number"),
        (["players", "absent", "2", "--round", "-1"], 3, "round -1 is not a round number"),
        (["players", "withdraw", "-3"], 4, "no player has start number (startnummer) -3"),
        (["players", "edit", "-3", "--rating", "1500"], 4, "no player has start number"),
        (["players", "add", LONG], 3, "player 7: the name is 5000 characters long; at most 200"),
        (["players", "add", "X, Y", "--club", LONG], 3, "player 7: the club is 5000 characters"),
        (["players", "add", "X, Y", "--start-number", "10000"], 3, "must be 1–9999, not 10000"),
        (["players", "add", "X, Y", "--rating", "40000"], 3, "DSU rating 40000 is outside"),
        (["players", "edit", "1", "--name", LONG], 3, "name is 5000 characters long"),
        (["players", "add", "A, A", "--start-number", "1"], 5, "start number (startnummer) 1"),
    ],
    ids=lambda v: " ".join(v)[:40] if isinstance(v, list) else None,
)
def test_bad_numbers_and_texts_are_plain_errors(
    runner: CliRunner, paired: str, args: list[str], code: int, message: str
) -> None:
    digest = db_digest(paired)
    assert message in refused(runner, args, code)
    assert db_digest(paired) == digest


def test_a_csv_name_longer_than_its_column_names_the_line(runner: CliRunner) -> None:
    ok(runner, "new", "Klub", "--system", "monrad", "--rounds", "5")
    Path("spillere.csv").write_text(f"navn;ratingtal\nHansen, Jens;1850\n{LONG};1700\n")
    message = refused(runner, ["players", "import", "spillere.csv"])
    assert "spillere.csv line 3" in message
    assert "5000 characters long; at most 200" in message
