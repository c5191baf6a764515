"""``skak event new | group | show | move | report | list`` (issue: the arbiter's hall,
item 4): an event's groups from the command line."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from skak.faces.cli import app


def run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout if code == 0 else result.stderr


def test_an_event_from_the_command_line(runner: CliRunner) -> None:
    run(runner, "event", "new", "EMT 2026", "--place", "Aarhus", "--start", "2026-07-04")
    assert "Group A: tournament" in run(runner, "event", "group", "EMT 2026", "A", "--rounds", "7")
    run(runner, "new", "Gruppe B", "--system", "monrad", "--rounds", "7")
    run(runner, "event", "group", "EMT 2026", "B", "--tournament", "Gruppe B")
    run(runner, "players", "add", "Hansen, Bo", "--tournament", "Gruppe B")
    run(runner, "players", "add", "Berg, Ole", "--tournament", "Gruppe B")
    assert "Hansen, Bo moved to A as no. 1" in run(
        runner, "event", "move", "EMT 2026", "B:1", "--to", "A"
    )
    view = json.loads(run(runner, "event", "show", "EMT 2026", "--json"))
    assert [(g["label"], g["players"]) for g in view["groups"]] == [("A", 1), ("B", 1)]
    assert [(e["name"], e["group"], e["start_number"]) for e in view["entrants"]] == [
        ("Berg, Ole", "B", 1),
        ("Hansen, Bo", "A", 1),
    ]
    err = run(runner, "event", "move", "EMT 2026", "Berg", "--to", "C", code=4)
    assert "no group C" in err and "A, B" in err
    err = run(runner, "--lang", "da", "event", "report", "EMT 2026", code=5)
    assert "ingen gruppe" in err.lower()
    lines = json.loads(run(runner, "event", "list", "--json"))
    assert [(x["name"], x["groups"]) for x in lines] == [("EMT 2026", 2)]
