"""How much memory and time do ``skak backup --json`` and ``skak restore`` take on a
federation's database of 5 000 tournaments, on SQLite and on PostgreSQL? (issue 39 item 2:
at most 150 MB each, whatever the database's size.)

The database is built directly in the store's tables (the CLI would take hours): a few
tournaments are made as an arbiter's evenings make them — the creation, the players, and per
round the pairing then one result per board (60 players and 7 rounds: 219 events) — the first
through the event store, which checks that they fold, and then each of them copied, with
its events, into as many streams as asked (``--tournaments``, 5 000 by default; about 1.1
million events). Then, as a user runs them (a new process each, start-up included):

* ``skak backup FILE --json`` — the whole log, a line at a time;
* ``skak restore FILE --db NEW`` — into a new SQLite file or a new PostgreSQL database,
  every tournament rebuilt from its events as it is written;

and prints each one's wall time and peak memory (the child's ``ru_maxrss``), beside that of
``skak --help`` (what Python and skak's imports take before any work), and the sizes of
the database and the backup. With ``--tournaments`` smaller the figures are printed as
they are; the peak memory does not grow with the number of tournaments (that is the point),
the times grow in proportion.

Measured on a busy two-core machine (2026-11-29, the two backends at once), 5 000
tournaments, 1 095 000 events, a 261 MB backup: SQLite (236 MB) backup 243 s at 60 MB,
restore 1 164 s at 71 MB; PostgreSQL (284 MB) backup 201 s at 68 MB, restore 952 s at 79 MB;
start-up alone 60 and 68 MB. skak before (ed5309d: the log read whole, one JSON object) on
500 tournaments of SQLite: backup 528 MB (18 s), restore 215 MB (33 s), where this one takes
60 MB (8 s) and 70 MB (41 s).

PostgreSQL is a throw-away cluster as the tests start one (``tests/postgres.py``), or the
server ``--postgresql URL`` names (its user must be allowed to create databases).

Run: .venv/bin/python benchmarks/backup_memory.py [--tournaments 5000]
[--backends sqlite,postgresql] [--postgresql URL] [--keep FOLDER]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import insert

from skak.api import Skak
from skak.model import Pairing, Player, Ratings, Result, Round, Tournament
from skak.records.tournament.events import (
    Event,
    PlayersAdded,
    ResultEntered,
    RoundPaired,
    TournamentCreated,
)
from skak.records.tournament.kind import TournamentKind
from skak.store.database import now
from skak.store.schema import stream_events, streams

PLAYERS = 60
ROUNDS = 7
#: Different tournaments made (each a seed of the results), copied round-robin.
TEMPLATES = 8
#: Tournaments written in one transaction while building.
PER_TRANSACTION = 100
#: The goal of issue 39: the peak memory of a backup and of a restore.
GOAL_MB = 150


def evening(seed: int) -> list[Event]:
    """A tournament's events: rounds from the circle method (no pair meets twice), results
    drawn with ``seed``, each entered after its round is paired."""
    rng = random.Random(seed)
    field = [
        Player(i, f"Spiller {seed:02d}-{i:03d}", ratings=Ratings(dsu=2200 - 10 * i))
        for i in range(1, PLAYERS + 1)
    ]
    events: list[Event] = [
        TournamentCreated(Tournament(f"Turnering {seed}", "monrad", number_of_rounds=ROUNDS)),
        PlayersAdded(tuple(field)),
    ]
    ring = list(range(2, PLAYERS + 1))
    for number in range(1, ROUNDS + 1):
        order = [1, *ring]
        pairs = [(order[i], order[-1 - i]) for i in range(PLAYERS // 2)]
        if number % 2 == 0:
            pairs = [(b, a) for a, b in pairs]
        boards = tuple(Pairing(i, w, b) for i, (w, b) in enumerate(pairs, start=1))
        events.append(RoundPaired(Round(number, boards)))
        for p in boards:
            result = rng.choice((Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN))
            events.append(ResultEntered(number, p.board, result))
        ring = ring[-1:] + ring[:-1]
    return events


def build(db: str, tournaments: int) -> int:
    """``tournaments`` tournaments in the new database ``db``; the number of events."""
    s = Skak(db, create=True, actor="bench")
    try:
        kind = TournamentKind(s.tournaments.context())
        templates: list[list[dict[str, Any]]] = []
        for seed in range(TEMPLATES):
            events = evening(seed)
            if seed == 0:  # through the store: the events fold as a tournament
                s.store.create(kind, "Turnering 0", events, "bench")
            templates.append([kind.dump_event(e) for e in events])
        written = 1
        count = len(templates[0])
        while written < tournaments:
            with s.db.write() as conn:
                for _ in range(min(PER_TRANSACTION, tournaments - written)):
                    written += 1
                    at = now()
                    payloads = templates[written % TEMPLATES]
                    conn.execute(
                        insert(streams).values(
                            id=written,
                            kind="tournament",
                            name=f"Turnering {written}",
                            created_at=at,
                        )
                    )
                    conn.execute(
                        insert(stream_events),
                        [
                            {
                                "stream_id": written,
                                "version": v,
                                "type": p["type"],
                                "payload": p,
                                "actor": "bench",
                                "recorded_at": at,
                            }
                            for v, p in enumerate(payloads, start=1)
                        ],
                    )
                    count += len(payloads)
            print(f"  built {written} of {tournaments} tournaments", end="\r", flush=True)
        print(" " * 60, end="\r")
        return count
    finally:
        s.close()


def run(args: list[str]) -> tuple[float, float]:
    """Wall seconds and peak memory (MB, the child's ``ru_maxrss``) of one ``skak``
    command in a new process."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "skak", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "SKAK_ACTOR": "bench"},
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    out = child.stdout.read().decode() if child.stdout else ""
    err = child.stderr.read().decode() if child.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"skak {' '.join(args)} failed: {out}{err}")
    return wall, usage.ru_maxrss / 1024


