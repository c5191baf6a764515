"""Crash safety: a process killed (SIGKILL) at a random moment of an import or of an
evening's commands leaves a database that opens, holds a prefix of what was intended (whole
commands only: an import all or nothing), and rebuilds the standings.

The default run kills 8 times per backend (the first three aimed at the import);
``SKAK_TEST_LONG=1`` kills 50 times (``-m long`` selects this and the fuzz tests). The
moments are drawn with a fixed seed.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from skak.api import Skak
from skak.model.stream import Recorded
from skak.records.tournament.codec import dump_event
from skak.records.tournament.evolve import Context
from skak.records.tournament.evolve import fold as replay
from skak.views import standings_view, to_json
from tests.store import crash_work

LONG = bool(os.environ.get("SKAK_TEST_LONG"))
KILLS = 50 if LONG else 8
ROOT = Path(__file__).resolve().parents[2]


def _events(s: Skak, name: str) -> list[Recorded[Any]]:
    return list(s.tournaments.read(name, full=True).events)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The work done once without a kill: its events, the replayed tournament's boundaries
    between commands, and how long it takes."""
    db = str(tmp_path_factory.mktemp("reference") / "reference.db")
    start = time.perf_counter()
    boundaries = crash_work.run(db)
    took = time.perf_counter() - start
    s = Skak(db)
    found = {
        name: [dump_event(r.event) for r in _events(s, name)]
        for name in (crash_work.imported().name, crash_work.REPLAYED)
    }
    s.close()
    assert boundaries == sorted(set(boundaries))  # every command writes
    # The import alone (the child's first work, one large transaction): the first kills
    # aim at it.
    s = Skak(str(tmp_path_factory.mktemp("import") / "import.db"), create=True)
    start = time.perf_counter()
    s.tournaments.create(crash_work.imported(), source="import")
    importing = time.perf_counter() - start
    s.close()
    return {"boundaries": boundaries, "events": found, "seconds": took, "import": importing}


def _check(db: str, reference: dict[str, Any]) -> int:
    """The database after a kill; :returns: how many of the replayed tournament's events it
    holds."""
    s = Skak(db)  # it opens
    try:
        assert s.check() == []
        names = {r.name for r in s.tournaments.rows()}
        imported = crash_work.imported().name
        if imported in names:  # all or nothing
            got = [dump_event(r.event) for r in _events(s, imported)]
            assert got == reference["events"][imported]
        if crash_work.REPLAYED not in names:
            return 0
        recorded = _events(s, crash_work.REPLAYED)
        intended = reference["events"][crash_work.REPLAYED]
        assert [dump_event(r.event) for r in recorded] == intended[: len(recorded)]
        assert len(recorded) in reference["boundaries"]  # whole commands only
        # The state, read from the newest snapshot and in full, is the intended prefix's,
        # and its standings are those the prefix gives.
        expected = replay(recorded, Context())
        assert expected is not None
        assert s.tournaments.get(crash_work.REPLAYED) == expected
        view = to_json(standings_view(s.tournaments.get(crash_work.REPLAYED)))
        assert view == to_json(standings_view(expected))
        return len(recorded)
    finally:
        s.close()


@pytest.mark.long
def test_killed_at_random_moments_the_database_holds_a_prefix(
    database: str, reference: dict[str, Any]
) -> None:
    rng = random.Random(19)
    boundaries = json.dumps(reference["boundaries"])
    # Kills spread over the whole work: each run gets on average its share of the time.
    spread = 2 * reference["seconds"] / KILLS
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    progress = []
    for kill in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.store.crash_work", database, boundaries],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert child.stdout is not None
        ready = child.stdout.readline()
        assert ready.strip() == "ready", child.communicate()[1]
        # The first kills land in the import (in whatever it writes first), the others
        # anywhere in the work.
        time.sleep(rng.uniform(0, 2 * reference["import"] if kill < 3 else spread))
        child.kill()
        _, stderr = child.communicate()
        assert child.returncode in (0, -9), stderr  # 3: a history that ended mid-command
        progress.append(_check(database, reference))
    print(f"events after each kill: {progress}")
    assert progress == sorted(progress)  # nothing done was ever lost
    crash_work.run(database, reference["boundaries"])  # and the work resumes to its end
    assert _check(database, reference) == reference["boundaries"][-1]
