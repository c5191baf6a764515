"""``skak serve --workers 2``: two processes answer, and each shows every change and ends a
logged-out session, whichever of them the change or the logout went through.

The server is started as a user starts it (a subprocess, a free port, a database in a tmp
folder). Each request is sent on a keep-alive connection known to be held by one worker (the
worker is found by the connection's socket in ``/proc``), so the test knows which process
answered, and does not hope that the kernel spreads the connections."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from skak.api import Result, Skak

pytestmark = pytest.mark.skipif(
    not Path("/proc/net/tcp").exists(), reason="finds each connection's worker in Linux's /proc"
)

ARBITER = "Inge Holm"
PASSWORD = "dronningeoffer"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Connection:
    """One keep-alive HTTP connection to the server; cookies are given per request."""

    def __init__(self, port: int) -> None:
        self.http = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.http.connect()
        assert self.http.sock is not None
        self.client_port: int = self.http.sock.getsockname()[1]

    def send(
        self,
        method: str,
        path: str,
        cookies: dict[str, str] | None = None,
        form: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], str]:
        """The status, the cookies set, and the body."""
        headers = {"Accept-Language": "en"}
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.http.request(method, path, body=body, headers=headers)
        answer = self.http.getresponse()
        text = answer.read().decode()
        set_cookies: dict[str, str] = {}
        for line in answer.msg.get_all("Set-Cookie") or []:
            name, _, value = line.split(";", 1)[0].partition("=")
            set_cookies[name.strip()] = value.strip()
        return answer.status, set_cookies, text

    def close(self) -> None:
        self.http.close()


def _workers(server: int) -> list[int]:
    children = Path(f"/proc/{server}/task/{server}/children").read_text().split()
    return [int(pid) for pid in children]


def _worker_of(connection: Connection, port: int, workers: list[int]) -> int | None:
    """The worker process that holds the server's end of ``connection``."""
    inodes: dict[str, int] = {}
    for pid in workers:
        folder = Path(f"/proc/{pid}/fd")
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            try:
                link = os.readlink(folder / name)
            except OSError:
                continue
            if link.startswith("socket:["):
                inodes[link[8:-1]] = pid
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, inode = fields[1], fields[2], fields[9]
        if (
            int(local.split(":")[1], 16) == port
            and int(remote.split(":")[1], 16) == connection.client_port
        ):
            return inodes.get(inode)
    return None


@pytest.fixture
def database(tmp_path: Path) -> Path:
    db = tmp_path / "hall.db"
    demo = subprocess.run(
        [sys.executable, "-m", "skak", "demo", "--players", "6", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert demo.returncode == 0, demo.stderr
    return db


@pytest.fixture
def server(database: Path) -> Iterator[tuple[int, int]]:
    """``skak serve --workers 2`` on ``database``: its process id and port."""
    port = _free_port()
    env = {**os.environ, "SKAK_WEB_PASSWORD": PASSWORD, "SKAK_ACTOR": "test"}
    started = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "skak",
            "serve",
            "--db",
            str(database),
            "--port",
            str(port),
            "--workers",
            "2",
            "--arbiter",
            ARBITER,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,  # the workers too are stopped with the group
    )
    try:
        deadline = time.monotonic() + 90
        while True:
            assert started.poll() is None, started.stderr.read().decode()  # type: ignore[union-attr]
            if len(_workers(started.pid)) >= 2:
                try:
                    probe = Connection(port)
                    status, _cookies, _body = probe.send("GET", "/tournaments")
                    probe.close()
                    if status == 200:
                        break
                except OSError:
                    pass
            assert time.monotonic() < deadline, "skak serve --workers 2 did not start"
            time.sleep(0.2)
        yield started.pid, port
    finally:
        started.terminate()
        try:
            started.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(started.pid, signal.SIGKILL)
            started.wait(timeout=10)
        if started.stderr is not None:
            started.stderr.close()


def _one_per_worker(pid: int, port: int) -> tuple[Connection, Connection]:
    """A connection held by each of the two workers (connections are opened until both
    hold one; every other is closed)."""
    deadline = time.monotonic() + 60
    held: dict[int, Connection] = {}
    while len(held) < 2:
        assert time.monotonic() < deadline, "one worker accepted every connection"
        workers = _workers(pid)
        opened = [Connection(port) for _ in range(8)]
        for connection in opened:
            assert connection.send("GET", "/tournaments")[0] == 200
            worker = _worker_of(connection, port, workers)
            if worker is not None and worker not in held:
                held[worker] = connection
            else:
                connection.close()
    first, second = held.values()
    return first, second


def _log_in(connection: Connection) -> dict[str, str]:
    """Log in through ``connection``; :returns: the session's cookies."""
    status, cookies, page = connection.send("GET", "/login")
    assert status == 200
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    assert token is not None
    form = {"name": ARBITER, "password": PASSWORD, "csrf": token.group(1), "next": "/arbiter"}
    status, set_cookies, _page = connection.send("POST", "/login", cookies, form)
    assert status == 303
    return {**cookies, **set_cookies}


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page) or re.search(
        r'"X-CSRF-Token": "([^"]+)"', page
    )
    assert found is not None
    return found.group(1)


