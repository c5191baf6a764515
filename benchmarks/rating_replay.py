"""Replay a synthetic season through the rating registry.

40 000 players, 400 000 games in 8 889 ten-player round robins, stored in SQLite. The
replay reads the games back, computes every tournament's rating result from the players'
current registered ratings and applies it to the registry (§4.5.4.1): once tournament by
tournament (``calculate``, ``changes_from_result``, ``RegistryBuilder.apply``), once in one
call for the season (``apply_season``); then the registry is rebuilt from the players'
entries and the season's events, as every ``skak rating`` command loads it. All three must
give the same registry (and the first two the same events). Printed: each one's CPU time
(players entered and a full collection of the objects it made included, the objects of
the one before set aside), and its ratio to merely reading the games from SQLite (the
least of three reads). Beside them, the floor under the season in one call: the games read,
the players entered and the same events and history lines made with no game looked at and
no rating worked out (``outputs_only``) — what any replay that gives these events pays.

Last, the entries and the season's events are stored as a registry through skak's event
store (not timed) and loaded as the library loads it (``Skak(db).registry.get()``, timed the same
way) and as a ``skak rating`` command does (full collections paused until the command
ends); the ratio is to reading its events (the rows with bare ``sqlite3`` and
each payload through ``json.loads``, the least of three reads). It must be the same
registry as the others.

Run: .venv/bin/python benchmarks/rating_replay.py [players] [games]
"""

from __future__ import annotations

import gc
import json
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import nullcontext
from datetime import date
from fractions import Fraction
from itertools import groupby
from operator import itemgetter
from pathlib import Path

from rich.progress import Progress

from skak.api import Skak
from skak.faces.collector import collector_paused
from skak.model.results import Result
from skak.rating import RatedGame, RatedPlayer, calculate, get_rule_set
from skak.rating.registry import (
    PlayerEntered,
    Registry,
    RegistryBuilder,
    TournamentApplied,
    TournamentChange,
    changes_from_result,
)
from skak.rating.season import SeasonTournament, apply_season
from skak.records.registry.evolve import fold
from skak.records.registry.kind import REGISTRY

RESULTS = ("1-0", "1/2-1/2", "0-1")
DAY = date(2025, 1, 1)


