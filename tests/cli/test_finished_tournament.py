"""Issue #23 item 15: a finished tournament takes no absence beyond its rounds, no late entry
and no withdrawal, and an unknown player is named before any round is checked."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from skak.api import Skak
from skak.errors import InputError, StateError
from skak.faces.cli import app
from skak.model import Ratings, Result, Tournament
from skak.records.tournament import commands as rules
from tests.conftest import db_digest


@pytest.fixture
def finished(runner: CliRunner, cli_db: str) -> str:
    """A Monrad tournament of 8 players, all 7 rounds played."""
    s = Skak(cli_db, create=True)
    s.tournaments.create(Tournament("Fin", "monrad", number_of_rounds=7))
    for i in range(1, 9):
        s.tournaments.add_player(None, f"P, {i}", ratings=Ratings(dsu=1400 + 10 * i))
    for number in range(1, 8):
        for p in s.tournaments.pair().after.rounds[-1].pairings:
            if p.black is not None:
                s.tournaments.enter_result(None, number, p.board, Result.WHITE_WIN)
    s.close()
    return cli_db


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["players", "absent", "3", "--round", "99"],
            3,
            "the tournament has 7 rounds; there is no round 99",
        ),
        (["players", "absent", "3", "--round", "8", "--half"], 3, "there is no round 8"),
        (["players", "edit", "3", "--absent", "50"], 3, "there is no round 50"),
        (
            ["players", "add", "Sen, Ib"],
            5,
            "all 7 rounds have been paired; the tournament is over: no round is left for a late "
            "entry",
        ),
        (["players", "withdraw", "99"], 4, "no player has start number (startnummer) 99"),
        (["players", "absent", "99", "--round", "99"], 4, "no player has start number"),
        (
            ["players", "withdraw", "2"],
            5,
            "the tournament is over: there is no round left to withdraw from",
        ),
        (["players", "withdraw", "2", "--from-round", "9"], 3, "there is no round 9"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else None,
)
def test_a_finished_tournament_refuses(
    runner: CliRunner, finished: str, args: list[str], code: int, message: str
) -> None:
    digest = db_digest(finished)
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.output
    assert result.stderr.startswith("error:")
    assert message in " ".join(result.stderr.split())
    assert db_digest(finished) == digest


def test_the_rules_are_in_decide(finished: str) -> None:
    """The same refusals come from the pure ``decide``, which the store runs on every try."""
    s = Skak(finished)
    try:
        loaded = s.tournaments.read()
        ctx = rules.Context()
        with pytest.raises(InputError, match="there is no round 99"):
            rules.decide(loaded, rules.AnnounceAbsence(3, frozenset({99})), ctx)
        with pytest.raises(StateError, match="the tournament is over"):
            rules.decide(loaded, rules.RegisterPlayers(lambda t: []), ctx)
        with pytest.raises(StateError, match="the tournament is over"):
            rules.decide(loaded, rules.Withdraw(2), ctx)
    finally:
        s.close()


def test_an_absence_within_the_rounds_is_still_taken(runner: CliRunner, cli_db: str) -> None:
    s = Skak(cli_db, create=True)
    s.tournaments.create(Tournament("Fin", "monrad", number_of_rounds=7))
    for i in range(1, 5):
        s.tournaments.add_player(None, f"P, {i}")
    s.close()
    result = runner.invoke(app, ["players", "absent", "3", "--round", "7"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["players", "absent", "3", "--round", "8"])
    assert result.exit_code == 3
    assert "the tournament has 7 rounds; there is no round 8" in result.stderr
