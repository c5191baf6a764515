"""How long does one round take to pair? Times every Swiss-type system skak has registered
(Monrad, Dansk Schweizer, the Dutch system, the 1998 FIDE Swiss system, Dubov) on generated
fields of 300 and 1 000 players, and the Dutch system on the largest fields of bbpPairings' corpus.

A generated field plays a few rounds with random results (paired by Monrad, which is fast,
so that the history costs little; the 1998 system and Dubov by themselves, as their colour
limits need); then the next round is timed for each system, and for the
Dutch systems and Dubov also round 1 of the same field.

Where a bbpPairings binary is available outside the project (``$BBP_PAIRINGS``, never part
of the project), the Dutch system is compared with it on the same TRF input: its time, the
ratio skak / bbpPairings, and whether the two pairings are the same.

Run: .venv/bin/python benchmarks/pairing.py [--players 300 1000] [--rounds 5] [--corpus 10]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from rich.progress import track

from skak.errors import NoValidPairingError
from skak.io.trf import decode_trf, parse_trf, write_trf
from skak.model import Colour, Player, Ratings, Result, Round, Tournament
from skak.pairing import get_system, system_names
from skak.records.tournament.events import ResultEntered, RoundPaired
from skak.records.tournament.evolve import evolve

ORACLES = Path(__file__).resolve().parents[1].parent / "shared" / "oracles" / "dutch-2026"
SWISS = ("monrad", "dansk", "dutch", "dutch-1998", "dubov")
OWN_HISTORY = ("dutch-1998", "dubov")


def field(players: int, rounds: int) -> Tournament:
    rng = random.Random(players)
    return Tournament(
        name=f"Benchmark {players}",
        pairing_system="monrad",
        number_of_rounds=rounds + 4,
        initial_colour=Colour.WHITE,
        players=tuple(
            Player(i, f"Player, {i:04d}", ratings=Ratings(dsu=rng.randint(1000, 2500)))
            for i in range(1, players + 1)
        ),
    )


def play(t: Tournament, rounds: int, by: str = "monrad") -> Tournament:
    """``rounds`` rounds paired by Monrad with random results."""
    system = get_system(by)
    t = replace(t, pairing_system=by)
    rng = random.Random(rounds)
    for r in range(1, rounds + 1):
        rnd = system.pair(t)
        t = evolve(t, RoundPaired(rnd))
        for p in rnd.pairings:
            if p.result is None:
                result = rng.choice([Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN])
                t = evolve(t, ResultEntered(r, p.board, result))
    return t


def timed(system: str, t: Tournament) -> tuple[float, Round | None]:
    start = time.perf_counter()
    try:
        rnd = get_system(system).pair(replace(t, pairing_system=system))
    except NoValidPairingError:
        rnd = None
    return time.perf_counter() - start, rnd


def games(rnd: Round) -> set[tuple[int, int]]:
    return {(p.white, p.black or 0) for p in rnd.pairings}


def bbp(binary: str, t: Tournament) -> tuple[float, set[tuple[int, int]]] | None:
    """bbpPairings' time and pairing for the next round of ``t`` (``None`` when it fails)."""
    with tempfile.TemporaryDirectory() as tmp:
        path, out = Path(tmp) / "in.trf", Path(tmp) / "out"
        path.write_text(write_trf(t, extensions=False), encoding="utf-8")
        start = time.perf_counter()
        done = subprocess.run(
            [binary, "--dutch", str(path), "-p", str(out)], capture_output=True, check=False
        )
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            return None
        lines = out.read_text(encoding="utf-8").split("\n")[1:]
        return seconds, {(int(a), int(b)) for a, b in (x.split() for x in lines if x.strip())}


def report(label: str, seconds: float, rnd: Round | None, t: Tournament, binary: str) -> str:
    line = f"{label}: {seconds:6.2f} s"
    if rnd is None:
        return line + " (no pairing)"
    if binary:
        theirs = bbp(binary, t)
        if theirs is None:
            line += "; bbpPairings failed"
        else:
            same = "same pairing" if theirs[1] == games(rnd) else "DIFFERENT pairing"
            line += f"; bbpPairings {theirs[0]:6.2f} s, ratio {seconds / theirs[0]:.2f}, {same}"
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="*", default=[300, 1000])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--corpus", type=int, default=10, help="largest corpus fields to time")
    args = parser.parse_args()
    binary = os.environ.get("BBP_PAIRINGS", "")
    systems = [s for s in SWISS if s in system_names()]
    for players in args.players:
        fresh = field(players, args.rounds)
        played = play(fresh, args.rounds)
        for system in systems:
            # The 1998 system and Dubov keep colour limits a Monrad history may have broken
            # (WWWW): their history is their own.
            history = play(fresh, args.rounds, system) if system in OWN_HISTORY else played
            seconds, rnd = timed(system, history)
            label = f"{system:10} {players:5} players, round {args.rounds + 1}"
            print(report(label, seconds, rnd, played, binary if system == "dutch" else ""))
        for system in ("dutch", "dutch-1998", "dubov"):
            if system in systems:
                seconds, rnd = timed(system, fresh)
                label = f"{system:10} {players:5} players, round 1"
                print(report(label, seconds, rnd, fresh, binary if system == "dutch" else ""))
    cases = ORACLES / "cases"
    if "dutch" in systems and cases.exists() and args.corpus:
        sizes = []
        for full in (ORACLES / "full").glob("*.trf"):
            text = full.read_text(encoding="utf-8")
            sizes.append((-text.count("\n001 "), full.stem))
        largest = [stem for _, stem in sorted(sizes)[: args.corpus]]
        total = theirs_total = 0.0
        same = 0
        for stem in track(largest, description="Largest corpus fields (their last round)"):
            last = max(cases.glob(f"{stem}-r*.trf"), key=lambda p: int(p.stem.split("-r")[1]))
            t = parse_trf(decode_trf(last.read_bytes()), last.name).tournament
            t = replace(t, pairing_system="dutch")
            seconds, rnd = timed("dutch", t)
            total += seconds
            expected = {
                (int(a), int(b)) for a, b in (x.split() for x in last.with_suffix(".pairs").open())
            }
            same += rnd is not None and games(rnd) == expected
            if binary:
                theirs = bbp(binary, t)
                theirs_total += theirs[0] if theirs else 0.0
        line = (
            f"dutch: the last rounds of the {len(largest)} largest corpus fields in {total:.2f} s"
            f" ({total / max(len(largest), 1):.2f} s a round), {same} identical to the corpus"
        )
        if binary and theirs_total:
            line += f"; bbpPairings {theirs_total:.2f} s, ratio {total / theirs_total:.2f}"
        print(line)


if __name__ == "__main__":
    main()
