"""How long do the standings with every tie-break take for a big open?

Builds a 1 000-player, 11-round Swiss-like tournament (seeded random pairings within score
groups, random results with some forfeits, half-point byes and absences), then times (CPU
seconds, the least of three runs):

* the crosstable and the standings with every registered code — each Buchholz and
  Sonneborn-Berger modifier, the rating-based ones, direct encounter and DSU's staged
  corrections — under each edition of the unplayed-games rules;
* the standings with twelve codes (``TWELVE``), as issue 24 compared them with FIDE's
  calculator, TieBreakServer (2.69 s there for 1 000 players × 11 rounds; its figure, not
  measured here), and the ratio;
* ``skak standings --trf`` on the same tournament written as a TRF file with those twelve
  codes, as a user runs it (a new process: start-up and reading the file included), with
  ``--json`` (issue 38's measure: it runs without Typer; the goal is 0.1 × TieBreakServer)
  and as a table: the least and the median CPU seconds (user + system) of ``--runs`` runs,
  the ratio to TieBreakServer's time and, for 1 000 × 11, to skak's before issue 38's work
  (``BEFORE``: now / before).

Python's compiled bytecode is kept for those processes (in a temporary folder, written by
one untimed run first), as an installed skak runs, also where ``PYTHONDONTWRITEBYTECODE``
is set (this machine sets it; every start would compile every module otherwise).
``--source DIR`` times the ``skak`` of another source tree, e.g. the commit before::

    git archive 6fc1f36 src | tar -x -C /tmp/before
    .venv/bin/python benchmarks/tiebreaks.py --source /tmp/before/src

Run: .venv/bin/python benchmarks/tiebreaks.py [players] [rounds] [--runs 5] [--source DIR]
[--processes-only]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from skak.io.trf import write_trf
from skak.model import Bye, Pairing, Player, Ratings, Result, Round, Tournament
from skak.standings import standings
from skak.tiebreaks import codes, crosstable, get_tiebreak, rank

MODIFIED = ["BH/C1", "BH/C2", "BH/M1", "BH/M2", "BH/P", "FB/C1", "SB/C1", "SB/P", "KS/L+1",
            "PS/C1", "ARO/C1", "ARO/M1", "AOB/F", "DE/P", "RTNG/R", "TPN/R"]  # fmt: skip
#: Twelve codes of every family: opponents' scores, own results, ratings, direct encounter.
TWELVE = "BH/C1,BH,BH/M1,SB,FB,ARO,AOB,DE,WIN,BWG,BPG,KS"
#: TieBreakServer's time for 1 000 players × 11 rounds, as issue 24 reports it.
TIEBREAKSERVER = 2.69
#: Issue 38's goal for ``skak standings --trf F --tiebreaks TWELVE --json``: this share of
#: TieBreakServer's time.
GOAL = 0.1
#: ``skak standings --trf`` with the twelve codes for 1 000 players × 11 rounds before issue
#: 38's work (commit 6fc1f36), measured 2026-11-29 on this 2-core machine (other work
#: running) with ``--source`` and this procedure: the form → (least, median) CPU seconds.
BEFORE = {"--json": (0.52, 0.55), "the table": (1.82, 2.06)}


def tournament(players: int, rounds: int, seed: int = 2026) -> Tournament:
    rng = random.Random(seed)
    field = tuple(
        Player(n, f"Player, {n}", ratings=Ratings(fide=2700 - n + rng.randint(-30, 30)))
        for n in range(1, players + 1)
    )
    score = {p.start_number: Fraction(0) for p in field}
    played: list[Round] = []
    for r in range(1, rounds + 1):
        order = sorted(score, key=lambda n: (-score[n], rng.random()))
        away = set(rng.sample(order, players // 50))
        byes = tuple(Bye(n, rng.choice([Result.HALF_BYE, Result.ABSENT])) for n in sorted(away))
        order = [n for n in order if n not in away]
        boards = []
        for i in range(0, len(order) - 1, 2):
            w, b = order[i], order[i + 1]
            res = rng.choices(
                [Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN, Result.WHITE_FORFEIT_WIN],
                weights=[40, 30, 28, 2],
            )[0]
            boards.append(Pairing(len(boards) + 1, w, b, res))
            score[w] += {Result.DRAW: Fraction(1, 2), Result.BLACK_WIN: 0}.get(res, 1)
            score[b] += {Result.DRAW: Fraction(1, 2), Result.BLACK_WIN: 1}.get(res, 0)
        if len(order) % 2:
            boards.append(Pairing(len(boards) + 1, order[-1], None, Result.PAIRING_BYE))
            score[order[-1]] += 1
        for b in byes:
            score[b.player] += Fraction(1, 2) if b.result is Result.HALF_BYE else 0
        played.append(Round(r, tuple(boards), byes))
    return Tournament(
        "Benchmark open", "dutch", number_of_rounds=rounds, players=field, rounds=tuple(played)
    )


def cpu(work: Callable[[], object], runs: int = 3) -> float:
    """The least CPU seconds of ``runs`` runs of ``work``."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def process_cpu(args: list[str], env: dict[str, str] | None = None) -> float:
    """CPU seconds (user + system) of one command in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, capture_output=True, check=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bytecode_kept(folder: Path, source: Path | None = None) -> dict[str, str]:
    """The environment of a timed process: compiled bytecode kept in ``folder`` (not
    compiled on every start), and ``source``'s skak if given."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    if source is not None:
        env["PYTHONPATH"] = str(source.resolve())
    return env


