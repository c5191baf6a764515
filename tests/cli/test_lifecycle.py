"""The tournament lifecycle through the ``skak`` command."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from skak.faces.cli import app


def run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout


def test_whole_round_robin(runner: CliRunner) -> None:
    out = run(runner, "new", "Klubmesterskab 2026", "--place", "Aarhus", "--start", "2026-09-01")
    assert "Created tournament #1" in out
    for name, rating in [("Hansen, Jens", "1850"), ("Berg, Anna", "1720"), ("Lund, Ole", "1600")]:
        run(runner, "players", "add", name, "--rating", rating, "--club", "Aarhus Skakklub")
    players = json.loads(run(runner, "players", "list", "--json"))
    assert [p["start_number"] for p in players] == [1, 2, 3]
    assert players[0]["ratings"]["dsu"] == 1850

    out = run(runner, "pair", "--explain")
    assert "Berger table for 4" in out
    assert "spillefri" in out
    rnd = json.loads(run(runner, "round", "show", "1", "--json"))
    assert rnd["pairings"] == [
        {"board": 1, "white": 2, "black": 3, "result": None},
        {"board": 2, "white": 1, "black": None, "result": "bye"},
    ]
    run(runner, "result", "1", "1", "1-0")
    run(runner, "pair")
    run(runner, "result", "2", "1", "½-½")
    run(runner, "pair")
    run(runner, "result", "3", "1", "0-1")
    standings = json.loads(run(runner, "standings", "--json"))["standings"]
    assert [(s["name"], s["points"]) for s in standings] == [
        ("Hansen, Jens", "1.5"),  # level on points: start-number order, shared place
        ("Berg, Anna", "1.5"),
        ("Lund, Ole", "0"),
    ]
    assert [s["place"] for s in standings] == ["1–2", "1–2", "3"]
    assert [(s["rank"], s["shared"]) for s in standings] == [(1, True), (1, True), (3, False)]
    table = run(runner, "standings")
    assert "1½" in table
    history = json.loads(run(runner, "history", "--json"))
    assert history[0]["type"] == "tournament_created"
    assert {h["actor"] for h in history} == {"arbiter"}

    out = run(runner, "undo")
    assert "round 3 board 1: 0-1" in out
    assert json.loads(run(runner, "round", "show", "3", "--json"))["pairings"][0]["result"] is None

    exported = json.loads(run(runner, "export", "json"))
    assert exported["format"] == "skak-tournament"
    assert exported["tournament"]["name"] == "Klubmesterskab 2026"
    assert len(exported["tournament"]["rounds"]) == 3
    run(runner, "export", "json", "-o", "t.json")
    assert json.loads(Path("t.json").read_text(encoding="utf-8")) == exported


def test_db_option_and_environment(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    run(runner, "new", "A", "--db", "a.db")
    monkeypatch.setenv("SKAK_DB", "b.db")
    run(runner, "new", "B")
    assert Path("a.db").exists()
    assert Path("b.db").exists()
    assert not Path("skak.db").exists()
    listed = json.loads(run(runner, "tournaments", "--json"))["tournaments"]
    assert listed[0]["name"] == "B"
    listed = json.loads(run(runner, "tournaments", "--json", "--db", "a.db"))["tournaments"]
    assert listed[0]["name"] == "A"


def test_ambiguous_tournament_lists_the_candidates(runner: CliRunner) -> None:
    run(runner, "new", "Forår")
    run(runner, "new", "Efterår")
    result = runner.invoke(app, ["players", "list"])
    assert result.exit_code == 5
    assert "holds 2 tournaments" in result.stderr
    assert "#1 Forår" in result.stderr
    assert "#2 Efterår" in result.stderr
    run(runner, "players", "add", "A, B", "--tournament", "2")
    assert (
        json.loads(run(runner, "players", "list", "--json", "-t", "Efterår"))[0]["name"] == "A, B"
    )


def test_a_second_tournament_of_the_same_name_is_named_by_its_number(runner: CliRunner) -> None:
    """``-t NAME`` names neither of two namesakes: ``skak new`` says so and how to name it."""
    first = runner.invoke(app, ["new", "Åbent 2026"])
    assert "has the same name" not in first.stderr
    second = runner.invoke(app, ["new", "åbent 2026 "])
    assert second.exit_code == 0, second.output
    assert (
        "note: tournament #1 has the same name: name this one by its number, --tournament '#2'"
        in " ".join(second.stderr.split())
    )
    run(runner, "players", "add", "A, B", "--tournament", "#2")
    assert (
        "names several tournaments"
        in runner.invoke(app, ["players", "list", "-t", "Åbent 2026"]).stderr
    )


def test_players_edit_and_withdraw(runner: CliRunner) -> None:
    run(runner, "new", "T")
    run(runner, "players", "add", "A, A", "--rating", "1500", "--fide-rating", "1600")
    run(runner, "players", "edit", "1", "--rating", "1550", "--absent", "2", "--federation", "den")
    run(runner, "players", "withdraw", "1", "--from-round", "4")
    (p,) = json.loads(run(runner, "players", "list", "--json"))
    assert p["ratings"] == {"dsu": 1550, "dsu_rapid": None, "dsu_blitz": None, "fide": 1600}
    assert p["absent_rounds"] == [2]
    assert p["federation"] == "DEN"
    assert p["withdrawn_from"] == 4
    history = json.loads(run(runner, "history", "--json"))
    assert (
        "federation – → DEN; DSU rating 1500 → 1550; absent (fraværende) in round 2"
        in (history[2]["text"])
    )
    assert history[3]["text"] == "player 1 withdrawn (udgået) from round 4"


def test_double_round_robin_setting(runner: CliRunner) -> None:
    run(runner, "new", "DRR", "--setting", "cycles=2")
    for i in range(4):
        run(runner, "players", "add", f"P, {i}")
    for r in range(1, 7):
        rnd = json.loads(run(runner, "pair", "--json"))
        for p in rnd["pairings"]:
            run(runner, "result", str(r), str(p["board"]), "=")
    result = runner.invoke(app, ["pair"])
    assert result.exit_code == 5
    assert "all 6 rounds" in result.stderr


def _commands() -> list[tuple[str, Any]]:
    root: Any = get_command(app)
    found = []
    for name, cmd in root.commands.items():
        if hasattr(cmd, "commands"):
            found += [(f"{name} {sub}", c) for sub, c in cmd.commands.items()]
        else:
            found.append((name, cmd))
    return found


@pytest.mark.parametrize(("name", "command"), _commands(), ids=lambda x: str(x))
def test_every_command_has_a_runnable_example(name: str, command: Any) -> None:
    assert command.help is not None
    assert f"Example: skak {name}" in command.help


@pytest.mark.usefixtures("copenhagen")
def test_the_history_shows_local_times_with_the_zone(runner: CliRunner) -> None:
    """Issue "The arbiter's hall" item 12: the log keeps UTC (the JSON says it as stored);
    the table shows the machine's local time ($TZ honoured) with its zone."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    run(runner, "new", "Klub")
    run(runner, "players", "add", "Hansen, Jens")
    lines = json.loads(run(runner, "history", "--json"))
    stored = datetime.fromisoformat(lines[-1]["recorded_at"])
    assert stored.utcoffset() is not None and not stored.utcoffset()  # UTC, as stored
    local = stored.astimezone(ZoneInfo("Europe/Copenhagen"))
    table = run(runner, "history")
    assert f"{local:%Y-%m-%d %H:%M} {local.tzname()}" in table
    assert local.tzname() in ("CET", "CEST") and "UTC" not in table


