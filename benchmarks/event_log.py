"""How fast are ``skak result`` and ``skak standings`` on a big Swiss, and how do they grow,
on SQLite and on PostgreSQL?

For each field size (100 to 1 000 players, 11 rounds) this writes a tournament as the
events an arbiter's evening makes: the creation, the players, and per round the pairing
then one result per board (about 5 500 events at 1 000 players). It then times, as a user
runs them (a new process, start-up included):

* ``skak result 11 1 1-0`` — a correction on the last round (a read, a decision, an append);
* ``skak standings`` — points, the §24 tie-breaks and §16;

and prints the wall time, the CPU time, and the growth from the smallest field. The numbers
of skak at commit 0a11e49 (before the event store read from snapshots and each command read
the log once) are printed beside them: measured on this 2-core machine with the same
procedure, each command then replayed the whole log two or three times.

Then, for each backend (``--backends sqlite,postgresql``; PostgreSQL is a throw-away
cluster as the tests start one, or the server ``--postgresql URL`` names, a database of
which the benchmark creates and drops), inside one process: the replay of the whole log
(every event folded, as ``skak check`` and an undo do), a command's read (from the newest
snapshot plus the events after it), and the append of one result — ``Skak.enter_result``
whole (read, decide, append) and the write transaction alone — each the best of five.

Run: .venv/bin/python benchmarks/event_log.py [--players 100,250,500,1000]
[--backends sqlite,postgresql] [--postgresql URL] [--no-cli]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

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

ROUNDS = 11

#: skak at 0a11e49 on the same tournaments (measured 2026-11-24 on this 2-core machine,
#: with other work running): players → (result wall s, result CPU s, standings wall s,
#: standings CPU s), each a new process.
BEFORE: dict[int, tuple[float, float, float, float]] = {
    100: (0.98, 0.75, 1.01, 0.83),
    250: (0.82, 0.79, 1.02, 1.01),
    500: (0.84, 0.84, 1.94, 1.44),
    1000: (1.64, 1.19, 3.17, 2.38),
}
#: The same, inside one process: ``Skak.enter_result`` CPU seconds (start-up left out).
BEFORE_API: dict[int, float] = {100: 0.019, 250: 0.044, 500: 0.099, 1000: 0.237}


def swiss_like(players: int, seed: int = 1) -> list[Event]:
    """The events of an 11-round tournament: rounds from the circle method (no pair meets
    twice), results drawn with a fixed seed, each entered after its round is paired."""
    rng = random.Random(seed)
    field = [
        Player(i, f"Spiller {i:04d}", ratings=Ratings(dsu=2400 - i)) for i in range(1, players + 1)
    ]
    events: list[Event] = [
        TournamentCreated(Tournament("Benchmark open", "monrad", number_of_rounds=ROUNDS)),
        PlayersAdded(tuple(field)),
    ]
    ring = list(range(2, players + 1))
    for number in range(1, ROUNDS + 1):
        order = [1, *ring]
        pairs = [(order[i], order[-1 - i]) for i in range(players // 2)]
        if number % 2 == 0:
            pairs = [(b, a) for a, b in pairs]
        boards = tuple(Pairing(i, w, b) for i, (w, b) in enumerate(pairs, start=1))
        events.append(RoundPaired(Round(number, boards)))
        for p in boards:
            result = rng.choice((Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN))
            events.append(ResultEntered(number, p.board, result))
        ring = ring[-1:] + ring[:-1]
    return events


def _entry_cpu(s: Skak, tid: int) -> float:
    """The least CPU time of three corrections entered through the library."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        s.tournaments.enter_result(tid, ROUNDS, 2, Result.DRAW)
        best = min(best, time.process_time() - start)
    return best


def timed(args: list[str], db: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one ``skak`` command in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "skak", *args, "--db", str(db)],
        capture_output=True,
        text=True,
        env={**os.environ, "SKAK_ACTOR": "bench"},
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"skak {' '.join(args)} failed: {done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def best(work: Callable[[], object], times: int = 5) -> float:
    """The least wall time of ``times`` runs of ``work``, in seconds."""
    fastest = float("inf")
    for _ in range(times):
        start = time.perf_counter()
        work()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def store_timings(db: str, players: int) -> dict[str, float]:
    """Replay, read and append on one backend, inside one process (see the docstring)."""
    s = Skak(db, create=True, actor="bench")
    kind = TournamentKind(s.tournaments.context())
    row = s.store.create(kind, "Benchmark open", swiss_like(players), "bench").stream
    s.tournaments.enter_result(row.id, ROUNDS, 1, Result.DRAW)  # a snapshot stands, as it would
    found = {
        "replay": best(lambda: s.store.load(kind, row, full=True).state),
        "read": best(lambda: s.store.load(kind, row).state),
    }
    flip = iter(range(1000))

    def enter() -> None:
        s.tournaments.enter_result(
            row.id, ROUNDS, 2, (Result.DRAW, Result.WHITE_WIN)[next(flip) % 2]
        )

    found["enter"] = best(enter)
    timings = []
    for k in range(5):
        loaded = s.store.load(kind, row)
        event = ResultEntered(ROUNDS, 3, (Result.DRAW, Result.BLACK_WIN)[k % 2])
        state = kind.evolve(loaded.state, event, None)
        start = time.perf_counter()
        s.store.append(loaded, [event], "bench", state)
        timings.append(time.perf_counter() - start)
    found["append"] = min(timings)
    found["events"] = float(s.store.load(kind, row, full=True).version)
    s.close()
    return found


