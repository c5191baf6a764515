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
  ``--json`` (issue 38's measure: it runs without Typer) and as a table.

Run: .venv/bin/python benchmarks/tiebreaks.py [players] [rounds]
"""

from __future__ import annotations

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


def process_cpu(args: list[str]) -> float:
    """CPU seconds of one command in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(players: int = 1000, rounds: int = 11) -> None:
    start = time.perf_counter()
    t = tournament(players, rounds)
    built = time.perf_counter() - start
    every = [*codes(), *MODIFIED]
    print(f"{players} players, {rounds} rounds (generated in {built:.1f} s)")
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
    with tempfile.TemporaryDirectory() as folder:
        trf = Path(folder) / "open.trf"
        trf.write_text(write_trf(t), encoding="utf-8")
        command = [sys.executable, "-m", "skak", "standings", "--trf", str(trf)]
        process_cpu([*command, "--tiebreaks", "BH"])  # warm the caches
        for label, extra in (("--json", ["--json"]), ("the table", [])):
            runs = [process_cpu([*command, "--tiebreaks", TWELVE, *extra]) for _ in range(3)]
            print(
                f"skak standings --trf, twelve codes, {label}, a new process: "
                f"{min(runs):.3f} s CPU (median {statistics.median(runs):.3f}; "
                f"{min(runs) / TIEBREAKSERVER:.2f} × TieBreakServer's {TIEBREAKSERVER} s)"
            )
    assert all(get_tiebreak(c) for c in codes())


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
