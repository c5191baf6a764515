"""``skak standings --trf F --json`` runs without Typer (:mod:`skak.faces.cli.trf_standings`):
the same JSON as the Typer command prints, and every other command line, error or not, left
to Typer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app
from skak.faces.cli.trf_standings import options

DATA = Path(__file__).parents[1] / "data" / "trf"


def _skak(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run(
        [sys.executable, "-m", "skak", *args], capture_output=True, text=True, env=env, check=False
    )


@pytest.mark.parametrize(
    "extra",
    [
        pytest.param(["--tiebreaks", "BH/C1,BH,BH/M1,SB,FB,AOB,DE,WIN,BWG,BPG,KS"], id="twelve"),
        pytest.param(["--edition=c07-2024", "--after-round", "3"], id="edition-round"),
        pytest.param(["--rules", "dsu"], id="rules"),
    ],
)
def test_the_same_json_as_the_typer_command(extra: list[str]) -> None:
    args = ["standings", "--trf", str(DATA / "san_viator_2018.trf"), "--json", *extra]
    assert options(args[1:]) is not None  # the fast path reads this command line
    typer_run = CliRunner().invoke(app, args)
    fast = _skak(*args)
    assert (fast.returncode, fast.stdout) == (typer_run.exit_code, typer_run.stdout)


@pytest.mark.parametrize(
    "args",
    [
        ["--trf", "x.trf"],  # a table: Typer's command prints it
        ["--json", "--db", "x.db"],
        ["--trf", "x.trf", "--json", "--prizes", "100"],
        ["--trf", "x.trf", "--json", "--json"],
        ["--trf", "--json"],
        ["--trf", "x.trf", "--json", "--after-round", "two"],
        ["--trf", "x.trf", "--json", "--help"],
    ],
)
def test_other_command_lines_go_to_typer(args: list[str]) -> None:
    assert options(args) is None


def test_an_error_is_the_typer_commands(tmp_path: Path) -> None:
    args = ["standings", "--trf", str(tmp_path / "none.trf"), "--json"]
    typer_run = CliRunner().invoke(app, args)
    fast = _skak(*args)
    assert typer_run.exit_code == fast.returncode == 3
    assert "cannot read the file" in fast.stderr


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({}, id="empty-object"),
        pytest.param([], id="empty-array"),
        pytest.param({"standings": [{"rank": 1, "shared": False, "tiebreaks": {}}]}, id="row"),
        pytest.param({"a": {"b": [1, None, True, False, "x"]}, "c": []}, id="nested"),
        pytest.param(["Ærø, Ølst", 'a "quote" \\ and\nline', "\x01\u2028"], id="escapes"),
        pytest.param([[[]], [{}], {"k": [{"j": -3}]}], id="deep"),
        pytest.param("text", id="text"),
        pytest.param(None, id="null"),
        pytest.param({"x": 1.5}, id="float-to-json"),
        pytest.param({1: "int key"}, id="int-key-to-json"),
    ],
)
def test_the_json_is_written_as_json_dumps_writes_it(data: object) -> None:
    """:func:`~skak.faces.cli.trf_standings.dumps` writes what ``json.dumps(data,
    ensure_ascii=False, indent=2)`` writes, for a view's plain data and (through
    ``json.dumps`` itself) anything else."""
    import json

    from skak.faces.cli.trf_standings import dumps

    assert dumps(data) == json.dumps(data, ensure_ascii=False, indent=2)


def test_a_run_gives_the_garbage_collector_back(capsys: pytest.CaptureFixture[str]) -> None:
    """A run does without the cyclic collector, and a program calling it gets it back."""
    import gc

    from skak.faces.cli.trf_standings import run

    assert gc.isenabled()
    assert run({"--trf": str(DATA / "san_viator_2018.trf"), "--json": ""}) == 0
    assert gc.isenabled()
    assert '"standings"' in capsys.readouterr().out
