"""Issue #23 items 8–10 and 14: a damaged or busy database is named in plain words with exit
code 7 (never a traceback, SQL text or a library's URL), a damaged file is never written to,
``skak check`` says whether a database is sound, reads never wait for a writer, and a failed
command creates no database file."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from skak.api import Skak
from skak.faces.cli import app, for_command, normalise_argv
from skak.model import Ratings, Tournament
from skak.store import database
from tests.conftest import file_digest

#: Damaged pages, SQLite's checks, its file lock and the files a command creates: SQLite's.
pytestmark = pytest.mark.sqlite_only

#: What no message may show: SQL, SQLAlchemy's help links, Python's tracebacks.
LEAKS = ("[SQL", "BEGIN", "SELECT", "sqlalche.me", "Traceback", "sqlalchemy", "sqlite3.")


def ok(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


def plain_failure(result: Result, code: int = 7) -> str:
    """The one-line ``error:`` message of a command that failed as documented."""
    assert result.exit_code == code, (result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.stderr.startswith("error:"), result.stderr
    assert not any(leak in result.stderr for leak in LEAKS), result.stderr
    return " ".join(result.stderr.split())


@pytest.fixture
def club(runner: CliRunner) -> Path:
    """A tournament of 30 players added one by one: a database of several pages."""
    s = Skak("skak.db", create=True)
    s.tournaments.create(Tournament("Klub", "monrad", number_of_rounds=5))
    for i in range(1, 31):
        s.tournaments.add_player(None, f"Spiller, Nummer {i}", ratings=Ratings(dsu=1500 + i))
    s.close()
    return Path("skak.db")


def _sql(path: Path, statement: str, *params: object) -> list[tuple[object, ...]]:
    """Run one statement on the file behind skak's back, and commit it."""
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(statement, params).fetchall()
        conn.commit()
        return rows
    finally:
        conn.close()


def _root_page(path: Path, name: str) -> int:
    ((page,),) = _sql(path, "SELECT rootpage FROM sqlite_master WHERE name = ?", name)
    return int(str(page))


def _damage_page(path: Path, page: int) -> None:
    """Overwrite a page's cell pointers, as a failing disk would."""
    ((size,),) = _sql(path, "PRAGMA page_size")
    size = int(str(size))
    data = bytearray(path.read_bytes())
    start = (page - 1) * size
    data[start + 8 : start + 300] = b"\xff" * 292
    path.write_bytes(bytes(data))


def test_a_damaged_page_is_exit_7_in_plain_words(runner: CliRunner, club: Path) -> None:
    _damage_page(club, _root_page(club, "stream_events"))
    for args in (["standings"], ["history"], ["players", "add", "Ny, Spiller"], ["pair"]):
        message = plain_failure(runner.invoke(app, args))
        assert "database disk image is malformed" in message, message


@pytest.mark.parametrize(
    "payload", ["{not json", "[1, 2]", "5", "null", '{"type": "players_added", "players": 5}']
)
def test_an_unreadable_event_is_exit_7_in_plain_words(
    runner: CliRunner, club: Path, payload: str
) -> None:
    _sql(club, "UPDATE stream_events SET payload = ? WHERE version = 2", payload)
    message = plain_failure(runner.invoke(app, ["standings"]))
    assert "cannot be read" in message


def test_an_unreadable_snapshot_is_not_used(api_db: Path) -> None:
    """A snapshot is a cache: one that cannot be read is passed over for the events."""
    _sql(
        api_db,
        "INSERT INTO snapshots (stream_id, version, format, payload) VALUES (1, 2, 1, ?)",
        '{"name": 5}',
    )
    s = Skak(api_db)
    try:
        assert [p.name for p in s.tournaments.get().players] == ["A, A", "B, B"]
    finally:
        s.close()


@pytest.fixture
def api_db(tmp_path: Path) -> Path:
    path = tmp_path / "api.db"
    s = Skak(path, create=True)
    s.tournaments.create(Tournament("T", "monrad", number_of_rounds=3))
    s.tournaments.add_player(None, "A, A")
    s.tournaments.add_player(None, "B, B")
    s.close()
    return path


def test_a_damaged_file_is_not_written_to(runner: CliRunner, club: Path) -> None:
    """SQLite's quick check before the first write finds what reads never touch."""
    _damage_page(club, _root_page(club, "sqlite_autoindex_alembic_version_1"))
    ok(runner, "standings")  # reading what is intact still works
    digest = file_digest(club)
    message = plain_failure(runner.invoke(app, ["players", "add", "Ny, Spiller"]))
    assert f"the database {club} is damaged" in message
    assert "nothing was written" in message
    assert "skak check" in message
    assert file_digest(club) == digest


def test_check_says_whether_the_database_is_sound(runner: CliRunner, club: Path) -> None:
    assert "skak.db is sound" in " ".join(ok(runner, "check").split())
    digest = file_digest(club)
    _damage_page(club, _root_page(club, "sqlite_autoindex_stream_events_1"))
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 7
    assert "SQLite: " in result.stderr
    lines = result.stderr.splitlines()
    assert lines[-1].startswith("error: the database skak.db is damaged")
    assert not any(leak in result.stderr for leak in LEAKS)
    assert file_digest(club) != digest  # (damaged by the test, not by the check)


