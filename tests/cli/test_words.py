"""The CLI's notes in plain words, singular and plural right (QA): an import of one player,
a correction of a round that one or several later rounds were paired on, an undo refused
because a later change builds on it, an undone withdrawal."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from skak.faces.cli import app, normalise_argv


def _run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, normalise_argv(list(args)))
    assert result.exit_code == code, result.output + result.stderr
    return " ".join((result.stdout + result.stderr).split())


def _monrad(runner: CliRunner, players: int = 6) -> None:
    _run(runner, "new", "Klub", "--system", "monrad", "--rounds", "5")
    for i in range(1, players + 1):
        _run(runner, "players", "add", f"Spiller {i}", "--rating", str(2000 - i))


def test_importing_one_player_says_player_and_start_number(
    runner: CliRunner, tmp_path: Path
) -> None:
    _run(runner, "new", "Klub", "--system", "monrad", "--rounds", "5")
    (tmp_path / "en.csv").write_text("name;rating\nHansen, Jens;1850\n", encoding="utf-8")
    assert "Imported 1 player from en.csv (start number 1)" in _run(
        runner, "players", "import", "en.csv"
    )
    (tmp_path / "to.csv").write_text("name\nA, B\nC, D\n", encoding="utf-8")
    assert "Imported 2 players from to.csv (start numbers 2–3)" in _run(
        runner, "players", "import", "to.csv"
    )
    assert "Importerede 1 spiller fra en.csv (startnummer 4)" in _run(
        runner, "--lang", "da", "players", "import", "en.csv"
    )


def test_a_correction_names_the_later_rounds_in_the_plural(runner: CliRunner) -> None:
    _monrad(runner)
    for number in (1, 2, 3):
        _run(runner, "pair")
        _run(runner, "results", str(number), "1", "½", "0")
    text = _run(runner, "result", "1", "2", "1-0")
    assert (
        "round 1 board 2 was ½-½; rounds 2–3 were paired on the old result, and their "
        "pairings stand" in text
    )


def test_an_undo_refused_says_why_in_an_arbiters_words(runner: CliRunner) -> None:
    _monrad(runner)
    _run(runner, "pair")
    _run(runner, "result", "1", "1", "1-0")
    text = _run(runner, "undo", "--event", "8", code=5)
    assert (
        "cannot undo event 8 (round 1 paired: 3 boards): later event 9 (round 1 board 1: "
        "1-0) was made on top of it and would no longer hold — without event 8, round 1 "
        "does not exist: no round has been paired yet. Undo event 9 first." in text
    )
    assert "kan ikke fortryde hændelse 8 (runde 1 parret: 3 brætter)" in _run(
        runner, "--lang", "da", "undo", "--event", "8", code=5
    )


def test_an_undone_withdrawal_names_one_round_in_the_singular(runner: CliRunner) -> None:
    _monrad(runner)
    _run(runner, "players", "withdraw", "6", "--from-round", "1")
    _run(runner, "pair")
    text = _run(runner, "undo", "--event", "8")
    assert "note: round 1 was paired while the player was withdrawn; a forfeit" in text


def test_an_undo_says_what_was_undone_in_the_commands_language(runner: CliRunner) -> None:
    _monrad(runner)
    _run(runner, "pair")
    _run(runner, "result", "1", "1", "1-0")
    assert "Undone: event 9, round 1 board 1: 1-0." in _run(runner, "undo")
    _run(runner, "result", "1", "1", "½")
    assert "Fortrudt: hændelse 11, runde 1 bræt 1: ½-½." in _run(runner, "--lang", "da", "undo")
