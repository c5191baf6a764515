"""Shared fixtures: a fresh database per test, the CLI runner, Hypothesis profiles."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

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


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


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
