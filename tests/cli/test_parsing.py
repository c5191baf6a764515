"""A command line skak cannot use (:mod:`skak.cli._parsing`): a value of the wrong kind is
bad input in skak's words (exit 3), and an option a command does not have is named as
such, on the commands that let ``-1`` through as a round number too."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from skak.cli import app
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


def test_minus_one_and_the_forfeit_keys_still_reach_the_command(
    runner: CliRunner, paired: str
) -> None:
    bad_round = runner.invoke(app, ["result", "-1", "1", "1-0"])
    assert bad_round.exit_code == 3
    assert "round -1 is not a round number" in bad_round.stderr
    assert runner.invoke(app, ["results", "1", "-", "+"]).exit_code == 0  # the short keys
    assert runner.invoke(app, ["result", "1", "1", "-+"]).exit_code == 0
