"""How long does a ``skak`` command take before it does anything? (issue 23 item 18)

Each command is run as a user runs it — a new process, start-up included — five times, and
the median CPU time (user + system) and wall time are printed:

* ``skak --help`` — nothing but the command-line tool's start-up;
* ``skak tournaments`` — open the database and list what it holds;
* ``skak result R B 1-0`` — one result entered on a small tournament (each run on a fresh
  copy of the database, so that every run writes);
* ``skak standings`` — the small tournament's standings.

The small tournament: 10 players, DSU's round-robin schedule, four rounds paired, the last
one's board 1 without a result. The numbers of skak at commit d4b35a9 (before the lazy
imports: every command imported SQLAlchemy, cattrs with its converters, every pairing
system, every tie-break and the standings) are printed beside them, with the ratio now /
before (CPU). The goal is ≤ 0.25 s CPU for ``--help`` and ``result``; this is a benchmark,
not a timed test.

Python's compiled bytecode is kept (in a temporary folder, after one untimed run), as an
installed skak runs; ``--no-bytecode`` compiles every module on every start instead, as on a
machine that sets ``PYTHONDONTWRITEBYTECODE`` (this one does). ``--source DIR`` runs the
``skak`` of another source tree, e.g. the commit before, to measure the "before" numbers::

    git archive d4b35a9 src | tar -x -C /tmp/before
    .venv/bin/python benchmarks/startup.py --source /tmp/before/src

Run: .venv/bin/python benchmarks/startup.py [--runs 5] [--no-bytecode] [--source DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from skak.api import Skak
from skak.model import Result, Tournament

PLAYERS = 10
ROUNDS = 4

#: skak at d4b35a9, measured 2026-11-24 on this 2-core machine (other work running) with
#: ``--source`` and this procedure: bytecode kept or not → command → (CPU s, wall s) of a new
#: process, the mean of two or three medians of seven runs.
BEFORE: dict[bool, dict[str, tuple[float, float]]] = {
    True: {
        "--help": (0.59, 0.59),
        "tournaments": (0.62, 0.62),
        "result": (0.65, 0.65),
        "standings": (0.62, 0.62),
    },
    False: {
        "--help": (0.72, 0.72),
        "tournaments": (0.78, 0.78),
        "result": (0.76, 0.77),
        "standings": (0.77, 0.77),
    },
}


def small_tournament(db: Path) -> None:
    """The small tournament: ``ROUNDS`` rounds paired, all played but the last's board 1."""
    s = Skak(db, create=True, actor="bench")
    s.create(Tournament("Startup", "dsu-rr"))
    for i in range(1, PLAYERS + 1):
        s.add_player(None, f"Spiller, {i:02d}")
    results = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)
    for number in range(1, ROUNDS + 1):
        rnd = s.pair()
        for p in rnd.pairings:
            if p.black is None or (number == ROUNDS and p.board == 1):
                continue
            s.enter_result(None, number, p.board, results[(p.board + number) % 3])
    s.close()


def timed(args: list[str], db: Path, env: dict[str, str]) -> tuple[float, float]:
    """CPU and wall seconds of one ``skak`` command in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "skak", *args],
        capture_output=True,
        text=True,
        env={**env, "SKAK_ACTOR": "bench", "SKAK_DB": str(db)},
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"skak {' '.join(args)} failed: {done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def median(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-bytecode", action="store_true", help="compile on every start")
    parser.add_argument("--source", type=Path, help="the src folder of the skak to time")
    options = parser.parse_args()
    runs = options.runs
    keep = not options.no_bytecode
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        if keep:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        if options.source is not None:
            env["PYTHONPATH"] = str(options.source.resolve())
        original = Path(folder) / "small.db"
        small_tournament(original)
        work = Path(folder) / "work.db"
        commands = {
            "--help": ["--help"],
            "tournaments": ["tournaments"],
            "result": ["result", str(ROUNDS), "1", "1-0"],
            "standings": ["standings"],
        }
        print(f"bytecode {'kept' if keep else 'compiled on every start'}")
        print(f"{'command':<12} | {'CPU s':>6} {'wall s':>6} | {'before':>11} | {'CPU ratio':>9}")
        for args in commands.values():  # warm the file cache (and write the bytecode)
            shutil.copyfile(original, work)
            timed(args, work, env)
        for name, args in commands.items():
            measured = []
            for _ in range(runs):
                shutil.copyfile(original, work)
                measured.append(timed(args, work, env))
            cpu, wall = median(measured)
            old = BEFORE[keep][name]
            print(
                f"{name:<12} | {cpu:>6.3f} {wall:>6.3f} | {old[0]:>5.2f}/{old[1]:<5.2f} |"
                f" {cpu / old[0]:>9.2f}"
            )


if __name__ == "__main__":
    main()
