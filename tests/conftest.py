"""Shared fixtures: a fresh database per test, the CLI runner, Hypothesis profiles.

The storage, store and CLI suites run on each database backend: the tests there that use
``database``, ``api`` or ``runner`` run once on SQLite and once on PostgreSQL (a throw-away
cluster, see :mod:`tests.postgres`), unless they need an SQLite file (they use ``db_path``,
or are marked ``sqlite_only``). ``--backend sqlite|postgresql|both`` (default: both, or
``$SKAK_TEST_BACKEND``) chooses; ``-m postgresql`` selects the PostgreSQL variants.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from skak.api import Skak
from skak.faces import i18n
from tests.postgres import Cluster, unavailable

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60
)
settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=100
)
settings.load_profile("ci" if os.environ.get("CI") else "default")

#: ``../shared`` beside the project: the rulebook texts and external engines' reference data.
SHARED = Path(__file__).resolve().parents[1].parent / "shared"
#: A small sample of ``../shared`` kept in the repository, in the same layout (its README says
#: what it holds and how it was chosen), so that a clone without ``../shared`` still runs.
SHARED_SAMPLE = Path(__file__).resolve().parent / "data" / "shared-sample"


def shared_path(relative: str) -> Path:
    """``../shared/<relative>`` when it is beside the project, else the sample's copy of it
    (which may hold less: fewer cases, or only the parts of a text the tests read)."""
    full = SHARED / relative
    return full if full.exists() else SHARED_SAMPLE / relative


def file_digest(path: Path) -> str:
    """The database file's digest, with its write-ahead log where one is open."""
    wal = path.with_name(path.name + "-wal")
    extra = wal.read_bytes() if wal.exists() else b""
    return hashlib.sha256(path.read_bytes() + extra).hexdigest()


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test speaks English unless it asks for Danish: neither the machine's locale nor
    ``$SKAK_LANG`` leaks in, nor the language an earlier CLI test chose."""
    for name in ("SKAK_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.use(None)
    yield
    i18n.use(None)


@pytest.fixture
def copenhagen() -> Iterator[None]:
    """The machine's local zone is Europe/Copenhagen (``$TZ``, read again by
    :func:`time.tzset`) for this test, and what it was after it."""
    import time

    before = os.environ.get("TZ")
    os.environ["TZ"] = "Europe/Copenhagen"
    time.tzset()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = before
        time.tzset()


# -- the database backends -------------------------------------------------------------

BACKENDS = ("sqlite", "postgresql")
#: The suites whose tests run on every backend chosen (the others use SQLite): storage and
#: store whole; of the CLI's, by default the modules whose commands write and read the
#: database in every way (``--backend-suites all``: every CLI module).
BOTH_BACKENDS = ("store",)
CLI_ON_BOTH = (
    "test_backup.py",
    "test_bad_input.py",
    "test_bounds.py",
    "test_evening.py",
    "test_finished_tournament.py",
    "test_lifecycle.py",
    "test_rating_commands.py",
    "test_trf_commands.py",
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backend",
        choices=(*BACKENDS, "both"),
        default=os.environ.get("SKAK_TEST_BACKEND", "both"),
        help="the database backend(s) the storage, store and CLI suites run on (default: both)",
    )
    parser.addoption(
        "--backend-suites",
        choices=("core", "all"),
        default=os.environ.get("SKAK_TEST_BACKEND_SUITES", "core"),
        help="which CLI modules run on every backend: the core ones (default) or all",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "postgresql: a test's variant on PostgreSQL (select with -m postgresql)"
    )
    config.addinivalue_line(
        "markers",
        "sqlite_only: a storage or CLI test that needs an SQLite file (runs on SQLite only)",
    )
    config.addinivalue_line(
        "markers",
        "long: a test with a short default budget that $SKAK_TEST_LONG=1 raises (kills, "
        "fuzz cases)",
    )


def _on_every_backend(definition: pytest.Function, config: pytest.Config) -> bool:
    if definition.get_closest_marker("sqlite_only") is not None:
        return False
    tests = Path(__file__).resolve().parent
    try:
        suite, *rest = definition.path.resolve().relative_to(tests).parts
    except ValueError:  # pragma: no cover - a test outside tests/
        return False
    if suite == "cli":
        return config.getoption("backend_suites") == "all" or rest[-1] in CLI_ON_BOTH
    return suite in BOTH_BACKENDS


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The fuzz cases tried, by parser and form, and in all (``tests.fuzz``); written to
    ``$SKAK_FUZZ_REPORT`` too when it names a file (added to what it holds)."""
    from tests import fuzz

    if not fuzz.COUNTS:
        return
    terminalreporter.section("fuzz cases")
    for name, n in sorted(fuzz.COUNTS.items()):
        terminalreporter.write_line(f"{n:>8}  {name}")
    terminalreporter.write_line(f"{sum(fuzz.COUNTS.values()):>8}  in all")
    report = os.environ.get("SKAK_FUZZ_REPORT")
    if report:
        fuzz.write_report(report)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" not in metafunc.fixturenames or "db_path" in metafunc.fixturenames:
        return
    if not _on_every_backend(metafunc.definition, metafunc.config):
        return
    chosen = metafunc.config.getoption("backend")
    backends = BACKENDS if chosen == "both" else (chosen,)
    metafunc.parametrize(
        "backend",
        [
            pytest.param(b, marks=[pytest.mark.postgresql] if b == "postgresql" else [])
            for b in backends
        ],
        indirect=True,
    )


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend of this test: ``sqlite`` unless the test runs on every one."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """The session's PostgreSQL server, started when a test first needs it."""
    why = unavailable()
    if why is not None:
        pytest.skip(f"PostgreSQL: {why}")
    cluster = Cluster()
    yield cluster
    cluster.stop()