@pytest.mark.parametrize(
    "name", ["players list", "round show", "standings", "history", "tournaments", "pair"]
)
def test_every_listing_has_json(name: str) -> None:
    command = dict(_commands())[name]
    assert any("--json" in p.opts for p in command.params)


def test_demo_prints_final_standings(runner: CliRunner) -> None:
    out = run(runner, "demo")
    assert "standings (stilling) after round 9" in out
    assert "all results in" in " ".join(out.split())  # (a database URL may wrap the line)
    again = run(runner, "demo", "--db", "other.db")
    assert out.split("standings")[1] == again.split("standings")[1]  # same seed, same play
    data = json.loads(run(runner, "standings", "--json"))["standings"]
    assert sum(Fraction(s["points"]) for s in data) == 45  # 45 games, one point each


@pytest.mark.parametrize(
    ("typed", "stored", "said"),
    [
        ("1", "1-0", "1-0 (white won"),
        ("0", "0-1", "0-1 (black won"),
        ("=", "½-½", "½-½ (draw"),
        ("+", "+-", "+- (white won by forfeit"),
        ("-", "-+", "-+ (black won by forfeit"),
    ],
    ids=["1", "0", "=", "+", "-"],
)
def test_result_takes_the_short_keys_the_web_and_skak_results_take(
    runner: CliRunner, typed: str, stored: str, said: str
) -> None:
    """Issue 34: one result-word parser below the API, so ``skak result 1 1 1`` enters a
    white win as the web's result form and ``skak results`` do."""
    _four_paired(runner)
    out = run(runner, "result", "1", "1", typed)
    assert said in " ".join(out.split())
    rnd = json.loads(run(runner, "round", "show", "1", "--json"))
    assert rnd["pairings"][0]["result"] == stored
    again = run(runner, "result", "1", "1", stored)
    assert "nothing changed" in again


def _four_paired(runner: CliRunner) -> None:
    run(runner, "new", "Klub", "--system", "berger")
    for name in ("A, A", "B, B", "C, C", "D, D"):
        run(runner, "players", "add", name)
    run(runner, "pair")


def test_a_correction_says_what_the_board_had_and_a_bad_word_is_named(
    runner: CliRunner,
) -> None:
    _four_paired(runner)
    run(runner, "result", "1", "1", "1")
    out = " ".join(run(runner, "result", "1", "1", "½").split())
    assert "corrected from 1-0" in out
    result = runner.invoke(app, ["result", "1", "1", "2"])
    assert result.exit_code == 3
    assert "unknown result '2'" in result.stderr and "short keys: 1, 0" in result.stderr


def test_the_history_is_said_in_the_chosen_language(tmp_path: Path) -> None:
    """``skak --lang da history``: the table's heading and every change in Danish, as the
    web's history page says them."""
    db = str(tmp_path / "h.db")
    runner = CliRunner()
    assert runner.invoke(app, ["--db", db, "demo"]).exit_code == 0
    danish = runner.invoke(app, ["--lang", "da", "--db", db, "history"])
    assert danish.exit_code == 0, danish.output
    assert "Historik" in danish.output and "Hvad" in danish.output
    assert "turnering oprettet" in danish.output and "parret" in danish.output
    assert "tournament created" not in danish.output
    english = runner.invoke(app, ["--lang", "en", "--db", db, "history"])
    assert "tournament created" in english.output and "What" in english.output
