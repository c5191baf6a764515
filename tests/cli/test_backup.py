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
#: A logical backup of format version 1 (one JSON object), written by skak at ed5309d of the
#: ``club`` below: two tournaments (one with rounds, results, a correction and an undo) and
#: the rating registry.
OLD_JSON = Path(__file__).resolve().parents[1] / "data" / "backup" / "skak-backup-v1.json"


def lines(path: str) -> list[dict[str, Any]]:
    """A logical backup's lines, each read as JSON."""
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]


def as_version_1(path: str) -> dict[str, Any]:
    """A logical backup as an older skak wrote it: one JSON object."""
    header, *rest = lines(path)
    found: list[dict[str, Any]] = []
    for line in rest:
        if "id" in line:
            found.append(line | {"events": []})
        else:
            found[-1]["events"].append(line)
    return {"format": "skak-backup", "version": 1, "schema": header["schema"],
            "written_at": header["written_at"], "streams": found}  # fmt: skip


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
    header, *rest = lines("log.json")
    assert header["format"] == "skak-backup"
    assert header["version"] == 2
    assert header["records"] == 3
    assert header["events"] == len(rest) - 3
    assert [s["kind"] for s in rest if "id" in s] == ["tournament", "tournament", "rating-registry"]
    first = rest[1]
    assert set(first) == {"version", "type", "payload", "actor", "recorded_at"}
    assert first["actor"] == "arbiter"
    on_sqlite = backend == "sqlite"
    other = request.getfixturevalue("pg_cluster").database() if on_sqlite else "moved.db"
    ok(runner, "restore", "log.json", "--db", other)
    assert _everything(other) == before
    ok(runner, "backup", "back.json", "--json", "--db", other)
    ok(runner, "restore", "back.json", "--db", "again.db")
    assert _everything("again.db") == before
    ok(runner, "backup", "again.json", "--json", "--db", "again.db")
    # The log is the same, byte for byte, after two restores and on either backend: only
    # the time of writing in the first line differs.
    written = [
        Path(f).read_bytes().split(b"\n", 1) for f in ("log.json", "back.json", "again.json")
    ]
    assert written[0][1] == written[1][1] == written[2][1]
    heads = [json.loads(first) for first, _ in written]
    assert all(h.pop("written_at") for h in heads)
    assert heads[0] == heads[1] == heads[2]


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
    assert lines("notes.txt")[0]["format"] == "skak-backup"
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
    text = Path("kopi.json").read_text(encoding="utf-8").splitlines(keepends=True)
    # Line 1 is the header, 2 the first tournament, 3 its first event: 12 its tenth.
    damaged = json.loads(text[11])
    damaged["payload"] = {"type": "result_entered", "round": "x"}
    Path("bad.json").write_text(
        "".join([*text[:11], json.dumps(damaged) + "\n", *text[12:]]), encoding="utf-8"
    )
    message = refused(runner, "restore", "bad.json", "--db", "target.db")
    assert "bad.json line 12, record 1 event 10: the event cannot be read" in message
    assert not Path("target.db").exists()
    damaged = json.loads(text[5]) | {"version": 7}
    Path("bad.json").write_text(
        "".join([*text[:5], json.dumps(damaged) + "\n", *text[6:]]), encoding="utf-8"
    )
    assert "bad.json line 6, record 1 event 4: event versions must run 1, 2, 3" in refused(
        runner, "restore", "bad.json", "--db", "target.db"
    )
    # The same in the JSON an older skak wrote: named by record and event.
    data = as_version_1("kopi.json")
    data["streams"][0]["events"][9]["payload"] = {"type": "result_entered", "round": "x"}
    Path("old.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    message = refused(runner, "restore", "old.json", "--db", "target.db")
    assert "old.json: record 1 event 10: the event cannot be read" in message
    assert not Path("target.db").exists()


def test_a_backup_cut_short_or_damaged_half_way_writes_nothing(
    runner: CliRunner, club: str
) -> None:
    """Restore is all or nothing: the records before the damage are not kept, and a database
    whose records were to be replaced (--force) holds them as before."""
    ok(runner, "backup", "kopi.json", "--json")
    text = Path("kopi.json").read_bytes().splitlines(keepends=True)
    digest = db_digest(club)
    cases = {
        # Cut at a line's end: the first line's counts tell.
        "short.json": (b"".join(text[:-2]), f"short.json line {len(text) - 1}: the backup ends "
                       "after"),
        # Cut inside a line.
        "cut.json": (b"".join(text)[:-40], f"cut.json line {len(text)}: the line is not JSON"),
        # A damaged line in the middle (the second tournament's).
        "noise.json": (b"".join([*text[:-4], b"\x00garbage\n", *text[-3:]]),
                       f"noise.json line {len(text) - 3}: the line is not JSON"),
        "bytes.json": (b"".join([*text[:-4], b'{"version": "\xff"}\n', *text[-3:]]),
                       f"bytes.json line {len(text) - 3}: not UTF-8 text"),
    }  # fmt: skip
    for name, (content, message) in cases.items():
        Path(name).write_bytes(content)
        assert message in refused(runner, "restore", name, "--db", "target.db")
        assert not Path("target.db").exists()
        assert message in refused(runner, "restore", name, "--force")
        assert db_digest(club) == digest
    # The same for the JSON an older skak wrote, cut in the middle of its second tournament.
    old = json.dumps(as_version_1("kopi.json"), indent=1).encode()
    Path("old.json").write_bytes(old[: len(old) * 3 // 4])
    assert "old.json line " in refused(runner, "restore", "old.json", "--force")
    assert db_digest(club) == digest


def test_an_older_skaks_json_backup_restores(runner: CliRunner, cli_db: str) -> None:
    """A logical backup of format version 1 (one JSON object, read a record at a time)
    restores with every event, and backs up again as JSON Lines holding the same."""
    said = ok(runner, "restore", str(OLD_JSON))
    assert "Restored 2 tournaments and the rating registry, 15 events" in " ".join(said.split())
    listed = json.loads(ok(runner, "tournaments", "--json"))["tournaments"]
    assert sorted(t["name"] for t in listed) == ["Klub", "Lyn"]
    ok(runner, "backup", "new.json", "--json")
    old = json.loads(OLD_JSON.read_text(encoding="utf-8"))
    assert as_version_1("new.json")["streams"] == old["streams"]


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


def test_backup_and_restore_tell_how_far_they_have_come(club: str) -> None:
    """What a progress bar shows: the events written of how many there are (an older
    skak's JSON does not say how many: 0)."""
    told: list[tuple[int, int]] = []
    s = Skak(club)
    try:
        done = s.backup("p.json", logical=True, progress=lambda d, n: told.append((d, n)))
    finally:
        s.close()
    assert told == [(done.events, done.events)]  # fewer than a thousand: told once at the end
    for source, total in (("p.json", done.events), (str(OLD_JSON), 0)):
        told.clear()
        into = Skak(f"{Path(source).stem}.db", create=True)
        try:
            restored = into.restore(source, progress=lambda d, n: told.append((d, n)))
        finally:
            into.close()
        assert told == [(restored.events, total)]


def test_every_kind_of_record_restores(runner: CliRunner, club: str) -> None:
    """A league season beside the tournaments and the registry (a restore once refused every
    kind but those two)."""
    ok(runner, "league", "new", "Divisionen 2025/26", "--start", "2025-09-01",
       "--dates", "2025-10-05,2025-11-02")  # fmt: skip
    ok(runner, "backup", "alt.json", "--json")
    ok(runner, "restore", "alt.json", "--db", "alt.db")
    seasons = json.loads(ok(runner, "league", "list", "--json", "--db", "alt.db"))
    assert [s["name"] for s in seasons] == ["Divisionen 2025/26"]