@pytest.fixture
def database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """A new database on this test's backend: an SQLite file's path (not yet made), or a
    PostgreSQL URL (an empty database)."""
    if backend == "sqlite":
        yield str(tmp_path / "skak.db")
        return
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    url = cluster.database()
    yield url
    cluster.drop(url)


def db_digest(db: str | Path) -> str:
    """What a database holds, as a digest: an SQLite file byte for byte (with its log), a
    database server's every row of skak's tables in order. Equal before and after a
    command means the command wrote nothing."""
    if "://" not in str(db):
        return file_digest(Path(db))
    from sqlalchemy import MetaData, create_engine, select

    engine = create_engine(str(db))
    rows: list[Any] = []
    try:
        meta = MetaData()
        meta.reflect(engine)
        with engine.connect() as conn:
            for name in sorted(meta.tables):
                table = meta.tables[name]
                order = list(table.primary_key.columns) or list(table.columns)
                rows.append(
                    (name, [tuple(r) for r in conn.execute(select(table).order_by(*order))])
                )
    finally:
        engine.dispose()
    return hashlib.sha256(repr(rows).encode()).hexdigest()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """An SQLite file's path: a test that uses it runs on SQLite only."""
    return tmp_path / "skak.db"


@pytest.fixture
def api(database: str) -> Iterator[Skak]:
    s = Skak(database, create=True, actor="test")
    yield s
    s.close()


@pytest.fixture
def runner(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> CliRunner:
    """The CLI in a fresh folder; its default database is ``./skak.db`` on SQLite, and on
    PostgreSQL a new database named by ``$SKAK_DB``."""
    monkeypatch.delenv("SKAK_DB", raising=False)
    if backend != "sqlite":
        monkeypatch.setenv("SKAK_DB", request.getfixturevalue("database"))
    monkeypatch.setenv("SKAK_ACTOR", "arbiter")
    monkeypatch.setenv("COLUMNS", "160")
    monkeypatch.chdir(tmp_path)
    return CliRunner()


@pytest.fixture
def cli_db(runner: CliRunner, backend: str, database: str) -> str:
    """The database the ``runner``'s commands use by default: ``skak.db`` in the test's
    folder on SQLite, the test's PostgreSQL database otherwise."""
    return "skak.db" if backend == "sqlite" else database
