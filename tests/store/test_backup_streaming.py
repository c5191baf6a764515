"""A logical backup and its restore hold one batch of rows in memory, never the log (issue 39
item 2): the writer takes its rows one at a time, the reader gives them one line at a time,
and the database is read a batch at a time (a server-side cursor on PostgreSQL) and written
a batch at a time. Measured as Python's own allocations (``tracemalloc``), not the clock:
the peak stays far below the size of the log that went through."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, insert

from skak.errors import InputError
from skak.store.backup import (
    BackupFile,
    EventRow,
    LogCounts,
    Row,
    StreamRow,
    dump_log,
    load_log,
    write_log,
)
from skak.store.database import Database
from skak.store.schema import stream_events, streams

#: Events, and the size of each one's payload: a log of about 12 MB.
EVENTS = 12_000
PAYLOAD = 1000
#: Rows read from the database, and events inserted, at a time here (about 200 kB).
BATCH = 200
#: The most Python may hold at once while the log goes through: a batch of rows and the
#: driver's and SQLAlchemy's own; a ninth of the log (holding the log as objects takes
#: several times its size).
LIMIT = 1_500_000


def payload(n: int) -> dict[str, Any]:
    return {"type": "noted", "n": n, "text": f"{n:06d} " + "skak " * (PAYLOAD // 5)}


def rows(records: int = 3) -> Iterator[Row]:
    """``EVENTS`` events in ``records`` records, each made as it is asked for."""
    per = EVENTS // records
    for r in range(1, records + 1):
        yield StreamRow(r, "note", f"Noter {r}", "2026-11-29T10:00:00+00:00")
        for v in range(1, per + 1):
            yield EventRow(r, v, "noted", payload(v), "arbiter", "2026-11-29T10:00:00+00:00")


def peak(work: Callable[[], object]) -> int:
    """The most memory Python held at once while ``work`` ran, in bytes."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_writer_takes_its_rows_one_at_a_time(tmp_path: Path) -> None:
    target = tmp_path / "log.jsonl"

    def write() -> None:
        with target.open("w", encoding="utf-8") as out:
            write_log(out, LogCounts({"note": 3}, EVENTS), rows())

    used = peak(write)
    size = target.stat().st_size
    assert size > 8 * LIMIT
    assert used < LIMIT, f"{used} bytes held writing {size}"


def test_the_reader_gives_one_line_at_a_time(tmp_path: Path) -> None:
    target = tmp_path / "log.jsonl"
    with target.open("w", encoding="utf-8") as out:
        write_log(out, LogCounts({"note": 3}, EVENTS), rows())
    counted = [0, 0]

    def read() -> None:
        with BackupFile(target) as backup:
            for row in backup.rows():
                counted[isinstance(row, EventRow)] += 1

    used = peak(read)
    assert counted == [3, EVENTS]
    assert used < LIMIT, f"{used} bytes held reading {target.stat().st_size}"


def _filled(url: str) -> Database:
    """A database holding :func:`rows`, written directly into its tables."""
    db = Database(url, create=True)
    with db.write() as conn:
        for row in rows():
            if isinstance(row, StreamRow):
                conn.execute(insert(streams).values(row.to_json()))
            else:
                conn.execute(insert(stream_events), [{"stream_id": row.stream_id, **row.to_json()}])
    return db


def test_a_backup_and_its_restore_read_and_write_a_batch_at_a_time(
    database: str,
    backend: str,
    tmp_path: Path,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("skak.store.backup.BATCH", BATCH)
    db = _filled(database)
    target = tmp_path / "log.jsonl"
    cursors: list[str] = []

    @event.listens_for(db.engine, "before_cursor_execute")
    def _seen(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if "JOIN stream_events" in statement:
            cursors.append(type(cursor).__name__)

    dump_log(db, tmp_path / "warm.jsonl")  # SQLAlchemy compiles its statements once
    used = peak(lambda: dump_log(db, target))
    assert target.stat().st_size > 8 * LIMIT
    assert used < LIMIT, f"{used} bytes held backing up {target.stat().st_size}"
    if backend == "postgresql":  # rows fetched a batch at a time by the server
        assert cursors == ["ServerCursor", "ServerCursor"]
    db.dispose()

    other = (
        str(tmp_path / "restored.db")
        if backend == "sqlite"
        else request.getfixturevalue("pg_cluster").database()
    )
    into = Database(other, create=True)

    def restore() -> None:
        with BackupFile(target) as backup:
            load_log(into, backup.rows())

    used = peak(restore)
    assert used < LIMIT, f"{used} bytes held restoring {target.stat().st_size}"
    again = tmp_path / "again.jsonl"
    dump_log(into, again)
    assert again.read_bytes().split(b"\n", 1)[1] == target.read_bytes().split(b"\n", 1)[1]
    into.dispose()


def test_a_restore_that_fails_half_way_writes_nothing(database: str, tmp_path: Path) -> None:
    """The records before the damage were written in the same transaction: undone."""
    target = tmp_path / "log.jsonl"
    with target.open("w", encoding="utf-8") as out:
        write_log(out, LogCounts({"note": 3}, EVENTS), rows())
    lines = target.read_bytes().splitlines(keepends=True)
    lines[EVENTS // 2] = b'{"version": 1}\n'
    target.write_bytes(b"".join(lines))
    db = Database(database, create=True)
    try:
        where = rf"log.jsonl line {EVENTS // 2 + 1}, record 2 event"
        with pytest.raises(InputError, match=where), BackupFile(target) as backup:
            load_log(db, backup.rows())
        assert not db.holds_records()
    finally:
        db.dispose()
