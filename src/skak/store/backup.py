"""Backups of a skak database: SQLite's online backup of a file, and a logical export of the
event log that any backend writes and any backend reads back.

The logical export holds every stream (id, kind, name, time of creation) and every event of
each (version, type, payload, actor, time), nothing else: snapshots are a cache, rebuilt as
the records are used, and the schema is the reading skak's own. Since format version 2 it is
JSON Lines, one JSON object a line, written and read one line at a time, so neither a backup
nor a restore holds more of the log in memory than one record's events (a restore) or a
thousand rows (a backup)::

    {"format":"skak-backup","version":2,"schema":"0004","written_at":"…","records":2,"events":57}
    {"id":1,"kind":"tournament","name":"Klub","created_at":"…"}
    {"version":1,"type":"tournament_created","payload":{…},"actor":"arbiter","recorded_at":"…"}
    {"version":2,"type":"players_added","payload":{…},"actor":"arbiter","recorded_at":"…"}
    {"id":3,"kind":"rating-registry","name":"…","created_at":"…"}
    …

The first line says how many records and events follow, so a file cut short at a line's end
is told from a whole one; each record's line is followed by its events' lines. Format
version 1 (an older skak's) is one JSON object, ``{"format", "version": 1, "schema",
"written_at", "streams": [{"id", "kind", "name", "created_at", "events": [{"version", …}]}]}``:
it is read one record at a time too (:class:`BackupFile`).

:func:`load_log` writes the rows a backup yields into a database in one transaction (all or
nothing), keeping the streams' ids, so ``--tournament 3`` names the same tournament
afterwards.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Connection, Text, cast, delete, func, insert, select, text

from skak.errors import InputError, SkakError, StorageError
from skak.messages import N_
from skak.store.database import SCHEMA_REVISION, Database, now
from skak.store.schema import (
    ACTOR_LENGTH,
    NAME_LENGTH,
    snapshots,
    stream_events,
    stream_summaries,
    streams,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "BackupFile",
    "EventRow",
    "LogCounts",
    "Progress",
    "Row",
    "StreamRow",
    "dump_log",
    "is_sqlite_file",
    "load_log",
    "log_counts",
    "place",
    "read_log",
    "sqlite_backup",
    "write_log",
    "written_atomically",
]

FORMAT = "skak-backup"
#: 2: JSON Lines (1: one JSON object, still read).
FORMAT_VERSION = 2

#: ``progress(done, total)``: events written or read so far, and how many there are (0:
#: not known, as in a version 1 file).
Progress = Callable[[int, int], None]

#: Rows fetched from the database, and events inserted, at a time; progress is told as often.
BATCH = 1000
#: The longest line of a version 2 file skak reads (a line is one event: a tournament's
#: players entered at once, a few hundred kilobytes at most).
LONGEST_LINE = 64 * 1024 * 1024
#: What a version 1 file is read in.
_CHUNK = 64 * 1024
#: A text as JSON, as :func:`_line` writes it.
_TEXT = json.JSONEncoder(ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class StreamRow:
    """A record of a backup (a stream): its id, kind, name and time of creation. ``line``
    is its line in the backup file (0: none, as in a version 1 file or a database)."""

    id: int
    kind: str
    name: str
    created_at: str
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "name": self.name, "created_at": self.created_at}

    def to_line(self) -> str:
        return _line(self.to_json())


@dataclass(frozen=True, slots=True)
class EventRow:
    """An event of the record (:class:`StreamRow`) before it in a backup."""

    stream_id: int
    version: int
    type: str
    #: The payload, or its JSON text as the database holds it (:func:`read_log`'s ``raw``).
    payload: dict[str, Any] | str
    actor: str
    recorded_at: str
    line: int = field(default=0, compare=False)

    def to_json(self) -> dict[str, Any]:
        payload = json.loads(self.payload) if isinstance(self.payload, str) else self.payload
        return {
            "version": self.version,
            "type": self.type,
            "payload": payload,
            "actor": self.actor,
            "recorded_at": self.recorded_at,
        }

    def to_line(self) -> str:
        """The event as a line of a backup: the payload as the database holds its JSON
        text where that is one line (as skak writes it), so a backup need not read and
        write it again."""
        if not isinstance(self.payload, str) or "\n" in self.payload or "\r" in self.payload:
            return _line(self.to_json())
        dump = _TEXT.encode
        return (
            f'{{"version":{self.version},"type":{dump(self.type)},"payload":{self.payload},'
            f'"actor":{dump(self.actor)},"recorded_at":{dump(self.recorded_at)}}}\n'
        )


#: A backup's content in order: each record's row, then its events' rows.
Row = StreamRow | EventRow


@dataclass(frozen=True, slots=True)
class LogCounts:
    """How many records of each kind, and how many events, a log holds."""

    kinds: dict[str, int]
    events: int

    @property
    def records(self) -> int:
        return sum(self.kinds.values())


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


# -- reading the log from a database ---------------------------------------------------


def _counts(conn: Connection) -> LogCounts:
    query = select(streams.c.kind, func.count()).group_by(streams.c.kind).order_by(streams.c.kind)
    kinds = {str(r[0]): int(r[1]) for r in conn.execute(query)}
    events = conn.execute(select(func.count()).select_from(stream_events)).scalar_one()
    return LogCounts(kinds, events)


def log_counts(db: Database) -> LogCounts:
    """How many records of each kind, and events, ``db`` holds."""
    with db.read() as conn:
        return _counts(conn)


@contextmanager
def read_log(db: Database, *, raw: bool = False) -> Iterator[tuple[LogCounts, Iterator[Row]]]:
    """Every stream and event of ``db`` in one read transaction (one consistent view while
    others write), as the counts and the rows a backup holds, in the order of the streams'
    ids and the events' versions. The rows are fetched :data:`BATCH` at a time (a
    server-side cursor on PostgreSQL), so only those are in memory; they are read while the
    block runs. ``raw``: each event's payload as its JSON text."""
    with db.read() as conn:
        counts = _counts(conn)
        joined = (
            select(
                streams.c.id,
                streams.c.kind,
                streams.c.name,
                streams.c.created_at,
                stream_events.c.version,
                stream_events.c.type,
                cast(stream_events.c.payload, Text) if raw else stream_events.c.payload,
                stream_events.c.actor,
                stream_events.c.recorded_at,
            )
            .select_from(
                streams.outerjoin(stream_events, stream_events.c.stream_id == streams.c.id)
            )
            .order_by(streams.c.id, stream_events.c.version)
        )

        def rows() -> Iterator[Row]:
            current = None
            result = conn.execution_options(yield_per=BATCH).execute(joined)
            for r in result:
                if r.id != current:
                    current = r.id
                    yield StreamRow(r.id, r.kind, r.name, r.created_at)
                if r.version is not None:
                    yield EventRow(r.id, r.version, r.type, r[6], r.actor, r.recorded_at)

        yield counts, rows()


