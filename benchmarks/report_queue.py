"""How long does the registrar take to apply a month of reported tournaments (issue 36
item 9, second half)?

The federation's database holds DSU's list of 40 000 players (imported as ``skak rating
import`` imports it, not timed). A month's 300 tournaments are reported as ``skak report
--send`` sends them (the JSON documents of :mod:`skak.io.rating_report`): ten-player round
robins of DSU members, 45 games each, the results drawn with a fixed seed, their days spread
over October. Each is received into the registrar's queue (``skak.reports.receive``: read,
checked as a document and stored; timed on its own), then the registrar applies every one
(``skak.reports.apply``: every check against the registry and the discipline register as
they stand, the rating by the edition in force, one change of the registry, the report
marked applied). Printed: the CPU seconds of receiving and of applying, and whether applying
is within the goal of 10 s; and a check that every report was applied and each player's
history holds his tournaments.

Run: .venv/bin/python benchmarks/report_queue.py [--players 40000] [--tournaments 300]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from skak.api import Skak

GOAL = 10.0
LIST_DAY = date(2026, 8, 1)
CLUBS = ["Vejle Skakklub", "Aarhus Skakklub", "Skakklubben K41", "Brønshøj Skakforening"]
RESULTS = ("1-0", "½-½", "0-1")


def dsu_list(players: int, rng: random.Random) -> str:
    """DSU's list export of ``players`` members."""
    head = (
        '"Nummer";"Født år";"Navn";"Klub";"Titel";"Rating";"Hurtig";"Lyn";"Elo";"Fide";"K-factor"\n'
    )
    rows = [
        f'"{n}";"{rng.randint(1940, 2015)}";"Spiller{n}, Navn";"{rng.choice(CLUBS)}";"";'
        f'"{rng.randint(1000, 2400)}";"";"";"";"";""\n'
        for n in range(1, players + 1)
    ]
    return head + "".join(rows)


def berger(n: int) -> list[list[tuple[int, int]]]:
    """A round robin's rounds for ``n`` (even) players by the circle method."""
    ring = list(range(1, n + 1))
    rounds = []
    for r in range(n - 1):
        pairs = [(ring[i], ring[n - 1 - i]) for i in range(n // 2)]
        rounds.append([(a, b) if (r + i) % 2 == 0 else (b, a) for i, (a, b) in enumerate(pairs)])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def document(
    k: int, members: list[int], ratings: dict[int, int], rng: random.Random
) -> dict[str, Any]:
    """Report ``k``: a ten-player round robin of ``members``."""
    start = date(2026, 10, 1) + timedelta(days=k % 28)
    players = [
        {
            "start_number": i,
            "name": f"Spiller{m}, Navn",
            "club": CLUBS[k % len(CLUBS)],
            "dsu_id": m,
            "ratings": {"standard": ratings[m]},
        }
        for i, m in enumerate(members, start=1)
    ]
    rounds = [
        {
            "round": r,
            "boards": [
                {"board": b, "white": w, "black": x, "result": rng.choice(RESULTS)}
                for b, (w, x) in enumerate(pairs, start=1)
            ],
        }
        for r, pairs in enumerate(berger(len(members)), start=1)
    ]
    return {
        "format": "skak-rating-report",
        "version": 1,
        "tournament": {
            "name": f"Oktoberturnering {k + 1}",
            "place": "Vejle",
            "system": "berger",
            "rounds": len(rounds),
            "kind": "standard",
            "time_control": "90+30",
            "start": start.isoformat(),
            "end": (start + timedelta(days=2)).isoformat(),
        },
        "club": CLUBS[k % len(CLUBS)],
        "arbiters": ["Inge Holm"],
        "players": players,
        "rounds": rounds,
        "written": (start + timedelta(days=3)).isoformat(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40_000)
    parser.add_argument("--tournaments", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(36)
    with tempfile.TemporaryDirectory() as tmp:
        s = Skak(Path(tmp) / "fed.db", create=True, actor="kartotek")
        s.registry.import_text(dsu_list(args.players, rng), "liste.csv", LIST_DAY)
        ratings = {pid: p.rating("standard") or 1500 for pid, p in s.registry.get().players.items()}
        docs = [
            document(k, rng.sample(range(1, args.players + 1), 10), ratings, rng)
            for k in range(args.tournaments)
        ]
        start = time.process_time()
        rows = [s.reports.receive(d, today=date(2026, 11, 1), actor="klub") for d in docs]
        received = time.process_time() - start
        start = time.process_time()
        for row in rows:
            s.reports.apply(row.id, today=date(2026, 11, 1))
        applied = time.process_time() - start
        registry = s.registry.get()
        done = sum(1 for row in rows if s.reports.get(row.id).status == "applied")
        lines = sum(
            1
            for p in registry.players.values()
            for h in p.history
            if h.reason.startswith("Oktober")
        )
        s.close()
    print(f"registry: {args.players} players; {args.tournaments} reports of 10 players, 45 games")
    print(f"received: {received:.2f} s CPU ({1000 * received / len(rows):.1f} ms a report)")
    print(f"applied:  {applied:.2f} s CPU ({1000 * applied / len(rows):.1f} ms a report)")
    print(f"goal:     applying within {GOAL:.0f} s: {'yes' if applied <= GOAL else 'NO'}")
    assert done == len(rows), f"{done} of {len(rows)} applied"
    assert lines == 10 * len(rows), f"{lines} history lines, not {10 * len(rows)}"


if __name__ == "__main__":
    main()
