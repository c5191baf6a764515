"""A command that reads a broken file writes nothing, on every backend: a fuzzed TRF file
imported, a fuzzed player list registered, a fuzzed DSU rating list entered in the registry
either succeed whole or leave the database as it was (compared row for row, or an SQLite
file byte for byte), and only skak's own errors escape.

The inputs are :mod:`tests.fuzz`'s; a command costs more than a parse, so these run a fifth
of the parsers' budget.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given

from skak.api import Skak
from skak.errors import SkakError
from skak.io.trf import decode_trf, parse_trf
from skak.model import Tournament
from tests.conftest import db_digest
from tests.fuzz import CASES, count, fuzz_settings, inputs

pytestmark = pytest.mark.long

BUDGET = max(CASES // 5, 20)
_files = itertools.count()


def _write(folder: Path, data: bytes, suffix: str) -> Path:
    path = folder / f"fuzz{next(_files)}{suffix}"
    path.write_bytes(data)
    return path


def _unchanged_unless_done(api: Skak, database: str, command: object) -> bool:
    """Run ``command``; :returns: whether it succeeded. When it fails, it must fail with
    skak's own error and the database must be as it was."""
    before = db_digest(database)
    try:
        assert callable(command)
        command()
    except SkakError:
        assert db_digest(database) == before
        return False
    return True


@fuzz_settings(BUDGET)
@given(data=inputs("trf"))
def test_a_broken_trf_file_imports_nothing(api: Skak, database: str, data: bytes) -> None:
    count("command: import trf")

    def run() -> None:
        t = parse_trf(decode_trf(data), "fuzz.trf").tournament
        api.tournaments.create(replace(t, pairing_system="dutch"), source="fuzz.trf")

    _unchanged_unless_done(api, database, run)


@fuzz_settings(BUDGET)
@given(data=inputs("players"))
def test_a_broken_player_list_registers_nobody(
    api: Skak, database: str, data: bytes, tmp_path_factory: pytest.TempPathFactory
) -> None:
    count("command: players import")
    if not api.tournaments.rows():
        api.tournaments.create(Tournament("Fuzz", "monrad", number_of_rounds=5))
    path = _write(tmp_path_factory.getbasetemp(), data, ".csv")
    _unchanged_unless_done(api, database, lambda: api.tournaments.import_players_csv(None, path))


@fuzz_settings(BUDGET)
@given(data=inputs("dsu_list"))
def test_a_broken_rating_list_enters_nothing(
    api: Skak, database: str, data: bytes, tmp_path_factory: pytest.TempPathFactory
) -> None:
    count("command: rating list import")
    path = _write(tmp_path_factory.getbasetemp(), data, ".csv")
    _unchanged_unless_done(api, database, lambda: api.registry.import_list(path, date(2026, 8, 1)))