# -- writing and reading a backup file -------------------------------------------------


def _line(value: dict[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"


def write_log(
    out: IO[str], counts: LogCounts, rows: Iterable[Row], progress: Progress | None = None
) -> None:
    """A backup of format version 2 (see the module's docstring) of ``rows`` on ``out``, a
    line at a time: nothing of ``rows`` is kept once written."""
    out.write(
        _line(
            {
                "format": FORMAT,
                "version": FORMAT_VERSION,
                "schema": SCHEMA_REVISION,
                "written_at": now(),
                "records": counts.records,
                "events": counts.events,
            }
        )
    )
    done = 0
    for row in rows:
        out.write(row.to_line())
        if isinstance(row, EventRow):
            done += 1
            if progress is not None and done % BATCH == 0:
                progress(done, counts.events)
    if progress is not None:
        progress(done, counts.events)


def dump_log(db: Database, target: Path, progress: Progress | None = None) -> LogCounts:
    """A backup of format version 2 of every stream and event of ``db`` (read in one
    transaction) written to ``target``, which it replaces only when complete.

    :raises InputError: when ``target`` cannot be written.
    """
    with read_log(db, raw=True) as (counts, rows), written_atomically(target) as temporary:
        try:
            with temporary.open("w", encoding="utf-8", newline="\n") as out:
                write_log(out, counts, rows, progress)
        except OSError as err:
            raise InputError(f"cannot write: {err.strerror}", location=str(target)) from err
    return counts


class BackupFile:
    """A backup file of either form, read a record at a time, as often as asked
    (:meth:`rows`): an SQLite database (read from a copy brought up to this skak's schema:
    the backup itself is never changed), or the logical export of format version 1 or 2.
    Used as a context manager (the copy of an SQLite backup is removed at its end).

    :raises InputError: when the file cannot be read or is not a skak backup; the rows,
        when a row is damaged, naming its line (version 2) or record and event.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = path.name
        #: ``sqlite`` or ``logical``.
        self.form = "logical"
        #: The counts the file says it holds (``None``: not said, as in a version 1 file).
        self.counts: LogCounts | None = None
        self.version = FORMAT_VERSION
        self._records = 0
        self._copy: Database | None = None
        self._folder: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> BackupFile:
        path = self.path
        if not path.is_file():
            raise InputError("cannot read the file: no such file", location=str(path))
        if is_sqlite_file(path):
            self.form = "sqlite"
            try:
                self._open_copy()
                assert self._copy is not None
                self.counts = log_counts(self._copy)
            except BaseException:
                self.__exit__()
                raise
            return self
        try:
            with path.open("rb") as f:
                first = f.readline(1024 * 1024)
        except OSError as err:
            raise InputError(f"cannot read the file: {err.strerror}", location=str(path)) from err
        try:
            header = json.loads(first.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            header = None  # a version 1 file written over several lines, or no JSON at all
        if header is not None:
            self._check_header(header)
            if header["version"] >= 2:
                records, events = header.get("records"), header.get("events")
                if not _whole(records) or not _whole(events):
                    raise InputError(
                        N_('not a skak backup: its first line lacks "records" or "events"'),
                        location=f"{self.name} line 1",
                    )
                self.counts = LogCounts({}, events)
                self._records = records
        self.version = header["version"] if header is not None else 1
        return self

    def __exit__(self, *_: object) -> None:
        if self._copy is not None:
            self._copy.dispose()
            self._copy = None
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None

    def _check_header(self, header: Any) -> None:
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise InputError(
                f'not a skak backup: the JSON has no "format": "{FORMAT}"', location=str(self.path)
            )
        version = header.get("version")
        if (
            not isinstance(version, int)
            or isinstance(version, bool)
            or not 0 < version <= FORMAT_VERSION
        ):
            raise InputError(
                f"a backup of format version {version!r}, written by a newer skak; upgrade skak "
                "to restore it",
                location=str(self.path),
            )

    def _open_copy(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="skak-restore-")
        copy = Path(self._folder.name) / "backup.db"
        try:
            source = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
            try:
                target = sqlite3.connect(copy)
                source.backup(target)
                target.close()
            finally:
                source.close()
        except sqlite3.Error as err:
            raise InputError(
                f"cannot read the SQLite file: {err}", location=str(self.path)
            ) from err
        try:
            self._copy = Database(copy)
        except SkakError as err:
            raise InputError(f"not a skak backup: {err}", location=str(self.path)) from err

    def rows(self) -> Iterator[Row]:
        """The records and events of the backup, in order, each checked for its fields,
        read as they are asked for.

        :raises InputError: naming the line, record and event that is wrong.
        """
        if self._copy is not None:
            with read_log(self._copy) as (_, rows):
                yield from _Checked(self.name).all(rows)
            return
        try:
            if self.version >= 2:
                with self.path.open("rb") as binary:
                    yield from self._lines(binary)
            else:
                with self.path.open(encoding="utf-8") as text:
                    yield from _Checked(self.name).all(_Version1(text, self.name).rows())
        except OSError as err:
            raise InputError(
                f"cannot read the file: {err.strerror}", location=str(self.path)
            ) from err

    def _lines(self, binary: IO[bytes]) -> Iterator[Row]:
        """The rows of a version 2 file (see the module's docstring)."""
        checked = _Checked(self.name)
        number = 1
        binary.readline(LONGEST_LINE)  # the header, read already
        records = events = 0
        expected = self.counts.events if self.counts is not None else 0
        while True:
            number += 1
            read = binary.readline(LONGEST_LINE)
            if not read:
                break
            try:
                line = read.decode("utf-8")
            except UnicodeDecodeError as err:
                raise InputError(
                    N_("not UTF-8 text: {error}", error=str(err)),
                    location=f"{self.name} line {number}",
                ) from err
            if len(read) >= LONGEST_LINE and not read.endswith(b"\n"):
                raise InputError(
                    N_("a line longer than any skak writes: the backup is damaged"),
                    location=f"{self.name} line {number}",
                )
            try:
                value = json.loads(line)
            except json.JSONDecodeError as err:
                raise InputError(
                    N_(
                        "the line is not JSON ({error}): the backup is damaged or was cut "
                        "short; nothing was written",
                        error=err.msg,
                    ),
                    location=f"{self.name} line {number}",
                ) from err
            if isinstance(value, dict) and "id" in value:
                records += 1
                yield checked.stream(value, number)
            else:
                events += 1
                yield checked.event(value, number)
        if records != self._records or events != expected:
            raise InputError(
                N_(
                    "the backup ends after {records} of its {all_records} records and "
                    "{events} of its {all_events} events (its first line says how many): it "
                    "was cut short or added to; nothing was written",
                    records=records,
                    all_records=self._records,
                    events=events,
                    all_events=expected,
                ),
                location=f"{self.name} line {number}",
            )


def place(name: str, line: int, record: Any = None, event: int | None = None) -> str:
    """Where a row of the backup ``name`` is: ``kopi.json line 12, record 1 event 10``;
    without a line (a version 1 file, an SQLite backup) ``kopi.json: record 1 event 10``."""
    what = f"record {'?' if record is None else record}"
    if event is not None:
        what += f" event {event}"
    if not line:
        return f"{name}: {what}"
    return f"{name} line {line}" + (f", {what}" if record is not None else "")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


class _Checked:
    """The fields of a backup's rows checked, in order: each record's id new, each
    event's version the next of its record's."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.seen: set[int] = set()
        self.current: int | None = None
        self.version = 0

    def where(self, line: int, record: Any = None, event: int | None = None) -> str:
        return place(self.name, line, record, event)

    def all(self, rows: Iterable[Row | tuple[str, Any]]) -> Iterator[Row]:
        """``rows`` checked: rows of a database, or ``("stream", value)`` and
        ``("event", value)`` of a version 1 file."""
        for r in rows:
            if isinstance(r, StreamRow):
                yield self.stream(r.to_json(), r.line)
            elif isinstance(r, EventRow):
                yield self.event(r.to_json(), r.line)
            elif r[0] == "stream":
                yield self.stream(r[1], 0)
            else:
                yield self.event(r[1], 0)

    def stream(self, s: Any, line: int) -> StreamRow:
        where = self.where(line, s.get("id") if isinstance(s, dict) else None)
        if not isinstance(s, dict):
            raise InputError("a record that is not an object", location=where)
        fields = {"id": int, "kind": str, "name": str, "created_at": str}
        for key, kind in fields.items():
            if not isinstance(s.get(key), kind) or isinstance(s.get(key), bool):
                raise InputError(f"{key!r} is missing or not a {kind.__name__}", location=where)
        if s["id"] < 1 or len(s["name"]) > NAME_LENGTH or len(s["kind"]) > 40:
            raise InputError("an id below 1, or a name or kind too long", location=where)
        if s["id"] in self.seen:
            raise InputError("a second record with this id", location=where)
        self.seen.add(s["id"])
        self.current = s["id"]
        self.version = 0
        return StreamRow(s["id"], s["kind"], s["name"], s["created_at"], line)

    def event(self, e: Any, line: int) -> EventRow:
        self.version += 1
        if self.current is None:
            raise InputError(
                N_("an event before any record's line"), location=f"{self.name} line {line}"
            )
        at = self.where(line, self.current, self.version)
        if not isinstance(e, dict):
            raise InputError("an event that is not an object", location=at)
        if e.get("version") != self.version:
            raise InputError(
                f"event versions must run 1, 2, 3, …; this one is {e.get('version')!r}",
                location=at,
            )
        limits = {"type": 40, "actor": ACTOR_LENGTH, "recorded_at": 32}
        for key, limit in limits.items():
            if not isinstance(e.get(key), str) or not 0 < len(e[key]) <= limit:
                raise InputError(f"{key!r} must be a text of 1–{limit} characters", location=at)
        if not isinstance(e.get("payload"), dict):
            raise InputError("the event's payload is not an object", location=at)
        return EventRow(
            self.current, self.version, e["type"], e["payload"], e["actor"], e["recorded_at"], line
        )


class _Version1:
    """A backup of format version 1 (one JSON object, see the module's docstring) read one
    record at a time: the object's fields as they come, and of its list of streams one
    stream at a time, so only one record's events are in memory at once."""

    def __init__(self, text: IO[str], name: str) -> None:
        self.text = text
        self.name = name
        self.buffer = ""
        self.at = 0
        self.line = 1  # of self.buffer's start
        self.ended = False
        self.decoder = json.JSONDecoder()

    def rows(self) -> Iterator[tuple[str, Any]]:
        """Each stream as ``("stream", {"id", …})``, then each of its events as
        ``("event", {"version", …})`` (see :meth:`_Checked.all`)."""
        seen: dict[str, Any] = {}
        if self._next() != "{":
            raise InputError(
                "not a skak backup: neither an SQLite database nor JSON", location=self.name
            )
        self.at += 1
        while True:
            if self._next() == "}":
                break
            key = self._value()
            if not isinstance(key, str) or self._next() != ":":
                raise self._damaged("a field's name and a colon")
            self.at += 1
            if key == "streams":
                if seen.get("format") != FORMAT or seen.get("version") != 1:
                    raise InputError(
                        f'not a skak backup: the JSON has no "format": "{FORMAT}" and "version"'
                        " before its streams",
                        location=self.name,
                    )
                seen[key] = True
                yield from self._streams()
            else:
                seen[key] = self._value()
                if key == "format" and seen[key] != FORMAT:
                    raise InputError(
                        f'not a skak backup: the JSON has no "format": "{FORMAT}"',
                        location=self.name,
                    )
                if key == "version" and seen[key] != 1:
                    raise InputError(
                        f"a backup of format version {seen[key]!r}, written by a newer skak; "
                        "upgrade skak to restore it",
                        location=self.name,
                    )
            after = self._next()
            if after == ",":
                self.at += 1
            elif after != "}":
                raise self._damaged("a comma or the object's end")
        self.at += 1
        if self._next() != "":
            raise self._damaged("nothing after the object's end")
        if "streams" not in seen:
            raise InputError("not a skak backup: it has no list of streams", location=self.name)

    def _streams(self) -> Iterator[tuple[str, Any]]:
        if self._next() != "[":
            raise InputError("not a skak backup: it has no list of streams", location=self.name)
        self.at += 1
        if self._next() == "]":
            self.at += 1
            return
        while True:
            s = self._value()
            if isinstance(s, dict):
                events = s.pop("events", None)
                yield "stream", s
                if not isinstance(events, list):
                    raise InputError(
                        "'events' is missing or not a list",
                        location=f"{self.name}: record {s.get('id')}",
                    )
                for e in events:
                    yield "event", e
            else:
                yield "stream", s  # refused: not an object
            after = self._next()
            self.at += 1
            if after == "]":
                return
            if after != ",":
                raise self._damaged("a comma or the list's end")

    def _fill(self) -> bool:
        """More of the file in the buffer (at least as much again as it holds, so that a
        long value is parsed a few times, not once per chunk); ``False`` at the end."""
        if self.ended:
            return False
        try:
            more = self.text.read(max(_CHUNK, len(self.buffer) - self.at))
        except UnicodeDecodeError as err:
            raise InputError(
                "not a skak backup: neither an SQLite database nor JSON", location=self.name
            ) from err
        self.line += self.buffer.count("\n", 0, self.at)
        self.buffer = self.buffer[self.at :] + more
        self.at = 0
        if not more:
            self.ended = True
        return bool(more)

    def _next(self) -> str:
        """The next character that is not white space (not taken); ``""`` at the end."""
        while True:
            while self.at < len(self.buffer) and self.buffer[self.at] in " \t\r\n":
                self.at += 1
            if self.at < len(self.buffer):
                return self.buffer[self.at]
            if not self._fill():
                return ""

    def _value(self) -> Any:
        self._next()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buffer, self.at)
            except json.JSONDecodeError as err:
                if self._fill():
                    continue
                raise self._damaged(err.msg, err.pos) from err
            at_end = end == len(self.buffer) and not isinstance(value, (dict, list, str))
            if at_end and self._fill():  # a number or a word may go on in the next chunk
                continue
            self.at = end
            return value

    def _damaged(self, what: str, at: int | None = None) -> InputError:
        at = self.at if at is None else at
        line = self.line + self.buffer.count("\n", 0, at)
        if self.at == 0 and self.line == 1 and not self.buffer.strip():
            return InputError(
                "not a skak backup: neither an SQLite database nor JSON", location=self.name
            )
        return InputError(
            N_("the JSON is damaged here ({what}); nothing was written", what=what),
            location=f"{self.name} line {line}",
        )


# -- writing the log into a database ---------------------------------------------------


def load_log(
    db: Database,
    rows: Iterable[Row],
    *,
    replace: bool = False,
    progress: Progress | None = None,
    total: int = 0,
) -> LogCounts:
    """Write the ``rows`` of a backup (each record's row, then its events') into ``db`` in
    one transaction, as they come: any error, in ``db`` or raised by ``rows`` (a record that
    does not read back), undoes all. ``replace`` first removes every record ``db`` holds;
    without it ``db`` must hold none.

    :raises InputError: when ``db`` holds records and ``replace`` is not given.
    """
    kinds: dict[str, int] = {}
    events = 0
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
        waiting: list[dict[str, Any]] = []
        for row in rows:
            if isinstance(row, StreamRow):
                conn.execute(insert(streams).values(row.to_json()))
                kinds[row.kind] = kinds.get(row.kind, 0) + 1
                continue
            waiting.append({"stream_id": row.stream_id, **row.to_json()})
            events += 1
            if len(waiting) == BATCH:
                conn.execute(insert(stream_events), waiting)
                waiting = []
                if progress is not None:
                    progress(events, total)
        if waiting:
            conn.execute(insert(stream_events), waiting)
        if progress is not None:
            progress(events, total)
        _after_ids(conn)
    return LogCounts(kinds, events)


def _after_ids(conn: Connection) -> None:
    """On PostgreSQL, the streams' id sequence past the ids written."""
    if conn.dialect.name == "postgresql":
        conn.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('streams', 'id'), "
                "COALESCE((SELECT MAX(id) FROM streams), 0) + 1, false)"
            )
        )
