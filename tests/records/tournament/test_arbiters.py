"""The tournament's arbiters are kept with it (issue: the arbiter's hall, item 10): given at
creation (``skak new --arbiter``, the web's form) or later (``skak arbiters``), in the
history, and named by §6's report without typing them again."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from skak.api import Skak, Tournament, new_tournament
from skak.errors import InputError
from skak.faces.cli import app


def test_they_are_kept_and_changed(api: Skak) -> None:
    t = new_tournament("Lyn", system="monrad", rounds=5, arbiters=["Inge Holm", " Ole Olsen "])
    tid = api.tournaments.create(t).id
    assert api.tournaments.get(tid).arbiters == ("Inge Holm", "Ole Olsen")
    done = api.tournaments.set_arbiters(tid, ["Ole Olsen", "Inge Holm", "Ole Olsen"])
    assert done.after.arbiters == ("Ole Olsen", "Inge Holm")
    assert api.tournaments.history(tid)[-1].text == "arbiters: Ole Olsen, Inge Holm"
    assert api.tournaments.set_arbiters(tid, ["Ole Olsen", "Inge Holm"]).events == ()
    with pytest.raises(InputError):
        api.tournaments.set_arbiters(tid, ["  "])
    api.tournaments.undo(tid)
    assert api.tournaments.get(tid).arbiters == ("Inge Holm", "Ole Olsen")


def test_the_report_names_them_without_typing_them_again(runner: CliRunner) -> None:
    for args in (
        ["new", "Hurtig", "--system", "monrad", "--rounds", "1"],
        ["players", "add", "Andersen, Anna", "--rating", "1800"],
        ["players", "add", "Bruun, Bent", "--rating", "1700"],
        ["pair"],
        ["result", "1", "1", "1-0"],
    ):
        done = runner.invoke(app, args)
        assert done.exit_code == 0, (args, done.output)
    refused = runner.invoke(app, ["report"])
    assert refused.exit_code == 3 and "skak arbiters" in refused.stderr
    kept = runner.invoke(app, ["arbiters", "Inge Holm", "Ole Olsen"])
    assert kept.exit_code == 0 and "Inge Holm, Ole Olsen" in kept.stdout
    report = runner.invoke(app, ["report", "--json"])
    assert "Inge Holm, Ole Olsen" in report.stdout, report.output
    shown = runner.invoke(app, ["arbiters"])
    assert "Inge Holm, Ole Olsen" in shown.stdout
    assert Tournament.__dataclass_fields__["arbiters"].default == ()
