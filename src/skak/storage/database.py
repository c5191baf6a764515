"""Opening a database and keeping its schema current; read and write transactions.

The embedded default is an SQLite file; any SQLAlchemy URL works. The event store
(:mod:`skak.store`) reads in :meth:`Database.read` and appends in :meth:`Database.write`. On
SQLite the file is in WAL mode, so reads never wait for a writer; a write starts with
``BEGIN IMMEDIATE``, holds the lock only while it appends, and an error rolls everything back,
leaving the file byte-for-byte as it was. Every database error becomes a
:class:`~skak.errors.StorageError` in plain words (no SQL, no library URLs).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DatabaseError, IntegrityError, OperationalError, SQLAlchemyError

from skak.errors import ConflictError, StorageError

__all__ = ["SCHEMA_REVISION", "Database", "database_url", "now"]

_MIGRATIONS = Path(__file__).parent / "migrations"

#: The newest migration's revision. Checked against the migrations by the tests, so that a
#: current database is recognised without importing Alembic on every command.
SCHEMA_REVISION = "0003"


def database_url(db: str | Path) -> str:
    """An SQLAlchemy URL for ``db``: a URL as it is, anything else as an SQLite file path."""
    text = str(db)
    if "://" in text:
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
        if isinstance(db, Engine):
            self.url = db.url.render_as_string(hide_password=False)
            if db.dialect.name == "sqlite":
                _sqlite_hooks(db)
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
                    f"no skak database at {self._path}; create a tournament first with "
                    "'skak new', or name another database with --db or SKAK_DB"
                )
            if create and not self._path.parent.exists():
                raise StorageError(f"the folder {self._path.parent} does not exist")
        self._open(create, self._make_engine)

    def _open(self, create: bool, make: Callable[[], Engine] | None) -> None:
        try:
            if make is not None:
                self.engine = make()
            self._upgrade(create)
        except ImportError as err:
            raise StorageError(
                f"cannot open {self.location}: its database driver is not installed ({err.name})"
            ) from err
        except SQLAlchemyError as err:
            raise StorageError(f"cannot open the database {self.location}: {_plain(err)}") from err

    def _make_engine(self) -> Engine:
        engine = create_engine(self.url)
        if self.url.startswith("sqlite"):
            _sqlite_hooks(engine)
        return engine

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
        if current is None and (has_tables or not create):
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
                cfg = Config()
                cfg.set_main_option("script_location", str(_MIGRATIONS))
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
        if self._path is not None:
            # Write-ahead logging: readers never wait for a writer (the mode stays in the file;
            # it cannot be changed inside a transaction, so the driver's connection sets it).
            raw = self.engine.raw_connection()
            try:
                raw.driver_connection.execute("PRAGMA journal_mode=WAL")  # type: ignore[union-attr]
            finally:
                raw.close()

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
        try:
            with self.engine.connect() as conn:
                conn = conn.execution_options(skak_write=write)
                with conn.begin():
                    yield conn
        except IntegrityError as err:
            raise ConflictError(
                "another command changed the same record at the same time; nothing was "
                "written: look again and retry"
            ) from err
        except OperationalError as err:
            if "locked" in str(err) or "busy" in str(err):
                raise StorageError(
                    "the database is busy with another skak command; try again in a moment"
                ) from err
            raise StorageError(
                f"the database {self.location} cannot be used: {_plain(err)}"
            ) from err
        except DatabaseError as err:
            raise StorageError(
                f"the database {self.location} cannot be used: {_plain(err)}"
            ) from err

    def dispose(self) -> None:
        """Close the connections (an engine given by the caller is the caller's to close)."""
        if self._owns_engine:
            self.engine.dispose()


_HOOKED: weakref.WeakSet[Engine] = weakref.WeakSet()


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
        dbapi_connection.execute("PRAGMA busy_timeout = 10000")

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        write = conn.get_execution_options().get("skak_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _plain(err: SQLAlchemyError) -> str:
    """The database driver's own words, without SQL text or SQLAlchemy's help links."""
    orig = getattr(err, "orig", None)
    text = str(orig) if orig is not None else str(err).split("\n", 1)[0]
    return text.split("\n", 1)[0].split("[SQL:", 1)[0].strip() or type(err).__name__
