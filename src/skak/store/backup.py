"""Backups of a skak database: SQLite's online backup of a file, and a logical export of the
event log that any backend writes and any backend reads back.

The logical export holds every stream (id, kind, name, time of creation) and every event of
each (version, type, payload, actor, time), nothing else: snapshots are a cache, rebuilt as
the records are used, and the schema is the reading skak's own. ::

    {"format": "skak-backup", "version": 1, "schema": "0004", "written_at": "…",
     "streams": [{"id": 1, "kind": "tournament", "name": "…", "created_at": "…",
                  "events": [{"version": 1, "type": "tournament_created",
                              "payload": {…}, "actor": "…", "recorded_at": "…"}]}]}

:func:`load_log` writes such an export into a database in one transaction (all or nothing),
keeping the streams' ids, so ``--tournament 3`` names the same tournament afterwards.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, text

from skak.errors import InputError, StorageError
from skak.store.database import SCHEMA_REVISION, Database, now
from skak.store.schema import snapshots, stream_events, stream_summaries, streams

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "dump_log",
    "is_sqlite_file",
    "load_log",
    "sqlite_backup",
    "written_atomically",
]

FORMAT = "skak-backup"
FORMAT_VERSION = 1


def is_sqlite_file(path: Path) -> bool:
    """Whether ``path`` starts as an SQLite database does."""
    try:
        with path.open("rb") as f:
            return f.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


@contextmanager
def written_atomically(target: Path) -> Iterator[Path]:
    """A temporary file beside ``target`` to write, which becomes ``target`` (replacing it)
    only when the block ends without an error: a failed or killed backup leaves no half
    file, and an older backup of the same name stays as it was.

    :raises InputError: when the folder cannot be written.
    """
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as err:
        raise InputError(f"cannot write: {err.strerror}", location=str(target)) from err
    os.close(fd)
    temporary = Path(name)
    try:
        yield temporary
        os.replace(temporary, target)
    except OSError as err:
        raise InputError(f"cannot write: {err.strerror}", location=str(target)) from err
    finally:
        temporary.unlink(missing_ok=True)


def sqlite_backup(db: Database, target: Path) -> None:
    """Copy the SQLite file behind ``db`` to ``target`` with SQLite's online backup API: a
    consistent copy while other commands read and write, in one file (no ``-wal`` beside
    it), which ``--db`` opens as it is.

    :raises StorageError: when ``db`` is not an SQLite file, or SQLite cannot copy it.
    """
    if not db.is_sqlite:
        raise StorageError(f"{db.location} is not an SQLite file; write a logical backup")
    raw = db.engine.raw_connection()
    try:
        source = raw.driver_connection
        assert isinstance(source, sqlite3.Connection)
        with written_atomically(target) as temporary:
            copy = sqlite3.connect(temporary)
            try:
                source.backup(copy)
                copy.execute("PRAGMA journal_mode=DELETE")
                copy.commit()
            finally:
                copy.close()
    except sqlite3.Error as err:
        raise StorageError(f"cannot back up {db.location}: {err}") from err
    finally:
        raw.close()


def dump_log(db: Database) -> dict[str, Any]:
    """Every stream and event of ``db`` (see the module's docstring), read in one
    transaction."""
    with db.read() as conn:
        rows = conn.execute(
            select(streams.c.id, streams.c.kind, streams.c.name, streams.c.created_at).order_by(
                streams.c.id
            )
        ).all()
        found: dict[int, list[dict[str, Any]]] = {r.id: [] for r in rows}
        for e in conn.execute(
            select(
                stream_events.c.stream_id,
                stream_events.c.version,
                stream_events.c.type,
                stream_events.c.payload,
                stream_events.c.actor,
                stream_events.c.recorded_at,
            ).order_by(stream_events.c.stream_id, stream_events.c.version)
        ):
            found[e.stream_id].append(
                {
                    "version": e.version,
                    "type": e.type,
                    "payload": e.payload,
                    "actor": e.actor,
                    "recorded_at": e.recorded_at,
                }
            )
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "schema": SCHEMA_REVISION,
        "written_at": now(),
        "streams": [
            {
                "id": r.id,
                "kind": r.kind,
                "name": r.name,
                "created_at": r.created_at,
                "events": found[r.id],
            }
            for r in rows
        ],
    }


def load_log(db: Database, data: dict[str, Any], *, replace: bool = False) -> None:
    """Write a logical export (already checked by the caller) into ``db`` in one
    transaction. ``replace`` first removes every record ``db`` holds; without it ``db`` must
    hold none.

    :raises InputError: when ``db`` holds records and ``replace`` is not given.
    """
    with db.write() as conn:
        held = conn.execute(select(func.count()).select_from(streams)).scalar_one()
        if held and not replace:
            raise InputError(
                f"it holds {held} record{'s' if held != 1 else ''} already; restore into an "
                "empty database, or give --force to replace everything in it",
                location=db.location,
            )
        for table in (snapshots, stream_summaries, stream_events, streams):
            conn.execute(delete(table))
        for s in data["streams"]:
            conn.execute(
                insert(streams).values(
                    id=s["id"], kind=s["kind"], name=s["name"], created_at=s["created_at"]
                )
            )
            if s["events"]:
                conn.execute(
                    insert(stream_events), [{"stream_id": s["id"], **e} for e in s["events"]]
                )
        _after_ids(conn)


def _after_ids(conn: Connection) -> None:
    """On PostgreSQL, the streams' id sequence past the ids written."""
    if conn.dialect.name == "postgresql":
        conn.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('streams', 'id'), "
                "COALESCE((SELECT MAX(id) FROM streams), 0) + 1, false)"
            )
        )
