"""Shared fixtures: a fresh database per test, the CLI runner, Hypothesis profiles."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from skak import i18n
from skak.api import Skak

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
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "skak.db"


@pytest.fixture
def api(db_path: Path) -> Iterator[Skak]:
    s = Skak(db_path, create=True, actor="test")
    yield s
    s.close()


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> CliRunner:
    monkeypatch.delenv("SKAK_DB", raising=False)
    monkeypatch.setenv("SKAK_ACTOR", "arbiter")
    monkeypatch.setenv("COLUMNS", "160")
    monkeypatch.chdir(tmp_path)
    return CliRunner()
