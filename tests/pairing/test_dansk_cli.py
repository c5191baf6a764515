"""Dansk Schweizer through the command line: ``skak engine --dansk`` pairs a TRF file and
explains it, ``--check`` finds no difference in a tournament it paired itself, and ``skak pair
--explain`` gives the arbiter the reasons."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from skak.faces.cli import app
from skak.io.trf import write_trf
from skak.model import Player, Ratings, Result, Tournament
from skak.pairing import get_system
from skak.pairing.engine import pairs_text

DANSK = get_system("dansk")


def ok(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


def played(rounds: int, *, total: int = 7, seed: int = 5) -> Tournament:
    """A 15-player Dansk Schweizer (odd: X every round) with acceleration in the first two
    rounds, one withdrawal and one declared half-point bye, paired by skak itself."""
    rng = random.Random(seed)
    players = tuple(
        Player(
            i,
            f"Spiller, {i}",
            ratings=Ratings(dsu=rng.randint(1200, 2300)),
            withdrawn_from=4 if i == 6 else None,
            half_bye_rounds=frozenset({3}) if i == 9 else frozenset(),
        )
        for i in range(1, 16)
    )
    t = Tournament(
        "DM kandidatklassen",
        "dansk",
        number_of_rounds=total,
        players=players,
        pairing_settings=(("acceleration-groups", 2), ("acceleration-rounds", 2)),
    )
    for _ in range(rounds):
        rnd = DANSK.pair(t)
        boards = tuple(
            p
            if p.black is None
            else replace(p, result=rng.choice([Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN]))
            for p in rnd.pairings
        )
        t = replace(t, rounds=(*t.rounds, replace(rnd, pairings=boards)))
    return t


def test_engine_check_finds_no_difference_in_its_own_pairings(runner: CliRunner) -> None:
    t = played(7)
    Path("dansk.trf").write_text(write_trf(t))
    report = ok(runner, "engine", "--dansk", "--check", "dansk.trf")
    assert report.count("same pairing") == 7
    assert "differs" not in report


def test_engine_check_names_a_hand_edited_round(runner: CliRunner) -> None:
    t = played(3)
    r2 = t.round(2)
    a, b = r2.pairings[0], r2.pairings[1]
    edited = replace(
        r2, pairings=(replace(a, black=b.black), replace(b, black=a.black), *r2.pairings[2:])
    )
    Path("edited.trf").write_text(write_trf(replace(t, rounds=(t.rounds[0], edited, t.rounds[2]))))
    result = runner.invoke(app, ["engine", "--dansk", "--check", "edited.trf"])
    assert result.exit_code == 1
    assert "round 2 differs" in result.stdout
    assert "round 1: same pairing" in result.stdout


def test_engine_pairs_the_next_round_with_its_reasons(runner: CliRunner) -> None:
    t = played(1)
    Path("in.trf").write_text(write_trf(t))
    result = runner.invoke(app, ["engine", "--dansk", "in.trf", "-p", "out.txt", "--explain"])
    assert result.exit_code == 0, result.output + result.stderr
    assert Path("out.txt").read_text() == pairs_text(DANSK.pair(t))
    assert "Dansk Schweizer (DSU 4.9.3), round 2: 15 players" in result.stderr
    assert "acceleration (10)" in result.stderr
    assert "meets X" in result.stderr


def test_pair_explain_in_a_tournament(runner: CliRunner) -> None:
    ok(runner, "new", "Klubturnering", "--system", "dansk", "--rounds", "5")
    for i, rating in enumerate([1650, 2010, 1820, 1500, 1930], start=1):
        ok(runner, "players", "add", f"Spiller, {i}", "--rating", str(rating))
    text = ok(runner, "pair", "--explain")
    assert "start numbers by strength (3.1), strongest first: 2, 5, 3, 1, 4" in text
    assert "7.1" in text
    rnd = json.loads(ok(runner, "round", "show", "1", "--json"))
    assert {p["white"] for p in rnd["pairings"] if p["black"] is None} == {3}  # a3 meets X (b3)
