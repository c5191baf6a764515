"""``skak rating amend`` (the correction cascade shown, then written when confirmed),
``skak rating merge`` and ``skak rating undo`` (issue 36, items 2 and 3)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from skak.api import Skak
from skak.faces.cli import app
from skak.rating.registry import RegistryBuilder
from skak.records.registry import commands as rules
from tests.records.registry.test_cascade import RATINGS, SEASON, applied, entries


def _registry(cli_db: str) -> Skak:
    s = Skak(cli_db, create=True, actor="test")
    s.registry.change(rules.ImportList(tuple(entries(RATINGS))))
    builder = RegistryBuilder()
    for e in entries(RATINGS):
        builder.apply(e)
    for i, games in enumerate(SEASON):
        s.registry.change(rules.ApplyTournament(applied(builder, i, games)))
    return s


def _ratings(s: Skak) -> dict[int, int | None]:
    return {pid: p.rating("standard") for pid, p in s.registry.get().players.items()}


def test_amend_previews_asks_writes_and_undoes(runner: CliRunner, cli_db: str) -> None:
    s = _registry(cli_db)
    was, version = _ratings(s), s.registry.version()
    args = ["rating", "amend", "Turnering 1", "1", "1", "Spiller 2", "0-1", "--date", "2025-06-01"]
    shown = runner.invoke(app, [*args, "--preview"])
    assert shown.exit_code == 0, shown.output
    assert "Turnering 1, round 1: Spiller 1–Spiller 2 1-0 → 0-1" in shown.stdout
    assert "Turnering 3 (2025-05-01), rated again" in shown.stdout
    assert "1850" in shown.stdout and s.registry.version() == version
    refused = runner.invoke(app, args, input="n\n")
    assert refused.exit_code == 1 and "Nothing was written" in refused.stdout
    assert s.registry.version() == version
    done = runner.invoke(app, args, input="y\n")
    assert done.exit_code == 0, done.output
    assert s.registry.version() == version + 1 and _ratings(s) != was
    card = json.loads(runner.invoke(app, ["rating", "show", "1", "--json"]).stdout)
    assert card["history"][-1]["reason"].startswith("correction: Turnering 1, round 1")
    undone = runner.invoke(app, ["rating", "undo"])
    assert undone.exit_code == 0 and "The correction is undone" in undone.stdout
    assert _ratings(s) == was
    s.close()


def test_amend_as_json_writes_only_with_yes(runner: CliRunner, cli_db: str) -> None:
    s = _registry(cli_db)
    version = s.registry.version()
    args = ["rating", "amend", "#9", "1", "1", "2", "0-1", "--json"]
    assert "no tournament applied to the registry" in runner.invoke(app, args).stderr
    args[2] = "t0"  # its key
    listed = runner.invoke(app, args)
    assert listed.exit_code == 1 and s.registry.version() == version
    data = json.loads(listed.stdout.split("\nNothing")[0])
    assert data["version"] == version and len(data["tournaments"]) == 3
    assert runner.invoke(app, [*args, "--yes"]).exit_code == 0
    assert s.registry.version() == version + 1
    s.close()


def test_merge_and_its_undo(runner: CliRunner, cli_db: str) -> None:
    s = _registry(cli_db)
    merged = runner.invoke(app, ["rating", "merge", "1", "5", "--date", "2025-06-01"])
    assert merged.exit_code == 0, merged.output
    assert "DSU 5 is merged into DSU 1 Spiller 1" in merged.stdout
    card = json.loads(runner.invoke(app, ["rating", "show", "5", "--json"]).stdout)
    assert card["dsu_id"] == 1 and card["history"][-1]["reason"] == "merged: DSU 5 (Spiller 5)"
    again = runner.invoke(app, ["rating", "merge", "1", "5"])
    assert again.exit_code != 0 and "merged into 1 already" in again.stderr
    undone = runner.invoke(app, ["rating", "undo"])
    assert "The merge of DSU 5 into DSU 1 is undone." in undone.stdout
    assert 5 in s.registry.get().players
    assert "no correction or merge" in runner.invoke(app, ["rating", "undo"]).stderr
    s.close()


def test_a_tournament_applied_from_skak_keeps_games_that_rate_as_it_was_rated(
    runner: CliRunner, cli_db: str
) -> None:
    """A Gladiator tournament (play-offs; §2.5's winner placed by the standings) applied
    with ``skak rating apply``: its kept games rate to its changes, and a correction of one
    of them is previewed from them."""
    from skak.rating.cascade import rate_kept
    from skak.rating.registry import TournamentApplied
    from tests.cli.test_rating_winner import FIELD, _gladiator

    _gladiator(runner)
    s = Skak(cli_db, create=True, actor="test")
    listed = {member: rating for _, rating, member in FIELD.values()}
    s.registry.change(rules.ImportList(tuple(entries(listed))))
    assert runner.invoke(app, ["rating", "apply"]).exit_code == 0
    row = s.registry.row()
    assert row is not None
    (event,) = [
        r.event for r in s.store.load(s.registry._kind(), row, full=True).events
        if isinstance(r.event, TournamentApplied)
    ]  # fmt: skip
    assert event.games is not None and event.games.first_place == ("3",)
    assert rate_kept(event.games, event.rating_kind, event.edition) == event.changes
    game = next(g for g in event.games.games if "3" not in (g.white, g.black))
    ids = {p.id: str(p.dsu_id) for p in event.games.players}
    args = ["rating", "amend", "G", str(game.round), ids[game.white], ids[game.black], "½-½"]
    shown = runner.invoke(app, [*args, "--preview", "--date", "2026-03-02"])
    assert shown.exit_code == 0, shown.output
    assert "→ ½-½" in shown.stdout
    s.close()
