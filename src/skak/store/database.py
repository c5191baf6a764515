"""Opening a database and keeping its schema current; read and write transactions.

The embedded default is an SQLite file; a federation server uses PostgreSQL
(``postgresql+psycopg://user@host/db``, the ``skak[postgres]`` extra), and any SQLAlchemy URL
works. The event store (:mod:`skak.store`) reads in :meth:`Database.read` and appends in
:meth:`Database.write`. On SQLite the file is in WAL mode, so reads never wait for a writer; a
write starts with ``BEGIN IMMEDIATE``, holds the lock only while it appends, and an error
rolls everything back, leaving the file byte-for-byte as it was. On PostgreSQL a read is one
``REPEATABLE READ`` snapshot and a write is ``READ COMMITTED``: the store locks the one
stream it appends to (``SELECT … FOR UPDATE``), the unique ``(stream, version)`` constraint
refuses a stale writer on both, and a lock waited for longer than :data:`BUSY_TIMEOUT_MS`
ends the command as busy. Every database error becomes a
:class:`~skak.errors.StorageError` in plain words (no SQL, no library URLs). Before its first
write an SQLite file is checked with SQLite's ``quick_check`` (a damaged file is never written
to); :meth:`Database.integrity_problems` runs the full check (``skak check``).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import Connection, Engine, create_engine, event, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DatabaseError, IntegrityError, OperationalError, SQLAlchemyError
from sqlalchemy.pool import NullPool

from skak.errors import ConflictError, StorageError
from skak.messages import N_
from skak.store.schema import streams

__all__ = ["BUSY_TIMEOUT_MS", "SCHEMA_REVISION", "Database", "database_url", "now"]

_MIGRATIONS = Path(__file__).parent / "migrations"

#: The newest migration's revision. Checked against the migrations by the tests, so that a
#: current database is recognised without importing Alembic on every command.
SCHEMA_REVISION = "0004"

#: How long a write waits for another command's write to finish before it gives up with
#: "busy, try again" (reads never wait: WAL).
BUSY_TIMEOUT_MS = 10_000


def database_url(db: str | Path) -> str:
    """An SQLAlchemy URL for ``db``: a URL as it is, anything else as an SQLite file path.
    ``postgresql://`` and ``postgres://`` (libpq's own spellings) mean psycopg 3, the driver
    the ``skak[postgres]`` extra installs."""
    text = str(db)
    if "://" in text:
        scheme, rest = text.split("://", 1)
        if scheme in ("postgresql", "postgres"):
            return f"postgresql+psycopg://{rest}"
        return text
    return f"sqlite:///{Path(text).expanduser()}"


def now() -> str:
    """The time an event is recorded: UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class Database:
    """A skak database: the streams of every record and their events, behind one engine.

    :param create: create the database (and an SQLite file) when it does not exist yet;
        otherwise a missing SQLite file is an error rather than silently made.
    :raises StorageError: when the database is missing, unreadable or from a newer skak.
    """

    def __init__(self, db: str | Path | Engine, *, create: bool = False) -> None:
        """``db``: an SQLite file path, an SQLAlchemy URL, or an engine the caller keeps
        (a server holds one engine and gives it here once)."""
        self._path: Path | None = None
        self._sound = False  # checked with quick_check before the first write
        #: An SQLite file that may not be written (its file or its folder has no write
        #: permission): opened so that SQLite writes nothing at all, not even its ``-wal``
        #: and ``-shm`` files beside it; every write is refused.
        self.read_only = False
        self._snapshot: Callable[[], Any] | None = None
        if isinstance(db, Engine):
            self.url = db.url.render_as_string(hide_password=False)
            _hooks(db)
            self.engine = db
            self._owns_engine = False
            self._open(create, None)
            return
        self._owns_engine = True
        self.url = database_url(db)
        if self.url.startswith("sqlite:///") and self.url != "sqlite:///:memory:":
            self._path = Path(self.url.removeprefix("sqlite:///"))
            if not self._path.exists() and not create:
                raise StorageError(
                    N_(
                        "no skak database at {path}; create a tournament first with "
                        "'skak new', or name another database with --db or SKAK_DB",
                        path=str(self._path),
                    )
                )
            if create and not self._path.parent.exists():
                raise StorageError(f"the folder {self._path.parent} does not exist")
            self.read_only = self._path.exists() and not _writable(self._path)
        self._open(create, self._make_engine)

    def _open(self, create: bool, make: Callable[[], Engine] | None) -> None:
        try:
            if make is not None:
                self.engine = make()
            self._upgrade(create)
            self._ensure_wal()
        except ImportError as err:
            extra = " (pip install 'skak[postgres]')" if self.url.startswith("postgresql") else ""
            raise StorageError(
                f"cannot open {self.location}: its database driver is not installed "
                f"({err.name}){extra}"
            ) from err
        except OperationalError as err:
            if _is_busy(err):
                raise StorageError(_busy_message(self.location)) from err
            raise StorageError(f"cannot open the database {self.location}: {_plain(err)}") from err
        except SQLAlchemyError as err:
            raise StorageError(f"cannot open the database {self.location}: {_plain(err)}") from err

    def _make_engine(self) -> Engine:
        if self.read_only and _another_may_write(self._path):
            # Each read opens the file afresh, as it stands then: see _shared_connection.
            engine = create_engine("sqlite://", creator=self._shared_connection, poolclass=NullPool)
        else:
            engine = create_engine(self._read_only_url() if self.read_only else self.url)
        _hooks(engine)
        return engine

    def _shared_connection(self) -> Any:
        """A connection to a file this process may not write but another may (its bits
        allow someone: the arbiter's file that a server run as another user reads). While a
        writer is at work its ``-shm`` index is beside the file, and SQLite reads the file
        and its log through it (``mode=ro``), seeing every change; otherwise nobody writes,
        the file is whole, and it is read ``immutable`` (nothing made beside it). An
        ``immutable`` connection never sees a later change, so none is kept: each read
        opens its own."""
        import sqlite3

        assert self._path is not None
        source = self._path.resolve()
        target = f"file:{quote(str(source))}"
        if source.with_name(source.name + "-shm").exists():
            try:
                return sqlite3.connect(f"{target}?mode=ro", uri=True, check_same_thread=False)
            except sqlite3.OperationalError:  # the writer closed and took its index along
                pass
        return sqlite3.connect(f"{target}?immutable=1", uri=True, check_same_thread=False)

    def _read_only_url(self) -> str:
        """The file as SQLite opens a file it may not write: ``immutable`` (no locks, no
        ``-shm``), or ``mode=ro`` where a write-ahead log still holds changes the file does
        not (SQLite reads them from it, with the ``-shm`` index a writer keeps beside it).

        A log that holds changes but has no ``-shm`` beside it (the writer is gone: a
        crash, a copy of both files) needs an index SQLite would make beside the file (as
        root even in a folder that may not be written, and otherwise refuse to open it):
        the file and its log are read from a private copy instead, removed on
        :meth:`dispose`, so the changes the log holds are seen and nothing is written
        beside the file."""
        assert self._path is not None
        source = self._path.resolve()
        wal = source.with_name(source.name + "-wal")
        if not (wal.exists() and wal.stat().st_size > 0):
            return f"sqlite:///file:{quote(str(source))}?immutable=1&uri=true"
        if source.with_name(source.name + "-shm").exists():
            return f"sqlite:///file:{quote(str(source))}?mode=ro&uri=true"
        import shutil
        import tempfile

        folder = Path(tempfile.mkdtemp(prefix="skak-read-only-"))
        self._snapshot = weakref.finalize(self, shutil.rmtree, folder, ignore_errors=True)
        copy = folder / source.name
        shutil.copyfile(source, copy)
        shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
        return f"sqlite:///file:{quote(str(copy))}?mode=ro&uri=true"

    def _current_revision(self) -> tuple[str | None, bool]:
        """The schema revision, and whether the database holds any tables at all."""
        with self.engine.connect() as conn:
            tables = inspect(conn).get_table_names()
            revision = None
            if "alembic_version" in tables:
                revision = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
            conn.rollback()
        return (None if revision is None else str(revision)), bool(tables)

    def _upgrade(self, create: bool) -> None:
        """Bring the schema to the newest revision; touch nothing when it is current.

        A database that is not skak's (tables, but no skak schema) is never written to, and an
        empty one only when ``create`` is given.
        """
        current, has_tables = self._current_revision()
        if current == SCHEMA_REVISION:
            return
        if self.read_only:
            raise StorageError(
                N_(
                    "the database {location} is read-only and was written by an older skak: "
                    "its schema can be brought up to date only where it may be written",
                    location=self.location,
                )
            )
        if current is None and not has_tables and not create:
            raise StorageError(
                f"{self.location} is not a skak database yet (it is empty); create a "
                "tournament first with 'skak new', or restore a backup with 'skak restore'"
            )
        if current is None and has_tables:
            raise StorageError(
                f"{self.location} is not a skak database"
                + (" (it holds another program's tables)" if has_tables else "")
                + "; name another one with --db or SKAK_DB"
            )
        from alembic import command
        from alembic.config import Config
        from alembic.script import ScriptDirectory

        scripts = ScriptDirectory(str(_MIGRATIONS))
        if current is not None and current not in {s.revision for s in scripts.walk_revisions()}:
            raise StorageError(
                f"{self.location} has schema {current!r}, which this skak does not know: it was "
                "written by a newer skak (upgrade skak to use it) or by another program"
            )
        with self.engine.connect() as conn:
            conn = conn.execution_options(skak_write=True)
            with conn.begin():
                if current is not None:
                    self._check_sound(conn)
                cfg = Config()
                cfg.set_main_option("script_location", str(_MIGRATIONS))
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")

    def _ensure_wal(self) -> None:
        """Write-ahead logging on an SQLite file, however it was opened: readers never wait
        for a writer. The mode stays in the file, so once set this only reads it; it cannot
        be changed inside a transaction, so the driver's connection sets it."""
        database = self.engine.url.database if self.is_sqlite else None
        if not database or database == ":memory:" or database.startswith("file:"):
            return
        raw = self.engine.raw_connection()
        driver_error: type[Exception] = self.engine.dialect.loaded_dbapi.Error
        try:
            driver = raw.driver_connection
            assert driver is not None
            try:
                mode = driver.execute("PRAGMA journal_mode").fetchone()
                if mode is not None and str(mode[0]).lower() == "wal":
                    return
                driver.execute("PRAGMA journal_mode=WAL")
            except driver_error as err:  # the driver's own error: SQLAlchemy does not wrap it
                words = str(err)
                raise StorageError(
                    _busy_message(self.location)
                    if "locked" in words or "busy" in words
                    else f"cannot open the database {self.location}: {words.splitlines()[0]}"
                ) from err
        finally:
            raw.close()

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @property
    def location(self) -> str:
        """The SQLite file, or the URL without its password."""
        if self._path is not None:
            return str(self._path)
        return make_url(self.url).render_as_string(hide_password=True)

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A read-only transaction: a consistent view, and no lock that a writer waits for."""
        with self._transaction(write=False) as conn:
            yield conn

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """A write transaction: committed when the block ends, rolled back on any error.

        :raises ConflictError: when another writer took a version this one wanted.
        """
        with self._transaction(write=True) as conn:
            yield conn

    def transaction(self) -> AbstractContextManager[Connection]:
        """A write transaction (the name older code uses)."""
        return self.write()

    @contextmanager
    def _transaction(self, *, write: bool) -> Iterator[Connection]:
        if write and self.read_only:
            raise StorageError(
                N_(
                    "the database {location} is read-only (its file or its folder may not be "
                    "written); nothing was written",
                    location=self.location,
                )
            )
        options: dict[str, Any] = {"skak_write": write}
        if not write and self.engine.dialect.name == "postgresql":
            # One snapshot for the whole read (a stream's snapshot and the events after it).
            options.update(isolation_level="REPEATABLE READ", postgresql_readonly=True)
        try:
            with self.engine.connect() as conn:
                conn = conn.execution_options(**options)
                with conn.begin():
                    if write and not self._sound:
                        self._check_sound(conn)
                    yield conn
        except IntegrityError as err:
            text = str(err.orig)
            if any(guard in text for guard in _GUARDS):
                raise ConflictError(
                    "another command changed the same record at the same time; nothing was "
                    "written: look again and retry"
                ) from err
            raise StorageError(
                f"the database {self.location} refused the change: {_plain(err)}"
            ) from err
        except OperationalError as err:
            if _is_busy(err):
                raise StorageError(_busy_message(self.location)) from err
            raise StorageError(
                f"the database {self.location} cannot be used: {_plain(err)}"
            ) from err
        except SQLAlchemyError as err:
            raise StorageError(
                f"the database {self.location} cannot be used: {_plain(err)}"
            ) from err

    def _check_sound(self, conn: Connection) -> None:
        """SQLite's quick check (a few milliseconds), once before the first write: a damaged
        file is not written to.

        :raises StorageError: naming what SQLite found.
        """
        if conn.dialect.name == "sqlite":
            found = _problems(conn.exec_driver_sql("PRAGMA quick_check").scalars().all())
            if found:
                raise StorageError(
                    f"the database {self.location} is damaged ({found[0]}"
                    + (f", and {len(found) - 1} more problems" if len(found) > 1 else "")
                    + "); nothing was written. 'skak check' lists what is wrong; "
                    "restore the file from a backup"
                )
        self._sound = True

    def integrity_problems(self) -> list[str]:
        """What SQLite's full ``integrity_check`` finds wrong with the file, in its words
        (no SQL); empty when the file is sound, or the database is not SQLite (a database
        server checks itself).

        :raises StorageError: when the file cannot be read far enough to be checked.
        """
        if self.engine.dialect.name != "sqlite":
            return []
        try:
            with self.read() as conn:
                return _problems(conn.exec_driver_sql("PRAGMA integrity_check").scalars().all())
        except StorageError as err:
            if isinstance(err.__cause__, DatabaseError) and not _is_busy(err.__cause__):
                return [_plain(err.__cause__)]
            raise

    def holds_records(self) -> bool:
        """Whether any record (a tournament, the rating registry) is stored."""
        with self.read() as conn:
            return conn.execute(select(streams.c.id).limit(1)).first() is not None

    def dispose(self) -> None:
        """Close the connections (an engine given by the caller is the caller's to close)."""
        if self._owns_engine:
            self.engine.dispose()
        if self._snapshot is not None:  # a read-only file's private copy
            self._snapshot()


#: What the database says when a guard against two writers refused one: the unique
#: ``(stream, version)`` constraint, and the one stream of a single-stream kind (PostgreSQL
#: names the constraint, SQLite the columns).
_GUARDS = (
    "uq_stream_events_version",
    "stream_events.version",
    "uq_streams_single_kind",
    "streams.kind",
)

_HOOKED: weakref.WeakSet[Engine] = weakref.WeakSet()


def _hooks(engine: Engine) -> None:
    """The backend's own settings on every connection (see the module's docstring)."""
    if engine.dialect.name == "sqlite":
        _sqlite_hooks(engine)
    elif engine.dialect.name == "postgresql":
        _postgresql_hooks(engine)


def _postgresql_hooks(engine: Engine) -> None:
    """A lock waited for longer than :data:`BUSY_TIMEOUT_MS` fails (busy, try again) instead
    of hanging the command. Hooked once."""
    if engine in _HOOKED:
        return
    _HOOKED.add(engine)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {int(BUSY_TIMEOUT_MS)}")
        dbapi_connection.commit()


def _sqlite_hooks(engine: Engine) -> None:
    """SQLite as skak uses it: SQLAlchemy decides when transactions begin, foreign keys are
    enforced, a write takes the lock at once (so it never fails half-way on a busy file) and
    a read takes none (WAL lets it read while another command writes). Hooked once."""
    if engine in _HOOKED:
        return
    _HOOKED.add(engine)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        dbapi_connection.execute("PRAGMA foreign_keys = ON")
        dbapi_connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_MS)}")

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        write = conn.get_execution_options().get("skak_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _is_busy(err: SQLAlchemyError) -> bool:
    """Whether the driver says another connection holds the lock."""
    words = str(getattr(err, "orig", None) or err).lower()
    return "locked" in words or "busy" in words or "lock timeout" in words


def _busy_message(location: str) -> str:
    return N_(
        "the database {location} is busy: another skak command is writing to it. Nothing "
        "was written; try again in a moment",
        location=location,
    )


def _problems(rows: Sequence[Any]) -> list[str]:
    """SQLite's check output as plain lines (``ok`` is none)."""
    lines = [line.strip() for row in rows for line in str(row).splitlines()]
    return [
        line for line in lines if line and line != "ok" and not line.startswith("*** in database")
    ]


def _plain(err: SQLAlchemyError) -> str:
    """The database driver's own words, without SQL text or SQLAlchemy's help links."""
    orig = getattr(err, "orig", None)
    text = str(orig) if orig is not None else str(err).split("\n", 1)[0]
    return text.split("\n", 1)[0].split("[SQL:", 1)[0].strip() or type(err).__name__


def _another_may_write(path: Path | None) -> bool:
    """Whether the permission bits of the SQLite file ``path`` and of its folder let
    someone write them, although not this process (a file another user owns)."""
    import stat

    if path is None:
        return False
    anyone = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
    return all(stat.S_IMODE(p.stat().st_mode) & anyone for p in (path, path.resolve().parent))


def _writable(path: Path) -> bool:
    """Whether skak may write the SQLite file ``path`` and the files SQLite keeps beside it:
    the file and its folder each have a write permission and the process is allowed it.
    The permission bits are read, not only asked of the system, so that a file made
    read-only (``chmod 444``) is left alone even by root, whom the system never refuses."""
    import os
    import stat

    for target in (path, path.resolve().parent):
        if not stat.S_IMODE(target.stat().st_mode) & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
            return False
        if not os.access(target, os.W_OK):
            return False
    return True
