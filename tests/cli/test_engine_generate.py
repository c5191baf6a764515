"""``skak engine --SYSTEM --generate [CONFIG] -o OUT.trf [--seed N] [--stats]`` through the
command line: the file it writes, its seed line, its exit codes, and ``--stats``."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app

CONFIG = "# small and fast\nPlayersNumber=10\nRoundsNumber=4\nRetiredRate=5\nHalfPointByeRate=4\n"


def _run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["engine", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("seed", ["1", "17", "4294967296"])
def test_generated_file_is_reread_and_checked(runner: CliRunner, seed: str) -> None:
    Path("rtg.cfg").write_text(CONFIG, encoding="utf-8")
    code, _, err = _run(runner, "--dutch", "--generate", "rtg.cfg", "-o", "out.trf", "--seed", seed)
    assert code == 0, err
    text = Path("out.trf").read_text(encoding="utf-8")
    assert text.splitlines()[0] == f"012 AutoTest Tournament {seed}"
    assert sum(1 for line in text.splitlines() if line.startswith("001")) == 10
    code, out, err = _run(runner, "--dutch", "--check", "out.trf")
    assert code == 0, out + err
    assert out.count("same pairing") == 4


def test_the_same_seed_writes_the_same_file(runner: CliRunner) -> None:
    Path("rtg.cfg").write_text(CONFIG, encoding="utf-8")
    for name in ("a.trf", "b.trf"):
        assert _run(runner, "--dutch", "-g", "rtg.cfg", "-o", name, "-s", "99")[0] == 0
    assert Path("a.trf").read_bytes() == Path("b.trf").read_bytes()


def test_without_a_seed_one_is_drawn_and_written(runner: CliRunner) -> None:
    Path("rtg.cfg").write_text(CONFIG, encoding="utf-8")
    assert _run(runner, "--monrad", "--generate", "rtg.cfg", "-o", "out.trf")[0] == 0
    first = Path("out.trf").read_text(encoding="utf-8").splitlines()[0]
    seed = first.removeprefix("012 AutoTest Tournament ")
    assert seed.isdecimal()
    assert (
        _run(runner, "--monrad", "--generate", "rtg.cfg", "-o", "again.trf", "--seed", seed)[0] == 0
    )
    assert Path("again.trf").read_bytes() == Path("out.trf").read_bytes()


def test_a_round_robin_is_generated_without_a_config(runner: CliRunner) -> None:
    code, _, err = _run(runner, "--berger", "--generate", "-o", "rr.trf", "--seed", "3")
    assert code == 0, err
    code, out, err = _run(runner, "--berger", "--check", "rr.trf")
    assert code == 0, out + err


def test_a_model_file_gives_the_players(runner: CliRunner) -> None:
    Path("rtg.cfg").write_text(CONFIG, encoding="utf-8")
    assert _run(runner, "--dutch", "-g", "rtg.cfg", "-o", "model.trf", "-s", "4")[0] == 0
    code, _, err = _run(runner, "--dutch", "model.trf", "--generate", "-o", "out.trf", "-s", "5")
    assert code == 0, err
    model, out = (
        Path(n).read_text(encoding="utf-8").splitlines() for n in ("model.trf", "out.trf")
    )
    assert [line[:80] for line in out if line.startswith("001")] == [
        line[:80] for line in model if line.startswith("001")
    ]
    code, _, err = _run(runner, "--dutch", "--check", "out.trf")
    assert code == 0, err
    code, _, err = _run(runner, "--dutch", "model.trf", "--generate", "rtg.cfg", "-o", "x.trf")
    assert code == 3 and "usage: skak engine" in err


def test_a_generated_file_is_overwritten_anything_else_only_with_force(runner: CliRunner) -> None:
    Path("rtg.cfg").write_text(CONFIG, encoding="utf-8")
    assert _run(runner, "--dutch", "--generate", "rtg.cfg", "-o", "out.trf", "--seed", "1")[0] == 0
    assert _run(runner, "--dutch", "--generate", "rtg.cfg", "-o", "out.trf", "--seed", "2")[0] == 0
    assert Path("out.trf").read_text(encoding="utf-8").startswith("012 AutoTest Tournament 2\n")
    Path("notes.txt").write_text("my notes\n", encoding="utf-8")
    code, _, err = _run(runner, "--dutch", "--generate", "rtg.cfg", "-o", "notes.txt")
    assert code == 5 and "the file exists already" in err
    assert Path("notes.txt").read_text(encoding="utf-8") == "my notes\n"
    code, _, _ = _run(runner, "--dutch", "--generate", "rtg.cfg", "-o", "notes.txt", "--force")
    assert code == 0


@pytest.mark.parametrize(
    ("args", "config", "code", "message"),
    [
        (
            ["--dutch", "--generate", "rtg.cfg", "-o", "o.trf"],
            "Players=4\n",
            3,
            "rtg.cfg line 1: unknown key 'Players'",
        ),
        (
            ["--dutch", "--generate", "rtg.cfg", "-o", "o.trf"],
            "PlayersNumber=4\nRoundsNumber=x\n",
            3,
            "rtg.cfg line 2: RoundsNumber is a whole number",
        ),
        (
            ["--dutch", "--generate", "missing.cfg", "-o", "o.trf"],
            None,
            5,
            "missing.cfg: cannot read the file",
        ),
        (
            ["--dutch", "--generate", "-o", "o.trf", "--seed", "x1"],
            None,
            3,
            "the seed is a whole number from 0 to",
        ),
        (["--dutch", "--generate"], None, 3, "usage: skak engine"),
        (["--dutch", "--generate", "-o"], None, 3, "-o needs a value"),
        (["--dutch", "in.trf", "--stats", "-p"], None, 3, "usage: skak engine"),
        (
            ["--knockout", "--generate", "-o", "o.trf"],
            None,
            3,
            "a knock-out's rounds depend on its play-offs",
        ),
        (
            ["--berger", "--generate", "rtg.cfg", "-o", "o.trf"],
            "RoundsNumber=3\n",
            3,
            "RoundsNumber: this pairing system's rounds follow",
        ),
    ],
)
def test_generate_exit_codes(
    runner: CliRunner, args: list[str], config: str | None, code: int, message: str
) -> None:
    if config is not None:
        Path("rtg.cfg").write_text(config, encoding="utf-8")
    got, _, err = _run(runner, *args)
    assert got == code, err
    assert message in " ".join(err.split()), err


def test_stats_after_generating_and_checking(runner: CliRunner) -> None:
    Path("rtg.cfg").write_text(CONFIG, encoding="utf-8")
    code, out, err = _run(
        runner, "--dutch", "--generate", "rtg.cfg", "-o", "o.trf", "--seed", "5", "--stats"
    )
    assert code == 0, err
    assert "Pairing statistics" in out and "Upfloats" in out and "Pairing-allocated byes" in out
    code, again, err = _run(runner, "--dutch", "--check", "o.trf", "--stats")
    assert code == 0, err
    assert again.endswith(out)


def test_stats_in_danish(runner: CliRunner) -> None:
    Path("rtg.cfg").write_text(CONFIG, encoding="utf-8")
    result = runner.invoke(
        app, ["--lang", "da", "engine", "--dutch", "-g", "rtg.cfg", "-o", "o.trf", "--stats"]
    )
    assert result.exit_code == 0, result.stderr
    assert "Parringsstatistik" in result.stdout and "Opflydere" in result.stdout
