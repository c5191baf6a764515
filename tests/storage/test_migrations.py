"""The Alembic migrations and the schema module agree."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from skak.api import Skak
from skak.storage import database
from skak.storage.schema import metadata
from skak.store import REGISTRY


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


def test_one_registry_even_when_two_commands_create_it_at_once(
    api: Skak, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The registry is created once: the second of two commands that both found none (as two
    transactions on a database server can) is refused by the unique index, and takes the
    registry the first made."""
    from skak.store import EventStore

    api.rating_enter(1, "Først, Ib", 1400, authority="club", day=date(2026, 1, 5), kind="standard")
    monkeypatch.setattr(EventStore, "_streams", staticmethod(lambda conn, kind: []))
    kind = REGISTRY
    assert api.store.create_only(kind, "DSU", [], "racer") is None
    monkeypatch.undo()
    assert len(api.store.streams(kind.name)) == 1
    api.rating_enter(2, "Anden, Bo", 1400, authority="club", day=date(2026, 1, 5), kind="standard")
    assert {p.dsu_id for p in api.registry().players.values()} == {1, 2}


def test_reopening_a_current_database_writes_nothing(api: Skak, db_path: Path) -> None:
    before = db_path.read_bytes()
    Skak(db_path).tournaments()
    assert db_path.read_bytes() == before
