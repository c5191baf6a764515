"""A database that may not be written (issue 38): a file with no write permission, or one
in a folder that has none, is read as it is — SQLite writes nothing beside it, not even its
``-wal`` and ``-shm`` files — and every write is refused in plain words. The permission bits
decide, so root, whom the system never refuses, leaves a ``chmod 444`` file alone too."""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from skak.api import Skak
from skak.errors import StorageError
from skak.faces.cli import app
from skak.model import Ratings, Tournament

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")


def _made(folder: Path) -> Path:
    """A database with one paired tournament, closed (its log checkpointed away)."""
    path = folder / "skak.db"
    s = Skak(path, create=True, actor="setup")
    row = s.tournaments.create(Tournament("Klub", "berger"))
    for i in (1, 2, 3, 4):
        s.tournaments.add_player(row.id, f"P{i}", ratings=Ratings(dsu=1500 + i))
    s.tournaments.pair(row.id)
    s.close()
    return path


def _beside(path: Path) -> set[str]:
    return {p.name for p in path.parent.iterdir()}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(params=["file", "folder"])
def locked(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path]:
    """The database, made read-only by its file's permission or by its folder's."""
    folder = tmp_path / "hall"
    folder.mkdir()
    path = _made(folder)
    target = path if request.param == "file" else folder
    mode = stat.S_IMODE(target.stat().st_mode)
    target.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    try:
        yield path
    finally:
        target.chmod(mode)


def test_it_is_read_and_nothing_is_written_beside_it(locked: Path) -> None:
    before, files = _digest(locked), _beside(locked)
    s = Skak(locked)
    try:
        assert s.db.read_only
        t = s.tournaments.get()
        assert [p.name for p in t.players] == ["P1", "P2", "P3", "P4"]
        assert len(t.rounds) == 1
        assert sorted(row.name for row in s.tournaments.standings().standings) == [
            "P1",
            "P2",
            "P3",
            "P4",
        ]
        with pytest.raises(StorageError, match="is read-only"):
            s.tournaments.enter_result(None, 1, 1, "1-0")
        assert s.check() == []
    finally:
        s.close()
    assert _digest(locked) == before
    assert _beside(locked) == files  # no -wal, no -shm


