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
:class:`~skak.errors.StorageError` in plain words (no SQL, no library URLs; the driver's own
words are kept as its ``detail``): :class:`~skak.errors.DatabaseBusyError` for a database that
is busy or out of reach for now (a server restarting, a dropped connection), the one worth
trying again, :class:`~skak.errors.MissingDatabaseError` and
:class:`~skak.errors.ForeignDatabaseError` for what no retry mends. A database opened with
``wait`` seconds rides out the first kind: opening it, and beginning each transaction, are
tried again with back-off until the time is up (:class:`Waiter`; the store does the same
for a write whose connection dropped, see :mod:`skak.store.streams`). Before its first
write an SQLite file is checked with SQLite's ``quick_check`` (a damaged file is never written
to); :meth:`Database.integrity_problems` runs the full check (``skak check``).
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import Connection, Engine, create_engine, event, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import (
    DatabaseError,
    DBAPIError,
    IntegrityError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.pool import NullPool

from skak.errors import (
    ConflictError,
    DatabaseBusyError,
    ForeignDatabaseError,
    MissingDatabaseError,
    StorageError,
)
from skak.messages import N_
from skak.store.schema import streams

__all__ = [
    "BUSY_TIMEOUT_MS",
    "SCHEMA_REVISION",
    "Database",
    "WaitNotice",
    "Waiter",
    "database_url",
    "now",
]

_MIGRATIONS = Path(__file__).parent / "migrations"

#: The newest migration's revision. Checked against the migrations by the tests, so that a
#: current database is recognised without importing Alembic on every command.
SCHEMA_REVISION = "0006"

#: How long a write waits for another command's write to finish before it gives up with
#: "busy, try again" (reads never wait: WAL).
BUSY_TIMEOUT_MS = 10_000

#: The longest pause between two tries while waiting for a database (seconds); the first
#: pause is a quarter of a second, and each is twice the one before.
LONGEST_PAUSE = 4.0

#: Told once when a command starts to wait for its database: the error that made it wait
#: (its message names the database and why) and the seconds it will wait at most.
WaitNotice = Callable[[DatabaseBusyError, float], None]


class Waiter:
    """The time one operation may spend waiting for a busy or unreachable database: tries
    again with back-off (¼ s, ½ s, 1 s, … at most :data:`LONGEST_PAUSE`) until ``seconds``
    have passed since the first failure, telling ``notice`` once when it starts to wait."""

    def __init__(self, seconds: float, notice: WaitNotice | None = None) -> None:
        self.seconds = seconds
        self.notice = notice
        self._deadline: float | None = None
        self._pause = 0.25

    def pause(self, err: DatabaseBusyError) -> bool:
        """Wait before the next try, and say whether there is one (``False``: the time is
        up, or there is none to wait; raise ``err``)."""
        if self.seconds <= 0:
            return False
        moment = time.monotonic()
        if self._deadline is None:
            self._deadline = moment + self.seconds
            if self.notice is not None:
                self.notice(err, self.seconds)
        left = self._deadline - moment
        if left <= 0:
            return False
        time.sleep(min(self._pause, left))
        self._pause = min(self._pause * 2, LONGEST_PAUSE)
        return True


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
    :param wait: seconds to wait for a database that is busy or out of reach (its server
        restarting) before giving up: opening it, and each transaction after (0: give up
        at once, as a web server does, whose pages answer 503 meanwhile).
    :param on_wait: told once per operation when it starts to wait.
    :raises StorageError: when the database is missing, unreadable or from a newer skak.
    """

    def __init__(
        self,
        db: str | Path | Engine,
        *,
        create: bool = False,
        wait: float = 0,
        on_wait: WaitNotice | None = None,
    ) -> None:
        """``db``: an SQLite file path, an SQLAlchemy URL, or an engine the caller keeps
        (a server holds one engine and gives it here once)."""
        self.wait = wait
        self.on_wait = on_wait
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
                raise MissingDatabaseError(
                    N_(
                        "no skak database at {path}; create a tournament first with "
                        "'skak new', or name another database with --db or SKAK_DB",
                        path=str(self._path),
                    )
                )
            if create and not self._path.parent.exists():
                raise MissingDatabaseError(
                    N_(
                        "the folder {folder} does not exist: make it first, or name another "
                        "database with --db or SKAK_DB",
                        folder=str(self._path.parent),
                    )
                )
            self.read_only = self._path.exists() and not _writable(self._path)
        self._open(create, self._make_engine)

    def waiter(self) -> Waiter:
        """The waiting of one operation on this database (see :class:`Waiter`)."""
        return Waiter(self.wait, self.on_wait)

    def _open(self, create: bool, make: Callable[[], Engine] | None) -> None:
        waiter = self.waiter()
        while True:
            try:
                if make is not None:
                    self.engine = make()
                    make = None
                self._upgrade(create)
                self._ensure_wal()
                return
            except ImportError as err:
                extra = (
                    " (pip install 'skak[postgres]')" if self.url.startswith("postgresql") else ""
                )
                raise StorageError(
                    f"cannot open {self.location}: its database driver is not installed "
                    f"({err.name}){extra}"
                ) from err
            except SQLAlchemyError as err:
                error = self.error(err, opening=True)
            except DatabaseBusyError as err:
                error = err
            if not isinstance(error, DatabaseBusyError) or not waiter.pause(error):
                raise error from error.__cause__

    def error(self, err: SQLAlchemyError, *, opening: bool = False) -> StorageError:
        """The database driver's error ``err`` in plain words, as the kind of
        :class:`~skak.errors.StorageError` that says what may be done about it (its cause
        is ``err``, its ``detail`` the driver's own words)."""
        error = self._error(err, opening)
        error.__cause__ = err
        return error

    def _error(self, err: SQLAlchemyError, opening: bool) -> StorageError:
        detail = _plain(err)
        where = self.location
        kind = _kind_of(err, self.engine.dialect.name if hasattr(self, "engine") else "")
        if kind == "busy":
            return DatabaseBusyError(
                _busy_message(where), location=where, locked=True, detail=detail
            )
        if kind == "gone":
            return DatabaseBusyError(
                N_(
                    "the database {location} cannot be reached now: its server is not "
                    "answering (it may be restarting). Nothing was written; try again when it "
                    "is back",
                    location=where,
                )
                if opening
                else N_(
                    "the connection to the database {location} was lost (its server may be "
                    "restarting); try again when it is back",
                    location=where,
                ),
                location=where,
                locked=False,
                detail=detail,
            )
        if kind == "missing":
            return MissingDatabaseError(
                N_(
                    "there is no database {location} on its server: create it there first, "
                    "or name another one with --db or SKAK_DB",
                    location=where,
                ),
                detail=detail,
            )
        if kind == "login":
            return StorageError(
                N_(
                    "the server of the database {location} refused the login: check the user "
                    "name and password in the URL",
                    location=where,
                ),
                detail=detail,
            )
        if "file is not a database" in detail:
            return StorageError(_not_sqlite(where), detail=detail)
        if "unable to open database file" in detail:
            return StorageError(
                N_(
                    "the database file {location} cannot be opened: its folder is missing, "
                    "or may not be read or written",
                    location=where,
                ),
                detail=detail,
            )
        if opening:
            return StorageError(
                N_("cannot open the database {location}: {cause}", location=where, cause=detail),
                detail=detail,
            )
        return StorageError(
            N_("the database {location} cannot be used: {cause}", location=where, cause=detail),
            detail=detail,
        )

    def _make_engine(self) -> Engine:
        if self.read_only and _another_may_write(self._path):
            # Each read opens the file afresh, as it stands then: see _shared_connection.
            engine = create_engine("sqlite://", creator=self._shared_connection, poolclass=NullPool)
        else:
            url = self._read_only_url() if self.read_only else self.url
            # A database server's connection kept in the pool may have been cut (the server
            # restarted): it is checked as it is taken, where a failure can be tried again.
            engine = create_engine(url, pool_pre_ping=not url.startswith("sqlite"))
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
            raise MissingDatabaseError(
                f"{self.location} is not a skak database yet (it is empty); create a "
                "tournament first with 'skak new', or restore a backup with 'skak restore'"
            )
        if current is None and has_tables:
            raise ForeignDatabaseError(
                f"{self.location} is not a skak database"
                + (" (it holds another program's tables)" if has_tables else "")
                + "; name another one with --db or SKAK_DB"
            )
        from alembic import command
        from alembic.config import Config
        from alembic.script import ScriptDirectory

        scripts = ScriptDirectory(str(_MIGRATIONS))
        if current is not None and current not in {s.revision for s in scripts.walk_revisions()}:
            raise ForeignDatabaseError(
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
                if "locked" in words or "busy" in words:
                    raise DatabaseBusyError(
                        _busy_message(self.location),
                        location=self.location,
                        locked=True,
                        detail=words,
                    ) from err
                first = words.splitlines()[0] if words else type(err).__name__
                raise StorageError(
                    _not_sqlite(self.location)
                    if "file is not a database" in words
                    else N_(
                        "cannot open the database {location}: {cause}",
                        location=self.location,
                        cause=first,
                    ),
                    detail=words,
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
    def read(self, waiter: Waiter | None = None) -> Iterator[Connection]:
        """A read-only transaction: a consistent view, and no lock that a writer waits for.
        Begun again while the database is busy or out of reach, for as long as ``waiter``
        (else :meth:`waiter`) allows."""
        with self._transaction(write=False, waiter=waiter) as conn:
            yield conn

    @contextmanager
    def write(self, waiter: Waiter | None = None) -> Iterator[Connection]:
        """A write transaction: committed when the block ends, rolled back on any error.
        Begun again as :meth:`read` is; once the block has run, a failure is not tried
        again here (whether a lost commit was made is for the caller to find out).

        :raises ConflictError: when another writer took a version this one wanted.
        :raises DatabaseBusyError: when the database stayed busy or out of reach.
        """
        with self._transaction(write=True, waiter=waiter) as conn:
            yield conn

    def transaction(self) -> AbstractContextManager[Connection]:
        """A write transaction (the name older code uses)."""
        return self.write()

    @contextmanager
    def _transaction(self, *, write: bool, waiter: Waiter | None = None) -> Iterator[Connection]:
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
        waiter = waiter or self.waiter()
        while True:
            begun = False
            try:
                with self.engine.connect() as conn:
                    conn = conn.execution_options(**options)
                    with conn.begin():
                        if write and not self._sound:
                            self._check_sound(conn)
                        begun = True
                        yield conn
                return
            except IntegrityError as err:
                text = str(err.orig)
                if any(guard in text for guard in _GUARDS):
                    raise ConflictError(
                        "another command changed the same record at the same time; nothing "
                        "was written: look again and retry"
                    ) from err
                raise StorageError(
                    N_(
                        "the database {location} refused the change: {cause}",
                        location=self.location,
                        cause=_plain(err),
                    ),
                    detail=_plain(err),
                ) from err
            except SQLAlchemyError as err:
                error = self.error(err)
            if begun or not isinstance(error, DatabaseBusyError) or not waiter.pause(error):
                raise error from error.__cause__

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


#: PostgreSQL's error codes (SQLSTATE) of a server that is there but cannot serve now: shut
#: down by its administrator or a crash, starting up, too many connections, a
#: serialisation failure or deadlock (a transaction to try again). Class ``08`` is a lost
#: connection.
_PG_GONE = frozenset({"57P01", "57P02", "57P03", "53300", "40001", "40P01"})


def _kind_of(err: SQLAlchemyError, dialect: str) -> str:
    """What a driver's error means for the user: ``busy`` (another command holds the lock),
    ``gone`` (out of reach for now: try again), ``missing`` (no such database on the
    server), ``login`` (refused), or ``other``."""
    if _is_busy(err):
        return "busy"
    orig = getattr(err, "orig", None)
    state = str(getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None) or "")
    words = str(orig if orig is not None else err).lower()
    if state == "55P03":
        return "busy"
    if state == "3D000":
        return "missing"
    if state.startswith("28"):
        return "login"
    if state in _PG_GONE or state.startswith("08"):
        return "gone"
    if isinstance(err, DBAPIError) and err.connection_invalidated:
        return "gone"
    if dialect == "postgresql" and isinstance(err, OperationalError) and not state:
        # libpq's own failures (no SQLSTATE): a connection refused, lost, or its login.
        if "does not exist" in words:
            return "missing"
        if "password" in words or "authentication" in words:
            return "login"
        return "gone"
    return "other"


def _is_busy(err: SQLAlchemyError) -> bool:
    """Whether the driver says another connection holds the lock."""
    words = str(getattr(err, "orig", None) or err).lower()
    return "locked" in words or "busy" in words or "lock timeout" in words


def _not_sqlite(location: str) -> str:
    return N_(
        "the file {location} is not a database SQLite can read: another kind of file, or one "
        "damaged at its beginning; name another one with --db or SKAK_DB, or restore it from "
        "a backup",
        location=location,
    )


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
