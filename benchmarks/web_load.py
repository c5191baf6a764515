"""How fast does ``skak serve`` answer a hall full of phones reading the standings?

A 300-player, 11-round Swiss is written to a new database (the events an evening makes, as
``benchmarks/event_log.py`` writes them), then ``skak serve`` is started on it in its own
process on the loopback address (127.0.0.1 only, a free port). 50 concurrent readers (one
asyncio task each, on one keep-alive HTTP/1.1 connection each, in this process) each read
the public standings page a bounded number of times, back to back, without pausing. The
script prints the latency percentiles (p50, p95, p99, max), the throughput, the server's
CPU time per read, and whether p95 is under the goal of 200 ms.

Then the same readers read while an arbiter enters a result every second (each one a new
tournament version, so the standings are built anew): the pages must follow every change and
stay fast.

The server's CPU is shared with the readers on this 2-core machine, so the numbers are what a
small laptop in the hall would do with the phones' load made on the same laptop.

With ``--workers N`` the server is ``skak serve --workers N``: N processes, each with its own
pages, all reading the version of the tournament from the database at every request.

Run: .venv/bin/python benchmarks/web_load.py [--players 300] [--readers 50] [--reads 100]
[--workers 1]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from event_log import swiss_like

from skak.api import Skak
from skak.records.tournament.kind import TournamentKind

GOAL_P95 = 0.200
#: What every page read must hold (another benchmark reading another page sets its own).
EXPECT = b"Stilling efter runde"
#: Seconds between the arbiter's results in the second part: a hall's busiest moments.
INTERVAL = 1.0


#: The arbiter's process: a correction of a random board of the last round every INTERVAL
#: seconds, through the library, until it is stopped.
ARBITER = f"""
import random, sys, time
from skak.api import Skak
from skak.model import Result
s = Skak(sys.argv[1], actor="arbiter")
tid, players = int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(7)
print("ready", flush=True)
while True:
    time.sleep({INTERVAL})
    board = rng.randint(1, players // 2)
    result = rng.choice((Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN))
    s.tournaments.enter_result(tid, 11, board, result)
    print("entered", flush=True)
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _serve(db: Path, port: int, workers: int = 1) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "skak",
            "serve",
            "--db",
            str(db),
            "--port",
            str(port),
            *(["--workers", str(workers)] if workers > 1 else []),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "SKAK_ACTOR": "bench"},
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/tournaments", timeout=1)
            return server
        except httpx.TransportError:
            if server.poll() is not None:
                raise SystemExit(f"skak serve stopped: {server.stderr.read().decode()}") from None
            time.sleep(0.1)
    server.kill()
    raise SystemExit("skak serve did not start in 120 s")


#: What the readers' browsers say they accept (``--plain``: nothing, so pages come as
#: they are): every phone's browser takes gzip, and the server sends a kept page
#: compressed once.
ACCEPT_ENCODING = ["gzip, deflate, br"]


async def _reader(url: str, reads: int, latencies: list[float]) -> None:
    """One phone: a keep-alive connection, ``reads`` GETs back to back. The HTTP is written
    by hand (a request line, a status line, Content-Length) so that the readers, which share
    the machine with the server, cost as little CPU as a load generator can; a compressed
    page is unpacked, as a browser does, and checked."""
    target = httpx.URL(url)
    reader, writer = await asyncio.open_connection(target.host, target.port)
    accept = f"Accept-Encoding: {ACCEPT_ENCODING[0]}\r\n" if ACCEPT_ENCODING[0] else ""
    request = (
        f"GET {target.raw_path.decode()} HTTP/1.1\r\nHost: {target.host}\r\n"
        f"Accept-Language: da\r\n{accept}\r\n"
    ).encode()
    try:
        for _ in range(reads):
            start = time.perf_counter()
            writer.write(request)
            status = await reader.readline()
            length = 0
            packed = False
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
                elif name.strip().lower() == b"content-encoding":
                    packed = value.strip().lower() == b"gzip"
            body = await reader.readexactly(length)
            if packed:
                body = gzip.decompress(body)
            latencies.append(time.perf_counter() - start)
            if b" 200 " not in status or EXPECT not in body:
                raise SystemExit(f"a reader got {status!r}: {body[:200]!r}")
    finally:
        writer.close()


