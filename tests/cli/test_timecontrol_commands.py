"""``skak new --time-control`` settles the kind from the control, and ``skak timecontrol``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skak.api import Skak
from skak.faces.cli import app


def test_kind_from_the_control(runner: CliRunner) -> None:
    done = runner.invoke(app, ["new", "Lyn", "--time-control", "3+2", "--start", "2026-05-01"])
    assert done.exit_code == 0, done.output
    t = Skak("skak.db").tournaments.get()
    assert (t.rated_kind.value, t.time_control) == ("blitz", "3+2")


def test_a_contradicting_kind_is_refused_and_nothing_written(runner: CliRunner) -> None:
    done = runner.invoke(app, ["new", "Hurtig", "--time-control", "G/15+10", "--kind", "standard"])
    assert done.exit_code == 3
    assert "makes the games rapid" in done.output and "003 §3.4.1 A1" in done.output
    assert not Path("skak.db").exists()


def test_an_agreeing_kind_and_an_old_free_text_control(runner: CliRunner) -> None:
    done = runner.invoke(app, ["new", "EMT", "--time-control", "90+30", "--kind", "standard"])
    assert done.exit_code == 0, done.output
    unreadable = runner.invoke(app, ["new", "X", "--time-control", "som sidste år"])
    assert unreadable.exit_code == 3 and "cannot read 'som'" in unreadable.output


def test_timecontrol_json(runner: CliRunner) -> None:
    done = runner.invoke(app, ["timecontrol", "2t/40 + 1t", "--date", "2026-09-01", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert (data["control"], data["pgn"], data["kind"]) == ("40/120+60", "40/7200:3600", "standard")
    assert [(f["question"], f["holds"], f["article"]) for f in data["findings"]] == [
        ("standard", True, "003 §3.4.1 A1 (laws 2009)"),
        ("DSU-ratable", True, "4.5.3, EMT §12–13"),
        ("FIDE-ratable", True, "4.7.2"),
        ("valid for a norm", True, "4.7.4"),
    ]
    table = runner.invoke(app, ["timecontrol", "10+4"])
    assert table.exit_code == 0 and "blitz" in table.output


def test_60_plus_60_is_fide_ratable_and_valid_for_a_norm(runner: CliRunner) -> None:
    """Issue 38: 60 min + 60 s a move is 120 minutes for a game of 60 moves (4.7.2, 4.7.4),
    the same count the classification makes."""
    done = runner.invoke(app, ["timecontrol", "60+60", "--date", "2026-09-01", "--json"])
    assert done.exit_code == 0, done.output
    found = {f["question"]: f for f in json.loads(done.stdout)["findings"]}
    assert found["standard"]["reason"].startswith("60 min + 60 × 60 s = 120 min")
    assert (found["FIDE-ratable"]["holds"], found["valid for a norm"]["holds"]) == (True, True)
    assert "less than 120" not in done.stdout


def test_the_rule_is_in_the_command_itself() -> None:
    """Any face creating a tournament meets the same rule (commands.tournament.decide)."""
    import pytest

    from skak.errors import InputError
    from skak.model.tournament import RatedKind, Tournament

    s = Skak(":memory:", create=True)
    with pytest.raises(InputError, match="makes the games blitz"):
        s.tournaments.create(
            Tournament("Lyn", "berger", time_control="5 min", rated_kind=RatedKind.RAPID)
        )
    assert s.tournaments.rows() == []


def test_the_refusal_speaks_danish(runner: CliRunner) -> None:
    """Under --lang da the refusal names the kinds as DSU does: hurtigskak, lynskak, normal
    betænkningstid."""
    done = runner.invoke(
        app, ["--lang", "da", "new", "Lyn", "--time-control", "3+2", "--kind", "standard"]
    )
    assert done.exit_code == 3
    words = " ".join(done.output.split())
    assert (
        "betænkningstiden '3+2' gør partierne til lynskak (3 min + 60 × 2 s = 5 min pr. "
        "spiller: under 15; 003 §3.4.2 B1 (laws 2009)), ikke normal betænkningstid: udelad "
        "--kind eller ret den"
    ) in words
    done = runner.invoke(
        app, ["--lang", "da", "new", "EMT", "--time-control", "90+30", "--kind", "rapid"]
    )
    assert "gør partierne til normal betænkningstid" in done.output
    assert "ikke hurtigskak" in " ".join(done.output.split())
