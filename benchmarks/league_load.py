"""How fast does ``skak serve`` answer the public standings of a league season of DSU's size
while the captains enter their cards?

A season of DSU's size (divisions 1–4 and the series: 250 teams in 25 groups of 10, 9 rounds,
8 boards; every club a strength list, every match both line-ups and a card: about 3 600
events) is written to a new database in one transaction, then ``skak serve`` is started on it
in its own process on 127.0.0.1. 50 concurrent readers (one keep-alive connection each, in
this process) read ``/league/{id}/standings`` back to back; then the same while a captain, in
a process of his own, reports a card every second (each one a new season version, so the
page is built anew). The script prints the percentiles, the server's CPU a read, and whether
p95 is under the goal of 100 ms.

The season is written as the events the commands would write (as ``benchmarks/web_load.py``
writes its Swiss): entering 3 600 commands one by one would measure the commands, not the
page. ``--db URL`` runs on another database (PostgreSQL: ``postgresql+psycopg://…``; the
database must be empty).

Run: .venv/bin/python benchmarks/league_load.py [--readers 50] [--reads 100] [--db URL]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

import web_load
from web_load import _cpu, _free_port, _load, _report, _serve

from skak.api import Skak
from skak.records.league.events import (
    LineupEntered,
    MatchResultEntered,
    SeasonCreated,
    StrengthListFiled,
    TeamsEntered,
)
from skak.records.league.kind import LEAGUE
from skak.teams.league import DivisionSpec, Lineup, Season, Team
from skak.teams.matches import BoardCard, MatchCard
from skak.teams.strength import ListedPlayer, StrengthList

GOAL_P95 = 0.100
START = date(2025, 9, 1)
DATES = tuple(START + timedelta(days=14 * r) for r in range(9))
#: Divisions 1–4 and the series: 25 groups of 10 (Skakligaen as one of them).
DIVISIONS = (
    DivisionSpec("Skakligaen", 0, 1, 10, promoted=0, one_team_per_club=True),
    DivisionSpec("1. division", 1, 2, 10),
    DivisionSpec("2. division", 2, 4, 10),
    DivisionSpec("3. division", 3, 8, 10),
    DivisionSpec("4. division", 4, 10, 10),
)

CAPTAIN = """
import random, sys, time
from skak.api import Skak
s = Skak(sys.argv[1], actor="captain")
sid = int(sys.argv[2])
season = s.league.get(sid)
fixtures = [f for f in season.fixtures() if f.round == 9]
rng = random.Random(11)
print("ready", flush=True)
while True:
    time.sleep(1.0)
    f = rng.choice(fixtures)
    s.league.result(sid, 9, f.home, [rng.choice("10=") for _ in range(8)])
    print("entered", flush=True)
"""


def season_events(seed: int = 5) -> list[object]:
    """The events of a whole season: created, teams, lists, every line-up and card."""
    rng = random.Random(seed)
    teams = [
        Team(f"{d.name[:2]}{g}-{n} Klub", f"{d.name[:2]}{g}-{n} Klub", d.name, g, n)
        for d in DIVISIONS
        for g in range(1, d.groups + 1)
        for n in range(1, 11)
    ]
    created = SeasonCreated("Divisionsturneringen 2025-26", START, "dsu-2022", DIVISIONS, DATES)
    events: list[object] = [created, TeamsEntered(tuple(teams))]
    events += [
        StrengthListFiled(
            StrengthList(
                t.club,
                tuple(ListedPlayer(b, f"{t.club}.{b}", f"{t.club} {b}", 1) for b in range(1, 11)),
            )
        )
        for t in teams
    ]
    season = Season(created.name, START, created.edition, DIVISIONS, DATES, teams=tuple(teams))
    for f in season.fixtures():
        day = DATES[f.round - 1]
        for t in f.teams():
            players = tuple(f"{t}.{b}" for b in range(1, 9))
            events.append(LineupEntered(Lineup(f.round, t, players, day)))
        boards = tuple(BoardCard(b, rng.choice(("1-0", "½-½", "0-1"))) for b in range(1, 9))
        events.append(MatchResultEntered(MatchCard(f.round, f.home, f.away, boards)))
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--readers", type=int, default=50)
    parser.add_argument("--reads", type=int, default=100, help="standings reads per reader")
    parser.add_argument("--db", help="a database URL (default: a new SQLite file)")
    args = parser.parse_args()
    web_load.GOAL_P95 = GOAL_P95
    web_load.EXPECT = b"Stilling"
    with tempfile.TemporaryDirectory() as folder:
        db: str | Path = args.db or Path(folder) / "league.db"
        s = Skak(db, create=True, actor="bench")
        events = season_events()
        sid = s.store.create(LEAGUE, "Divisionsturneringen 2025-26", events, "bench").stream.id
        port = _free_port()
        server = _serve(Path(str(db)) if args.db is None else db, port)  # type: ignore[arg-type]
        url = f"http://127.0.0.1:{port}/league/{sid}/standings"
        try:
            first = time.perf_counter()
            page = httpx.get(url, timeout=120)
            if page.status_code != 200 or "Stilling" not in page.text:
                raise SystemExit(f"the standings page: {page.status_code} {page.text[:300]}")
            print(
                f"250 teams, {len(events)} events; the first standings page (replay, 25 "
                f"groups' standings): {(time.perf_counter() - first) * 1000:.0f} ms"
            )
            cpu = _cpu(server.pid)
            latencies, wall = asyncio.run(_load(url, args.readers, args.reads))
            cpu = _cpu(server.pid) - cpu
            _report(f"{args.readers} readers, nothing changing", latencies, wall, cpu)
            captain = subprocess.Popen(
                [sys.executable, "-c", CAPTAIN, str(db), str(sid)],
                stdout=subprocess.PIPE,
                text=True,
            )
            assert captain.stdout is not None
            captain.stdout.readline()
            cpu = _cpu(server.pid)
            latencies, wall = asyncio.run(_load(url, args.readers, args.reads))
            cpu = _cpu(server.pid) - cpu
            captain.terminate()
            changes = (captain.communicate(timeout=30)[0] or "").count("entered")
            _report(f"... while {changes} cards were reported", latencies, wall, cpu)
        finally:
            server.terminate()
            server.wait(timeout=10)
            s.close()


if __name__ == "__main__":
    main()
