"""Opening a database, keeping its schema current, and the event log's reads and writes.

The embedded default is an SQLite file; any SQLAlchemy URL works. Each public operation of
:class:`skak.api.Skak` runs in one transaction from :meth:`Database.transaction`: on SQLite
it starts with ``BEGIN IMMEDIATE``, so two commands on one file cannot interleave, and an
error rolls everything back, leaving the file byte-for-byte as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, func, insert, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, OperationalError, SQLAlchemyError

from skak.errors import StorageError
from skak.model.events import Event
from skak.rating.registry import RegistryEvent
from skak.storage.codec import dump_event, dump_registry_event, load_event, load_registry_event
from skak.storage.schema import events, rating_events, tournaments

__all__ = [
    "SCHEMA_REVISION",
    "Database",
    "StoredEvent",
    "TournamentRow",
    "database_url",
]

_MIGRATIONS = Path(__file__).parent / "migrations"

#: The newest migration's revision. Checked against the migrations by the tests, so that a
#: current database is recognised without importing Alembic on every command.
SCHEMA_REVISION = "0002"


def database_url(db: str | Path) -> str:
    """An SQLAlchemy URL for ``db``: a URL as it is, anything else as an SQLite file path."""
    text = str(db)
    if "://" in text:
        return text
    return f"sqlite:///{Path(text).expanduser()}"


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: int
    name: str
    created_at: str

    def label(self) -> str:
        return f"#{self.id} {self.name} (created {self.created_at[:10]})"


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as the log holds it: its place, who made it and when."""

    seq: int
    event: Event
    actor: str
    recorded_at: str


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Database:
    """A skak database: a tournament index and the event log, behind one SQLAlchemy engine.

    :param create: create the database (and an SQLite file) when it does not exist yet;
        otherwise a missing SQLite file is an error rather than silently made.
    :raises StorageError: when the database is missing, unreadable or from a newer skak.
    """

    def __init__(self, db: str | Path, *, create: bool = False) -> None:
        self.url = database_url(db)
        self._path: Path | None = None
        if self.url.startswith("sqlite:///") and self.url != "sqlite:///:memory:":
            self._path = Path(self.url.removeprefix("sqlite:///"))
            if not self._path.exists() and not create:
                raise StorageError(
                    f"no skak database at {self._path}; create a tournament first with "
                    "'skak new', or name another database with --db or SKAK_DB"
                )
            if create and not self._path.parent.exists():
                raise StorageError(f"the folder {self._path.parent} does not exist")
        try:
            self.engine = self._make_engine()
            self._upgrade(create)
        except ImportError as err:
            raise StorageError(
                f"cannot open {self.location}: its database driver is not installed ({err.name})"
            ) from err
        except SQLAlchemyError as err:
            raise StorageError(f"cannot open the database {self.location}: {err}") from err

    def _make_engine(self) -> Engine:
        if not self.url.startswith("sqlite"):
            return create_engine(self.url)
        engine = create_engine(self.url)

        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            # Let SQLAlchemy, not the sqlite3 module, decide when transactions begin.
            dbapi_connection.isolation_level = None
            dbapi_connection.execute("PRAGMA foreign_keys = ON")

        @event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

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
        with self.engine.begin() as conn:
            cfg = Config()
            cfg.set_main_option("script_location", str(_MIGRATIONS))
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    @property
    def location(self) -> str:
        """The SQLite file, or the URL without its password."""
        if self._path is not None:
            return str(self._path)
        return make_url(self.url).render_as_string(hide_password=True)

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One transaction: committed when the block ends, rolled back on any error."""
        try:
            with self.engine.begin() as conn:
                yield conn
        except OperationalError as err:
            if "locked" in str(err):
                raise StorageError(
                    "the database is busy with another skak command; try again"
                ) from err
            raise StorageError(f"database error: {err.orig}") from err
        except IntegrityError as err:
            raise StorageError(
                f"another command changed the tournament at the same time; try again ({err.orig})"
            ) from err

    def dispose(self) -> None:
        self.engine.dispose()

    # -- the tournament index ------------------------------------------------------------

    @staticmethod
    def add_tournament(conn: Connection, name: str) -> TournamentRow:
        created = _now()
        result = conn.execute(insert(tournaments).values(name=name, created_at=created))
        (new_id,) = result.inserted_primary_key or (None,)
        if new_id is None:  # pragma: no cover - every backend returns the key
            raise StorageError("the database did not return the new tournament's id")
        return TournamentRow(int(new_id), name, created)

    @staticmethod
    def list_tournaments(conn: Connection) -> list[TournamentRow]:
        rows = conn.execute(
            select(tournaments.c.id, tournaments.c.name, tournaments.c.created_at).order_by(
                tournaments.c.id
            )
        )
        return [TournamentRow(r.id, r.name, r.created_at) for r in rows]

    # -- the event log -------------------------------------------------------------------

    @staticmethod
    def load_events(conn: Connection, tournament_id: int) -> list[StoredEvent]:
        rows = conn.execute(
            select(events.c.seq, events.c.payload, events.c.actor, events.c.recorded_at)
            .where(events.c.tournament_id == tournament_id)
            .order_by(events.c.seq)
        )
        return [StoredEvent(r.seq, load_event(r.payload), r.actor, r.recorded_at) for r in rows]

    @staticmethod
    def append(conn: Connection, tournament_id: int, ev: Event, actor: str) -> StoredEvent:
        last = conn.execute(
            select(func.max(events.c.seq)).where(events.c.tournament_id == tournament_id)
        ).scalar_one()
        stored = StoredEvent((last or 0) + 1, ev, actor, _now())
        conn.execute(
            insert(events).values(
                tournament_id=tournament_id,
                seq=stored.seq,
                type=ev.kind,
                payload=dump_event(ev),
                actor=actor,
                recorded_at=stored.recorded_at,
            )
        )
        return stored

    # -- the rating registry's log ---------------------------------------------------------

    @staticmethod
    def load_registry_events(conn: Connection) -> list[RegistryEvent]:
        rows = conn.execute(select(rating_events.c.payload).order_by(rating_events.c.seq))
        return [load_registry_event(r.payload) for r in rows]

    @staticmethod
    def append_registry_events(conn: Connection, new: list[RegistryEvent], actor: str) -> None:
        last = conn.execute(select(func.max(rating_events.c.seq))).scalar_one() or 0
        now = _now()
        if new:
            conn.execute(
                insert(rating_events),
                [
                    {
                        "seq": last + i,
                        "type": ev.kind,
                        "payload": dump_registry_event(ev),
                        "actor": actor,
                        "recorded_at": now,
                    }
                    for i, ev in enumerate(new, start=1)
                ],
            )
