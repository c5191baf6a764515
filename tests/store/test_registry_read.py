"""The rating registry read back from the database: the events as they were written, the
registry they build, and a damaged row refused with the record named."""

from __future__ import annotations

import random
import sqlite3
from datetime import date, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from skak.api import Skak
from skak.errors import StorageError
from skak.rating.registry import (
    PlayerEntered,
    RatingsCompressed,
    RegistryEvent,
    TournamentApplied,
    TournamentChange,
)
from skak.records.registry import commands as registry_rules
from skak.records.registry import evolve as registry_evolve
from skak.records.registry.kind import REGISTRY
from skak.store import StreamRow

DAY = date(2025, 1, 1)


def _season(rng: random.Random, players: int = 30, tournaments: int = 25) -> list[RegistryEvent]:
    """Players entered, then tournaments of four with changes as skak writes them (whole
    hundredths) and, now and then, any other exact value."""
    events: list[RegistryEvent] = [
        PlayerEntered(pid, f"P{pid}", (("standard", rng.randrange(1000, 2500)),), DAY, "list")
        for pid in range(1, players + 1)
    ]
    for t in range(tournaments):
        field = rng.sample(range(1, players + 1), 4)
        changes = tuple(
            TournamentChange(
                pid,
                f"P{pid}",
                1500,
                Fraction(rng.randrange(-5000, 5000), 100)
                if rng.random() < 0.8
                else Fraction(rng.randrange(-999, 999), rng.randrange(1, 999)),
            )
            for pid in field
        )
        day = DAY + timedelta(days=t)
        events.append(TournamentApplied(f"t{t}", f"T{t}", day, "standard", "dsu-2024", changes))
    events.append(RatingsCompressed(DAY + timedelta(days=tournaments)))
    return events


def _row(api: Skak) -> StreamRow:
    (row,) = api.store.streams(REGISTRY.name)
    return row


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_registry_reads_back_as_written(database: str, seed: int) -> None:
    events = _season(random.Random(seed))
    api = Skak(database, create=True, actor="test")
    try:
        api.store.create(REGISTRY, "DSU", events, "test")
        loaded = api.store.load(REGISTRY, _row(api))
        assert [r.event for r in loaded.events] == events
        assert [r.version for r in loaded.events] == list(range(1, len(events) + 1))
        assert {r.actor for r in loaded.events} == {"test"}
        assert loaded.version == len(events)
        assert loaded.state == registry_evolve.fold(events) == api.registry.get()
    finally:
        api.close()


@pytest.fixture
def registry_db(db_path: Path) -> Path:
    api = Skak(db_path, create=True, actor="test")
    api.store.create(REGISTRY, "DSU", _season(random.Random(4), tournaments=3), "test")
    api.close()
    return db_path


def _damage(path: Path, column: str, value: object) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute(f"UPDATE stream_events SET {column} = ? WHERE version = 31", (value,))
        conn.commit()
    finally:
        conn.close()


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("payload", "{not json"),
        ("payload", "[1, 2]"),
        ("payload", "5"),
        ("payload", "null"),
        ("payload", '"{}"'),
        ("version", "x"),
        ("version", 31.5),
        ("actor", b"test"),  # text columns: a number would be kept as text
        ("recorded_at", b"2025-01-01"),
    ],
)
def test_a_damaged_row_is_refused_with_the_registry_named(
    registry_db: Path, column: str, value: object
) -> None:
    _damage(registry_db, column, value)
    api = Skak(registry_db)
    try:
        with pytest.raises(StorageError, match=r"the events of rating-registry #1 cannot be read"):
            api.registry.get()
    finally:
        api.close()


@pytest.mark.parametrize(
    "payload",
    [
        '{"type": "tournament_applied"}',
        '{"type": "no_such_event"}',
        '{"type": "player_entered", "dsu_id": 1, "name": "A", "ratings": [["standard"]], '
        '"day": "2025-01-01", "source": "list"}',
    ],
)
def test_an_event_that_is_no_registry_event_is_refused(registry_db: Path, payload: str) -> None:
    _damage(registry_db, "payload", payload)
    api = Skak(registry_db)
    try:
        with pytest.raises(
            StorageError, match=r"rating-registry #1, event 31: a stored event cannot be read"
        ):
            api.registry.get()
    finally:
        api.close()


def test_a_commands_new_events_are_applied_at_once(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A list of players imported into a registry is one event a player: the store applies
    a command's new events with one copy of the registry (``RegistryKind.evolve_all``), not
    one copy an event, and the registry it hands back is the fold of the whole log."""
    from skak.rating.registry import Registry

    season = _season(random.Random(5), players=40, tournaments=10)
    update = [
        PlayerEntered(pid, f"Q{pid}", (("rapid", 1400 + pid),), DAY, "list", "K41")
        for pid in range(20, 61)  # 21 of them known, 20 new
    ]
    batches = []
    one_by_one = registry_evolve.evolve
    many = registry_evolve.fold

    def counted(events: Any, **options: Any) -> Registry:
        batches.append(len(list(events)))
        return many(events, **options)

    def refused(*_: object) -> object:
        raise AssertionError("the store applied the new events one by one")

    api = Skak(database, create=True, actor="test")
    try:
        api.store.create(REGISTRY, "DSU", season, "test")
        monkeypatch.setattr(registry_evolve, "fold", counted)
        monkeypatch.setattr(registry_evolve, "evolve", refused)
        before, after = api.registry.change(registry_rules.ImportList(tuple(update)))
        # One call for the log read back (its replay), one for the command's new events.
        assert batches == [len(season), len(update)]
        monkeypatch.setattr(registry_evolve, "evolve", one_by_one)
        monkeypatch.setattr(registry_evolve, "fold", many)
        assert before == registry_evolve.fold(season)
        assert after == registry_evolve.fold([*season, *update]) == api.registry.get()
        assert after.players[20].name == "Q20" and after.players[20].rating("rapid") == 1420
        assert before.players[20].name == "P20" and before.players[20].rating("rapid") is None
    finally:
        api.close()
