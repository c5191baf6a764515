"""Deleting a tournament (issue 37, item 10): an event, so the tournament leaves the lists
and its pages while its events stay (a backup keeps it, ``skak check`` checks it), and
``skak undelete`` (the deletion undone) brings it back as it was. Only its arbiter or an
admin may delete it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.api import Skak, Tournament
from skak.errors import NotFoundError, PermissionDenied, StateError
from skak.faces.cli import app


def _two(api: Skak) -> tuple[int, int]:
    a = api.tournaments.create(Tournament("Klubmesterskab", "dutch", number_of_rounds=5)).id
    b = api.tournaments.create(Tournament("Dublet", "dutch", number_of_rounds=5)).id
    api.tournaments.add_player(b, "Andersen, Anna")
    return a, b


def test_a_deleted_tournament_leaves_the_lists_and_comes_back_as_it_was(api: Skak) -> None:
    a, b = _two(api)
    before = api.tournaments.get(b)
    done = api.tournaments.delete("Dublet", reason="oprettet to gange")
    assert done.after.deleted and [e.kind for e in done.events] == ["tournament_deleted"]
    assert [r.id for r in api.tournaments.rows()] == [a]
    assert [r.id for r in api.tournaments.deleted_rows()] == [b]
    assert [r.id for r in api.tournaments.all_rows()] == [a, b]
    # The one tournament left is the default; the deleted one is named as deleted.
    assert api.tournaments.resolve().id == a
    for ident in ("Dublet", f"#{b}", b):
        with pytest.raises(NotFoundError, match="is deleted; 'skak undelete"):
            api.tournaments.get(ident)
    with pytest.raises(NotFoundError, match="is deleted"):
        api.tournaments.version(b)
    with pytest.raises(NotFoundError):
        api.tournaments.add_player(b, "Bruun, Bent")
    assert api.check() == []  # its events are still there, and read back
    undone, t = api.tournaments.undelete("Dublet")
    assert undone.event.kind == "tournament_deleted"
    assert t == before
    assert [r.id for r in api.tournaments.rows()] == [a, b]
    assert [h.text for h in api.tournaments.history(b)][-2:] == [
        "tournament deleted: oprettet to gange",
        "undo of event 3",
    ]
    # Deleted again, and back again: the deletion in force is the newest.
    api.tournaments.delete(b)
    assert [r.id for r in api.tournaments.rows()] == [a]
    api.tournaments.undelete(b)
    assert api.tournaments.get(b).players == before.players
    with pytest.raises(NotFoundError, match="no tournament is deleted"):
        api.tournaments.undelete(b)


def test_a_deleted_tournament_takes_no_other_change() -> None:
    from skak.records.tournament.events import PlayersAdded, TournamentCreated, TournamentDeleted
    from skak.records.tournament.evolve import Context, evolve

    ctx = Context()
    t = evolve(None, TournamentCreated(Tournament("Lyn", "monrad", number_of_rounds=3)), ctx)
    gone = evolve(t, TournamentDeleted("fejl"), ctx)
    with pytest.raises(StateError, match="deleted"):
        evolve(gone, PlayersAdded(()), ctx)


def test_a_backup_keeps_a_deleted_tournament(api: Skak, tmp_path: Path) -> None:
    _, b = _two(api)
    api.tournaments.delete(b)
    target = tmp_path / "kopi.db"
    api.backup(target)
    copy = Skak(str(target), actor="test")
    try:
        assert [r.id for r in copy.tournaments.deleted_rows()] == [b]
        copy.tournaments.undelete(b)
        assert copy.tournaments.get(b).players[0].name == "Andersen, Anna"
    finally:
        copy.close()


@pytest.fixture
def owner() -> Iterator[Skak]:
    s = Skak(":memory:", create=True, actor="owner")
    for name in ("Inge", "Ole"):
        s.accounts.add(name, "hemmeligt", roles=["arbiter"])
    s.accounts.add("Ida", "hemmeligt", roles=["admin"])
    yield s
    s.close()


def test_only_its_arbiter_or_an_admin_deletes_it(owner: Skak) -> None:
    web = owner.guarded()
    tid = web.tournaments.create(Tournament("Lyn", "monrad", number_of_rounds=5), actor="Inge").id
    with pytest.raises(PermissionDenied):
        web.tournaments.delete(tid, actor="Ole")
    assert [r.id for r in web.tournaments.rows()] == [tid]
    web.tournaments.delete(tid, actor="Inge")
    with pytest.raises(PermissionDenied):
        web.tournaments.undelete(tid, actor="Ole")
    web.tournaments.undelete(tid, actor="Ida")
    web.tournaments.delete(tid, actor="Ida")
    assert web.tournaments.rows() == []


def test_the_command_line_asks_first(runner: CliRunner) -> None:
    for args in (["new", "Lyn", "--system", "monrad", "--rounds", "3"], ["new", "Dublet"]):
        assert runner.invoke(app, args).exit_code == 0
    kept = runner.invoke(app, ["delete", "Dublet"], input="n\n")
    assert kept.exit_code == 1 and "Nothing was deleted" in kept.output
    assert "Dublet" in runner.invoke(app, ["tournaments"]).output
    done = runner.invoke(app, ["--lang", "da", "delete", "Dublet"], input="y\n")
    assert done.exit_code == 0, done.output
    assert "er slettet; 'skak undelete 2' henter den tilbage" in done.output
    listed = runner.invoke(app, ["tournaments", "--json"]).output
    assert "Dublet" not in listed and "Lyn" in listed
    refused = runner.invoke(app, ["--lang", "da", "history", "-t", "Dublet"])
    assert refused.exit_code == 4 and "er slettet" in refused.stderr
    back = runner.invoke(app, ["undelete", "Dublet"])
    assert back.exit_code == 0 and "Tournament Dublet is back" in back.output
    again = runner.invoke(app, ["delete", "2", "--yes", "--reason", "fejl"])
    assert again.exit_code == 0, again.output
    history = runner.invoke(app, ["--lang", "da", "undelete", "#2"])
    assert history.exit_code == 0
    lines = runner.invoke(app, ["history", "-t", "2"]).output
    assert "tournament deleted: fejl" in lines and "undo of event 4" in lines
