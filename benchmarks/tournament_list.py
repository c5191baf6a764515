"""How fast does ``skak serve`` answer the public list of tournaments of a federation's
database — 5 000 tournaments — on SQLite and on PostgreSQL?

5 000 tournaments are written to a new database (names, places, organising clubs, dates over
ten years, standard, rapid and blitz; every tenth with 16 players and its rounds, half of
those finished; every fiftieth deleted), then ``skak serve`` is started on it in its own
process on 127.0.0.1. 50 concurrent readers (one keep-alive connection each, in this process,
as ``benchmarks/web_load.py`` reads) read ``/tournaments`` back to back: the first page, later
pages, a search, a club's own list, a status and a kind filter, a date range — each reader
one of those addresses. The script prints the percentiles, the server's CPU a read and
whether p95 is under the goal of 50 ms; then the same while, every second, a result is
entered in a running tournament (which changes nothing the list shows: its pages stay) and a
new tournament is created (which changes the list: every page is built anew); and the time
one page takes to build from the database (the first read of an address).

PostgreSQL runs as a throw-away cluster of its own (``tests/postgres.py``: Debian's server
binaries), or on ``--db URL`` (an empty database).

Run: .venv/bin/python benchmarks/tournament_list.py [--backend sqlite|postgresql|both]
     [--tournaments 5000] [--readers 50] [--reads 100]
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
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/postgres.py

import web_load
from event_log import swiss_like
from web_load import _cpu, _free_port, _reader, _report, _serve

from skak.api import RatedKind, Skak, Tournament
from skak.records.tournament.events import TournamentCreated
from skak.records.tournament.kind import TournamentKind

GOAL_P95 = 0.050
TOWNS = (
    "Aarhus", "København", "Odense", "Aalborg", "Esbjerg", "Randers", "Kolding", "Horsens",
    "Vejle", "Roskilde", "Herning", "Silkeborg", "Næstved", "Fredericia", "Viborg", "Køge",
    "Holstebro", "Taastrup", "Slagelse", "Hillerød", "Sønderborg", "Svendborg", "Hjørring",
    "Nørresundby", "Frederikshavn", "Ringsted", "Haderslev", "Skive", "Nykøbing F", "Helsingør",
)  # fmt: skip
EVENTS = (
    "Klubmesterskab", "Påsketurnering", "Sommer Open", "Efterårsturnering", "Lynturnering",
    "Hurtigskak Grand Prix", "Juniorturnering", "Seniorturnering", "Weekendturnering",
    "Nytårsturnering", "Byturnering", "Kredsmesterskab",
)  # fmt: skip
FIRST_DAY = date(2016, 1, 1)
#: The addresses the readers read, one each in turn.
ADDRESSES = (
    "/tournaments",
    "/tournaments?page=2",
    "/tournaments?page=40",
    "/tournaments?q=aarhus",
    "/tournaments?q=sommer+open",
    "/tournaments?organiser=Odense+Skakklub",
    "/tournaments?status=running",
    "/tournaments?status=rated&kind=standard",
    "/tournaments?kind=blitz&page=3",
    "/tournaments?from=2024-01-01&to=2024-12-31",
)

#: The organisers' process: every second a result entered in a running tournament (which
#: changes nothing the list shows) and then a new tournament (which changes the list: every
#: page of it is built anew).
ORGANISER = """
import datetime, random, sys, time
from skak.api import Skak, Tournament
from skak.model import Result
s = Skak(sys.argv[1], actor="organiser")
tid = int(sys.argv[2])
rng = random.Random(7)
last = s.tournaments.get(tid).rounds[-1].number
print("ready", flush=True)
n = 0
while True:
    time.sleep(0.5)
    result = rng.choice((Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN))
    s.tournaments.enter_result(tid, last, rng.randint(1, 8), result)
    time.sleep(0.5)
    n += 1
    day = datetime.date(2027, 1, 1) + datetime.timedelta(days=n)
    s.tournaments.create(Tournament(f"Ny turnering {n}", "dutch", place="Vejle", start_date=day))
    print("created", flush=True)
