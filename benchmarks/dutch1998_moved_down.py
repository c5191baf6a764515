"""How long does the FIDE Swiss system of 1998 take on a round with many moved-down players
who can meet few of the group below? ``k`` players on 3 points must have white (two blacks in
a row), so they all move down (C1); of the ``k + 4`` players on 2 points only 4 may take
black; ``2k`` players on 1 point must have black. C14 then pairs fewer of the moved-down
players, and C12 and C13 pair the groups again: before the matching tests of
``skak.pairing.dutch1998._stage`` every choice of the moved-down players, every step of the
ladder and every count of fewer pairs read S2's orders to the end (k = 5, 24 players: 13 s;
k = 6: 95 s).

Run: .venv/bin/python benchmarks/dutch1998_moved_down.py [--k 5 6 10 12]
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction

from skak.model import Colour
from skak.pairing.dutch1998 import Card, Float
from skak.pairing.dutch1998._procedure import Procedure


def cards(k: int) -> list[Card]:
    specs = [(1 + i, 3, "WBB") for i in range(k)]
    specs += [(100 + i, 2, "BW" if i < 4 else "WBB") for i in range(k + 4)]
    specs += [(200 + i, 1, "BWW") for i in range(2 * k)]
    out = [
        Card(
            n,
            f"P{n}",
            rank,
            Fraction(score),
            tuple(Colour.WHITE if c == "W" else Colour.BLACK for c in cols),
            (Float.NONE, Float.NONE),
            True,
            False,
            frozenset(),
        )
        for rank, (n, score, cols) in enumerate(specs)
    ]
    out.sort(key=lambda c: (-c.score, c.rank))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--k", type=int, nargs="*", default=[5, 6, 10, 12])
    args = parser.parse_args()
    for k in args.k:
        deck = cards(k)
        start = time.perf_counter()
        pairs, _ = Procedure(deck).run()
        seconds = time.perf_counter() - start
        print(f"dutch-1998 k = {k:2}: {len(deck)} players, {len(pairs)} pairs, {seconds:.2f} s")


if __name__ == "__main__":
    main()
