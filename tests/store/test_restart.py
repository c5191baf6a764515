"""Issue #39's test of a restart: a script enters results one ``skak result`` after another
while its PostgreSQL server crashes (``pg_ctl stop -m immediate``) and starts again; with
``--wait 60`` every command completes, and every result is entered exactly once.

The server is this test's own (the session's stays up for the other tests); the test skips
where PostgreSQL's binaries are not found (see :mod:`tests.postgres`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from skak.api import Skak
from skak.model import Result, Tournament
from tests.postgres import Cluster, unavailable

pytestmark = pytest.mark.postgresql
ROOT = Path(__file__).resolve().parents[2]
BOARDS = 10


@pytest.fixture
def own_cluster() -> Iterator[Cluster]:
    why = unavailable()
    if why is not None:
        pytest.skip(f"PostgreSQL: {why}")
    if os.environ.get("SKAK_TEST_POSTGRESQL_URL"):
        pytest.skip("PostgreSQL: a shared server is not this test's to stop")
    cluster = Cluster(durable=True)  # a crash keeps what was committed
    yield cluster
    cluster.stop()


def test_a_script_of_results_rides_out_a_server_restart(own_cluster: Cluster) -> None:
    url = own_cluster.database()
    s = Skak(url, create=True, actor="setup")
    tid = s.tournaments.create(Tournament("Genstart", "berger")).id
    for i in range(1, 2 * BOARDS + 1):
        s.tournaments.add_player(tid, f"Spiller, {i:02d}")
    s.tournaments.pair(tid)
    before = s.store.head("tournament", tid)
    s.close()

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    runs: list[subprocess.CompletedProcess[str]] = []
    started = threading.Event()

    def script() -> None:
        for board in range(1, BOARDS + 1):
            if board == 3:
                started.set()
            runs.append(
                subprocess.run(
                    [
                        sys.executable,
                        "-c",
                        "from skak.faces.cli import main; main()",
                        "result",
                        "1",
                        str(board),
                        "1-0",
                        "--db",
                        url,
                        "--wait",
                        "60",
                    ],
                    capture_output=True,
                    text=True,
                    env={**env, "SKAK_ACTOR": "script"},
                    cwd=ROOT,
                    check=False,
                    timeout=180,
                )
            )

    loop = threading.Thread(target=script)
    loop.start()
    assert started.wait(120)
    own_cluster.crash()  # every connection cut, as a crash does
    time.sleep(5)  # the commands started meanwhile wait
    own_cluster.resume()
    loop.join(timeout=300)
    assert not loop.is_alive()

    assert [r.returncode for r in runs] == [0] * BOARDS, [r.stderr for r in runs]
    waited = [r.stderr for r in runs if "waiting:" in r.stderr]
    assert waited, "no command met the restart"
    assert all(r.stderr.count("waiting:") <= 1 for r in runs)  # one line, however many tries
    s = Skak(url)
    assert s.store.head("tournament", tid) == before + BOARDS  # nothing entered twice
    t = s.tournaments.get(tid)
    assert [t.round(1).board(b).result for b in range(1, BOARDS + 1)] == [Result.WHITE_WIN] * BOARDS
    assert [h.actor for h in s.tournaments.history(tid)][-BOARDS:] == ["script"] * BOARDS
    assert s.check() == []
    s.close()