def processes(t: Tournament, runs: int, source: Path | None) -> None:
    """``skak standings --trf`` with the twelve codes as a user runs it (see the module)."""
    big = (len(t.players), t.number_of_rounds) == (1000, 11)
    with tempfile.TemporaryDirectory() as folder:
        trf = Path(folder) / "open.trf"
        trf.write_text(write_trf(t), encoding="utf-8")
        env = bytecode_kept(Path(folder), source)
        command = [sys.executable, "-m", "skak", "standings", "--trf", str(trf)]
        process_cpu([*command, "--tiebreaks", "BH", "--json"], env)  # write the bytecode
        for label, extra in (("--json", ["--json"]), ("the table", [])):
            times = [
                process_cpu([*command, "--tiebreaks", TWELVE, *extra], env) for _ in range(runs)
            ]
            least, median = min(times), statistics.median(times)
            line = (
                f"skak standings --trf, twelve codes, {label}, a new process: "
                f"{least:.3f} s CPU (median {median:.3f}); {least / TIEBREAKSERVER:.3f} × "
                f"TieBreakServer's {TIEBREAKSERVER} s"
            )
            if label == "--json":
                goal = GOAL * TIEBREAKSERVER
                met = "met" if least <= goal else "not met"
                line += f" (goal ≤ {GOAL} ×, {goal:.3f} s: {met})"
            if big and source is None:
                was, was_median = BEFORE[label]
                line += (
                    f"; before {was:.3f} s (median {was_median:.3f}): now / before "
                    f"{least / was:.2f} (median {median / was_median:.2f})"
                )
            print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("players", type=int, nargs="?", default=1000)
    parser.add_argument("rounds", type=int, nargs="?", default=11)
    parser.add_argument("--runs", type=int, default=5, help="runs of each process timed")
    parser.add_argument("--source", type=Path, help="the src folder of the skak to time")
    parser.add_argument(
        "--processes-only", action="store_true", help="time only skak standings --trf"
    )
    options = parser.parse_args()
    players, rounds = options.players, options.rounds
    start = time.perf_counter()
    t = tournament(players, rounds)
    built = time.perf_counter() - start
    print(f"{players} players, {rounds} rounds (generated in {built:.1f} s)")
    if options.processes_only:
        processes(t, options.runs, options.source)
        return
    every = [*codes(), *MODIFIED]
    print(f"{len(every)} codes: {' '.join(every)}")
    for edition in ("annex-2010", "c07-2024", "c07-2026"):
        took = cpu(lambda e=edition: rank(crosstable(t, edition=e), every))  # type: ignore[misc]
        steps = len(rank(crosstable(t, edition=edition), every).steps)
        print(f"{edition}: every code in {took:.3f} s CPU ({steps} steps after expanding)")
    took = cpu(lambda: standings(t, tiebreaks="BH/C1,BH,SB,DE"))
    print(f"standings with BH/C1,BH,SB,DE: {took:.3f} s CPU")
    took = cpu(lambda: standings(t, tiebreaks=TWELVE))
    print(
        f"standings with {TWELVE}: {took:.3f} s CPU; TieBreakServer {TIEBREAKSERVER} s "
        f"(issue 24) is {TIEBREAKSERVER / took:.1f} × that"
    )
    processes(t, options.runs, options.source)
    assert all(get_tiebreak(c) for c in codes())


if __name__ == "__main__":
    main()
