"""Every face ranks a tournament alike: ``skak standings --json``, ``skak export json``, the
TRF export's rank column and the demo's table all come from :func:`skak.views.standings_view`.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.api import Skak
from skak.faces.cli import app
from skak.model import Player, Ratings, Result, Tournament
from skak.model.results import Scoring

SYSTEMS = [
    ("berger", {}, False),
    ("dsu-rr", {}, False),
    ("monrad", {"number_of_rounds": 4}, False),
    ("dansk", {"number_of_rounds": 4}, False),
    ("dutch", {"number_of_rounds": 4}, False),
    ("knockout", {}, False),
    ("berger", {}, True),
]


def _cli(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


def _play(db: Path, system: str, extra: dict[str, int], gladiator: bool) -> None:
    api = Skak(db, create=True, actor="test")
    scoring = Scoring(gladiator=True) if gladiator else Scoring()
    row = api.tournaments.create(Tournament(f"Faces {system}", system, scoring=scoring, **extra))
    rng = random.Random(system)
    players = 8 if system == "knockout" else 7
    api.tournaments.add_players(
        row.id,
        lambda _t: [
            Player(i, f"Spiller {i}", ratings=Ratings(dsu=2000 - 25 * i), club=f"Klub {i % 3}")
            for i in range(1, players + 1)
        ],
    )
    for _ in range(3):
        rnd = api.tournaments.pair(row.id).after.rounds[-1]
        for p in rnd.pairings:
            if p.black is None or p.result is not None:
                continue
            result = rng.choice((Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN))
            playoff = (Result.WHITE_WIN,) if gladiator and result is Result.DRAW else ()
            api.tournaments.enter_result(row.id, rnd.number, p.board, result, playoff)
    api.close()


def _trf_ranks(text: str) -> dict[int, int]:
    ranks = {}
    for line in text.splitlines():
        if line.startswith("001"):
            ranks[int(line[4:8])] = int(line[85:89])
    return ranks


@pytest.mark.parametrize(
    ("system", "extra", "gladiator"),
    SYSTEMS,
    ids=[f"{s}{'-gladiator' if g else ''}" for s, _, g in SYSTEMS],
)
def test_standings_export_json_and_trf_rank_alike(
    runner: CliRunner, system: str, extra: dict[str, int], gladiator: bool
) -> None:
    _play(Path("skak.db"), system, extra, gladiator)
    shown = json.loads(_cli(runner, "standings", "--json"))["standings"]
    exported = json.loads(_cli(runner, "export", "json"))["standings"]
    assert exported == shown
    assert any(row["tiebreaks"] for row in shown)  # ranked by tie-breaks, not points alone
    ranks = _trf_ranks(_cli(runner, "export", "trf"))
    assert ranks == {row["start_number"]: row["rank"] for row in shown if row["rank"]}


def test_the_demo_table_is_the_standings(runner: CliRunner) -> None:
    table = _cli(runner, "demo", "--players", "8")
    shown = json.loads(_cli(runner, "standings", "--json"))["standings"]
    names = [row["name"] for row in shown]
    printed = [name for line in table.splitlines() for name in names if f" {name} " in line]
    assert printed == names
    codes = list(shown[0]["tiebreaks"])
    assert codes and all(re.search(rf"\b{code}\b", table) for code in codes)
