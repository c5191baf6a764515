"""The Alembic migrations and the schema module agree."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine

from skak.api import Skak
from skak.storage import database
from skak.storage.schema import metadata


def test_schema_revision_constant_is_the_newest_migration() -> None:
    scripts = ScriptDirectory(str(Path(database.__file__).parent / "migrations"))
    assert scripts.get_current_head() == database.SCHEMA_REVISION


def test_migrated_database_matches_the_schema_module(api: Skak, db_path: Path) -> None:
    engine = create_engine(f"sqlite:///{db_path}")
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    engine.dispose()
    assert diff == []


def test_reopening_a_current_database_writes_nothing(api: Skak, db_path: Path) -> None:
    before = db_path.read_bytes()
    Skak(db_path).tournaments()
    assert db_path.read_bytes() == before
