"""Do the input readers take time linear in the size of their input? (issue 23 item 12,
issue 34 step 0)

Each reader is timed on an input of size n and of size 10 n, and the ratio of the two times
is printed: about 10 for a linear reader, about 100 for one that scans what it has read so
far for every new item (as the rating JSON's duplicate and unknown ids once did: 10 000
players and 10 000 games took 12 s), and well above 10 for a quadratic line reader (as the
players CSV's trailing empty fields once were: 160 000 commas took 16 s).

* the rating calculation's JSON (``skak rating calc``): n players and n games;
* the players CSV (``skak players import``): one line with n trailing empty fields, and a
  header of n columns that all say the same.

This is a benchmark, not a timed test: the tests read the same large inputs and assert what
was read, never how long it took.

Run: .venv/bin/python benchmarks/linear_inputs.py [--size 2000] [--runs 3]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from skak.errors import InputError
from skak.io.players_csv import parse_players_csv
from skak.io.rating_json import parse_calc_request
from skak.model import Tournament


def _rating_request(n: int) -> str:
    return json.dumps(
        {
            "date": "2026-03-01",
            "players": [{"id": f"P{i}", "rating": 1200 + i % 1000} for i in range(n)],
            "games": [
                {"white": f"P{i}", "black": f"P{(i + 1) % n}", "result": "1-0"} for i in range(n)
            ],
        }
    )


def _empty() -> Tournament:
    return Tournament("Bench", "monrad")


def _trailing_commas(n: int) -> str:
    return "name,rating\nAnna,1500" + "," * (16 * n) + "\n"


def _repeated_header(n: int) -> str:
    return "name," * (4 * n) + "\nA\n"


def _read_csv(text: str) -> None:
    # The repeated header is refused; the time to find that is what is measured.
    with contextlib.suppress(InputError):
        parse_players_csv(text, "bench.csv", _empty())


def _best(work: Callable[[str], object], text: str, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work(text)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=2000, help="n (default 2000)")
    parser.add_argument("--runs", type=int, default=3, help="runs per size; the best is kept")
    args = parser.parse_args()
    n = args.size
    readers: list[tuple[str, Callable[[int], str], Callable[[str], object]]] = [
        ("rating JSON: n players, n games", _rating_request, lambda t: parse_calc_request(t, "b")),
        ("players CSV: 16 n trailing commas", _trailing_commas, _read_csv),
        ("players CSV: 4 n header columns", _repeated_header, _read_csv),
    ]
    table = Table(title=f"Input readers at n = {n} and 10 n (best of {args.runs})")
    for column in ("reader", "n", "10 n", "ratio (≈10 is linear)"):
        table.add_column(column, justify="left" if column == "reader" else "right")
    for name, make, read in readers:
        small = _best(read, make(n), args.runs)
        large = _best(read, make(10 * n), args.runs)
        ratio = f"{large / small:.1f}"
        table.add_row(name, f"{small * 1000:.1f} ms", f"{large * 1000:.1f} ms", ratio)
    Console().print(table)


if __name__ == "__main__":
    main()
