"""What is PostgreSQL's own: a lock held too long is "busy, try again", a server that cannot
be reached is named without its password, ``postgresql://`` means psycopg 3, reads see one
snapshot. (Everything else runs on both backends through the other storage tests.)"""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from typer.testing import CliRunner

from skak.api import Skak, database_url
from skak.errors import StorageError
from skak.faces.cli import app
from skak.model import Result, Tournament
from skak.store import database
from tests.postgres import Cluster

pytestmark = pytest.mark.postgresql


def test_a_lock_held_too_long_is_busy_and_nothing_is_written(
    pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = pg_cluster.database()
    api = Skak(url, create=True, actor="test")
    tid = api.tournaments.create(Tournament("Klub", "berger")).id
    for i in range(1, 5):
        api.tournaments.add_player(tid, f"P, {i}")
    api.tournaments.pair(tid)
    api.close()
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 300)
    other = create_engine(url)
    with other.connect() as holder:
        holder.execute(text("SELECT id FROM streams WHERE id = :id FOR UPDATE"), {"id": tid})
        waiting = Skak(url, actor="waiting")
        with pytest.raises(StorageError, match="is busy: another skak command is writing"):
            waiting.tournaments.enter_result(tid, 1, 1, Result.DRAW)
        assert waiting.tournaments.get(tid).round(1).board(1).result is None  # a read never waits
        holder.rollback()
    waiting.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    assert [h.actor for h in waiting.tournaments.history(tid)][-1] == "waiting"
    waiting.close()
    other.dispose()


def test_a_server_out_of_reach_is_named_without_its_password() -> None:
    url = "postgresql://arbiter:hemmeligt@127.0.0.1:1/dsu"  # nothing listens on port 1
    assert database_url(url) == "postgresql+psycopg://arbiter:hemmeligt@127.0.0.1:1/dsu"
    result = CliRunner().invoke(app, ["--wait", "0", "--verbose", "tournaments", "--db", url])
    assert result.exit_code == 9, result.output  # out of reach: worth trying again
    message = " ".join(result.stderr.split())
    assert message.startswith("error: the database postgresql+psycopg://arbiter:***@")
    assert "cannot be reached now: its server is not answering" in message
    assert "the database said: connection failed" in message  # the driver's words: --verbose
    assert "hemmeligt" not in message
    quiet = CliRunner().invoke(app, ["--wait", "0", "tournaments", "--db", url])
    assert "the database said" not in quiet.stderr


def test_a_database_missing_on_the_server_is_missing_not_busy(pg_cluster: Cluster) -> None:
    made = make_url(pg_cluster.database())
    url = made.set(database="nosuchdb").render_as_string(hide_password=False)
    result = CliRunner().invoke(app, ["tournaments", "--db", url])
    assert result.exit_code == 10, result.output
    assert "there is no database" in " ".join(result.stderr.split())


def test_an_empty_database_is_named_and_not_written_by_a_reading_command(
    pg_cluster: Cluster,
) -> None:
    url = pg_cluster.database()
    result = CliRunner().invoke(app, ["tournaments", "--db", url])
    assert result.exit_code == 10
    assert "is not a skak database yet (it is empty); create a tournament first" in " ".join(
        result.stderr.split()
    )
    engine = create_engine(url)
    with engine.connect() as conn:
        tables = conn.execute(
            text("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")
        ).scalar_one()
    engine.dispose()
    assert tables == 0
