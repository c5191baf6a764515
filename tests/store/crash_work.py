"""The work the crash test kills: import a TRF file, then replay an arbiter's evenings command
by command, resuming after whatever an earlier, killed run left in the database.

Run as ``python -m tests.store.crash_work DB``: prints ``ready`` once its imports are done
(the kill comes after that, at a random moment), then works to the end. Every command is one
transaction, so after any kill the tournament's history must end exactly where one command
ended; the process exits with code 3 when it finds it does not.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

from skak.api import Skak
from skak.io.trf import decode_trf, parse_trf
from skak.model import Ratings, Result, Tournament

TRF = Path(__file__).resolve().parents[1] / "data" / "trf" / "fide_example1_2005.trf"
#: The tournament the commands build, command by command.
REPLAYED = "Crash-Natten"
PLAYERS, ROUNDS = 40, 7


def imported() -> Tournament:
    """The TRF file's tournament (about 90 players, 9 rounds: one large transaction)."""
    t = parse_trf(decode_trf(TRF.read_bytes()), TRF.name).tournament
    return replace(t, pairing_system="dutch")


def commands() -> Iterator[Callable[[Skak], object]]:
    """The evenings, one API call per command: the tournament, its players one by one, then
    each round paired and its results entered board by board, some corrected; about 260
    events, so snapshots are written on the way (every 200)."""
    yield lambda s: s.tournaments.create(Tournament(REPLAYED, "dutch", number_of_rounds=ROUNDS))
    for i in range(1, PLAYERS + 1):
        rating = Ratings(dsu=2300 - 17 * i)
        yield lambda s, i=i, r=rating: s.tournaments.add_player(
            REPLAYED, f"Spiller {i:02d}", ratings=r
        )
    results = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)
    for number in range(1, ROUNDS + 1):
        yield lambda s: s.tournaments.pair(REPLAYED)
        for board in range(1, PLAYERS // 2 + 1):
            result = results[(number * board) % 3]
            yield lambda s, n=number, b=board, r=result: s.tournaments.enter_result(
                REPLAYED, n, b, r
            )
        corrected = results[(number + 1) % 3]  # board 1 had results[number % 3]
        yield lambda s, n=number, r=corrected: s.tournaments.enter_result(REPLAYED, n, 1, r)


def run(db: str, boundaries: list[int] | None = None, *, announce: bool = False) -> list[int]:
    """Do the work on ``db`` from where it stands; :returns: the replayed tournament's
    number of events after each command (its boundaries). With ``boundaries`` (a complete
    run's), a history that does not end on one of them is an error (exit code 3)."""
    s = Skak(db, create=True, actor="crash")
    names = {r.name for r in s.tournaments.rows()}
    if announce:
        print("ready", flush=True)
    if imported().name not in names:
        s.tournaments.create(imported(), source=TRF.name)
    done = s.tournaments.read(REPLAYED).version if REPLAYED in names else 0
    start = 0
    if boundaries is not None and done:
        if done not in boundaries:
            print(f"history of {done} events ends inside a command", file=sys.stderr)
            raise SystemExit(3)
        start = boundaries.index(done) + 1
    counts = list(boundaries or [])
    for k, command in enumerate(commands()):
        if k < start:
            continue
        command(s)
        if boundaries is None:
            counts.append(s.tournaments.read(REPLAYED).version)
    s.close()
    return counts


if __name__ == "__main__":
    import json

    run(sys.argv[1], json.loads(sys.argv[2]), announce=True)
