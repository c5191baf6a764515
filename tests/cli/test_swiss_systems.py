"""The 1998 FIDE Swiss system and Dubov through the command line: a tournament paired round
by round, ``skak round show`` with each player's ARO in a Dubov round (4.9.6 §9), and the
explanation with its articles."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app


def ok(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


def _two_rounds(runner: CliRunner, system: str) -> None:
    ok(runner, "new", "Swiss", "--system", system, "--rounds", "5")
    for i in range(1, 8):
        ok(runner, "players", "add", f"Spiller, {i}", "--fide-rating", str(2300 - 10 * i))
    for number in (1, 2):
        rnd = json.loads(ok(runner, "pair", "--json"))
        assert rnd["round"] == number
        for p in rnd["pairings"]:
            if p["black"] is not None:
                ok(runner, "result", str(number), str(p["board"]), "1-0")


def test_dubov_round_show_lists_the_aro(runner: CliRunner) -> None:
    _two_rounds(runner, "dubov")
    shown = json.loads(ok(runner, "round", "show", "2", "--json"))
    rows = {row["start_number"]: row for row in shown["aro"]}
    assert len(rows) == 7
    # Before round 2 each player's ARO is his round-1 opponent's rating (none for the bye).
    r1 = json.loads(ok(runner, "round", "show", "1", "--json"))
    for p in r1["pairings"]:
        if p["black"] is not None:
            assert rows[p["white"]]["aro"] == str(rows[p["black"]]["rating"])
        else:
            assert rows[p["white"]]["aro"] is None
    text = ok(runner, "round", "show", "2", "--explain")
    assert "ARO before round 2 (Dubov, 4.9.6 §9)" in text
    assert "white-seekers by ascending ARO (6.2)" in text


@pytest.mark.parametrize("system", ["dutch-1998", "monrad"])
def test_other_systems_show_no_aro(runner: CliRunner, system: str) -> None:
    _two_rounds(runner, system)
    shown = json.loads(ok(runner, "round", "show", "2", "--json"))
    assert "aro" not in shown
    assert "ARO before" not in ok(runner, "round", "show", "2")


def test_dutch_1998_explains_with_articles(runner: CliRunner) -> None:
    _two_rounds(runner, "dutch-1998")
    text = ok(runner, "round", "show", "2", "--explain")
    assert "score group 1 (A3" in text
    assert "(A8: x =" in text
    assert "bye (A5)" in text