def make_season(db: Path, players: int, games: int, rng: random.Random) -> None:
    per = 45  # a ten-player round robin
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE games (tournament INT, white INT, black INT, result TEXT)")
        rows = []
        for t in range(games // per + 1):
            field = rng.sample(range(1, players + 1), 10)
            rows += [
                (t, a, b, rng.choice(RESULTS)) for i, a in enumerate(field) for b in field[i + 1 :]
            ]
        conn.executemany("INSERT INTO games VALUES (?, ?, ?, ?)", rows[:games])


def read_games(db: Path) -> list[tuple[int, int, int, str]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT tournament, white, black, result FROM games ORDER BY rowid"
        ).fetchall()


def entries(players: int) -> list[PlayerEntered]:
    """The season's players as entered from DSU's list."""
    rng = random.Random(2026)
    return [
        PlayerEntered(pid, f"P{pid}", (("standard", rng.randrange(1200, 2500)),), DAY, "list")
        for pid in range(1, players + 1)
    ]


def registry(players: int) -> RegistryBuilder:
    """A registry of the season's players."""
    builder = RegistryBuilder()
    for event in entries(players):
        builder.apply(event)
    return builder


def replay_one_by_one(db: Path, players: int) -> tuple[RegistryBuilder, list[TournamentApplied]]:
    """Tournament by tournament: ``calculate`` from the registered ratings, then apply."""
    rules = get_rule_set("dsu-2024")
    builder = registry(players)
    rows = read_games(db)
    events = []
    results = {text: Result.parse(text) for text in RESULTS}  # each spelling read once
    with Progress(transient=True) as progress:
        task = progress.add_task("Replaying tournaments", total=rows[-1][0] + 1)
        for key, group in groupby(rows, key=itemgetter(0)):
            games = list(group)
            ids = sorted({p for _, w, b, _ in games for p in (w, b)})
            ratings = builder.ratings_of("standard")
            field = [RatedPlayer(str(i), ratings[i]) for i in ids]
            rated = [RatedGame(str(w), str(b), results[r]) for _, w, b, r in games]
            result = calculate(field, rated, rules)
            event = TournamentApplied(
                f"t{key}", f"T{key}", DAY, "standard", rules.name,
                changes_from_result(
                    result, {str(i): i for i in ids}, {str(i): builder.name_of(i) for i in ids}
                ),
            )  # fmt: skip
            builder.apply(event)
            events.append(event)
            if len(events) % 100 == 0:
                progress.advance(task, 100)
    return builder, events


def replay_season(db: Path, players: int) -> tuple[RegistryBuilder, list[TournamentApplied]]:
    """The season in one call: :func:`skak.rating.season.apply_season`, each tournament's
    games made when its turn comes."""
    builder = registry(players)
    rows = read_games(db)
    results = {text: Result.parse(text) for text in RESULTS}
    with Progress(transient=True) as progress:
        task = progress.add_task("Replaying tournaments", total=rows[-1][0] + 1)

        def season() -> Iterator[SeasonTournament]:
            for key, group in groupby(rows, key=itemgetter(0)):
                if key % 100 == 0:
                    progress.update(task, completed=key)
                games = [(w, b, results[r]) for _, w, b, r in group]
                yield SeasonTournament(f"t{key}", f"T{key}", DAY, games, "dsu-2024")

        # As a command that rates a season would call it: Python's full collections paused
        # around the call (the pure core leaves the collector alone).
        with collector_paused():
            events = apply_season(builder, season())
    return builder, events


def outputs_only(
    db: Path, players: int, fields: list[list[int]]
) -> tuple[RegistryBuilder, list[TournamentApplied]]:
    """The least a season in one call that gives these events can cost: the games read, the
    players entered, and for every tournament what :func:`apply_season` makes of it — one
    event holding a change for each of its players (``fields``, found beforehand) and a line
    in each one's history — with no game looked at and no rating worked out."""
    builder = registry(players)
    read_games(db)
    names = {pid: f"P{pid}" for pid in range(1, players + 1)}
    history: dict[int, list[tuple[date, str, int, int, str]]] = {}
    change = Fraction(1, 2)
    events = []
    with collector_paused():
        for key, field in enumerate(fields):
            name = f"T{key}"
            changes = tuple(TournamentChange(pid, names[pid], 1500, change) for pid in field)
            for pid in field:
                history.setdefault(pid, []).append((DAY, "standard", 1500, 1501, name))
            events.append(TournamentApplied(f"t{key}", name, DAY, "standard", "dsu-2024", changes))
    return builder, events


def read_events(db: Path) -> list[tuple[int, dict[str, object], str, str]]:
    """The registry's events as bare rows, each payload decoded (no skak in between)."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT version, payload, actor, recorded_at FROM stream_events ORDER BY version"
        ).fetchall()
    return [(v, json.loads(p), a, at) for v, p, a, at in rows]


def load_stored(
    db: Path, players: int, events: list[TournamentApplied]
) -> tuple[float, float, float, Registry]:
    """The registry stored (not timed), then loaded as the library loads it (the web
    server) and as a ``skak rating`` command does (Python's full collections paused until
    the end): their CPU times, the least time of reading its events, and the registry."""
    store = Skak(db, create=True)
    store.store.create(REGISTRY, "DSU", [*entries(players), *events], "benchmark")
    store.close()
    gc.collect()
    gc.freeze()  # the reads pay the collector for their own objects only, as the load does
    read = float("inf")
    for _ in range(3):
        start = time.process_time()
        read_events(db)
        read = min(read, time.process_time() - start)
    api = Skak(db)
    took = []
    for paused in (False, True):
        gc.collect()
        gc.freeze()
        start = time.process_time()
        with collector_paused() if paused else nullcontext():
            loaded = api.registry.get()
        gc.collect()
        took.append(time.process_time() - start)
    api.close()
    return took[0], took[1], read, loaded


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 40_000
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 400_000
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "season.db"
        make_season(db, players, games, rng)
        read = float("inf")
        for _ in range(3):
            start = time.process_time()
            read_games(db)
            read = min(read, time.process_time() - start)
        gc.collect()
        gc.freeze()  # each replay pays the collector for its own objects, not the last one's
        start = time.process_time()
        one, one_events = replay_one_by_one(db, players)
        gc.collect()  # the collections its objects ask for, at once
        one_time = time.process_time() - start
        gc.collect()
        gc.freeze()
        start = time.process_time()
        season, season_events = replay_season(db, players)
        gc.collect()
        season_time = time.process_time() - start
        fields = [
            sorted({p for _, w, b, _ in group for p in (w, b)})
            for _, group in groupby(read_games(db), key=itemgetter(0))
        ]
        gc.collect()
        gc.freeze()
        start = time.process_time()
        outputs_only(db, players, fields)
        gc.collect()
        floor_time = time.process_time() - start
        gc.collect()
        gc.freeze()
        start = time.process_time()
        rebuilt = fold([*entries(players), *season_events])
        gc.collect()
        fold_time = time.process_time() - start
        load_time, command_time, read_events_time, loaded = load_stored(
            Path(folder) / "registry.db", players, season_events
        )
    if one_events != season_events or not one.state == season.state == rebuilt:
        raise SystemExit("the season call and the tournament-by-tournament replay differ")
    if loaded != rebuilt:
        raise SystemExit("the registry loaded from the database differs")
    print(f"{players} players, {games} games, {len(season_events)} tournaments")
    print(f"reading the games from SQLite:  {read:.2f} s CPU")
    for what, took in (
        ("tournament by tournament", one_time),
        ("the season in one call", season_time),
        ("its outputs alone (no rating)", floor_time),
        ("the registry from its events", fold_time),
    ):
        print(f"{what + ':':31} {took:.2f} s CPU = {took / read:.1f} × reading")
    print(f"reading the registry's events:  {read_events_time:.2f} s CPU")
    for what, took in (
        ("the registry from the database", load_time),
        ("in a skak rating command", command_time),
    ):
        print(
            f"{what + ':':31} {took:.2f} s CPU = {took / read_events_time:.1f} × reading its events"
        )


if __name__ == "__main__":
    main()
