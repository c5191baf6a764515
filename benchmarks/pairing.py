"""How long does one round take to pair? Times every Swiss-type system skak has registered
(Monrad, Dansk Schweizer, the Dutch system) on generated fields of 300 and 1 000 players,
after a few rounds with random results, and the largest fields of bbpPairings' corpus.

Where a bbpPairings binary is available outside the project (``$BBP_PAIRINGS``, never part
of the project), the Dutch system's time is compared with it on the same TRF input.

Run: .venv/bin/python benchmarks/pairing.py [--players 1000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import tempfile
import time
from pathlib import Path

from rich.progress import track

from skak.errors import NoValidPairingError
from skak.io.trf import decode_trf, parse_trf, write_trf
from skak.model import Player, Ratings, Result, Tournament
from skak.model.events import ResultEntered, RoundPaired, apply
from skak.pairing import get_system, system_names

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "oracles" / "dutch-2026" / "cases"
SWISS = ("monrad", "dansk", "dutch")
#: The Dutch engine is exact but not yet fast (issue 8): it is timed on smaller fields.
DUTCH_PLAYERS = (30, 60, 100)


def field(players: int, system: str, rounds: int) -> Tournament:
    rng = random.Random(players)
    return Tournament(
        name=f"Benchmark {players}",
        pairing_system=system,
        number_of_rounds=rounds + 4,
        players=tuple(
            Player(i, f"Player, {i:04d}", ratings=Ratings(dsu=rng.randint(1000, 2500)))
            for i in range(1, players + 1)
        ),
    )


def play(t: Tournament, rounds: int) -> tuple[Tournament, list[float]]:
    """Pair and play ``rounds`` rounds with random results; the seconds each pairing took."""
    system = get_system(t.pairing_system)
    rng = random.Random(rounds)
    times = []
    for r in range(1, rounds + 1):
        start = time.perf_counter()
        rnd = system.pair(t)
        times.append(time.perf_counter() - start)
        t = apply(t, RoundPaired(rnd))
        for p in rnd.pairings:
            if p.result is None:
                result = rng.choice([Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN])
                t = apply(t, ResultEntered(r, p.board, result))
    return t, times


def bbp_seconds(binary: str, t: Tournament) -> float | None:
    """bbpPairings' time for the next round of ``t`` (``None`` when it fails)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.trf"
        path.write_text(write_trf(t, extensions=False), encoding="utf-8")
        start = time.perf_counter()
        done = subprocess.run(
            [binary, "--dutch", str(path), "-p", str(Path(tmp) / "out")],
            capture_output=True,
            check=False,
        )
        seconds = time.perf_counter() - start
        return seconds if done.returncode == 0 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="*", default=[300, 1000])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    bbp = os.environ.get("BBP_PAIRINGS")
    for system in (s for s in SWISS if s in system_names()):
        for players in DUTCH_PLAYERS if system == "dutch" else args.players:
            t = field(players, system, args.rounds)
            try:
                t, times = play(t, args.rounds)
            except NoValidPairingError as e:
                print(f"{system:7} {players:5} players: no pairing ({e})")
                continue
            start = time.perf_counter()
            get_system(system).pair(t)
            last = time.perf_counter() - start
            line = (
                f"{system:7} {players:5} players: rounds 1–{args.rounds} "
                f"{', '.join(f'{s:.2f}' for s in times)} s; round {args.rounds + 1}: {last:.2f} s"
            )
            if system == "dutch" and bbp:
                theirs = bbp_seconds(bbp, t)
                if theirs:
                    line += f"; bbpPairings {theirs:.2f} s, ratio skak/bbp {last / theirs:.2f}"
            print(line)
    if "dutch" in system_names() and CORPUS.exists():
        fields = []
        for case in CORPUS.glob("*-r5.trf"):
            t = parse_trf(decode_trf(case.read_bytes()), case.name).tournament
            if len(t.players) <= max(DUTCH_PLAYERS):
                fields.append(t)
        fields = sorted(fields, key=lambda t: -len(t.players))[:10]
        total = 0.0
        for t in track(fields, description="Largest corpus cases (round 5)"):
            start = time.perf_counter()
            get_system("dutch").pair(t)
            total += time.perf_counter() - start
        sizes = ", ".join(str(len(t.players)) for t in fields)
        print(f"dutch: 10 corpus rounds of {sizes} players in {total:.2f} s")


if __name__ == "__main__":
    main()