def test_every_worker_shows_every_change(server: tuple[int, int], database: Path) -> None:
    """Each worker keeps the round's page; a correction made by the CLI's library, then one
    made through a request to one worker, are shown by both (as soon as each has built the
    page anew: a read meanwhile is given the page before) and never taken back."""
    a, b = _one_per_worker(*server)
    page = "/t/1/rounds/1"
    before = {name: c.send("GET", page) for name, c in (("a", a), ("b", b))}
    assert all(status == 200 for status, _c, _p in before.values())
    for _ in range(3):  # both workers keep the page: a read answers what is kept
        assert a.send("GET", page)[2] == before["a"][2]
        assert b.send("GET", page)[2] == before["b"][2]

    skak = Skak(database, actor="cli")
    try:
        board = skak.tournaments.read("#1").state.rounds[0].pairings[0]
        now = Result.DRAW if board.result != Result.DRAW else Result.WHITE_WIN
        skak.tournaments.enter_result(1, 1, 1, now)
    finally:
        skak.close()
    after_cli = {name: _changed(c, page, before[name][2]) for name, c in (("a", a), ("b", b))}
    assert after_cli["a"] == after_cli["b"]

    cookies = _log_in(a)  # a correction through a request to worker a
    status, _c, board_page = a.send("GET", "/arbiter/t/1/rounds/1", cookies)
    assert status == 200
    form = {"result": "0", "seen": now.value, "csrf": _csrf(board_page)}
    status, _c, text = a.send("POST", "/arbiter/t/1/rounds/1/boards/1", cookies, form)
    assert status == 200 and 'class="board saved"' in text, text
    after_web = {name: _changed(c, page, after_cli[name]) for name, c in (("b", b), ("a", a))}
    assert after_web["a"] == after_web["b"]


def _changed(connection: Connection, page: str, old: str) -> str:
    """The page as it is after a change: the worker shows it once it is built (readers
    meanwhile are given the page before, built behind them), and from then on at every
    read."""
    deadline = time.monotonic() + 30
    while True:
        status, _cookies, text = connection.send("GET", page)
        assert status == 200
        if text != old:
            break
        assert time.monotonic() < deadline, "a worker never showed the change"
        time.sleep(0.05)
    for _ in range(3):
        assert connection.send("GET", page)[2] == text, "a worker went back to the old page"
    return text


def test_a_login_holds_and_a_logout_ends_on_every_worker(server: tuple[int, int]) -> None:
    a, b = _one_per_worker(*server)
    cookies = _log_in(a)
    for c in (a, b):  # one key signs the cookies of both workers
        status, _c, text = c.send("GET", "/arbiter", cookies)
        assert status == 200 and ARBITER in text
    status, _c, home = b.send("GET", "/arbiter", cookies)
    status, _c, _text = b.send("POST", "/logout", cookies, {"csrf": _csrf(home)})
    assert status == 303  # logged out through worker b: the copy of the cookie is refused
    for c in (a, b):
        status, _c, _text = c.send("GET", "/arbiter", cookies)
        assert status == 303, "a logged-out session still opened the arbiter's pages"


def test_the_brake_counts_the_guesses_every_worker_was_sent(server: tuple[int, int]) -> None:
    a, b = _one_per_worker(*server)
    statuses = []
    for i in range(6):  # five wrong passwords, sent to both workers in turn, then a sixth
        c = (a, b)[i % 2]
        _status, cookies, page = c.send("GET", "/login")
        form = {"name": ARBITER, "password": "wrong", "csrf": _csrf(page), "next": "/arbiter"}
        statuses.append(c.send("POST", "/login", cookies, form)[0])
    assert statuses == [401] * 5 + [429]