def test_check_names_a_tournament_whose_events_cannot_be_read(
    runner: CliRunner, club: Path
) -> None:
    _sql(club, "UPDATE stream_events SET payload = '[]' WHERE version = 3")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 7
    assert "tournament #1 Klub" in result.stderr


# -- a busy database ------------------------------------------------------------------------


@pytest.fixture
def writer_holding(club: Path) -> Iterator[None]:
    """Another process in the middle of a long write: it holds the write lock, with a change
    it has not committed."""
    script = (
        "import sqlite3, sys\n"
        f"conn = sqlite3.connect({str(club.resolve())!r}, isolation_level=None)\n"
        "conn.execute('BEGIN IMMEDIATE')\n"
        'conn.execute("INSERT INTO streams (kind, name, created_at) '
        "VALUES ('tournament', 'Uncommitted', 'x')\")\n"
        "print('holding', flush=True)\n"
        "sys.stdin.read()\n"
        "conn.rollback()\n"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "holding"
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)


def test_reads_never_wait_for_a_writer(
    runner: CliRunner, writer_holding: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Were a read to wait for the lock, it would give up after half a second with exit 7.
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 500)
    for args in (["standings"], ["history"], ["players", "list"], ["tournaments"], ["check"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (args, result.output)
        assert "Uncommitted" not in result.stdout  # only what was committed is read


def test_a_busy_write_says_to_try_again(
    runner: CliRunner, club: Path, writer_holding: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 200)
    digest = file_digest(club)
    for args in (["players", "add", "Ny, Spiller"], ["pair"]):
        result = runner.invoke(app, ["--wait", "0", *args])
        assert result.exit_code == 9  # busy: the code to try again
        assert "waiting:" not in result.stderr  # --wait 0: no waiting
        message = plain_failure(result, 9)
        assert "is busy: another skak command is writing to it" in message
        assert "try again in a moment" in message
    assert file_digest(club) == digest


def test_a_busy_write_waits_before_it_gives_up(
    runner: CliRunner, club: Path, writer_holding: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 100)
    digest = file_digest(club)
    started = time.monotonic()
    result = runner.invoke(app, ["--wait", "1.5", "players", "add", "Ny, Spiller"])
    assert time.monotonic() - started >= 1.5
    assert result.exit_code == 9
    lines = [" ".join(line.split()) for line in result.stderr.split("waiting:")[1:]]
    assert len(lines) == 1  # one line that it waits, however many tries
    assert lines[0].startswith(f"the database {club} cannot be used now: another skak command")
    assert "trying again for up to 1.5 s (--wait)" in lines[0]
    assert file_digest(club) == digest


# -- a failed command creates nothing --------------------------------------------------------


def test_a_failed_rating_import_creates_no_database(runner: CliRunner) -> None:
    Path("liste.csv").write_text("x;y\n1;2\n")
    result = runner.invoke(app, ["rating", "import", "liste.csv", "--db", "ny.db"])
    assert result.exit_code == 3
    assert not list(Path().glob("ny.db*"))


def test_a_failed_new_creates_no_database(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SKAK_ACTOR", "x" * 500)  # refused when the first event is stored
    result = runner.invoke(app, ["new", "Klub", "--db", "ny.db"])
    assert result.exit_code == 3
    assert "$SKAK_ACTOR" in result.stderr
    assert not list(Path().glob("ny.db*"))


def test_a_failed_command_keeps_a_database_it_did_not_create(runner: CliRunner) -> None:
    ok(runner, "new", "Klub")
    digest = file_digest(Path("skak.db"))
    Path("liste.csv").write_text("x;y\n1;2\n")
    assert runner.invoke(app, ["rating", "import", "liste.csv"]).exit_code == 3
    assert file_digest(Path("skak.db")) == digest


def test_wait_and_verbose_may_follow_the_command() -> None:
    """``skak result 1 2 -+ --wait 60``: the global options are moved before the command."""
    assert normalise_argv(["result", "1", "2", "-+", "--wait", "60", "--verbose"]) == [
        "--verbose",
        "--wait",
        "60",
        "result",
        "1",
        "2",
        "0f-1f",
    ]
    assert normalise_argv(["standings", "--wait=0", "--lang", "da"])[:3] == [
        "--wait=0",
        "--lang",
        "da",
    ]
    # skak's own --wait and --verbose are skipped to find the command: only it is held.
    assert len(for_command(["--wait", "5", "--verbose", "standings"]).registered_commands) == 1


def test_a_missing_database_is_not_waited_for(runner: CliRunner) -> None:
    started = time.monotonic()
    result = runner.invoke(app, ["--wait", "30", "standings", "--db", "nowhere.db"])
    assert result.exit_code == 10
    assert time.monotonic() - started < 5
    assert "waiting:" not in result.stderr
