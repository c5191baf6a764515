"""``skak.pairing.engine``: what every pairing system does alike (issue #23 item 14)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.errors import NoValidPairingError
from skak.faces.cli import app
from skak.model import Player, Ratings, Tournament
from skak.pairing import get_system, system_names
from skak.pairing.engine import pair_next
from tests.conftest import file_digest

ROUND_ROBINS = {"berger", "dsu-rr"}
#: The systems that pair by a schedule or bracket drawn once, and the smallest field of each:
#: an absent player's game stays on it, decided by forfeit.
SCHEDULED = {"berger": 3, "dsu-rr": 3, "knockout": 4}


def _field(players: int, absent: int = 0) -> Tournament:
    """``players`` registered, the first ``absent`` of them announced absent in round 1."""
    field = tuple(
        Player(
            i,
            f"P, {i}",
            ratings=Ratings(dsu=2000 - i, fide=2000 - i),
            absent_rounds=frozenset({1}) if i <= absent else frozenset(),
        )
        for i in range(1, players + 1)
    )
    return Tournament("T", "x", number_of_rounds=5, players=field)


@pytest.mark.parametrize("system", system_names())
@pytest.mark.parametrize(("players", "absent"), [(0, 0), (1, 0), (2, 1), (5, 4)])
def test_no_system_pairs_a_round_without_a_game(system: str, players: int, absent: int) -> None:
    """0 or 1 players to pair: refused by every system (Dutch paired an empty round)."""
    t = _field(players, absent)
    t = Tournament(
        t.name,
        system,
        number_of_rounds=None if system in ROUND_ROBINS else 5,
        players=t.players,
    )
    if players >= SCHEDULED.get(system, players + 1):
        # A schedule is kept: the absent players' games are forfeits.
        rnd = pair_next(t, get_system(system))
        assert any(not p.is_bye for p in rnd.pairings)
        return
    with pytest.raises(NoValidPairingError):
        pair_next(t, get_system(system))


@pytest.mark.parametrize("system", ["dutch", "monrad", "dansk"])
def test_the_swiss_systems_say_alike_why(system: str) -> None:
    t = _field(2, 1)
    t = Tournament(t.name, system, number_of_rounds=5, players=t.players)
    with pytest.raises(NoValidPairingError, match=r"round 1: fewer than two players to pair"):
        pair_next(t, get_system(system))


def test_dutch_with_one_player_exits_6_and_stores_nothing(runner: CliRunner) -> None:
    assert runner.invoke(app, ["new", "T", "--system", "dutch", "--rounds", "5"]).exit_code == 0
    assert runner.invoke(app, ["players", "add", "Alene, Ib"]).exit_code == 0
    digest = file_digest(Path("skak.db"))
    result = runner.invoke(app, ["pair"])
    assert result.exit_code == 6, result.output
    assert "fewer than two players to pair (1 present)" in result.stderr
    assert file_digest(Path("skak.db")) == digest
