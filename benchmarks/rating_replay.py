"""Replay a synthetic season through the rating registry.

40 000 players, 400 000 games in 8 889 ten-player round robins, stored in SQLite. The
replay reads the games back, computes every tournament's rating result from the players'
current registered ratings and applies it to the registry (§4.5.4.1). Printed: the CPU
time, and its ratio to merely reading the games from SQLite (the least of three reads).

Run: .venv/bin/python benchmarks/rating_replay.py [players] [games]
"""

from __future__ import annotations

import random
import sqlite3
import sys
import tempfile
import time
from datetime import date
from itertools import groupby
from pathlib import Path

from rich.progress import Progress

from skak.model.results import Result
from skak.rating import RatedGame, RatedPlayer, calculate, get_rule_set
from skak.rating.registry import (
    PlayerEntered,
    RegistryBuilder,
    TournamentApplied,
    changes_from_result,
)

RESULTS = ("1-0", "1/2-1/2", "0-1")


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


def replay(db: Path, players: int, rng: random.Random) -> int:
    rules = get_rule_set("dsu-2024")
    builder = RegistryBuilder()
    day = date(2025, 1, 1)
    for pid in range(1, players + 1):
        builder.apply(
            PlayerEntered(pid, f"P{pid}", (("standard", rng.randrange(1200, 2500)),), day, "list")
        )
    rows = read_games(db)
    tournaments = 0
    results = {text: Result.parse(text) for text in RESULTS}  # each spelling read once
    with Progress(transient=True) as progress:
        task = progress.add_task("Replaying tournaments", total=rows[-1][0] + 1)
        for key, group in groupby(rows, key=lambda r: r[0]):
            games = list(group)
            ids = {str(p) for _, w, b, _ in games for p in (w, b)}
            ratings = builder.players
            field = [RatedPlayer(i, ratings[int(i)].rating("standard")) for i in sorted(ids)]
            rated = [RatedGame(str(w), str(b), results[r]) for _, w, b, r in games]
            result = calculate(field, rated, rules)
            builder.apply(
                TournamentApplied(
                    f"t{key}", f"T{key}", day, "standard", rules.name,
                    changes_from_result(result, {i: int(i) for i in ids}, {i: i for i in ids}),
                )
            )  # fmt: skip
            tournaments += 1
            if tournaments % 100 == 0:
                progress.advance(task, 100)
    return tournaments


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
        start = time.process_time()
        tournaments = replay(db, players, rng)
        total = time.process_time() - start
    print(f"{players} players, {games} games, {tournaments} tournaments")
    print(f"reading the games from SQLite: {read:.2f} s CPU")
    print(f"replay through the registry:   {total:.2f} s CPU = {total / read:.0f} × reading")


if __name__ == "__main__":
    main()
