"""Dubov (DSU 4.9.6, the 1997 text) beside py4swiss's Dubov engine (PyPI; it implements
FIDE's Dubov rules of 2026, C.04.4.1): the same tournaments, round by round, each paired by
skak, and for every round whether py4swiss pairs the same games.

The two rule texts differ (docs/interpretations.md, "Dubov": the 2026 rules pair by a
weighted matching over criteria C1–C10, give the bye by other rules and place upfloaters
differently); round 1 is the same in both. Needs ``pip install py4swiss``.

Run: .venv/bin/python benchmarks/dubov_py4swiss.py [--tournaments 20] [--players 8 30]
"""

from __future__ import annotations

import argparse
import random
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from skak.errors import NoValidPairingError
from skak.io.trf import write_trf
from skak.model import Colour, Player, Ratings, Result, Tournament
from skak.pairing import get_system

RESULTS = [Result.WHITE_WIN] * 5 + [Result.DRAW] * 4 + [Result.BLACK_WIN] * 5


@dataclass
class Tally:
    rounds: int = 0
    same: int = 0
    first_rounds: int = 0
    first_same: int = 0
    failed: int = 0


def theirs(t: Tournament) -> set[tuple[int, int]] | None:
    """py4swiss's Dubov pairing of the next round of ``t`` (``None`` when it fails)."""
    from py4swiss.engines import DubovEngine
    from py4swiss.trf import TrfParser

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.trf"
        path.write_text(write_trf(t, extensions=False), encoding="utf-8")
        try:
            pairings = DubovEngine.generate_pairings(TrfParser.parse(path))
        except Exception:  # py4swiss's own failures are counted, not raised
            return None
    return {(p.white, p.black) for p in pairings}


def tournament(seed: int, players: int, rounds: int) -> Tournament:
    rng = random.Random(seed)
    field = tuple(
        Player(i, f"P, {i:03d}", ratings=Ratings(fide=rng.randint(1400, 2600)))
        for i in range(1, players + 1)
    )
    field = tuple(  # numbered by rating, as both programs expect
        replace(p, start_number=i)
        for i, p in enumerate(sorted(field, key=lambda p: -(p.ratings.fide or 0)), start=1)
    )
    return Tournament(
        f"Dubov {seed}",
        "dubov",
        number_of_rounds=rounds,
        players=field,
        initial_colour=Colour.WHITE,
        pairing_settings=(("initial-ranking", "fide"),),
    )


def compare(count: int, low: int, high: int) -> Tally:
    tally = Tally()
    system = get_system("dubov")
    for seed in range(count):
        rng = random.Random(seed)
        t = tournament(seed, rng.randint(low, high), rng.randint(5, 9))
        for number in range(1, (t.number_of_rounds or 0) + 1):
            try:
                rnd = system.pair(t)
            except NoValidPairingError:
                break
            ours = {(p.white, p.black or 0) for p in rnd.pairings}
            other = theirs(t)
            tally.rounds += 1
            if other is None:
                tally.failed += 1
            tally.same += other == ours
            if number == 1:
                tally.first_rounds += 1
                tally.first_same += other == ours
            results = tuple(
                p if p.black is None else replace(p, result=rng.choice(RESULTS))
                for p in rnd.pairings
            )
            t = replace(t, rounds=(*t.rounds, replace(rnd, pairings=results)))
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tournaments", type=int, default=20)
    parser.add_argument("--players", type=int, nargs=2, default=[8, 30])
    args = parser.parse_args()
    tally = compare(args.tournaments, *args.players)
    rate = tally.same / tally.rounds if tally.rounds else 0.0
    print(
        f"Dubov beside py4swiss: {tally.same} of {tally.rounds} rounds the same ({rate:.0%}); "
        f"round 1: {tally.first_same} of {tally.first_rounds}; py4swiss failed on "
        f"{tally.failed}"
    )


if __name__ == "__main__":
    main()
