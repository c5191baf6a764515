"""Issue #23 item 7: ``-o`` and ``-p`` never write over the database, the file the command
reads, or an existing file without ``--force``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app
from skak.io.trf import write_trf
from skak.model import Player, Ratings, Tournament
from skak.pairing import get_system
from tests.conftest import file_digest


def ok(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


@pytest.fixture
def tournament(runner: CliRunner) -> Path:
    ok(runner, "new", "Klub")
    for i in range(1, 5):
        ok(runner, "players", "add", f"P, {i}")
    return Path("skak.db")


@pytest.mark.sqlite_only  # the database as a file
@pytest.mark.parametrize("kind", ["trf", "json"])
@pytest.mark.parametrize(
    "target", ["skak.db", "./skak.db", "link.db", "skak.db-wal"], ids=lambda t: t
)
def test_export_never_writes_over_the_database(
    runner: CliRunner, tournament: Path, kind: str, target: str
) -> None:
    Path("link.db").symlink_to(tournament.resolve())
    digest = file_digest(tournament)
    result = runner.invoke(app, ["export", kind, "-o", target, "--db", "skak.db", "--force"])
    assert result.exit_code == 3, result.output
    assert result.stderr.startswith("error:")
    assert "the database the command works on" in " ".join(result.stderr.split())
    assert "Wrote" not in result.stderr
    assert file_digest(tournament) == digest


def test_export_never_writes_over_another_database(runner: CliRunner, tournament: Path) -> None:
    ok(runner, "new", "Other", "--db", "other.db")
    digest = file_digest(Path("other.db"))
    result = runner.invoke(app, ["export", "trf", "-o", "other.db", "--force"])
    assert result.exit_code == 3
    assert "skak does not write a file over a database" in result.stderr
    assert file_digest(Path("other.db")) == digest


@pytest.mark.parametrize("kind", ["trf", "json"])
def test_an_existing_file_is_overwritten_only_with_force(
    runner: CliRunner, tournament: Path, kind: str
) -> None:
    Path("out.txt").write_text("the arbiter's notes\n")
    result = runner.invoke(app, ["export", kind, "-o", "out.txt"])
    assert result.exit_code == 3
    assert "out.txt: the file exists already; give --force" in " ".join(result.stderr.split())
    assert Path("out.txt").read_text() == "the arbiter's notes\n"
    ok(runner, "export", kind, "-o", "out.txt", "--force")
    assert Path("out.txt").read_text() != "the arbiter's notes\n"
    Path("empty.txt").touch()  # an empty file (e.g. from mkstemp) holds nothing to lose
    ok(runner, "export", kind, "-o", "empty.txt")
    assert Path("empty.txt").stat().st_size > 0


def _trf() -> str:
    field = tuple(Player(i, f"P, {i}", ratings=Ratings(fide=2100 - i)) for i in range(1, 7))
    t = Tournament("RR", "berger", players=field, scoring=get_system("berger").default_scoring)
    return write_trf(t, extensions=False)


def test_engine_never_writes_over_its_input(runner: CliRunner) -> None:
    Path("in.trf").write_text(_trf())
    before = Path("in.trf").read_bytes()
    os.symlink("in.trf", "same.trf")
    for target in ("in.trf", "./in.trf", "same.trf"):
        result = runner.invoke(app, ["engine", "--dutch", "in.trf", "-p", target, "--force"])
        assert result.exit_code == 5, result.output
        assert "the file the command reads" in " ".join(result.stderr.split())
        assert Path("in.trf").read_bytes() == before


def test_engine_overwrites_an_existing_file_only_with_force(runner: CliRunner) -> None:
    Path("in.trf").write_text(_trf())
    Path("pairs.txt").write_text("keep me\n")
    result = runner.invoke(app, ["engine", "--berger", "in.trf", "-p", "pairs.txt"])
    assert result.exit_code == 5
    assert "give --force" in result.stderr
    assert Path("pairs.txt").read_text() == "keep me\n"
    ok(runner, "engine", "--berger", "in.trf", "-p", "pairs.txt", "--force")
    assert Path("pairs.txt").read_text().splitlines()[0] == "3"


def test_engine_overwrites_its_own_pairs_file(runner: CliRunner) -> None:
    """Programs call an engine round after round with one output file (bbpPairings' and
    JaVaFo's convention): a file of pairs as -p writes them is overwritten without --force."""
    Path("in.trf").write_text(_trf())
    Path("pairs.txt").write_text("2\n1 2\n3 0\n")
    ok(runner, "engine", "--berger", "in.trf", "-p", "pairs.txt")
    assert Path("pairs.txt").read_text().splitlines()[0] == "3"
