"""What does a ``skak`` command cost, start-up included? (issue 23 item 18, issue 24 items 4
and 6)

Each command is run as a user runs it — a new process, start-up included — several times
(``--runs``, 5), and the median CPU time (user + system) and wall time are printed.

Start-up, on a small tournament (10 players, DSU's round-robin schedule, four rounds paired,
the last one's board 1 without a result), beside skak at commit d4b35a9 (before the lazy
imports: every command imported SQLAlchemy, cattrs with its converters, every pairing
system, every tie-break and the standings), with the ratio now / before (CPU):

* ``skak --help`` — nothing but the command-line tool's start-up;
* ``skak tournaments`` — open the database and list what it holds;
* ``skak result R B 1-0`` — one result entered (each run on a fresh copy of the database,
  so that every run writes);
* ``skak standings`` — the small tournament's standings.

The floor under them is printed too: a Python process that only imports SQLAlchemy and
Typer, the libraries every command that opens a database needs; and, with Typer 0.29 or
later, that process importing ``typer._adapters`` as well: those Typers coerce every
option and argument of a command through a pydantic ``TypeAdapter``, so any command with
an option (all but ``--help``) imports pydantic.

Per command on a club-sized open (``--players``, 150, the Dutch system, five rounds played
with seeded random results): ``skak pair`` (round 6, on a fresh copy each run), ``skak
standings`` (with the §24 tie-breaks), ``skak result`` (a correction of round 5) and ``skak
round show``.

The Dutch engine as a user runs it (``--engine-players``, 300; 0 leaves it out): ``skak
engine --dutch FILE -p OUT`` on rounds 1, 5 and 9 of a generated field (its history paired
by the Dutch system), and, where a bbpPairings binary is available outside the project
(``$BBP_PAIRINGS``, never part of the project), the same with bbpPairings, the ratio
skak / bbpPairings and whether the two pairings are the same.

The goals (issue 24): ≤ 0.25 s CPU for ``--help`` and ``result`` on the small tournament,
standings of a 150-player tournament ≤ 0.3 s, the engine ≤ 0.5 × bbpPairings at 300
players. This is a benchmark, not a timed test.

Python's compiled bytecode is kept (in a temporary folder, after one untimed run), as an
installed skak runs; ``--no-bytecode`` compiles every module on every start instead, as on a
machine that sets ``PYTHONDONTWRITEBYTECODE`` (this one does). ``--source DIR`` runs the
``skak`` of another source tree, e.g. the commit before, to measure the "before" numbers::

    git archive d4b35a9 src | tar -x -C /tmp/before
    .venv/bin/python benchmarks/cli.py --source /tmp/before/src

Run: .venv/bin/python benchmarks/cli.py [--runs 5] [--no-bytecode] [--source DIR]
[--players 150] [--engine-players 300]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from pairing import field, play  # benchmarks/pairing.py (the script's folder): fields
from skak.api import Skak
from skak.io.trf import write_trf
from skak.model import Ratings, Result, Tournament

PLAYERS = 10
ROUNDS = 4
#: Rounds played in the open before its commands are timed.
OPEN_ROUNDS = 5
#: The rounds ``skak engine`` pairs (issue 24's "rounds 1, 5 and 9").
ENGINE_ROUNDS = (1, 5, 9)

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
    s.tournaments.create(Tournament("Startup", "dsu-rr"))
    for i in range(1, PLAYERS + 1):
        s.tournaments.add_player(None, f"Spiller, {i:02d}")
    results = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)
    for number in range(1, ROUNDS + 1):
        rnd = s.tournaments.pair().after.rounds[-1]
        for p in rnd.pairings:
            if p.black is None or (number == ROUNDS and p.board == 1):
                continue
            s.tournaments.enter_result(None, number, p.board, results[(p.board + number) % 3])
    s.close()


def timed(
    args: list[str], db: Path, env: dict[str, str], program: list[str] | None = None
) -> tuple[float, float]:
    """CPU and wall seconds of one ``skak`` command (or ``program``) in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [*(program or [sys.executable, "-m", "skak"]), *args],
        capture_output=True,
        text=True,
        env={**env, "SKAK_ACTOR": "bench", "SKAK_DB": str(db)},
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(program or ['skak'])} {' '.join(args)} failed: {done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def median(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def open_tournament(db: Path, players: int) -> None:
    """A club-sized open: ``players`` players, the Dutch system, five rounds played with
    seeded random results (as ``benchmarks/pairing.py`` rates and plays its fields)."""
    rng = random.Random(players)
    s = Skak(db, create=True, actor="bench")
    s.tournaments.create(Tournament("Open", "dutch", number_of_rounds=9))
    for i in range(1, players + 1):
        s.tournaments.add_player(
            None, f"Spiller, {i:04d}", ratings=Ratings(dsu=rng.randint(1000, 2500))
        )
    results = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)
    for number in range(1, OPEN_ROUNDS + 1):
        for p in s.tournaments.pair().after.rounds[-1].pairings:
            if p.black is not None:
                s.tournaments.enter_result(None, number, p.board, rng.choice(results))
    s.close()


def engine_files(folder: Path, players: int) -> dict[int, Path]:
    """TRF files of a generated ``players``-player field just before rounds 1, 5 and 9,
    its history paired by the Dutch system with seeded random results
    (``benchmarks/pairing.py``'s ``play``)."""
    fresh = replace(field(players, 8), pairing_system="dutch", number_of_rounds=11)
    files: dict[int, Path] = {}
    for number in ENGINE_ROUNDS:
        t = play(fresh, number - 1, "dutch") if number > 1 else fresh
        files[number] = folder / f"engine-{players}-r{number}.trf"
        files[number].write_text(write_trf(t, extensions=False), encoding="utf-8")
    return files


def pairs(path: Path) -> set[str]:
    """The pairs of a ``-p`` file, as a set of lines (the board order aside)."""
    return {line.strip() for line in path.read_text(encoding="utf-8").splitlines()[1:]}


def table(title: str) -> None:
    print()
    print(title)
    print(f"{'command':<34} | {'CPU s':>6} {'wall s':>6} | note")


def row(name: str, cpu: float, wall: float, note: str = "") -> None:
    print(f"{name:<34} | {cpu:>6.3f} {wall:>6.3f} | {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-bytecode", action="store_true", help="compile on every start")
    parser.add_argument("--source", type=Path, help="the src folder of the skak to time")
    parser.add_argument("--players", type=int, default=150, help="the open's field (0: none)")
    parser.add_argument("--engine-players", type=int, default=300, help="0: no engine rows")
    options = parser.parse_args()
    runs = options.runs
    keep = not options.no_bytecode
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = dict(os.environ)
        if keep:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        if options.source is not None:
            env["PYTHONPATH"] = str(options.source.resolve())
        work = folder / "work.db"

        def measure(
            args: list[str], original: Path, program: list[str] | None = None
        ) -> tuple[float, float]:
            shutil.copyfile(original, work)
            timed(args, work, env, program)  # warm the file cache (and write the bytecode)
            measured = []
            for _ in range(runs):
                shutil.copyfile(original, work)
                measured.append(timed(args, work, env, program))
            return median(measured)

        small = folder / "small.db"
        small_tournament(small)
        commands = {
            "--help": ["--help"],
            "tournaments": ["tournaments"],
            "result": ["result", str(ROUNDS), "1", "1-0"],
            "standings": ["standings"],
        }
        print(f"bytecode {'kept' if keep else 'compiled on every start'}; {runs} runs each")
        table(f"start-up: a small tournament ({PLAYERS} players); before = skak at d4b35a9")
        for label, args in commands.items():
            cpu, wall = measure(args, small)
            old = BEFORE[keep][label]
            note = f"before {old[0]:.2f}/{old[1]:.2f}, CPU ratio {cpu / old[0]:.2f}"
            row(label, cpu, wall, note)
        floor = [sys.executable, "-c", "import sqlalchemy, typer"]
        cpu, wall = measure([], small, floor)
        row("python: import sqlalchemy, typer", cpu, wall, "the libraries' floor")
        if importlib.util.find_spec("typer._adapters") is not None:  # Typer 0.29 and later
            floor = [sys.executable, "-c", "import sqlalchemy, typer, typer._adapters"]
            cpu, wall = measure([], small, floor)
            note = "with pydantic: Typer >= 0.29 reads every option through it"
            row("python: … and typer._adapters", cpu, wall, note)

        if options.players:
            club = folder / "open.db"
            open_tournament(club, options.players)
            table(f"an open of {options.players} players (Dutch), after round {OPEN_ROUNDS}")
            for label, args in {
                f"pair (round {OPEN_ROUNDS + 1})": ["pair"],
                "standings": ["standings"],
                f"result (correct round {OPEN_ROUNDS})": ["result", str(OPEN_ROUNDS), "1", "0-1"],
                "round show": ["round", "show", str(OPEN_ROUNDS)],
            }.items():
                cpu, wall = measure(args, club)
                row(label, cpu, wall)

        if options.engine_players:
            players = options.engine_players
            binary = os.environ.get("BBP_PAIRINGS", "")
            table(f"skak engine --dutch, a generated field of {players} players")
            total = total_wall = theirs = 0.0
            for number, trf in engine_files(folder, players).items():
                out = folder / "skak.pairs"
                cpu, wall = measure(
                    ["engine", "--dutch", str(trf), "-p", str(out), "--force"], small
                )
                total += cpu
                total_wall += wall
                note = ""
                if binary:
                    mine = pairs(out)
                    bbp_out = folder / "bbp.pairs"
                    bcpu, _ = measure(["--dutch", str(trf), "-p", str(bbp_out)], small, [binary])
                    theirs += bcpu
                    same = "same pairing" if pairs(bbp_out) == mine else "DIFFERENT pairing"
                    note = f"bbpPairings {bcpu:.3f} s, ratio {cpu / bcpu:.2f}, {same}"
                row(f"round {number}", cpu, wall, note)
            note = f"bbpPairings {theirs:.3f} s, ratio {total / theirs:.2f}" if theirs else ""
            row("rounds together", total, total_wall, note)


if __name__ == "__main__":
    main()