"""


def build(s: Skak, count: int) -> int:
    """``count`` tournaments; returns the id of a running one (for the organisers)."""
    rng = random.Random(39)
    kind = TournamentKind(s.tournaments.context())
    running = 0
    for i in range(count):
        town = rng.choice(TOWNS)
        what = rng.choice(EVENTS)
        first = FIRST_DAY + timedelta(days=rng.randrange(3650))
        length = rng.choice((0, 0, 1, 2, 4, 60))
        rated_kind = (
            RatedKind.BLITZ
            if what == "Lynturnering"
            else RatedKind.RAPID
            if what.startswith("Hurtigskak")
            else RatedKind.STANDARD
        )
        t = Tournament(
            f"{town} {what} {first.year}",
            "monrad",
            number_of_rounds=11,
            place=town,
            organiser=f"{town} Skakklub" if rng.random() < 0.9 else "Dansk Skak Union",
            start_date=first,
            end_date=first + timedelta(days=length) if length else None,
            rated_kind=rated_kind,
            rated=rng.random() < 0.8,
        )
        events = [TournamentCreated(t)]
        if i % 10 == 0:
            played = swiss_like(16, seed=i)[1:]
            events += played if i % 20 == 0 else played[: len(played) // 2 + 1]
        row = s.store.create(kind, t.name, events, "bench").stream
        if i % 20 == 10:
            running = row.id
        if i % 50 == 49:
            s.tournaments.delete(row.id)
        if (i + 1) % 1000 == 0:
            print(f"  {i + 1} tournaments written", flush=True)
    return running


async def _load_many(base: str, readers: int, reads: int) -> tuple[list[float], float]:
    latencies: list[float] = []
    start = time.perf_counter()
    await asyncio.gather(
        *(_reader(base + ADDRESSES[i % len(ADDRESSES)], reads, latencies) for i in range(readers))
    )
    return latencies, time.perf_counter() - start


def run(db: str, label: str, args: argparse.Namespace) -> None:
    print(f"== {label}: {args.tournaments} tournaments")
    s = Skak(db, create=True, actor="bench")
    start = time.perf_counter()
    running = build(s, args.tournaments)
    print(f"written in {time.perf_counter() - start:.0f} s")
    port = _free_port()
    server = _serve(db, port)  # type: ignore[arg-type]
    base = f"http://127.0.0.1:{port}"
    try:
        built = []
        for address in ADDRESSES:
            began = time.perf_counter()
            page = httpx.get(base + address, timeout=60, headers={"Accept-Language": "da"})
            built.append(time.perf_counter() - began)
            if page.status_code != 200 or "Turneringer" not in page.text:
                raise SystemExit(f"{address}: {page.status_code} {page.text[:300]}")
        print(
            f"a page built from the database (the first read of each of {len(ADDRESSES)} "
            f"addresses): median {sorted(built)[len(built) // 2] * 1000:.0f} ms, "
            f"max {max(built) * 1000:.0f} ms"
        )
        cpu = _cpu(server.pid)
        latencies, wall = asyncio.run(_load_many(base, args.readers, args.reads))
        cpu = _cpu(server.pid) - cpu
        _report(f"{args.readers} readers, nothing changing", latencies, wall, cpu)
        organiser = subprocess.Popen(
            [sys.executable, "-c", ORGANISER, db, str(running)], stdout=subprocess.PIPE, text=True
        )
        assert organiser.stdout is not None
        organiser.stdout.readline()
        cpu = _cpu(server.pid)
        latencies, wall = asyncio.run(_load_many(base, args.readers, args.reads))
        cpu = _cpu(server.pid) - cpu
        organiser.terminate()
        changes = (organiser.communicate(timeout=30)[0] or "").count("created")
        _report(f"... {changes} new tournaments, results", latencies, wall, cpu)
    finally:
        server.terminate()
        server.wait(timeout=10)
        s.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--tournaments", type=int, default=5000)
    parser.add_argument("--readers", type=int, default=50)
    parser.add_argument("--reads", type=int, default=100, help="reads per reader")
    parser.add_argument("--db", help="a PostgreSQL database URL (empty) instead of a cluster")
    args = parser.parse_args()
    web_load.GOAL_P95 = GOAL_P95
    web_load.EXPECT = b"Turneringer"
    if args.backend in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as folder:
            run(str(Path(folder) / "federation.db"), "SQLite", args)
    if args.backend in ("postgresql", "both"):
        if args.db:
            run(args.db, "PostgreSQL", args)
            return
        from tests.postgres import Cluster, unavailable

        why = unavailable()
        if why:
            raise SystemExit(f"PostgreSQL: {why}")
        cluster = Cluster(durable=True)
        try:
            run(cluster.database(), "PostgreSQL", args)
        finally:
            cluster.stop()


if __name__ == "__main__":
    main()