def backend_table(sizes: list[int], backends: list[str], server: str | None) -> None:
    print()
    print(
        f"{'backend':>10} {'players':>7} {'events':>6} | {'replay all':>10} "
        f"{'read (snapshot)':>15} | {'enter_result':>12} {'append alone':>12}"
    )
    for backend in backends:
        cluster = None
        if backend == "postgresql":
            sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
            from tests.postgres import Cluster, unavailable

            if server:
                os.environ["SKAK_TEST_POSTGRESQL_URL"] = server
            why = unavailable()
            if why is not None:
                print(f"{backend:>10} skipped: {why}")
                continue
            cluster = Cluster()
        try:
            for n in sizes:
                with tempfile.TemporaryDirectory() as folder:
                    db = str(Path(folder) / "bench.db") if cluster is None else cluster.database()
                    t = store_timings(db, n)
                    if cluster is not None:
                        cluster.drop(db)
                print(
                    f"{backend:>10} {n:>7} {int(t['events']):>6} | {t['replay']:>9.3f}s "
                    f"{t['read']:>14.3f}s | {t['enter'] * 1000:>10.1f}ms "
                    f"{t['append'] * 1000:>10.1f}ms"
                )
        finally:
            if cluster is not None:
                cluster.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", default="100,250,500,1000")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--postgresql", default=None, help="a server to use (a URL)")
    parser.add_argument("--no-cli", action="store_true", help="only the backends' table")
    args = parser.parse_args()
    sizes = [int(n) for n in args.players.split(",")]
    if not args.no_cli:
        cli_table(sizes)
    backend_table(sizes, args.backends.split(","), args.postgresql)


def cli_table(sizes: list[int]) -> None:
    """``skak result`` and ``skak standings`` as a user runs them, on SQLite."""
    print(
        f"{'players':>7} {'events':>6} | {'result wall/CPU':>16} {'before':>11} {'ratio':>5} |"
        f" {'standings wall/CPU':>18} {'before':>11} {'ratio':>5}"
    )
    first: tuple[float, float] | None = None
    for n in sizes:
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / "bench.db"
            s = Skak(db, create=True, actor="bench")
            events = swiss_like(n)
            tid = s.store.create(
                TournamentKind(s.tournaments.context()), "Benchmark open", events, "bench"
            )
            api = _entry_cpu(s, tid.stream.id)
            s.close()
            timed(["standings"], db)  # warm the file cache
            result = min(timed(["result", str(ROUNDS), "1", "1-0"], db) for _ in range(3))
            standing = min(timed(["standings"], db) for _ in range(3))
        old = BEFORE.get(n)
        ratio_r = f"{result[1] / old[1]:.2f}" if old else "-"
        ratio_s = f"{standing[1] / old[3]:.2f}" if old else "-"
        was_r = f"{old[0]:.2f}/{old[1]:.2f}" if old else "-"
        was_s = f"{old[2]:.2f}/{old[3]:.2f}" if old else "-"
        print(
            f"{n:>7} {len(events):>6} | {result[0]:>7.2f}/{result[1]:<8.2f} {was_r:>11} "
            f"{ratio_r:>5} | {standing[0]:>9.2f}/{standing[1]:<8.2f} {was_s:>11} {ratio_s:>5}"
        )
        was_api = BEFORE_API.get(n)
        print(
            f"{'':>7} in one process, Skak.enter_result: {api * 1000:.0f} ms CPU"
            + (f" (before {was_api * 1000:.0f} ms, ratio {api / was_api:.2f})" if was_api else "")
        )
        if first is None:
            first = (result[1], standing[1])
        else:
            print(
                f"{'':>7} growth from {sizes[0]} players (CPU): result "
                f"{result[1] / first[0]:.2f}x, standings {standing[1] / first[1]:.2f}x"
            )


if __name__ == "__main__":
    main()
