"""The Dutch system in use: ``skak engine --dutch --check`` on bbpPairings' full tournaments,
a hand edit found, and a tournament run through the CLI with requested byes, a late entry and
a withdrawal."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app
from skak.io.trf import decode_trf, parse_trf, write_trf
from tests.conftest import shared_path

#: bbpPairings' complete tournaments in ``../shared``, or the repository's sample of them.
FULL = shared_path("oracles/dutch-2026/full")


def _small_full_files(limit: int = 24, count: int = 6) -> list[Path]:
    if not FULL.exists():
        return []
    out = []
    for path in sorted(FULL.glob("*.trf")):
        players = sum(1 for line in path.read_text().splitlines() if line.startswith("001"))
        if players <= limit:
            out.append(path)
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize(
    "path", _small_full_files() or [None], ids=lambda p: p.stem if p else "absent"
)
def test_check_finds_no_difference_in_bbppairings_tournaments(
    path: Path | None, runner: CliRunner
) -> None:
    if path is None:
        pytest.skip(f"no bbpPairings tournament of at most 24 players in {FULL}")
    done = runner.invoke(app, ["engine", "--dutch", "--check", str(path)])
    assert done.exit_code == 0, done.stdout + done.stderr
    rounds = len(parse_trf(decode_trf(path.read_bytes()), path.name).tournament.rounds)
    assert done.stdout.count("same pairing") == rounds


def test_check_names_the_round_where_two_pairings_were_swapped(runner: CliRunner) -> None:
    files = _small_full_files(count=1)
    if not files:
        pytest.skip(f"no bbpPairings tournament of at most 24 players in {FULL}")
    t = parse_trf(decode_trf(files[0].read_bytes()), files[0].name).tournament
    rnd = t.round(3)
    first, second = rnd.pairings[0], rnd.pairings[1]
    swapped = replace(
        rnd,
        pairings=(
            replace(first, black=second.black),
            replace(second, black=first.black),
            *rnd.pairings[2:],
        ),
    )
    edited = replace(t, rounds=(*t.rounds[:2], swapped, *t.rounds[3:]))
    Path("swapped.trf").write_text(write_trf(edited, extensions=False), encoding="utf-8")
    done = runner.invoke(app, ["engine", "--dutch", "--check", "swapped.trf"])
    assert done.exit_code == 1, done.stdout + done.stderr
    assert "round 3 differs" in done.stdout
    assert "round 2: same pairing" in done.stdout


def test_a_dutch_tournament_through_the_cli(runner: CliRunner) -> None:
    def run(*args: str) -> str:
        result = runner.invoke(app, list(args))
        assert result.exit_code == 0, result.stdout + result.stderr
        return result.stdout

    run("new", "Open 2026", "--system", "dutch", "--rounds", "5", "--unrated")
    for i in range(1, 11):
        run("players", "add", f"P, {i:02d}", "--fide-rating", str(2400 - 20 * i))
    run("players", "absent", "4", "--round", "2", "--half")
    for r in range(1, 6):
        if r == 3:
            run("players", "add", "Late, Comer", "--fide-rating", "2000")
            run("players", "withdraw", "7")
        run("pair")
        rnd = json.loads(run("round", "show", str(r), "--json"))
        paired = [n for p in rnd["pairings"] for n in (p["white"], p["black"]) if n]
        assert len(paired) == len(set(paired))
        if r == 2:
            assert rnd["byes"] == [{"player": 4, "result": "half-bye"}]
            assert 4 not in paired
        if r >= 3:
            assert 7 not in paired
            assert 11 in paired
        for p in rnd["pairings"]:
            if p["black"] is not None:
                run("result", str(r), str(p["board"]), "1-0" if p["board"] % 2 else "½-½")
    games = [
        frozenset((p["white"], p["black"]))
        for r in range(1, 6)
        for p in json.loads(run("round", "show", str(r), "--json"))["pairings"]
        if p["black"] is not None
    ]
    assert len(games) == len(set(games))  # no rematch