async def _load(url: str, readers: int, reads: int) -> tuple[list[float], float]:
    latencies: list[float] = []
    start = time.perf_counter()
    await asyncio.gather(*(_reader(url, reads, latencies) for _ in range(readers)))
    return latencies, time.perf_counter() - start


def _cpu(pid: int) -> float:
    """The CPU seconds process ``pid`` and its children (the workers of ``--workers N``)
    have used (Linux's /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(_cpu(int(child)) for child in children)


def _report(label: str, latencies: list[float], wall: float, cpu: float) -> float:
    ordered = sorted(latencies)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))]

    p95 = pct(0.95)
    verdict = "under" if p95 < GOAL_P95 else "OVER"
    print(
        f"{label:<38} {len(ordered):>5} reads in {wall:5.1f} s ({len(ordered) / wall:6.0f}/s) | "
        f"p50 {pct(0.50) * 1000:6.1f} ms  p95 {p95 * 1000:6.1f} ms  p99 {pct(0.99) * 1000:6.1f} ms"
        f"  max {ordered[-1] * 1000:6.1f} ms | server CPU {cpu / len(ordered) * 1000:.2f} ms/read"
        f" | p95 {verdict} the {GOAL_P95 * 1000:.0f} ms goal"
    )
    return p95


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--readers", type=int, default=50)
    parser.add_argument("--reads", type=int, default=100, help="standings reads per reader")
    parser.add_argument(
        "--workers", type=int, default=1, help="worker processes of skak serve (--workers)"
    )
    parser.add_argument(
        "--plain", action="store_true", help="readers that take no compressed pages"
    )
    args = parser.parse_args()
    if args.plain:
        ACCEPT_ENCODING[0] = ""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "hall.db"
        s = Skak(db, create=True, actor="bench")
        events = swiss_like(args.players)
        tid = s.store.create(
            TournamentKind(s.tournaments.context()), "Benchmark open", events, "bench"
        )
        tid_id = tid.stream.id
        port = _free_port()
        server = _serve(db, port, args.workers)
        url = f"http://127.0.0.1:{port}/t/{tid_id}/standings"
        try:
            first = time.perf_counter()
            httpx.get(url, timeout=60)
            took = time.perf_counter() - first
            for _ in range(4 * args.workers):  # every worker builds its first page
                httpx.get(url, timeout=60)
            print(
                f"skak serve --workers {args.workers}: "
                f"{args.players} players, {len(events)} events; the first standings page "
                f"(replay and tie-breaks): {took * 1000:.0f} ms"
            )
            cpu = _cpu(server.pid)
            latencies, wall = asyncio.run(_load(url, args.readers, args.reads))
            cpu = _cpu(server.pid) - cpu
            _report(f"{args.readers} readers, nothing changing", latencies, wall, cpu)

            # An arbiter, in a process of its own, corrects a result every INTERVAL seconds
            # while the readers read.
            arbiter = subprocess.Popen(
                [sys.executable, "-c", ARBITER, str(db), str(tid_id), str(args.players)],
                stdout=subprocess.PIPE,
                text=True,
            )
            assert arbiter.stdout is not None
            arbiter.stdout.readline()  # "ready": the arbiter's process has started
            cpu = _cpu(server.pid)
            latencies, wall = asyncio.run(_load(url, args.readers, args.reads))
            cpu = _cpu(server.pid) - cpu
            arbiter.terminate()
            changes = (arbiter.communicate(timeout=10)[0] or "").count("entered")
            _report(f"... while {changes} results were entered", latencies, wall, cpu)
        finally:
            server.terminate()
            server.wait(timeout=10)
            s.close()


if __name__ == "__main__":
    main()