def test_the_command_line_reads_it_and_refuses_a_write(
    locked: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SKAK_DB", str(locked))
    runner = CliRunner()
    shown = runner.invoke(app, ["round", "show", "1"])
    assert shown.exit_code == 0, shown.output
    assert "P1" in shown.stdout
    refused = runner.invoke(app, ["result", "1", "1", "1-0"])
    assert refused.exit_code == 7, refused.output
    assert "read-only" in " ".join(refused.stderr.split())
    assert "nothing was written" in " ".join(refused.stderr.split())


def test_the_web_serves_it(locked: Path) -> None:
    from skak.faces.web import Arbiters, create_app

    s = Skak(locked)
    try:
        with TestClient(create_app(s, arbiters=Arbiters.with_passwords([]))) as c:
            assert c.get("/t/1/standings").status_code == 200
            assert c.get("/tournaments").status_code == 200
    finally:
        s.close()


def test_a_writable_database_is_not_read_only(tmp_path: Path) -> None:
    s = Skak(_made(tmp_path))
    try:
        assert not s.db.read_only
        s.tournaments.enter_result(None, 1, 1, "1-0")
    finally:
        s.close()


def test_skak_serve_serves_it_and_a_write_on_the_web_says_read_only(
    locked: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 38: in a read-only folder ``skak serve`` did not start (``attempt to write a
    readonly database``, exit 7). The command itself starts on it now (uvicorn is not run:
    the test serves the app it was given), its pages are read, and a change made on the
    web is refused as read-only."""
    from skak.faces.cli.serve import PASSWORD_VARIABLE
    from tests.web.conftest import csrf_of

    served: dict[str, object] = {}
    monkeypatch.setattr("uvicorn.run", lambda web, **options: served.update(app=web))
    monkeypatch.setenv(PASSWORD_VARIABLE, "rokade-e1g1")
    files = _beside(locked)
    runner = CliRunner()
    standings = runner.invoke(app, ["--lang", "en", "--db", str(locked), "standings"])
    assert standings.exit_code == 0, standings.output
    assert "P4" in standings.stdout
    started = runner.invoke(app, ["--db", str(locked), "serve", "--arbiter", "Inge Holm"])
    assert started.exit_code == 0, started.output
    with TestClient(served["app"]) as c:  # type: ignore[arg-type]
        assert c.get("/t/1/standings").status_code == 200
        token = csrf_of(c.get("/login").text)
        login = {"name": "Inge Holm", "password": "rokade-e1g1", "csrf": token, "next": "/arbiter"}
        assert c.post("/login", data=login, follow_redirects=False).status_code == 303
        token = csrf_of(c.get("/arbiter").text)
        refused = c.post(
            "/arbiter/t/1/rounds/1/boards/1",
            data={"result": "1-0", "csrf": token, "lang": "en"},
            headers={"X-CSRF-Token": token},
        )
        assert refused.status_code == 500, refused.text  # not to be retried: README's table
        assert "er skrivebeskyttet" in refused.text  # the pages speak Danish by default
        assert "intet blev skrevet" in refused.text
    assert _beside(locked) == files


def test_a_log_left_beside_it_is_read_from_a_private_copy(tmp_path: Path) -> None:
    """A read-only folder holding the file and a write-ahead log with the last changes but
    no ``-shm`` (the writer crashed, or both files were copied to a share): SQLite needs
    that index to read the log, and would make it beside the file (as root, even in a
    folder that may not be written; as anyone else it refused to open the file). The log's
    changes are read from a private copy; nothing is written beside the file."""
    import shutil
    import sqlite3

    path = _made(tmp_path)
    keeper = sqlite3.connect(path)  # holds the log open: closing skak leaves it unmerged
    try:
        keeper.execute("SELECT count(*) FROM sqlite_master").fetchall()
        s = Skak(path)
        s.tournaments.enter_result(None, 1, 1, "1-0")
        s.close()
        folder = tmp_path / "share"
        folder.mkdir()
        for name in ("skak.db", "skak.db-wal"):
            shutil.copyfile(tmp_path / name, folder / name)
    finally:
        keeper.close()
    copied = folder / "skak.db"
    assert (folder / "skak.db-wal").stat().st_size > 0  # the result is in the log alone
    files = _beside(copied)
    folder.chmod(0o555)
    try:
        s = Skak(copied)
        try:
            assert s.db.read_only
            board = s.tournaments.get().rounds[0].pairings[0]
            assert board.result is not None and str(board.result) == "1-0"
        finally:
            s.close()
        assert _beside(copied) == files  # no -shm
    finally:
        folder.chmod(0o755)


def test_a_file_another_user_writes_is_read_as_it_stands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file whose bits let its owner write it, opened by a process that may not (a web
    server run as another user than the arbiter): ``immutable`` alone would keep showing
    the file as it was when first read, whatever the arbiter enters later. Each read opens
    the file as it stands: through the writer's index while a writer is at work, and the
    file itself once the writer is done."""
    path = _made(tmp_path)
    files = _beside(path)
    real_access = os.access

    def another_user(target: object, mode: int, **kw: object) -> bool:
        return False if mode == os.W_OK else real_access(target, mode, **kw)  # type: ignore[arg-type]

    with monkeypatch.context() as m:
        m.setattr(os, "access", another_user)
        reader = Skak(path)
    try:
        assert reader.db.read_only

        def result() -> str | None:
            board = reader.tournaments.get().rounds[0].pairings[0]
            return None if board.result is None else str(board.result)

        assert result() is None
        writer = Skak(path)  # the arbiter, who may write the file
        try:
            writer.tournaments.enter_result(None, 1, 1, "1-0")
            assert result() == "1-0"  # read through the writer's -shm while it is open
        finally:
            writer.close()
        assert _beside(path) == files  # the writer is done: no log, no index left
        writer = Skak(path)
        writer.tournaments.enter_result(None, 1, 1, "½-½")
        writer.close()
        assert result() == "½-½"  # the file as the writer left it
        with pytest.raises(StorageError, match="is read-only"):
            reader.tournaments.enter_result(None, 1, 1, "0-1")
    finally:
        reader.close()
