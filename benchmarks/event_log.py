"""How fast is a command on a big tournament? Every command replays the event log.

Builds a 40-player round robin (39 rounds, 780 results, ~820 events) in a temporary
SQLite file, then times loading the tournament (the replay every command does) and one
write command, and prints the cost per event.

Run: .venv/bin/python benchmarks/event_log.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from skak.api import Skak
from skak.model import Player, Ratings, Result, Tournament
from skak.pairing import get_system


def main(players: int = 40) -> None:
    with tempfile.TemporaryDirectory() as folder:
        s = Skak(Path(folder) / "bench.db", create=True, actor="bench")
        system = get_system("berger")
        tid = s.create(Tournament("Bench", "berger", scoring=system.default_scoring)).id
        field = [Player(i, f"P, {i}", ratings=Ratings(dsu=1500 + i)) for i in range(1, players + 1)]
        s.add_players(tid, lambda _t: field)
        start = time.perf_counter()
        rounds = system.planned_rounds(s.load(tid)) or 0
        for _ in range(rounds):
            rnd = s.pair(tid)
            for p in rnd.pairings:
                if p.black is not None:
                    s.enter_result(tid, rnd.number, p.board, Result.DRAW)
        build = time.perf_counter() - start
        events = len(s.history(tid))
        start = time.perf_counter()
        for _ in range(5):
            s.load(tid)
        load = (time.perf_counter() - start) / 5
        start = time.perf_counter()
        s.enter_result(tid, 1, 1, Result.WHITE_WIN)
        write = time.perf_counter() - start
        print(f"{players} players, {rounds} rounds, {events} events")
        print(f"built in {build:.1f} s ({build / events * 1000:.2f} ms per event written)")
        print(f"load (replay): {load * 1000:.0f} ms, {load / events * 1e6:.0f} µs per event")
        print(f"one result entered: {write * 1000:.0f} ms = {write / load:.2f} × a load")


if __name__ == "__main__":
    main()
