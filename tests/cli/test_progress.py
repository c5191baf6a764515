"""The progress display of long work (issue 23 item 19): on standard error only when it is a
terminal, after a delay, and transient; silent otherwise."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from skak.faces.cli import _output, _progress, app
from skak.faces.cli._progress import progress


def ok(runner: CliRunner, *args: str) -> tuple[str, str]:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout, result.stderr


def _dutch_after_one_round(runner: CliRunner, players: int = 16) -> None:
    ok(runner, "new", "Open", "--system", "dutch", "--rounds", "5")
    for i in range(1, players + 1):
        ok(runner, "players", "add", f"Spiller, {i:02d}", "--rating", str(2200 - 10 * i))
    rnd = json.loads(ok(runner, "pair", "--json")[0])
    for p in rnd["pairings"]:
        if p["black"] is not None:
            ok(runner, "result", "1", str(p["board"]), ["1-0", "½-½", "0-1"][p["board"] % 3])


def _terminal() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, force_terminal=True, width=100), buffer


def test_no_callback_and_nothing_printed_when_stderr_is_not_a_terminal(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    _dutch_after_one_round(runner)
    monkeypatch.setattr(_progress, "DELAY", 0.0)

    def no_display(*args: object) -> None:
        raise AssertionError("a progress display was made for a non-terminal")

    monkeypatch.setattr(_progress, "_Display", no_display)
    out, err = ok(runner, "pair")
    assert "round (runde) 2" in out
    assert err.strip() == ""  # no bar, no control characters: nothing but what was there


def test_engine_check_and_imports_print_nothing_more_on_a_pipe(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _dutch_after_one_round(runner)
    ok(runner, "export", "trf", "-o", "open.trf")
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    out, err = ok(runner, "engine", "--dutch", "--check", "open.trf")
    assert out.strip() == "round 1: same pairing"
    assert err == ""
    _, err = ok(runner, "import", "trf", "open.trf", "--db", str(tmp_path / "other.db"))
    assert err == ""
    csv = tmp_path / "more.csv"
    csv.write_text("name,rating\n" + "".join(f'"Ny, {i}",1500\n' for i in range(40)))
    ok(runner, "new", "Second", "--system", "monrad", "--db", str(tmp_path / "third.db"))
    _, err = ok(runner, "players", "import", str(csv), "--db", str(tmp_path / "third.db"))
    assert err == ""


def test_a_terminal_shows_the_brackets_of_a_long_pairing(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    _dutch_after_one_round(runner)
    console, buffer = _terminal()
    # standard error is the terminal's console (Rich is imported only for a terminal)
    monkeypatch.setattr(_output, "err", console, raising=False)
    monkeypatch.setattr(_progress, "_may_be_terminal", lambda: True)
    monkeypatch.setattr(_progress, "DELAY", 0.0)  # every pairing counts as long here
    out, _ = ok(runner, "pair")
    shown = buffer.getvalue()
    assert "Pairing: score brackets" in shown
    assert "Pairing" not in out  # standard output holds the round only


def test_a_terminal_shows_nothing_for_short_work() -> None:
    console, buffer = _terminal()
    with progress("Short work", console=console, delay=60.0) as report:
        assert report is not None
        for done in range(101):
            report(done, 100)
    assert buffer.getvalue() == ""


def test_the_display_reports_and_goes_away() -> None:
    console, buffer = _terminal()
    with progress("Long work", console=console, delay=0.0) as report:
        assert report is not None
        for done in range(11):
            report(done, 10)
    shown = buffer.getvalue()
    assert "Long work" in shown
    assert "10/10" in shown


def test_a_pipe_gets_no_callback() -> None:
    console = Console(file=io.StringIO(), force_terminal=False)
    with progress("Anything", console=console, delay=0.0) as report:
        assert report is None
