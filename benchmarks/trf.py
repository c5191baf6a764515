"""How fast are TRF files read and written? Runs over bbpPairings' generated corpus.

Run: .venv/bin/python benchmarks/trf.py
"""

from __future__ import annotations

import time
from pathlib import Path

from rich.progress import track

from skak.io.trf import decode_trf, parse_trf, write_trf

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "oracles" / "dutch-2026" / "full"


def main() -> None:
    files = sorted(CORPUS.glob("*.trf"))
    texts = [decode_trf(f.read_bytes()) for f in files]
    lines = sum(t.count("\n") for t in texts)
    start = time.perf_counter()
    parsed = [parse_trf(t, "bench").tournament for t in track(texts, description="Reading")]
    read = time.perf_counter() - start
    start = time.perf_counter()
    for t in track(parsed, description="Writing"):
        write_trf(t)
    write = time.perf_counter() - start
    players = sum(len(t.players) for t in parsed)
    print(f"{len(files)} files, {players} players, {lines} lines")
    print(f"read:  {read:.2f} s, {lines / read:,.0f} lines/s")
    print(f"write: {write:.2f} s, {lines / write:,.0f} lines/s ({write / read:.2f} × reading)")


if __name__ == "__main__":
    main()
