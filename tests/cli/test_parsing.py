"""A command line skak cannot use (:mod:`skak.faces.cli._parsing`): a value of the wrong kind is
bad input in skak's words (exit 3), and an option a command does not have is named as
such, on the commands that let ``-1`` through as a round number too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import pytest
import typer
from typer.testing import CliRunner

from skak.faces.cli import app, normalise_argv
from skak.faces.cli._help import SkakGroup
from tests.conftest import db_digest


@pytest.fixture
def paired(runner: CliRunner, cli_db: str) -> str:
    """A 4-player round robin with round 1 paired."""
    for args in (["new", "Klub"], *(["players", "add", f"Spiller, {i}"] for i in range(1, 5))):
        assert runner.invoke(app, args).exit_code == 0
    assert runner.invoke(app, ["pair"]).exit_code == 0
    return cli_db


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "X", "--rounds", "abc"], "--rounds: 'abc' is not a whole number"),
        (["new", "X", "--kind", "classic"], "--kind: 'classic' is not one of standard, rapid"),
        (["result", "abc", "1", "1-0"], "ROUND: 'abc' is not a whole number"),
        (["players", "add", "A, B", "--rating", "abc"], "--rating: 'abc' is not a whole number"),
        (["rating", "list", "--limit", "0"], "--limit: 0 is below 1"),
    ],
    ids=" ".join,
)
def test_a_value_of_the_wrong_kind_is_bad_input_in_plain_words(
    runner: CliRunner, paired: str, args: list[str], message: str
) -> None:
    digest = db_digest(paired)
    refused = runner.invoke(app, args)
    assert refused.exit_code == 3, refused.output
    assert refused.stderr.startswith(f"error: {message}"), refused.stderr
    assert "Input should" not in refused.output  # pydantic's words
    assert db_digest(paired) == digest


def test_a_value_of_the_wrong_kind_in_danish(runner: CliRunner, paired: str) -> None:
    refused = runner.invoke(app, ["--lang", "da", "result", "abc", "1", "1-0"])
    assert refused.exit_code == 3
    assert "fejl: ROUND: 'abc' er ikke et helt tal" in refused.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["players", "withdraw", "2", "--round", "2"],
            "No such option: --round (Possible options: --from-round)",
        ),
        (["result", "1", "1", "1-0", "--foo"], "No such option: --foo"),
        (["players", "withdraw", "--foo", "2"], "No such option: --foo"),
        (["results", "1", "1-0", "-x"], "No such option: -x"),
    ],
    ids=" ".join,
)
def test_an_unknown_option_is_named_where_minus_one_is_let_through(
    runner: CliRunner, paired: str, args: list[str], message: str
) -> None:
    digest = db_digest(paired)
    refused = runner.invoke(app, args)
    assert refused.exit_code == 2, refused.output
    assert message in refused.output
    assert "unexpected extra argument" not in refused.output
    assert db_digest(paired) == digest


def test_an_options_value_is_not_taken_for_an_option(runner: CliRunner, paired: str) -> None:
    """``--name -x`` gives the name "-x": the value of a known option is not checked."""
    edited = runner.invoke(app, ["players", "edit", "1", "--name", "-x"])
    assert edited.exit_code == 0, edited.output
    listed = runner.invoke(app, ["players", "list", "--json"]).stdout
    assert '"name": "-x"' in listed


def test_minus_one_and_the_forfeit_keys_still_reach_the_command(
    runner: CliRunner, paired: str
) -> None:
    bad_round = runner.invoke(app, ["result", "-1", "1", "1-0"])
    assert bad_round.exit_code == 3
    assert "round -1 is not a round number" in bad_round.stderr
    assert runner.invoke(app, ["results", "1", "-", "+"]).exit_code == 0  # the short keys
    assert runner.invoke(app, ["result", "1", "1", "-+"]).exit_code == 0


def test_a_bound_typer_checks_is_said_in_plain_words() -> None:
    """An option Typer bounds (``min=``, ``max=``) is refused as skak refuses a number
    out of bounds; a value within them reaches the command."""
    bounded = typer.Typer(cls=SkakGroup)

    @bounded.command()
    def board(
        number: Annotated[int, typer.Option("--number", min=1, max=40)] = 1,
    ) -> None:
        print(f"board {number}")

    @bounded.command()
    def other() -> None:  # pragma: no cover - makes ``board`` a subcommand
        pass

    runner = CliRunner()
    low = runner.invoke(bounded, ["board", "--number", "0"])
    assert (low.exit_code, low.stderr.strip()) == (3, "error: --number: 0 is below 1")
    high = runner.invoke(bounded, ["board", "--number", "41"])
    assert (high.exit_code, high.stderr.strip()) == (3, "error: --number: 41 is above 40")
    fine = runner.invoke(bounded, ["board", "--number", "7"])
    assert (fine.exit_code, fine.stdout.strip()) == (0, "board 7")


def test_db_before_the_command_is_a_global_option(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue "The arbiter's hall" item 12: ``skak --db F new …`` was "No such option: --db"
    though ``skak --lang da …`` is global. ``--db`` before the command names the database of
    every command that takes one; the command's own ``--db`` comes first, then the global
    one, then ``$SKAK_DB``, then ``./skak.db``."""
    other = tmp_path / "andet.db"

    def run(*args: str, env: dict[str, str] | None = None) -> str:
        result = runner.invoke(app, normalise_argv(list(args)), env=env)
        assert result.exit_code == 0, result.output + result.stderr
        return result.stdout

    run("--db", str(other), "new", "Andet", "--system", "monrad", "--rounds", "3")
    assert other.exists() and not Path("skak.db").exists()
    for i in range(1, 5):
        run(f"--db={other}", "players", "add", f"Spiller, {i}")
    run("--db", str(other), "--lang", "da", "pair")
    run("--db", str(other), "results", "1", "1", "-+")
    shown = json.loads(run("--db", str(other), "round", "show", "1", "--json"))
    assert [p["result"] for p in shown["pairings"]] == ["1-0", "-+"]
    run("new", "Her")  # ./skak.db
    assert "Her" in run("tournaments", "--json")
    assert "Andet" in run("--db", "skak.db", "tournaments", "--db", str(other), "--json")
    nowhere = str(tmp_path / "nowhere.db")
    assert "Andet" in run("--db", str(other), "tournaments", "--json", env={"SKAK_DB": nowhere})
    assert "Her" in run("--db", "skak.db", "tournaments", "--json", env={"SKAK_DB": nowhere})
    monkeypatch.setenv("SKAK_DB", str(other))
    assert "Andet" in run("tournaments", "--json")  # $SKAK_DB as before
    assert not Path(nowhere).exists()


def test_a_run_after_a_global_db_builds_only_its_command() -> None:
    from skak.faces.cli import for_command

    for args in (["--db", "x.db", "result", "1", "2", "1-0"], ["--db=x.db", "result"]):
        only = for_command(args)
        assert [c.callback.__name__ for c in only.registered_commands if c.callback] == ["result"]
