"""``skak players show N`` (the web's player page on the command line, the same view) and a
withdrawn player (udgået) marked in ``skak standings`` and ``skak crosstable``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app


def run(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


@pytest.fixture
def evening(runner: CliRunner) -> CliRunner:
    """Six players, round 1 played (1-0, ½-½, 0-1), player 6 withdrawn from round 2."""
    run(runner, "new", "Klubaften", "--system", "monrad", "--rounds", "3")
    for i, name in enumerate(["Aabo, Ane", "Berg, Bo", "Crone, Cai", "Dam, Dan", "Egede, Eva",
                              "Friis, Finn"], start=1):  # fmt: skip
        run(runner, "players", "add", name, "--rating", str(2000 - 50 * i))
    run(runner, "pair")
    run(runner, "results", "1", "1-0", "½", "0-1")
    run(runner, "players", "withdraw", "6", "--from-round", "2")
    return runner


def test_a_players_rounds_as_json_and_as_a_table(evening: CliRunner) -> None:
    data = json.loads(run(evening, "players", "show", "1", "--json"))
    assert data["name"] == "Aabo, Ane" and data["start_number"] == 1
    (first,) = data["rounds"]
    round_1 = json.loads(run(evening, "round", "show", "1", "--json"))
    board = next(b for b in round_1["pairings"] if 1 in (b["white"], b["black"]))
    white = board["white"] == 1
    assert first["opponent"] == (board["black"] if white else board["white"])
    assert first["colour"] == ("white" if white else "black")
    assert first["result"] == board["result"]
    standings = json.loads(run(evening, "standings", "--json"))["standings"]
    mine = next(s for s in standings if s["start_number"] == 1)
    assert first["score"] == mine["points"] == data["points"]
    assert data["place"] == mine["place"]
    assert data["performance"] is not None and data["games"] == 1
    assert "rating_change" not in data  # the tournament is not finished
    table = run(evening, "players", "show", "1")
    assert "Aabo, Ane (1)" in table and first["opponent_name"] in table
    assert f"Performance rating {data['performance']} (1 rated game)" in table


def test_the_same_in_danish(evening: CliRunner) -> None:
    table = run(evening, "--lang", "da", "players", "show", "6")
    assert "Modstander" in table and "udgået fra runde 2" in table


def test_an_unknown_player_is_refused(evening: CliRunner) -> None:
    result = evening.invoke(app, ["players", "show", "9"])
    assert result.exit_code != 0
    assert "no player has start number (startnummer) 9" in result.output + result.stderr


def test_a_withdrawn_player_is_marked_in_the_standings_and_the_crosstable(
    evening: CliRunner,
) -> None:
    for command in ("standings", "crosstable"):
        out = run(evening, command)
        marked = [line for line in out.splitlines() if "(withdrawn)" in line]
        assert len(marked) == 1 and "Friis, Finn (withdrawn)" in marked[0], command
        danish = run(evening, "--lang", "da", command)
        assert "Friis, Finn (udgået)" in danish
        assert "Egede, Eva (" not in out
    # the JSON keeps its documented keys
    rows = json.loads(run(evening, "standings", "--json"))["standings"]
    assert all("withdrawn_from" not in r for r in rows)