def size_mb(s: Skak) -> float:
    """The database's size in MB."""
    if s.db.is_sqlite:
        path = Path(s.db.location)
        return path.stat().st_size / 1e6
    with s.db.read() as conn:
        return (
            float(conn.exec_driver_sql("SELECT pg_database_size(current_database())").scalar_one())
            / 1e6
        )


def measure(backend: str, db: str, target: str, folder: Path, tournaments: int) -> None:
    start = time.perf_counter()
    events = build(db, tournaments)
    built = time.perf_counter() - start
    s = Skak(db)
    try:
        database = size_mb(s)
    finally:
        s.close()
    _, idle = run(["--help"])
    backup = folder / "backup.jsonl"
    backup_wall, backup_peak = run(["backup", str(backup), "--json", "--db", db])
    restore_wall, restore_peak = run(["restore", str(backup), "--db", target])
    file_mb = backup.stat().st_size / 1e6
    print(
        f"{backend:>10} {tournaments:>6} {events:>9} {built:>6.0f}s {database:>7.0f} MB "
        f"{file_mb:>7.0f} MB | {idle:>5.0f} MB | {backup_wall:>7.1f}s {backup_peak:>6.0f} MB | "
        f"{restore_wall:>7.1f}s {restore_peak:>6.0f} MB"
    )
    if max(backup_peak, restore_peak) > GOAL_MB:
        print(f"{'':>10} above the goal of {GOAL_MB} MB")
    backup.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=5000)
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument(
        "--postgresql", help="a PostgreSQL server's URL (default: a throw-away cluster)"
    )
    args = parser.parse_args()
    print(
        f"{'backend':>10} {'tourn.':>6} {'events':>9} {'build':>7} {'database':>10} "
        f"{'backup':>10} | {'start-up':>8} | {'backup --json':>15} | {'restore':>15}"
    )
    for backend in args.backends.split(","):
        with tempfile.TemporaryDirectory(prefix="skak-bench-") as name:
            folder = Path(name)
            if backend == "sqlite":
                measure(
                    backend,
                    str(folder / "big.db"),
                    str(folder / "restored.db"),
                    folder,
                    args.tournaments,
                )
                continue
            sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
            from tests.postgres import Cluster, unavailable

            if args.postgresql:
                os.environ["SKAK_TEST_POSTGRESQL_URL"] = args.postgresql
            why = unavailable()
            if why is not None:
                print(f"{backend:>10} skipped: {why}")
                continue
            cluster = Cluster()
            try:
                db, target = cluster.database(), cluster.database()
                measure(backend, db, target, folder, args.tournaments)
                cluster.drop(db)
                cluster.drop(target)
            finally:
                cluster.stop()


if __name__ == "__main__":
    main()
