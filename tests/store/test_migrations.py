"""The Alembic migrations and the schema module agree."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from skak.api import Skak
from skak.records.registry.kind import REGISTRY
from skak.store import database
from skak.store.schema import metadata


def test_schema_revision_constant_is_the_newest_migration() -> None:
    scripts = ScriptDirectory(str(Path(database.__file__).parent / "migrations"))
    assert scripts.get_current_head() == database.SCHEMA_REVISION


def test_migrated_database_matches_the_schema_module(api: Skak) -> None:
    with api.db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
        indexes = {
            i["name"]: i for i in inspect(conn).get_indexes("streams") if i["name"] is not None
        }
    assert diff == []
    assert indexes["uq_streams_single_kind"]["unique"]


def test_the_single_kind_index_is_partial_on_every_backend(api: Skak) -> None:
    """Migration 0004 makes the index partial on SQLite and PostgreSQL alike (the schema
    module states SQLite's condition only, and Alembic does not compare conditions)."""
    with api.db.engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            sql = "SELECT sql FROM sqlite_master WHERE name = 'uq_streams_single_kind'"
        else:
            sql = "SELECT indexdef FROM pg_indexes WHERE indexname = 'uq_streams_single_kind'"
        definition = conn.execute(text(sql)).scalar_one()
    assert "WHERE" in definition.upper() and "rating-registry" in definition


def test_an_sqlite_database_imports_no_postgresql_dialect(tmp_path: Path) -> None:
    """The schema names no PostgreSQL option: a command on an SQLite database does not
    import SQLAlchemy's PostgreSQL dialect (about a twentieth of a second)."""
    db = tmp_path / "t.db"
    Skak(db, create=True).close()
    code = (
        "import sys\n"
        "from skak.api import Skak\n"
        f"Skak({str(db)!r}).tournaments.rows()\n"
        "print(sorted(m for m in sys.modules if 'postgresql' in m or 'asyncpg' in m))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_one_registry_even_when_two_commands_create_it_at_once(
    api: Skak, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The registry is created once: the second of two commands that both found none (as two
    transactions on a database server can) is refused by the unique index, and takes the
    registry the first made."""
    from skak.store import EventStore

    api.registry.enter(
        1, "Først, Ib", 1400, authority="club", day=date(2026, 1, 5), kind="standard"
    )
    monkeypatch.setattr(EventStore, "_streams", staticmethod(lambda conn, kind: []))
    kind = REGISTRY
    assert api.store.create_only(kind, "DSU", [], "racer") is None
    monkeypatch.undo()
    assert len(api.store.streams(kind.name)) == 1
    api.registry.enter(
        2, "Anden, Bo", 1400, authority="club", day=date(2026, 1, 5), kind="standard"
    )
    assert {p.dsu_id for p in api.registry.get().players.values()} == {1, 2}


def test_reopening_a_current_database_writes_nothing(api: Skak, db_path: Path) -> None:
    before = db_path.read_bytes()
    Skak(db_path).tournaments.rows()
    assert db_path.read_bytes() == before
