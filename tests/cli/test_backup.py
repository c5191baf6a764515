"""``skak backup`` and ``skak restore``: SQLite's online backup and the logical export, each
restored into an empty database of either backend with every record, event, actor and time;
refusals as for every file skak writes, and a failed restore writes nothing."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skak.api import Skak
from skak.faces.cli import app
from tests.conftest import db_digest

OLD = Path(__file__).resolve().parents[1] / "data" / "storage" / "main-0a11e49.db"


def ok(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout + result.stderr


def refused(runner: CliRunner, *args: str, code: int = 3) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    assert result.stderr.startswith("error:"), result.stderr
    return " ".join(result.stderr.split())


@pytest.fixture
def club(runner: CliRunner, cli_db: str) -> str:
    """Two tournaments (one with rounds, results, a correction and an undo) and the rating
    registry, entered by two arbiters."""
    ok(runner, "new", "Klub", "--system", "monrad", "--rounds", "5")
    for i in range(1, 9):
        ok(runner, "players", "add", f"Spiller, {i}", "--rating", str(1900 - 20 * i))
    ok(runner, "pair")
    ok(runner, "results", "1", "1", "½", "0", "1")
    ok(runner, "result", "1", "2", "0-1")
    ok(runner, "undo")
    ok(runner, "new", "Lyn", "--system", "berger")
    ok(runner, "rating", "enter", "123456", "Hansen, Jens", "1400", "--date", "2026-01-05")
    return cli_db


def _everything(db: str) -> dict[str, Any]:
    """Every record as the store reads it: each tournament's events with actor and time, its
    standings, and the registry."""
    from skak.views import standings_view, to_json

    s = Skak(db)
    try:
        found: dict[str, Any] = {}
        for row in s.tournaments.rows():
            loaded = s.tournaments.read(row.id, full=True)
            found[f"#{row.id} {row.name} {row.created_at}"] = {
                "events": [
                    (r.version, repr(r.event), r.actor, r.recorded_at) for r in loaded.events
                ],
                "standings": to_json(standings_view(loaded.state)),
            }
        found["registry"] = repr(s.registry.get())
        return found
    finally:
        s.close()


def test_a_backup_restores_every_record_event_actor_and_time(
    runner: CliRunner, club: str, backend: str
) -> None:
    before = _everything(club)
    said = ok(runner, "backup", "kopi.bak")
    form = "an SQLite copy" if backend == "sqlite" else "the event log as JSON"
    assert f"Wrote kopi.bak: {form} of 2 tournaments and the rating registry" in " ".join(
        said.split()
    )
    said = ok(runner, "restore", "kopi.bak", "--db", "restored.db")
    assert "Restored 2 tournaments and the rating registry" in " ".join(said.split())
    assert _everything("restored.db") == before
    # The restored database goes on as the original: a new record takes the next id (the
    # registry is #3).
    assert "Created tournament #4" in ok(runner, "new", "Efter", "--db", "restored.db")


def test_a_logical_backup_moves_between_backends(
    runner: CliRunner, club: str, backend: str, request: pytest.FixtureRequest
) -> None:
    """From SQLite to PostgreSQL and back: the club's file onto the federation's server."""
    before = _everything(club)
    ok(runner, "backup", "log.json", "--json")
    data = json.loads(Path("log.json").read_text(encoding="utf-8"))
    assert data["format"] == "skak-backup"
    assert [s["kind"] for s in data["streams"]] == ["tournament", "tournament", "rating-registry"]
    first = data["streams"][0]["events"][0]
    assert set(first) == {"version", "type", "payload", "actor", "recorded_at"}
    assert first["actor"] == "arbiter"
    on_sqlite = backend == "sqlite"
    other = request.getfixturevalue("pg_cluster").database() if on_sqlite else "moved.db"
    ok(runner, "restore", "log.json", "--db", other)
    assert _everything(other) == before
    ok(runner, "backup", "back.json", "--json", "--db", other)
    ok(runner, "restore", "back.json", "--db", "again.db")
    assert _everything("again.db") == before


@pytest.mark.sqlite_only
def test_the_online_backup_is_one_file_that_opens_as_it_is(runner: CliRunner, club: str) -> None:
    ok(runner, "backup", "kopi.db")
    assert not Path("kopi.db-wal").exists()
    with sqlite3.connect("kopi.db") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert _everything("kopi.db") == _everything(club)


def test_backup_refuses_what_every_output_refuses(runner: CliRunner, club: str) -> None:
    Path("notes.txt").write_text("the arbiter's notes\n", encoding="utf-8")
    assert "the file exists already; give --force" in refused(runner, "backup", "notes.txt")
    assert Path("notes.txt").read_text(encoding="utf-8") == "the arbiter's notes\n"
    ok(runner, "backup", "notes.txt", "--json", "--force")
    assert json.loads(Path("notes.txt").read_text(encoding="utf-8"))["format"] == "skak-backup"
    with sqlite3.connect("other.db") as conn:
        conn.execute("CREATE TABLE customers (id INTEGER)")
    digest = hashlib.sha256(Path("other.db").read_bytes()).hexdigest()
    assert "this is a database" in refused(runner, "backup", "other.db", "--force")
    assert hashlib.sha256(Path("other.db").read_bytes()).hexdigest() == digest
    if "://" not in club:
        assert "the database the command works on" in refused(runner, "backup", club)
    assert "cannot write" in refused(runner, "backup", "no/such/folder/x.db")
    assert not list(Path().glob(".x.db.*"))


def test_restore_never_writes_over_records_without_force(runner: CliRunner, club: str) -> None:
    ok(runner, "backup", "kopi.json", "--json")
    ok(runner, "new", "Senere")  # a change after the backup: 4 records with the registry
    digest = db_digest(club)
    assert "holds 4 records already; restore into an empty database, or give --force" in (
        refused(runner, "restore", "kopi.json")
    )
    assert db_digest(club) == digest
    ok(runner, "restore", "kopi.json", "--force")
    listed = json.loads(ok(runner, "tournaments", "--json"))["tournaments"]
    assert [t["name"] for t in listed] == ["Lyn", "Klub"]  # newest first


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "not a skak backup: neither an SQLite database nor JSON"),
        (b'{"format": "something"}', 'not a skak backup: the JSON has no "format"'),
        (b'{"format": "skak-backup", "version": 99}', "written by a newer skak"),
        (b'{"format": "skak-backup", "version": 1, "streams": [7]}', "record ?: a record that"),
    ],
)
def test_restore_of_what_is_no_backup_writes_nothing(
    runner: CliRunner, content: bytes, message: str
) -> None:
    Path("x.bak").write_bytes(content)
    assert message in refused(runner, "restore", "x.bak", "--db", "target.db")
    assert not Path("target.db").exists()
    assert "x.bak-missing: cannot read the file: no such file" in refused(
        runner, "restore", "x.bak-missing"
    )


def test_a_damaged_event_in_a_backup_is_named_and_nothing_restored(
    runner: CliRunner, club: str
) -> None:
    ok(runner, "backup", "kopi.json", "--json")
    data = json.loads(Path("kopi.json").read_text(encoding="utf-8"))
    data["streams"][0]["events"][9]["payload"] = {"type": "result_entered", "round": "x"}
    Path("bad.json").write_text(json.dumps(data), encoding="utf-8")
    message = refused(runner, "restore", "bad.json", "--db", "target.db")
    assert "bad.json: record 1 event 10: the event cannot be read" in message
    assert not Path("target.db").exists()
    data["streams"][0]["events"][3]["version"] = 7
    Path("bad.json").write_text(json.dumps(data), encoding="utf-8")
    assert "event versions must run 1, 2, 3" in refused(
        runner, "restore", "bad.json", "--db", "target.db"
    )


@pytest.mark.sqlite_only
def test_an_old_databases_copy_restores_and_stays_as_it_was(
    runner: CliRunner, tmp_path: Path
) -> None:
    """An SQLite backup from an earlier skak is brought up to date on a copy: the backup
    file itself is never changed."""
    shutil.copyfile(OLD, "old.db")
    digest = hashlib.sha256(Path("old.db").read_bytes()).hexdigest()
    said = ok(runner, "restore", "old.db", "--db", "new.db")
    assert "Restored 6 tournaments and the rating registry" in " ".join(said.split())
    assert hashlib.sha256(Path("old.db").read_bytes()).hexdigest() == digest
    listed = json.loads(ok(runner, "tournaments", "--json", "--db", "new.db"))["tournaments"]
    names = [t["name"] for t in listed]
    assert len(names) == 6
