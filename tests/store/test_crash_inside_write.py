"""Issue #39 item 5: a process killed inside the write itself — between the append and the
commit, after the snapshot is written but before the commit, and just after the commit —
leaves a whole record on SQLite and PostgreSQL: the command is there entirely or not at
all, its snapshot with it, and ``skak check`` passes.

The kill is aimed through the store's fault-injection points (``skak.store.streams.FAULTS``),
which only this test sets: the child process sets one to kill itself there, then runs the
command as ``skak`` does. The tournament's snapshots are made every event in the child, so
the killed command writes one too.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from skak.api import Skak
from skak.model import Result, Tournament
from skak.records.tournament.evolve import Context
from skak.records.tournament.evolve import fold as replay

ROOT = Path(__file__).resolve().parents[2]

#: The child: kill itself (SIGKILL) at the point named, snapshots every event, then ``skak``.
_CHILD = """
import os, signal, sys
from dataclasses import replace
from skak.store import streams
from skak.records.tournament import api as tournaments

made = tournaments.Tournaments._kind
tournaments.Tournaments._kind = lambda self: replace(made(self), snapshot_every=1)
streams.FAULTS[sys.argv[1]] = lambda: os.kill(os.getpid(), signal.SIGKILL)
from skak.faces.cli import main
sys.argv = ["skak", *sys.argv[2:]]
main()
"""


def _paired(database: str) -> int:
    s = Skak(database, create=True, actor="test")
    tid = s.tournaments.create(Tournament("Natten", "berger")).id
    for i in range(1, 7):
        s.tournaments.add_player(tid, f"Spiller, {i}")
    s.tournaments.pair(tid)
    s.close()
    return tid


def _killed_at(point: str, database: str, *args: str) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    child = subprocess.run(
        [sys.executable, "-c", _CHILD, point, *args, "--db", database, "--wait", "0"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
        timeout=120,
    )
    assert child.returncode == -signal.SIGKILL, (child.returncode, child.stderr)


@pytest.mark.parametrize("point", ["appended", "snapshotted", "committed"])
def test_a_kill_inside_the_write_leaves_the_record_whole(database: str, point: str) -> None:
    tid = _paired(database)
    s = Skak(database)
    before = s.store.head("tournament", tid)
    s.close()
    _killed_at(point, database, "result", "1", "1", "1-0")
    s = Skak(database, actor="test")
    try:
        assert s.check() == []  # skak check passes
        committed = point == "committed"
        assert s.store.head("tournament", tid) == before + (1 if committed else 0)
        record = s.tournaments.read(tid, full=True)
        expected = replay(record.events, Context())
        assert s.tournaments.get(tid) == expected  # from the snapshot, as from the events
        result = s.tournaments.get(tid).round(1).board(1).result
        assert result == (Result.WHITE_WIN if committed else None)
        # The arbiter enters it (again): once, whatever the kill left.
        s.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN)
        assert s.store.head("tournament", tid) == before + 1
        assert s.tournaments.get(tid).round(1).board(1).result == Result.WHITE_WIN
    finally:
        s.close()


def test_a_kill_inside_the_creation_of_a_record_leaves_nothing_half_made(database: str) -> None:
    _paired(database)
    _killed_at("snapshotted", database, "new", "Halv")
    s = Skak(database)
    try:
        assert s.check() == []
        assert [r.name for r in s.tournaments.rows()] == ["Natten"]
    finally:
        s.close()
