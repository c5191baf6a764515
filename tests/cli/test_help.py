"""Every command's help as an arbiter reads it (:mod:`skak.faces.cli._help`): a flag shows no
value, an option's value is said in a word (NUMBER, TEXT, DATE, FILE), a repeatable option
shows it with …, and every argument is named in capitals."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import typer
from typer.testing import CliRunner

from skak.faces.cli import app

runner = CliRunner()


def _commands(command: object, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    yield path
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from _commands(sub, (*path, name))


COMMANDS = list(_commands(typer.main.get_command(app)))


def _help(path: tuple[str, ...]) -> str:
    shown = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "120"}, terminal_width=120)
    assert shown.exit_code == 0, shown.output
    return shown.output


def _options_panel(text: str) -> str:
    at = text.find("─ Options ─")
    assert at >= 0, text
    return text[at : text.find("╰", at)]


def test_the_walk_finds_the_commands_and_their_groups() -> None:
    assert len(COMMANDS) > 80
    assert ("players", "add") in COMMANDS
    assert ("rating", "list") in COMMANDS


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "skak")
def test_a_flag_shows_no_value_and_an_argument_is_named_in_capitals(
    path: tuple[str, ...],
) -> None:
    text = _help(path)
    options = _options_panel(text)
    assert "<bool>" not in options  # --json, --force, --help take no value
    assert "<list[" not in options  # a repeatable option shows its values' word and …
    assert not re.search(r"<(int|str|float|path|file)>", text), text  # words, not types
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert "[[" not in usage
    for name in re.findall(r"[{\[]([^\]}]+)[}\]]", usage):
        if name not in ("OPTIONS", "ARGS"):
            assert name == name.upper(), usage


def test_the_result_commands_read_as_their_examples() -> None:
    assert "skak result [OPTIONS] {ROUND} {BOARD} {RESULT}" in _help(("result",))
    assert "skak results [OPTIONS] {ROUND} [RESULT]..." in _help(("results",))
    new = _options_panel(_help(("new",)))
    assert re.search(r"--setting +TEXT…", new), new
    assert re.search(r"--kind +KIND ", new), new
    add = _help(("players", "add"))
    assert re.search(r"--rating +NUMBER +DSU rating", add), add
    assert re.search(r"--born +DATE +Birth date YYYY-MM-DD", add), add
    assert re.search(r"│ +NAME +Name as", add), add  # an argument: its name, no type
    assert re.search(r"--json +Print JSON", _options_panel(_help(("tournaments",))))


def test_tidying_again_changes_nothing() -> None:
    """A command handed out twice (``skak --help``, then the command) shows the same."""
    assert _help(("standings",)) == _help(("standings",))


def test_a_paragraph_of_a_commands_help_flows_as_one() -> None:
    """The docstring's line breaks are not kept: the terminal's width breaks the lines."""
    text = _help(("rating", "list"))
    assert "archived (001 §5.1) and shown only with --all." in text


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "skak")
def test_the_options_leave_their_help_room_at_80_columns(path: tuple[str, ...]) -> None:
    """At 80 columns an option's help has 30 columns or more: its names, short name, the
    negative form and the type leave it room (no "--international-arbiter
    --no-international-arbiter" squeezing the text into a column of 20)."""
    shown = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    line = next(line for line in shown.output.splitlines() if "Show this message" in line)
    assert len(line) - line.index("Show this message") - 2 >= 30, shown.output
